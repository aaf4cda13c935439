import type { APIRequestContext, Page } from '@playwright/test';
import { CATEGORIES, type Category } from '../shared/constants';
import {
  expect,
  newClient,
  newJournalist,
  removeFromLists,
  sendRelease,
  signInViaApi,
  test,
  toast,
  uniqueEmail,
  ACCEPTED_TERMS,
  type Account,
} from './fixtures';

/**
 * The journalist's area, as a journalist of the test's own who follows all six categories
 * and received seven releases of its own sender (all read, three bookmarked), and a new
 * pending journalist. The journalist is on the tech and economy lists only while those
 * seven are sent, so what other specs send meanwhile does not reach this inbox.
 */
const NIREIDA = 'Η Αιγαίο Τεχνολογίες παρουσιάζει τη «Νηρηίδα»';
const DATACENTER = 'Νέο κέντρο δεδομένων στη Θεσσαλονίκη με 100% ανανεώσιμη ενέργεια';
const RESULTS = 'Αύξηση 28% στον κύκλο εργασιών της Αιγαίο Τεχνολογίες στο εννεάμηνο';
const REGION = 'Μνημόνιο συνεργασίας με την Περιφέρεια Νοτίου Αιγαίου';
const ACADEMY = 'Ακαδημία Ψηφιακών Δεξιοτήτων: 200 δωρεάν θέσεις εκπαίδευσης για νέους ανέργους';
const SENDER = 'Αιγαίο Τεχνολογίες Α.Ε.';

const LISTS: Category[] = ['tech', 'economy'];

/** The seven releases, oldest first: the dashboard's latest five end with DATACENTER, "load more" brings RESULTS and NIREIDA. */
const RELEASES: { title: string; category: Category; content: string; bookmarked?: true }[] = [
  {
    title: `${NIREIDA}, πλατφόρμα τεχνητής νοημοσύνης για τις ελληνικές επιχειρήσεις`,
    category: 'tech',
    content: 'Αθήνα — Η Αιγαίο Τεχνολογίες Α.Ε. ανακοινώνει τη διάθεση της «Νηρηίδας», μιας πλατφόρμας τεχνητής νοημοσύνης σχεδιασμένης για την ελληνική γλώσσα.',
    bookmarked: true,
  },
  {
    title: RESULTS,
    category: 'economy',
    content: 'Αθήνα — Η Αιγαίο Τεχνολογίες Α.Ε. ανακοινώνει ενοποιημένο κύκλο εργασιών 41,3 εκατ. ευρώ για το εννεάμηνο.',
  },
  {
    title: DATACENTER,
    category: 'tech',
    content: 'Θεσσαλονίκη — Η Αιγαίο Τεχνολογίες εγκαινιάζει το νέο της κέντρο δεδομένων στη Σίνδο, που λειτουργεί αποκλειστικά με ενέργεια από ανανεώσιμες πηγές.',
  },
  {
    title: 'Διαδικτυακό σεμινάριο: Κυβερνοασφάλεια για μικρομεσαίες επιχειρήσεις',
    category: 'tech',
    content: 'Αθήνα — Δωρεάν διαδικτυακό σεμινάριο για την ασφάλεια των μικρομεσαίων επιχειρήσεων στο διαδίκτυο.',
  },
  {
    title: 'Έκδοση πράσινου ομολόγου ύψους 15 εκατ. ευρώ',
    category: 'economy',
    content: 'Αθήνα — Η Αιγαίο Τεχνολογίες εκδίδει πράσινο ομόλογο για έργα ενεργειακής αποδοτικότητας.',
  },
  {
    title: `${REGION} για τον ψηφιακό μετασχηματισμό των νησιών`,
    category: 'economy',
    content: 'Ρόδος — Η Περιφέρεια Νοτίου Αιγαίου και η Αιγαίο Τεχνολογίες υπέγραψαν μνημόνιο συνεργασίας για την ψηφιοποίηση των υπηρεσιών προς τους πολίτες.',
    bookmarked: true,
  },
  {
    title: ACADEMY,
    category: 'economy',
    content: 'Αθήνα — Η Αιγαίο Τεχνολογίες ανακοινώνει τον δεύτερο κύκλο της Ακαδημίας Ψηφιακών Δεξιοτήτων, με 200 δωρεάν θέσεις.',
    bookmarked: true,
  },
];

/** A journalist of its own (all six categories followed) with the seven releases in the inbox, all read, three bookmarked. */
async function journalistWithInbox(request: APIRequestContext): Promise<Account> {
  const sender = await newClient(request, 'mediasender', { name: 'Μαρία Παπαδοπούλου', organisation: SENDER });
  const journalist = await newJournalist(request, 'mediaj', { name: 'Νίκος Γεωργίου', lists: LISTS });
  const { headers } = journalist;
  expect((await request.put('/api/media/preferences/categories', { headers, data: { categories: CATEGORIES } })).ok()).toBe(true);
  const ids: string[] = [];
  for (const r of RELEASES) ids.push(await sendRelease(request, sender, r));
  await removeFromLists(request, journalist, LISTS);
  for (const [i, r] of RELEASES.entries()) {
    expect((await request.post(`/api/media/inbox/${ids[i]}/read`, { headers })).ok()).toBe(true);
    if (r.bookmarked) expect((await request.put(`/api/media/inbox/${ids[i]}/bookmark`, { headers })).ok()).toBe(true);
  }
  return journalist;
}

/** Signs the page in as the journalist. */
const signInAs = (page: Page, journalist: Account) => signInViaApi(page, journalist.email, journalist.password);

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
  await signInAs(page, await journalistWithInbox(page.request));
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
  await signInAs(page, await journalistWithInbox(page.request));
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
  const journalist = await journalistWithInbox(page.request);
  await signInAs(page, journalist);
  await page.goto('/media/bookmarks');
  await answerCookies(page);
  await expect(items(page)).toHaveCount(3);
  for (const title of [NIREIDA, REGION, ACADEMY]) await expect(item(page, title)).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, journalist);
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
