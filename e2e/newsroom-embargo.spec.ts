import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expectGreekOnly } from './english-labels';
import { ACCEPTED_TERMS, answerCookiesInStorage, approveUser, confirmEmail, dmy, EDITOR_OPEN_MS, expect, LIVE_MS, signInViaApi, superadminToken, test, toast, uniqueEmail } from './fixtures';

/**
 * Embargo and the public newsroom, seen from three sides: the client
 * who writes and sends, the journalist who receives, and a visitor of the public newsroom. Each
 * test makes its own client (its own newsroom) and journalist, on the Lifestyle list.
 */
const PASSWORD = 'Thalassa-2026';
const LIST = 'lifestyle';

async function apiCall(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
}

async function newUser(request: APIRequestContext, role: 'client' | 'media', prefix: string, organization: string) {
  const email = uniqueEmail(prefix);
  const up = await request.post('/auth/v1/signup', { data: { email, password: PASSWORD, data: { role, name: 'Δήμητρα Αλεξίου', organization }, ...ACCEPTED_TERMS } });
  expect(up.ok()).toBe(true);
  const body = (await up.json()) as { id: string; confirmation_url?: string };
  const { id } = body;
  await confirmEmail(request, body);
  await approveUser(request, id);
  const tok = await request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } });
  const { access_token: token } = (await tok.json()) as { access_token: string };
  return { email, id, token };
}

/** A client of its own with a newsroom (its own address, «Σχετικά με» and press contact), and a journalist on the list. */
async function world(request: APIRequestContext, tag: string) {
  const client = await newUser(request, 'client', `${tag}-client`, 'Κυκλάδες Γεύσεις');
  await apiCall(request, client.token, 'PATCH', '/profile', { onboarded: true });
  const slug = `kyklades-${tag}-${Date.now().toString(36)}`;
  await apiCall(request, client.token, 'PUT', '/newsroom/settings', {
    newsroom_slug: slug,
    newsroom_enabled: true,
    boilerplate: 'Οι Κυκλάδες Γεύσεις φτιάχνουν παραδοσιακά προϊόντα στη Νάξο από το 1998.',
    press_contact_name: 'Άννα Σπυροπούλου',
    press_contact_email: 'press@kyklades.example',
    press_contact_phone: '+30 22850 12345',
  });
  const journalist = await newUser(request, 'media', `${tag}-media`, 'Ταξίδια και Γεύσεις');
  const sa = await superadminToken(request);
  await apiCall(request, sa, 'POST', `/admin/media-lists/${LIST}`, { mediaIds: [journalist.id] });
  return { client, journalist, slug };
}

/** A browser of its own, signed in as `who`, on `path`; with `clockAt`, its clock starts there (and is moved by moveClocksTo). */
async function openAs(browser: Browser, who: { email: string } | null, path: string, javaScriptEnabled = true, clockAt?: number) {
  const context = await browser.newContext({ javaScriptEnabled });
  if (clockAt !== undefined) await context.clock.install({ time: clockAt });
  const page = await context.newPage();
  if (who) {
    await signInViaApi(page, who.email, PASSWORD);
    await answerCookiesInStorage(page);
  }
  await page.goto(path);
  return { context, page };
}

/** A new release with title, text, the Lifestyle category and list, and (if given) an embargo typed in the editor. */
async function writeRelease(page: Page, title: string, text: string, embargo?: { date: string; time: string }) {
  await page.goto('/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await page.getByLabel('Τίτλος *').fill(title);
  await page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await page.keyboard.insertText(text);
  await page.getByLabel('Κατηγορία *').click();
  await page.getByRole('option', { name: 'Lifestyle' }).click();
  const list = page.getByRole('checkbox', { name: /Lifestyle/ });
  if (!(await list.isChecked())) await list.check();
  if (embargo) {
    await page.getByLabel('Λήξη: ημερομηνία').fill(dmy(embargo.date));
    await page.getByLabel('Λήξη: ώρα').fill(embargo.time);
    await expect(page.getByTestId('embargo-summary')).toHaveText(`Υπό εμβάργκο έως ${dmy(embargo.date)} ${embargo.time} (ώρα Ελλάδας)`);
  }
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
}

/** An instant as the editor's fields take it: the date (YYYY-MM-DD) and time (HH:mm) in Athens. */
function athensFields(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The e2e server's clock, which the specs move (e2e/serve.ts starts it with E2E_CLOCK=manual). */
async function serverNow(request: APIRequestContext): Promise<number> {
  const r = await request.get('/__test/clock');
  expect(r.ok(), 'the e2e server has a movable clock (E2E_CLOCK=manual)').toBe(true);
  return Date.parse(((await r.json()) as { now: string }).now);
}

/**
 * Moves the browsers' clocks to `at` and then the server's: the jump fires no timer in the
 * browsers, so what changes on their pages is what the server tells them.
 */
async function moveClocksTo(request: APIRequestContext, at: number, contexts: BrowserContext[]) {
  await Promise.all(contexts.map((c) => c.clock.setSystemTime(at)));
  const r = await request.post('/__test/clock', { data: { at: new Date(at).toISOString() } });
  expect(r.ok(), `moving the server's clock: ${r.status()}`).toBe(true);
}

async function sendNow(page: Page, expectSubject?: string) {
  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  const dialog = page.getByRole('dialog', { name: 'Αποστολή τώρα' });
  await expect(dialog.getByTestId('preview-total')).toBeVisible({ timeout: 10_000 });
  if (expectSubject) await expect(dialog.getByTestId('preview-subject')).toHaveText(expectSubject);
  await dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' }).click();
  await expect(toast(page, /Το δελτίο τύπου στάλθηκε σε \d+ παραλήπτ/)).toBeVisible({ timeout: 10_000 });
}

test('an embargoed release reaches the journalist live with its banner and the press contact, and stays off the public newsroom', async ({ browser, request }) => {
  test.slow(); // three browsers and the live editor on a shared machine
  const { client, journalist, slug } = await world(request, 'banner');
  const reader = await openAs(browser, journalist, '/media/press-releases');
  await expect(reader.page.getByRole('heading', { level: 1 })).toBeVisible();
  const writer = await openAs(browser, client, '/client');
  const visitor = await openAs(browser, null, `/newsroom/${slug}`);
  await expect(visitor.page.getByText('Δεν υπάρχουν ακόμη δημοσιευμένα δελτία τύπου.')).toBeVisible();

  const title = `Νέα γεύση για το καλοκαίρι ${Date.now()}`;
  const until = athensFields(new Date(Date.now() + 2 * 24 * 3600_000));
  await writeRelease(writer.page, title, 'Οι Κυκλάδες Γεύσεις παρουσιάζουν νέο παγωτό με μέλι θυμαριού από τη Νάξο.', until);
  const stamp = `${dmy(until.date)} ${until.time}`;
  await writer.page.getByTestId('embargo-card').scrollIntoViewIfNeeded();
  await writer.page.screenshot({ path: test.info().outputPath('editor-embargo-1280.png') });
  await sendNow(writer.page, `ΥΠΟ ΕΜΒΑΡΓΚΟ έως ${stamp} — ${title}`);

  // The journalist has it at once, marked, without reloading.
  const item = reader.page.getByTestId('inbox-item').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: LIVE_MS });
  await expect(item.getByTestId('embargo-banner')).toHaveText(`Υπό εμβάργκο έως ${stamp}`);
  await reader.page.screenshot({ path: test.info().outputPath('inbox-embargo-1280.png') });
  await item.getByRole('link', { name: title }).click();
  await expect(reader.page.getByTestId('release-body')).toContainText('μέλι θυμαριού');
  const banner = reader.page.getByTestId('release-view').getByTestId('embargo-banner');
  await expect(banner).toContainText(`Υπό εμβάργκο έως ${stamp}`);
  await expect(banner).toContainText('Μην το δημοσιεύσετε πριν από τη λήξη του εμβάργκο.');
  // The sender's press contact and «Σχετικά με», as they were when it was sent.
  const contact = reader.page.getByTestId('press-contact');
  await expect(contact).toContainText('Άννα Σπυροπούλου');
  await expect(contact.getByRole('link', { name: 'press@kyklades.example' })).toHaveAttribute('href', 'mailto:press@kyklades.example');
  await expect(contact).toContainText('+30 22850 12345');
  await expect(reader.page.getByTestId('release-boilerplate')).toContainText('Οι Κυκλάδες Γεύσεις φτιάχνουν');
  await expectGreekOnly(reader.page);
  await reader.page.screenshot({ path: test.info().outputPath('reading-embargo-1280.png'), fullPage: true });
  await reader.page.setViewportSize({ width: 375, height: 800 });
  await reader.page.screenshot({ path: test.info().outputPath('reading-embargo-375.png'), fullPage: true });

  // The sender's editor shows the embargo it went out with; the public newsroom does not show the release.
  await expect(writer.page.getByTestId('embargo-summary')).toHaveText(`Υπό εμβάργκο έως ${stamp} (ώρα Ελλάδας)`);
  await visitor.page.reload();
  await expect(visitor.page.getByText('Δεν υπάρχουν ακόμη δημοσιευμένα δελτία τύπου.')).toBeVisible();
  await expect(visitor.page.getByText(title)).toHaveCount(0);

  await Promise.all([reader.context.close(), writer.context.close(), visitor.context.close()]);
});

test('when the embargo lifts the release appears on the open newsroom page and the banner goes, both without a reload', async ({ browser, request }) => {
  test.slow(); // three browsers and the live editor on a shared machine
  const { client, journalist, slug } = await world(request, 'lift');
  const writer = await openAs(browser, client, '/client');
  const title = `Άρση εμβάργκο ${Date.now()}`;
  // Written first (the slow part), the embargo typed last, just before sending.
  await writeRelease(writer.page, title, 'Οι Κυκλάδες Γεύσεις ανοίγουν νέο κατάστημα στη Χώρα της Νάξου.');
  // The journalist's and the visitor's browsers keep the server's time, and are moved with it.
  const start = await serverNow(request);
  const reader = await openAs(browser, journalist, '/media/press-releases', true, start);
  await expect(reader.page.getByRole('heading', { level: 1 })).toBeVisible();
  const visitor = await openAs(browser, null, `/newsroom/${slug}`, true, start);
  await expect(visitor.page.locator('body')).toHaveAttribute('data-live', 'on', { timeout: LIVE_MS });
  await visitor.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // The embargo is a whole minute (the editor takes hours and minutes): the first one at least
  // 30 s after the server's now, so the send is well before it; the clocks are then moved to it.
  const at = Math.ceil(((await serverNow(request)) + 30_000) / 60_000) * 60_000;
  const until = athensFields(new Date(at));
  await writer.page.getByLabel('Λήξη: ημερομηνία').fill(dmy(until.date));
  await writer.page.getByLabel('Λήξη: ώρα').fill(until.time);
  await expect(writer.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
  if (at - (await serverNow(request)) < 5_000) throw new Error('the minute came too soon; the machine is too slow for this test');
  await sendNow(writer.page);

  const item = reader.page.getByTestId('inbox-item').filter({ hasText: title });
  await expect(item.getByTestId('embargo-banner')).toBeVisible({ timeout: LIVE_MS });
  const releaseLink = visitor.page.getByRole('link', { name: title });
  await expect(releaseLink).toHaveCount(0);

  // Shortly before the end (the clocks run on from where they are put): still hidden (the server says so too) and marked.
  const browsers = [reader.context, visitor.context];
  if ((await serverNow(request)) < at - 10_000) await moveClocksTo(request, at - 10_000, browsers);
  expect(await (await request.get(`/newsroom/${slug}`)).text()).not.toContain(title);
  await expect(releaseLink).toHaveCount(0);
  await expect(item.getByTestId('embargo-banner')).toBeVisible();
  // At the end: the job lifts it; the open pages update by themselves.
  await moveClocksTo(request, at, browsers);
  await expect(releaseLink).toBeVisible({ timeout: LIVE_MS });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('embargo-banner')).toHaveCount(0, { timeout: LIVE_MS });
  expect(await visitor.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await visitor.page.screenshot({ path: test.info().outputPath('newsroom-after-lift-1280.png'), fullPage: true });

  await Promise.all([reader.context.close(), writer.context.close(), visitor.context.close()]);
});

test('the newsroom reads without JavaScript: the list, the release with its contact, the feed link; unknown pages are a Greek 404', async ({ browser, request }) => {
  const { client, slug } = await world(request, 'nojs');
  // A release sent through the API path the editor uses (no embargo): public at once.
  const created = (await apiCall(request, client.token, 'POST', '/releases', { title: 'Χωρίς JavaScript', content: 'Ένα δελτίο που διαβάζεται χωρίς JavaScript.', category: LIST })) as {
    id: string;
  };
  await apiCall(request, client.token, 'POST', `/releases/${created.id}/send`);

  const visitor = await openAs(browser, null, `/newsroom/${slug}`, false);
  const page = visitor.page;
  await expect(page).toHaveTitle(/Κυκλάδες Γεύσεις/);
  await expect(page.getByRole('heading', { level: 1, name: 'Κυκλάδες Γεύσεις' })).toBeVisible();
  await expect(page.getByText('Οι Κυκλάδες Γεύσεις φτιάχνουν παραδοσιακά προϊόντα')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/newsroom/${slug}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Κυκλάδες Γεύσεις/);
  await expect(page.getByRole('link', { name: 'Ροή Atom' })).toHaveAttribute('href', new RegExp(`/newsroom/${slug}/feed.xml$`));
  await expectGreekOnly(page);
  await page.screenshot({ path: test.info().outputPath('newsroom-nojs-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Χωρίς JavaScript' }).click();
  await expect(page).toHaveURL(new RegExp(`/newsroom/${slug}/choris-javascript$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Χωρίς JavaScript' })).toBeVisible();
  await expect(page.getByTestId('newsroom-body')).toHaveText('Ένα δελτίο που διαβάζεται χωρίς JavaScript.');
  await expect(page.getByTestId('press-contact')).toContainText('Άννα Σπυροπούλου');
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expectGreekOnly(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('newsroom-release-375.png'), fullPage: true });

  const feed = await request.get(`/newsroom/${slug}/feed.xml`);
  expect(feed.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  expect(await feed.text()).toContain('<title type="text">Χωρίς JavaScript</title>');

  const missing = await page.goto(`/newsroom/${slug}/den-yparxei`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Η σελίδα δεν βρέθηκε' })).toBeVisible();
  await visitor.context.close();
});

test('client settings: the newsroom address is transliterated, checked live and saved; another organisation’s address is refused in Greek', async ({ page, request, consoleErrors }) => {
  const client = await newUser(request, 'client', 'settings-client', 'Ορεινά Ελαιόλαδα');
  await apiCall(request, client.token, 'PATCH', '/profile', { onboarded: true });
  await signInViaApi(page, client.email, PASSWORD);
  await answerCookiesInStorage(page);
  await page.goto('/client/settings');
  const section = page.getByTestId('newsroom-settings');
  const address = section.getByLabel('Διεύθυνση');
  // Proposed from the company name, transliterated.
  await expect(address).toHaveValue('oreina-elaiolada');

  // Another organisation's address (the demo client's) is refused as it is typed.
  await address.fill('aigaio-technologies');
  await expect(section.getByTestId('slug-error')).toHaveText('Η διεύθυνση χρησιμοποιείται ήδη από άλλον οργανισμό. Επιλέξτε μια άλλη.');
  // The product's own name is nobody's.
  await address.fill('deltio-official');
  await expect(section.getByTestId('slug-error')).toHaveText('Η διεύθυνση αυτή δεν είναι διαθέσιμη. Επιλέξτε μια άλλη.');

  // Greek typed into it becomes Latin when the field is left, and a free address says so.
  const wanted = `Ορεινά Ελαιόλαδα ${Date.now().toString(36)}`;
  await address.fill(wanted);
  await section.getByLabel('«Σχετικά με» τον οργανισμό').click();
  const slug = await address.inputValue();
  expect(slug).toMatch(/^oreina-elaiolada-[a-z0-9]+$/);
  await expect(section.getByTestId('slug-available')).toContainText('Η διεύθυνση είναι διαθέσιμη');

  await section.getByLabel('«Σχετικά με» τον οργανισμό').fill('Τα Ορεινά Ελαιόλαδα συνεταιρίζονται με 300 παραγωγούς της Λακωνίας.');
  await section.getByLabel('Όνομα υπευθύνου τύπου').fill('Γιάννης Κωστόπουλος');
  await section.getByLabel('Email υπευθύνου τύπου').fill('όχι-email');
  await section.getByRole('button', { name: 'Αποθήκευση newsroom' }).click();
  await expect(section.getByText('Παρακαλώ εισάγετε έγκυρη διεύθυνση email')).toBeVisible();
  await section.getByLabel('Email υπευθύνου τύπου').fill('press@oreina.example');
  await section.getByLabel('Τηλέφωνο υπευθύνου τύπου').fill('27310 55555');
  await section.getByRole('button', { name: 'Αποθήκευση newsroom' }).click();
  await expect(toast(page, 'Οι ρυθμίσεις του newsroom αποθηκεύτηκαν.')).toBeVisible();
  await expect(section.getByTestId('newsroom-link')).toHaveAttribute('href', new RegExp(`/newsroom/${slug}$`));
  await expectGreekOnly(page);
  await page.screenshot({ path: test.info().outputPath('settings-newsroom-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('settings-newsroom-375.png'), fullPage: true });

  // Turned off: the public page is gone (404); it has no releases yet either way.
  await section.getByRole('switch', { name: 'Δημόσιο newsroom' }).click();
  await section.getByRole('button', { name: 'Αποθήκευση newsroom' }).click();
  await expect(toast(page, 'Οι ρυθμίσεις του newsroom αποθηκεύτηκαν.').last()).toBeVisible();
  await expect.poll(async () => (await request.get(`/newsroom/${slug}`)).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});

test('a visit to the newsroom shows in the client’s open reports at once, as newsroom views', async ({ browser, request }) => {
  test.slow(); // two browsers, one on the chart route
  const { client, slug } = await world(request, 'views');
  const created = (await apiCall(request, client.token, 'POST', '/releases', { title: 'Μετρήσιμο δελτίο', content: 'Ένα δελτίο που διαβάζουν πολλοί.', category: LIST })) as {
    id: string;
  };
  await apiCall(request, client.token, 'POST', `/releases/${created.id}/send`);
  const owner = await openAs(browser, client, '/client/reports');
  const total = owner.page.getByTestId('newsroom-views-total');
  await expect(total).toHaveText(/^0 προβολές των δημόσιων σελίδων σας/, { timeout: 15_000 });
  await expect(owner.page.getByTestId('chart-newsroom').getByTestId('chart-empty')).toBeVisible();

  const visitor = await openAs(browser, null, `/newsroom/${slug}/metrisimo-deltio`);
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Μετρήσιμο δελτίο' })).toBeVisible();
  await expect(total).toHaveText(/^1 προβολή των δημόσιων σελίδων σας/, { timeout: LIVE_MS });
  const row = owner.page.getByTestId('report-row').filter({ hasText: 'Μετρήσιμο δελτίο' });
  // Below 1536 px the hidden column's figure is under the title; from there it has its column.
  await owner.page.setViewportSize({ width: 375, height: 800 });
  await expect(row.getByTestId('report-row-more')).toHaveText('Προβολές newsroom 1');
  await owner.page.setViewportSize({ width: 1600, height: 900 });
  await expect(row.getByTestId('report-row-more')).toBeHidden();
  await expect(row.locator('[data-col="newsroom"]')).toHaveText('1');
  await Promise.all([owner.context.close(), visitor.context.close()]);
});
