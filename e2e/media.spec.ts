import type { Page } from '@playwright/test';
import { expect, signInAs, signInViaApi, test, toast, uniqueEmail, ACCEPTED_TERMS } from './fixtures';

/**
 * The journalist's area with the seeded media@example.com (approved, on every category list;
 * seven sent releases of Αιγαίο Τεχνολογίες, all read, three bookmarked) and a new pending
 * journalist. Other spec files may send new releases to media@example.com meanwhile, so the
 * assertions here hold whatever arrives.
 */
const NIREIDA = 'Η Αιγαίο Τεχνολογίες παρουσιάζει τη «Νηρηίδα»';
const DATACENTER = 'Νέο κέντρο δεδομένων στη Θεσσαλονίκη με 100% ανανεώσιμη ενέργεια';
const RESULTS = 'Αύξηση 28% στον κύκλο εργασιών της Αιγαίο Τεχνολογίες στο εννεάμηνο';
const REGION = 'Μνημόνιο συνεργασίας με την Περιφέρεια Νοτίου Αιγαίου';
const ACADEMY = 'Ακαδημία Ψηφιακών Δεξιοτήτων: 200 δωρεάν θέσεις εκπαίδευσης για νέους ανέργους';
const SENDER = 'Αιγαίο Τεχνολογίες Α.Ε.';

const items = (page: Page) => page.getByTestId('inbox-item');
const item = (page: Page, title: string) => items(page).filter({ hasText: title });
const counter = (page: Page, id: string) => page.getByTestId(`counter-${id}-value`);

async function answerCookies(page: Page) {
  const reject = page.getByRole('button', { name: 'Απόρριψη μη απαραίτητων' });
  await reject.click();
  await expect(reject).toBeHidden();
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the dashboard shows the counters and the latest releases; the favourite toggle and load more work', async ({ page, consoleErrors }) => {
  await signInAs(page, 'media');
  await page.goto('/media');
  await answerCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Πίνακας ελέγχου media' })).toBeVisible();
  await expect(counter(page, 'categories')).toHaveText('6');
  await expect(counter(page, 'bookmarked')).toHaveText('3');
  await expect(counter(page, 'week')).toHaveText(/^\d+$/);
  await expect(counter(page, 'unread')).toHaveText(/^\d+$/);

  // The latest five, newest first, with category, el-GR date, sender, views and attachments.
  await expect(items(page)).toHaveCount(5);
  const academy = item(page, ACADEMY);
  await expect(academy).toContainText('Οικονομία');
  await expect(academy).toContainText(SENDER);
  await expect(academy).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(academy.getByTestId('inbox-views')).toHaveText(/\d+ προβολ(ή|ές)/);
  await expect(academy.getByTestId('inbox-attachments')).toHaveText(/\d+ συνημμέν(ο|α)/);
  await expect(page.getByTestId('pending-notice')).toHaveCount(0);

  // Load more brings the older ones.
  await page.getByRole('button', { name: 'Φόρτωση περισσότερων' }).click();
  await expect(item(page, NIREIDA)).toBeVisible();
  await expect(item(page, RESULTS)).toBeVisible();

  // Favourite toggle: the star and the counter change, and change back.
  const datacenter = item(page, DATACENTER);
  const star = datacenter.getByTestId('bookmark-toggle');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(counter(page, 'bookmarked')).toHaveText('4');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(counter(page, 'bookmarked')).toHaveText('3');

  // The search ignores Greek accents and case.
  await page.getByRole('searchbox', { name: 'Αναζήτηση δελτίων τύπου' }).fill('ΚΕΝΤΡΟ ΔΕΔΟΜΕΝΩΝ');
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(DATACENTER);
  expect(consoleErrors).toEqual([]);
});

test('the inbox filters by category and read state; the reading view shows the release and marks it read', async ({ page, consoleErrors }) => {
  await signInAs(page, 'media');
  await page.goto('/media/press-releases');
  await answerCookies(page);
  await expect(item(page, DATACENTER)).toBeVisible();

  await chooseOption(page, 'Κατηγορία', 'Τεχνολογία');
  await expect(item(page, ACADEMY)).toHaveCount(0);
  await expect(item(page, DATACENTER)).toBeVisible();
  await expect(item(page, NIREIDA)).toBeVisible();
  for (const row of await items(page).all()) await expect(row).toContainText('Τεχνολογία');

  // Open one: title, sender, long Greek date, body; it is read.
  await item(page, DATACENTER).getByRole('link', { name: DATACENTER }).click();
  await expect(page).toHaveURL(/\/media\/press-releases\/[0-9a-f-]{36}$/);
  const view = page.getByTestId('release-view');
  await expect(view.getByRole('heading', { level: 1 })).toHaveText(DATACENTER);
  await expect(view.getByTestId('release-sender')).toHaveText(SENDER);
  await expect(view.getByTestId('release-date')).toHaveText(/^\d{1,2} (Ιανουαρίου|Φεβρουαρίου|Μαρτίου|Απριλίου|Μαΐου|Ιουνίου|Ιουλίου|Αυγούστου|Σεπτεμβρίου|Οκτωβρίου|Νοεμβρίου|Δεκεμβρίου) \d{4}, \d{2}:\d{2}$/);
  await expect(view.getByTestId('release-body')).toContainText('Θεσσαλονίκη');
  await expect(view.getByTestId('read-badge')).toBeVisible();
  const releaseUrl = page.url();

  // Mark it unread: the unread filter lists it.
  await view.getByRole('button', { name: 'Σήμανση ως μη αναγνωσμένο' }).click();
  await expect(toast(page, 'Το δελτίο τύπου σημειώθηκε ως μη αναγνωσμένο')).toBeVisible();
  await expect(view.getByTestId('read-badge')).toHaveCount(0);
  await page.getByRole('link', { name: 'Εισερχόμενα' }).first().click();
  await chooseOption(page, 'Κατάσταση ανάγνωσης', 'Μη αναγνωσμένα');
  await expect(item(page, DATACENTER)).toHaveAttribute('data-read', 'false');
  await expect(item(page, NIREIDA)).toHaveCount(0);

  // Opening it again marks it read: it leaves the unread list, and the read list has it.
  await item(page, DATACENTER).getByRole('link', { name: DATACENTER }).click();
  await expect(page).toHaveURL(releaseUrl);
  await expect(page.getByTestId('read-badge')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/media\/press-releases$/);
  await chooseOption(page, 'Κατάσταση ανάγνωσης', 'Μη αναγνωσμένα');
  await expect(item(page, DATACENTER)).toHaveCount(0);
  await chooseOption(page, 'Κατάσταση ανάγνωσης', 'Αναγνωσμένα');
  await expect(item(page, DATACENTER)).toHaveAttribute('data-read', 'true');

  // A release that was not sent to you is not found.
  await page.goto('/media/press-releases/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('release-missing')).toContainText('Το δελτίο τύπου δεν βρέθηκε');
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('the bookmarks page lists the favourites, and a bookmark made in another tab appears without reload', async ({ page, browser, consoleErrors }) => {
  await signInAs(page, 'media');
  await page.goto('/media/bookmarks');
  await answerCookies(page);
  await expect(items(page)).toHaveCount(3);
  for (const title of [NIREIDA, REGION, ACADEMY]) await expect(item(page, title)).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, 'media');
  await otherPage.goto('/media/press-releases');
  await answerCookies(otherPage);
  const star = item(otherPage, DATACENTER).getByTestId('bookmark-toggle');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  // The first tab shows it without reloading.
  await expect(item(page, DATACENTER)).toBeVisible();
  await expect(items(page)).toHaveCount(4);

  // And un-bookmarking from the bookmarks page removes it in the other tab's star too.
  await item(page, DATACENTER).getByTestId('bookmark-toggle').click();
  await expect(item(page, DATACENTER)).toHaveCount(0);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test('a new journalist sees why nothing arrives yet, and saves categories and a weekly newsletter', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('journalist');
  const up = await page.request.post('/auth/v1/signup', {
    data: { email, password: 'Thalassa-2026', data: { role: 'media', name: 'Ελένη Μαρκοπούλου', organization: 'Ειδήσεις Αιγαίου' }, ...ACCEPTED_TERMS },
  });
  expect(up.ok()).toBe(true);
  await signInViaApi(page, email, 'Thalassa-2026');
  await page.goto('/media');
  await answerCookies(page);
  await expect(page.getByTestId('pending-notice')).toContainText('Ο λογαριασμός σας περιμένει έγκριση');
  await expect(page.getByTestId('inbox-empty')).toContainText('ο λογαριασμός σας περιμένει έγκριση');
  await expect(counter(page, 'categories')).toHaveText('0');

  await page.goto('/media/settings');
  await page.getByRole('checkbox', { name: 'Τεχνολογία' }).check();
  await page.getByRole('checkbox', { name: 'Οικονομία' }).check();
  await expect(page.getByTestId('categories-count')).toHaveText('Επιλεγμένες κατηγορίες: 2 από 6');
  await page.getByRole('button', { name: 'Αποθήκευση κατηγοριών' }).click();
  await expect(toast(page, 'Οι ρυθμίσεις αποθηκεύτηκαν')).toBeVisible();
  await expect(page.getByText('Δεν έχετε λάβει ακόμη δελτία τύπου από κάποιον αποστολέα.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Τεχνολογία' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Οικονομία' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Πολιτική' })).not.toBeChecked();

  await page.goto('/media/newsletter');
  await expect(page.getByRole('radio', { name: /Χωρίς newsletter/ })).toBeChecked();
  await expect(page.getByTestId('newsletter-categories')).toHaveText(/Οικονομία\s*Τεχνολογία/);
  await page.getByRole('radio', { name: /Εβδομαδιαία/ }).check();
  await page.getByRole('button', { name: 'Αποθήκευση' }).click();
  await expect(toast(page, 'Οι ρυθμίσεις αποθηκεύτηκαν')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Εβδομαδιαία/ })).toBeChecked();

  await page.goto('/media');
  await expect(counter(page, 'categories')).toHaveText('2');
  expect(consoleErrors).toEqual([]);
});
