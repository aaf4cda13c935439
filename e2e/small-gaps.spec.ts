import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  answerCookiesInStorage,
  browserOf,
  cuttableSockets,
  expect,
  LIVE_MS,
  newClient as newOrganisation,
  newJournalist as newListedJournalist,
  openLive,
  PASSWORD,
  sendRelease as sendToList,
  signInAs,
  signInViaApi,
  test,
  toast,
  uniqueEmail,
  type Account,
} from './fixtures';

/**
 * Small gaps: downloads live, the journalist's daily limit and the
 * digests, reading a release settles its notification, coverage by hand from where a client
 * looks for it, the status page without a status, the functional-cookie choice, toasts and
 * the cookie banner, the landing page's Enterprise button, and focus back after dialogs.
 * Every test makes its own client and journalist, on the culture list, so the counts it
 * asserts are its own: no other spec sends to the culture list or adds journalists to it
 * (fixtures.ts), and this file's tests run one after another.
 */
const CATEGORY = 'culture';

/** An approved, onboarded client of its own. */
const newClient = (request: APIRequestContext, prefix: string) => newOrganisation(request, prefix);

/** An approved journalist on the culture list. */
const newJournalist = (request: APIRequestContext, prefix: string) => newListedJournalist(request, prefix, { lists: [CATEGORY] });

/** A release to the culture list, with an attachment if given, sent now; its id. */
const sendRelease = (request: APIRequestContext, client: Account, title: string, file?: string) => sendToList(request, client, { title, category: CATEGORY, file });

const live = { timeout: LIVE_MS };

test('a journalist downloads an attachment and the sender’s dashboard and report counters rise at once', async ({ browser, page, consoleErrors }) => {
  // Two browsers and three pages on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const client = await newClient(page.request, 'dlc');
  const journalist = await newJournalist(page.request, 'dlj');
  const title = `Λήψη συνημμένου ${Date.now()}`;
  const releaseId = await sendRelease(page.request, client, title, 'Παρουσίαση.pdf');

  await signInViaApi(page, client.email, PASSWORD);
  await answerCookiesInStorage(page);
  await openLive(page, '/client');
  const downloads = page.getByTestId('stat-downloads-value');
  await expect(downloads).toHaveText('0');
  const reports = await page.context().newPage();
  await openLive(reports, '/client/reports');
  const row = reports.getByTestId('report-row').filter({ hasText: title });
  await expect(row.locator('[data-col="downloads"]')).toHaveText('0');

  const reader = await browserOf(browser, journalist);
  await reader.page.goto(`/media/press-releases/${releaseId}`);
  const download = reader.page.waitForEvent('download');
  await reader.page.getByRole('link', { name: 'Λήψη: Παρουσίαση.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('Παρουσίαση.pdf');

  await expect(downloads).toHaveText('1', live);
  await expect(row.locator('[data-col="downloads"]')).toHaveText('1', live);
  // In agreement with the count (issue 33: «1 λήψη», «3 λήψεις»).
  await expect(reports.getByTestId('report-totals')).toContainText('1 λήψη συνημμένου');
  await reader.context.close();
  expect(consoleErrors).toEqual([]);
});

test('past the daily limit a journalist set, a release comes without notification and goes into the daily digest, which the superadmin previews and sends', async ({
  browser,
  page,
}) => {
  test.slow();
  const client = await newClient(page.request, 'limc');
  const journalist = await newJournalist(page.request, 'limj');
  const reader = await browserOf(browser, journalist);
  const j = reader.page;

  // The journalist's own setting: a whole number, or empty for none.
  await j.goto('/media/settings');
  const limit = j.getByLabel('Μέγιστος αριθμός δελτίων ανά ημέρα');
  await limit.fill('0');
  await j.getByRole('button', { name: 'Αποθήκευση ορίου' }).click();
  await expect(j.getByRole('alert').filter({ hasText: 'Εισάγετε έναν ακέραιο από 1 έως 1.000 ή αφήστε το κενό' })).toBeVisible();
  await limit.fill('1');
  await j.getByRole('button', { name: 'Αποθήκευση ορίου' }).click();
  await expect(toast(j, 'Οι ρυθμίσεις αποθηκεύτηκαν')).toBeVisible();
  await expect(j.getByTestId('daily-limit-now')).toHaveText('Τώρα: 1 δελτίο την ημέρα.');

  await openLive(j, '/media/press-releases');
  await expect(j.getByTestId('inbox-empty')).toBeVisible();
  const tag = Date.now();
  const first = `Πρώτο της ημέρας ${tag}`;
  const second = `Δεύτερο της ημέρας ${tag}`;
  await sendRelease(page.request, client, first);
  await expect(j.getByTestId('inbox-item').filter({ hasText: first })).toBeVisible(live);
  await expect(toast(j, first)).toBeVisible(live);
  await expect(j.getByTestId('notification-badge')).toHaveText('1');

  // Past the limit: in the inbox, but no notification, no toast.
  await sendRelease(page.request, client, second);
  await expect(j.getByTestId('inbox-item').filter({ hasText: second })).toBeVisible(live);
  await expect(toast(j, second)).toHaveCount(0);
  await expect(j.getByTestId('notification-badge')).toHaveText('1');
  await j.getByTestId('notification-bell').click();
  await expect(j.getByTestId('notification-item').filter({ hasText: first })).toHaveAttribute('data-unread', 'true');
  await expect(j.getByTestId('notification-item').filter({ hasText: second })).toHaveCount(0);
  await j.keyboard.press('Escape');

  // The superadmin's preview: the next daily digest brings the second one to this journalist.
  const sa = await browser.newContext();
  const admin = await sa.newPage();
  await signInAs(admin, 'superadmin');
  await answerCookiesInStorage(admin);
  await admin.goto('/superadmin/settings');
  const card = admin.getByTestId('digests-card');
  await expect(card.getByRole('button', { name: 'Ημερήσια' })).toHaveAttribute('aria-pressed', 'true');
  const mine = card.getByTestId('digest-recipient').filter({ hasText: journalist.email });
  await expect(mine).toHaveText(/Χωρίς newsletter\s*1\s*1/);
  await mine.getByRole('button', { name: `Προβολή email: ${journalist.email}` }).click();
  await expect(card.getByTestId('digest-sample-to')).toHaveText(journalist.email);
  const mail = card.frameLocator('iframe[title="Προεπισκόπηση του email της σύνοψης"]');
  await expect(mail.getByRole('link', { name: second })).toBeVisible();
  await expect(mail.getByText('πέρα από το ημερήσιο όριο', { exact: false }).first()).toBeVisible();
  await expect(mail.getByRole('link', { name: first })).toHaveCount(0);

  // Send it now: done once; the journalist is no longer waiting for it.
  await card.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Αποστολή της ημερήσιας σύνοψης τώρα' });
  await confirm.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  await expect(toast(admin, /Η σύνοψη στάλθηκε σε \d+ παραλήπτ/)).toBeVisible();
  await expect(mine).toHaveCount(0);
  await expect(card.getByTestId('digest-last')).toContainText('superadmin@example.com');
  await sa.close();
  await reader.context.close();
});

test('reading a release from the inbox marks its notification read, and the bell in another tab drops at once', async ({ browser, page, consoleErrors }) => {
  test.slow();
  const client = await newClient(page.request, 'bellc');
  const journalist = await newJournalist(page.request, 'bellj');
  const reader = await browserOf(browser, journalist);
  const tabA = reader.page;
  const tabB = await reader.context.newPage();
  await openLive(tabA, '/media/press-releases');
  await openLive(tabB, '/media');
  const title = `Ειδοποίηση και ανάγνωση ${Date.now()}`;
  // Tab B's bell is open: the release's own notification is watched there, by its title.
  await tabB.getByTestId('notification-bell').click();
  const inBell = tabB.getByTestId('notification-item').filter({ hasText: title });
  await sendRelease(page.request, client, title);
  await expect(inBell).toHaveAttribute('data-unread', 'true', live);
  // The journalist's only notification: new, and nobody else sends to the culture list.
  for (const tab of [tabA, tabB]) await expect(tab.getByTestId('notification-badge')).toHaveText('1', live);

  // Opened from the inbox list, not from the bell.
  await tabA.getByTestId('inbox-item').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(tabA.getByTestId('read-badge')).toBeVisible();
  await expect(inBell).toHaveAttribute('data-unread', 'false', live);
  await expect(tabA.getByTestId('notification-badge')).toHaveCount(0, live);
  await expect(tabB.getByTestId('notification-badge')).toHaveCount(0, live);
  await reader.context.close();
  expect(consoleErrors).toEqual([]);
});

test('a client adds a coverage link from the release list; the reports in another window and the sent release’s page show it', async ({
  browser,
  page,
  consoleErrors,
}) => {
  test.slow();
  const client = await newClient(page.request, 'covc');
  const title = `Κάλυψη από τη λίστα ${Date.now()}`;
  const releaseId = await sendRelease(page.request, client, title);
  const other = await browserOf(browser, client);
  await openLive(other.page, '/client/reports');
  const row = other.page.getByTestId('report-row').filter({ hasText: title });
  await expect(row.locator('[data-col="coverage"]')).toHaveText('0');

  await signInViaApi(page, client.email, PASSWORD);
  await answerCookiesInStorage(page);
  await page.goto('/client/press-releases');
  const menu = page.getByRole('button', { name: `Ενέργειες για «${title}»` });
  await menu.click();
  await page.getByRole('menuitem', { name: 'Σύνδεσμοι κάλυψης' }).click();
  const dialog = page.getByRole('dialog', { name: 'Σύνδεσμοι κάλυψης του δελτίου' });
  await expect(dialog).toContainText(title);
  const url = `https://politismos.example/arthro-${Date.now()}`;
  await dialog.getByLabel('Νέος σύνδεσμος κάλυψης').fill(url);
  await dialog.getByRole('button', { name: 'Προσθήκη' }).click();
  await expect(toast(page, 'Ο σύνδεσμος κάλυψης προστέθηκε')).toBeVisible();
  await expect(dialog.getByTestId('coverage-list')).toContainText(url);
  await expect(row.locator('[data-col="coverage"]')).toHaveText('1', live);
  await dialog.getByRole('button', { name: 'Κλείσιμο' }).click();
  await expect(menu).toBeFocused();

  // The sent release's own page has it too, and takes more.
  await page.goto(`/client/press-releases/${releaseId}`);
  const coverage = page.getByTestId('coverage-card');
  await expect(coverage.getByRole('button', { name: '1 σύνδεσμος κάλυψης' })).toBeVisible();
  await coverage.getByRole('button', { name: '1 σύνδεσμος κάλυψης' }).click();
  await expect(page.getByRole('dialog').getByTestId('coverage-list')).toContainText(url);
  await other.context.close();
  expect(consoleErrors).toEqual([]);
});

test.describe('the status page without a status', () => {
  const unavailable = 'Η κατάσταση του συστήματος δεν είναι διαθέσιμη αυτή τη στιγμή';
  const allOk = 'Όλα τα συστήματα λειτουργούν κανονικά';

  test('when /api/status fails it says the status is unavailable, never that all is operational', async ({ page }) => {
    await page.route('**/api/status', (route) => route.fulfill({ status: 500, body: '{"error":{"code":"internal","message":"x"}}' }));
    // Reached by navigation, the page loads the status itself.
    await page.goto('/');
    await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Κατάσταση συστήματος' }).click();
    await expect(page).toHaveURL(/\/status$/);
    const overall = page.getByTestId('overall');
    await expect(overall).toHaveAttribute('data-state', 'unavailable');
    await expect(overall).toContainText(unavailable);
    await expect(page.getByText(allOk)).toHaveCount(0);
    await expect(page.getByTestId('component-api')).toContainText('Άγνωστη');

    // Loaded directly, the server's status is read again: failing, it is unavailable too.
    await page.goto('/status');
    await expect(overall).toHaveAttribute('data-state', 'unavailable');
    await expect(page.getByText(allOk)).toHaveCount(0);
  });

  test('when the live connection drops and the status cannot be read, it says so; back online, the status returns', async ({ browser }) => {
    const context = await browser.newContext();
    const sockets = await cuttableSockets(context);
    const page = await context.newPage();
    await page.goto('/status');
    const overall = page.getByTestId('overall');
    await expect(overall).toHaveAttribute('data-state', /^(operational|degraded|outage)$/);
    await expect.poll(sockets.connected).toBe(1);
    await sockets.cut();
    await expect(overall).toHaveAttribute('data-state', 'unavailable', live);
    await expect(overall).toContainText(unavailable);
    await sockets.up();
    await expect(overall).toHaveAttribute('data-state', /^(operational|degraded|outage)$/, { timeout: 15_000 });
    await context.close();
  });
});

test.describe('the functional-cookie choice', () => {
  // Each as a client of its own: the choice is saved to the account.
  const sidebarCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'sidebar_state');

  test('refused: the sidebar state is kept for the page only, no cookie is written', async ({ page }) => {
    const client = await newClient(page.request, 'refused');
    await signInViaApi(page, client.email, PASSWORD);
    await page.goto('/client');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Απόρριψη μη απαραίτητων' }).click();
    const aside = page.locator('aside');
    await expect(aside).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    expect(await sidebarCookie(page)).toBeUndefined();
    await page.reload();
    await expect(aside).toHaveAttribute('data-state', 'expanded');
    expect(await sidebarCookie(page)).toBeUndefined();
  });

  test('accepted: the sidebar cookie remembers it; withdrawn later, the cookie is removed', async ({ page }) => {
    const client = await newClient(page.request, 'accepted');
    await signInViaApi(page, client.email, PASSWORD);
    await page.goto('/client');
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Αποδοχή όλων' }).click();
    const aside = page.locator('aside');
    // The shell is there (and its shortcut with it): the banner can show before it has loaded.
    await expect(aside).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    expect((await sidebarCookie(page))?.value).toBe('false');
    await page.reload();
    await expect(aside).toHaveAttribute('data-state', 'collapsed');

    await page.goto('/legal/cookies');
    await page.getByRole('button', { name: 'Προτιμήσεις cookies' }).click();
    const prefs = page.getByRole('dialog');
    await prefs.getByRole('switch', { name: /Λειτουργικά/ }).click();
    await prefs.getByRole('button', { name: 'Αποθήκευση προτιμήσεων' }).click();
    await expect(prefs).toBeHidden();
    await expect.poll(async () => (await sidebarCookie(page)) === undefined).toBe(true);
  });
});

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

for (const width of [1280, 375]) {
  test(`toasts never cover the cookie banner at ${width} px`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/contact');
    await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
    const shown = toast(page, 'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία');
    await expect(shown).toBeVisible();
    // Once its entry animation is over, compare where both are drawn.
    await shown.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(overlaps(await box(shown), await box(banner))).toBe(false);
    // Nor does the banner hide the end of the page: scrolled to the bottom, the footer's content ends above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerContentEnd = () =>
      page.locator('footer').last().evaluate((f) => f.getBoundingClientRect().bottom - parseFloat(getComputedStyle(f).paddingBottom));
    await expect.poll(async () => (await footerContentEnd()) <= (await box(banner)).y + 1, { timeout: 5_000 }).toBe(true);
    // Without the banner the toasts go back to the edge.
    await banner.getByRole('button', { name: 'Απόρριψη μη απαραίτητων' }).click();
    await expect(banner).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
}

test('the landing page’s Enterprise button opens the quote dialog, which sends the request', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
  const enterprise = page.getByRole('button', { name: 'Ζήτησε προσφορά' });
  await enterprise.click();
  const dialog = page.getByRole('dialog', { name: 'Ζητήστε προσφορά για το Enterprise' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(enterprise).toBeFocused();
  await enterprise.click();
  await dialog.getByLabel('Ονοματεπώνυμο').fill('Ελένη Μαυρίδου');
  await dialog.getByLabel('Email').fill(uniqueEmail('landing-quote'));
  await dialog.getByLabel('Εταιρεία').fill('Όμιλος Αρχιπέλαγος ΑΕ');
  await dialog.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
  await expect(toast(page, 'Επιτυχής αποστολή')).toBeVisible();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(consoleErrors).toEqual([]);
});

test.describe('focus goes back to what opened a dialog', () => {
  /** Opens a dialog with `trigger`, closes it with `close` (Escape by default), and expects focus back on `trigger`. */
  async function roundTrip(page: Page, trigger: Locator, open: () => Promise<void>, close = () => page.keyboard.press('Escape')) {
    await open();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Focus is inside the dialog (what opened it is hidden from the page meanwhile).
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await close();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  }

  test('public pages: a dialog trigger, a button’s dialog, a lazily loaded one, the banner’s preferences', async ({ page, consoleErrors }) => {
    await page.goto('/login');
    await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
    const forgot = page.getByRole('button', { name: 'Ξέχασα τον κωδικό μου' });
    await roundTrip(page, forgot, () => forgot.click());

    await page.goto('/pricing');
    await expect(page.locator('html[data-hydrating]')).toHaveCount(0);
    const quote = page.getByRole('button', { name: 'Ζήτησε προσφορά' });
    await roundTrip(page, quote, () => quote.click(), () => page.getByRole('dialog').getByRole('button', { name: 'Ακύρωση' }).click());

    const prefs = page.getByTestId('cookie-banner').getByRole('button', { name: 'Προτιμήσεις' });
    await roundTrip(page, prefs, () => prefs.click());

    await page.goto('/legal/cookies');
    const policy = page.getByRole('button', { name: 'Προτιμήσεις cookies' });
    await roundTrip(page, policy, () => policy.click());
    expect(consoleErrors).toEqual([]);
  });

  test('signed in: a dialog opened from a row menu, a table’s dialog, the mobile drawer', async ({ page, consoleErrors }) => {
    const client = await newClient(page.request, 'focus');
    const title = `Εστίαση ${Date.now()}`;
    await sendRelease(page.request, client, title);
    await signInViaApi(page, client.email, PASSWORD);
    await answerCookiesInStorage(page);

    await page.goto('/client/press-releases');
    const menu = page.getByRole('button', { name: `Ενέργειες για «${title}»` });
    await roundTrip(
      page,
      menu,
      async () => {
        await menu.click();
        await page.getByRole('menuitem', { name: 'Διαγραφή' }).click();
      },
      () => page.getByRole('dialog').getByRole('button', { name: 'Ακύρωση' }).click(),
    );

    await page.goto('/client/reports');
    const count = page.getByTestId('report-row').filter({ hasText: title }).getByRole('button', { name: 'Σύνδεσμοι κάλυψης: 0' });
    await roundTrip(page, count, () => count.click());

    await page.setViewportSize({ width: 375, height: 800 });
    const drawer = page.getByRole('button', { name: 'Άνοιγμα πλευρικού μενού' });
    await roundTrip(page, drawer, () => drawer.click());
    expect(consoleErrors).toEqual([]);
  });
});
