import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ACCEPTED_TERMS, DEMO, EDITOR_OPEN_MS, expect, isSandboxNotice, LIVE_MS, signInViaApi, test, toast, uniqueEmail } from './fixtures';

/**
 * Sending, seen from both sides: client@example.com writes and sends a release to a category
 * list, and media@example.com (on every list) has it in the inbox at once, without reloading.
 */
async function openAs(browser: Browser, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, who.email, who.password);
  await page.goto(path);
  const reject = page.getByRole('button', { name: 'Απόρριψη μη απαραίτητων' });
  await reject.click();
  await expect(reject).toBeHidden();
  return { context, page };
}

/** A new release in the editor with title, text, category and its category's media list ticked. */
async function writeRelease(page: Page, title: string, text: string) {
  await page.goto('/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await page.getByLabel('Τίτλος *').fill(title);
  await page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await page.keyboard.insertText(text);
  await page.getByLabel('Κατηγορία *').click();
  await page.getByRole('option', { name: 'Τεχνολογία' }).click();
  const techList = page.getByRole('checkbox', { name: /Τεχνολογία/ });
  if (!(await techList.isChecked())) await techList.check();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
}

/** Send now, confirmed in the dialog once its preview has loaded. */
async function send(page: Page) {
  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  const dialog = page.getByRole('dialog', { name: 'Αποστολή τώρα' });
  await expect(dialog.getByTestId('preview-total')).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' }).click();
  await expect(toast(page, /Το δελτίο τύπου στάλθηκε σε \d+ παραλήπτες/)).toBeVisible({ timeout: 10_000 });
}

test('a client sends to the tech list and the signed-in tech journalist sees the notification and the release live, without reloading', async ({
  browser,
}) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const journalist = await openAs(browser, DEMO.media, '/media/press-releases');
  await expect(journalist.page.getByTestId('inbox-item').first()).toBeVisible();
  const client = await openAs(browser, DEMO.client, '/client');

  const title = `Νέο δελτίο τεχνολογίας ${Date.now()}`;
  await writeRelease(client.page, title, 'Η Αιγαίο Τεχνολογίες ανακοινώνει νέα υπηρεσία cloud για μικρές επιχειρήσεις.');
  await send(client.page);

  const arrived = journalist.page.getByTestId('inbox-item').filter({ hasText: title });
  await expect(arrived).toBeVisible({ timeout: LIVE_MS });
  await expect(arrived).toHaveAttribute('data-read', 'false');
  await expect(arrived).toContainText('Τεχνολογία');
  await expect(toast(journalist.page, title)).toBeVisible({ timeout: LIVE_MS });

  // Reading it marks it read and shows the text.
  await arrived.getByRole('link', { name: title }).click();
  await expect(journalist.page.getByTestId('release-body')).toContainText('νέα υπηρεσία cloud');
  await expect(journalist.page.getByTestId('read-badge')).toBeVisible();

  await journalist.context.close();
  await client.context.close();
});


const COLLEAGUE = { email: 'giorgos.antoniou@example.com', password: 'demodemo' };
/** A tech journalist of the demo data used by no other test: blocking the sender here moves nobody else's counts. */
const TECH_JOURNALIST = { email: 'sofia.dimitriou@techpulse.example', password: 'demodemo' };

/** The tech journalist blocks (or unblocks) the demo client as a sender, through the API. */
async function setSenderBlocked(request: APIRequestContext, blocked: boolean): Promise<void> {
  const session = await request.post('/auth/v1/token?grant_type=password', { data: TECH_JOURNALIST });
  const headers = { authorization: `Bearer ${((await session.json()) as { access_token: string }).access_token}` };
  const prefs = (await (await request.get('/api/media/preferences', { headers })).json()) as { knownSenders: { id: string; company: string }[] };
  const sender = prefs.knownSenders.find((x) => x.company === 'Αιγαίο Τεχνολογίες Α.Ε.');
  expect(sender).toBeTruthy();
  const res = blocked
    ? await request.post('/api/media/blocked-senders', { headers, data: { senderId: sender!.id } })
    : await request.delete(`/api/media/blocked-senders/${sender!.id}`, { headers });
  expect(res.ok()).toBe(true);
}

/** Console errors of a page opened in its own context (the fixture only watches the default page). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

test('Send now asks first: recipients per list, who is left out, the e-mail as journalists get it and a test e-mail to me; confirming sends and the co-editor sees it sent', async ({
  browser,
  request,
}) => {
  test.slow(); // two editors and a journalist's API session, three sign-ins, on a shared machine
  // One tech journalist has blocked this sender: the dialog says who is left out and why.
  await setSenderBlocked(request, true);
  try {
    await confirmAndSend(browser);
  } finally {
    await setSenderBlocked(request, false);
  }
});

async function confirmAndSend(browser: Browser) {
  const client = await openAs(browser, DEMO.client, '/client');
  const errors = watchErrors(client.page);
  const title = `Δελτίο με επιβεβαίωση ${Date.now()}`;
  await writeRelease(client.page, title, 'Η Αιγαίο Τεχνολογίες ανοίγει γραφείο στη Λάρισα με 40 νέες θέσεις εργασίας.');
  // A second list: someone on both lists gets one e-mail.
  await client.page.getByRole('checkbox', { name: /Οικονομία/ }).check();
  await expect(client.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });

  const member = await openAs(browser, COLLEAGUE, client.page.url());
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await expect(member.page.getByLabel('Τίτλος *')).toHaveValue(title);

  // Cancel closes the dialog without sending, and focus goes back to the button.
  const sendNow = client.page.getByRole('button', { name: 'Αποστολή τώρα' });
  await sendNow.click();
  const dialog = client.page.getByRole('dialog', { name: 'Αποστολή τώρα' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('preview-total')).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
  await expect(dialog).toBeHidden();
  await expect(sendNow).toBeFocused();
  await expect(client.page.getByTestId('release-status')).toHaveText('Πρόχειρο');

  await sendNow.click();
  await expect(dialog).toBeVisible();
  // The demo lists: tech has media@, TechPulse (blocked the sender) and Ψηφιακός Κόσμος; economy has
  // media@, Ψηφιακός Κόσμος and three economy/politics outlets. No other test changes them.
  const lists = dialog.getByTestId('preview-list');
  await expect(lists).toHaveCount(2);
  await expect(lists.filter({ hasText: 'Τεχνολογία' })).toContainText('2 παραλήπτες');
  await expect(lists.filter({ hasText: 'Οικονομία' })).toContainText('5 παραλήπτες');
  await expect(dialog.getByTestId('preview-total')).toHaveText('Θα σταλεί σε 5 παραλήπτες');
  await expect(dialog.getByTestId('preview-excluded')).toContainText('Δεν θα σταλεί σε 1 μέλος των λιστών:');
  await expect(dialog.getByTestId('preview-excluded')).toContainText('1 έχει διαγραφεί από τη λήψη');
  await expect(dialog.getByTestId('preview-zero')).toHaveCount(0);
  await expect(dialog.getByTestId('preview-from')).toHaveText('Αιγαίο Τεχνολογίες Α.Ε.');
  await expect(dialog.getByTestId('preview-subject')).toHaveText(title);
  // The e-mail itself, drawn in a sandboxed frame (no scripts) as a journalist sees it.
  const frame = dialog.locator('iframe[title="Προεπισκόπηση e-mail"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  expect(errors.filter((e) => !isSandboxNotice(e))).toEqual([]);
  // Reading inside the frame makes Playwright try to run its own script there, which the
  // sandbox blocks (and logs): proof the frame runs no script. Those lines are not the app's.
  const mail = frame.contentFrame();
  await expect(mail.getByRole('heading', { name: title })).toBeVisible();
  await expect(mail.getByText('40 νέες θέσεις εργασίας')).toBeVisible();
  await expect(mail.getByRole('link', { name: 'Διαγραφή από όλα τα δελτία' })).toBeVisible();

  await client.page.setViewportSize({ width: 1280, height: 900 });
  await client.page.screenshot({ path: test.info().outputPath('send-dialog-1280.png') });

  // The test e-mail goes to my own address and the dialog follows it until it left.
  await dialog.getByRole('button', { name: 'Δοκιμαστικό e-mail σε εμένα' }).click();
  await expect(dialog.getByTestId('test-email-state')).toHaveText('Το δοκιμαστικό e-mail στάλθηκε στο client@example.com', { timeout: 15_000 });

  await client.page.setViewportSize({ width: 375, height: 800 });
  await client.page.screenshot({ path: test.info().outputPath('send-dialog-375.png') });
  await dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' }).scrollIntoViewIfNeeded();
  await client.page.screenshot({ path: test.info().outputPath('send-dialog-375-footer.png') });
  await client.page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' }).click();
  await expect(toast(client.page, 'Το δελτίο τύπου στάλθηκε σε 5 παραλήπτες')).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toBeHidden();
  await expect(client.page.getByTestId('release-status')).toHaveText('Απεστάλη');

  // The co-editor's screen turns sent and read-only without a reload.
  await expect(member.page.getByTestId('release-status')).toHaveText('Απεστάλη', { timeout: LIVE_MS });
  await expect(member.page.getByTestId('sent-banner')).toBeVisible();
  await expect(member.page.getByLabel('Τίτλος *')).toBeDisabled();
  await expect(member.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' })).toHaveAttribute('contenteditable', 'false');
  await expect(member.page.getByRole('button', { name: 'Αποστολή τώρα' })).toBeDisabled();

  expect(errors.filter((e) => !isSandboxNotice(e))).toEqual([]);
  await client.context.close();
  await member.context.close();
}

test('archiving a sent release: it leaves the list, is found under «Αρχειοθετημένο», and the journalist still reads it', async ({ browser }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const client = await openAs(browser, DEMO.client, '/client/press-releases');
  const errors = watchErrors(client.page);
  const token = await client.page.evaluate(() => (JSON.parse(localStorage.getItem('deltio.auth.session')!) as { access_token: string }).access_token);
  const headers = { authorization: `Bearer ${token}` };
  const title = `Προς αρχειοθέτηση ${Date.now()}`;
  const created = await client.page.request.post('/api/releases', {
    headers,
    data: { title, content: 'Κείμενο που μένει αναγνώσιμο μετά την αρχειοθέτηση.', category: 'tech' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await client.page.request.post(`/api/releases/${id}/send`, { headers });
  expect(sent.status()).toBe(200);

  const search = client.page.getByLabel('Αναζήτηση δελτίων τύπου');
  await search.fill(title);
  const rows = client.page.getByTestId('release-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Απεστάλη');
  await client.page.getByRole('button', { name: `Ενέργειες για «${title}»` }).click();
  await client.page.getByRole('menuitem', { name: 'Διαγραφή' }).click();
  const dialog = client.page.getByRole('dialog', { name: 'Αρχειοθέτηση δελτίου τύπου' });
  await expect(dialog).toContainText('θα αρχειοθετηθεί');
  await expect(dialog).toContainText('οι δημοσιογράφοι που το έλαβαν θα μπορούν ακόμη να το διαβάζουν');
  await dialog.getByRole('button', { name: 'Αρχειοθέτηση' }).click();
  await expect(toast(client.page, 'Το δελτίο τύπου αρχειοθετήθηκε')).toBeVisible();
  // Gone from the default list...
  await expect(client.page.getByText('Δεν βρέθηκαν δελτία τύπου που να ταιριάζουν με τα κριτήρια αναζήτησης')).toBeVisible();
  // ...and found under the archived filter, with its badge and no delete.
  await client.page.getByLabel('Κατάσταση').click();
  await client.page.getByRole('option', { name: 'Αρχειοθετημένο' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText('Αρχειοθετημένο');
  await client.page.getByRole('button', { name: `Ενέργειες για «${title}»` }).click();
  await expect(client.page.getByRole('menuitem', { name: 'Προβολή' })).toBeVisible();
  await expect(client.page.getByRole('menuitem', { name: 'Διαγραφή' })).toHaveCount(0);
  await client.page.keyboard.press('Escape');
  expect(errors).toEqual([]);
  await client.context.close();

  // The journalist who received it still has it in the inbox and can read it.
  const journalist = await openAs(browser, DEMO.media, '/media/press-releases');
  const item = journalist.page.getByTestId('inbox-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: title }).click();
  await expect(journalist.page.getByTestId('release-body')).toContainText('μένει αναγνώσιμο μετά την αρχειοθέτηση');
  await journalist.context.close();
});

// Last in the file: while it runs media@example.com blocks the demo client, which the tests above send to.
test('a journalist who blocks a company receives nothing more from any of its members until they unblock', async ({ browser }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const journalist = await openAs(browser, DEMO.media, '/media/settings');
  const row = journalist.page.getByTestId('sender-row').filter({ hasText: 'Αιγαίο Τεχνολογίες Α.Ε.' });
  await row.getByRole('button', { name: /Αποκλεισμός/ }).click();
  await expect(row.getByText('Αποκλεισμένος')).toBeVisible();

  try {
    const client = await openAs(browser, DEMO.client, '/client');
    const title = `Δελτίο μετά τον αποκλεισμό ${Date.now()}`;
    await writeRelease(client.page, title, 'Κείμενο που δεν πρέπει να φτάσει.');
    await send(client.page);
    await client.context.close();

    // A colleague who joins the company as a publisher sends too: the block is the company's, not a person's.
    const colleagueTitle = `Δελτίο συναδέλφου μετά τον αποκλεισμό ${Date.now()}`;
    const request = journalist.page.request;
    const owner = (await (await request.post('/auth/v1/token?grant_type=password', { data: DEMO.client })).json()) as { access_token: string };
    const ownerAuth = { authorization: `Bearer ${owner.access_token}` };
    const [org] = ((await (await request.get('/api/organisations', { headers: ownerAuth })).json()) as { organisations: { id: string }[] }).organisations;
    const invited = await request.post(`/api/organisations/${org!.id}/invitations`, { headers: ownerAuth, data: { email: uniqueEmail('publisher-block'), role: 'publisher' } });
    expect(invited.status()).toBe(201);
    const token = new URL(((await invited.json()) as { acceptUrl: string }).acceptUrl).searchParams.get('token');
    const joined = await request.post('/api/invitations/join', { data: { token, name: 'Νέα Εκδότρια', password: 'Thalassa-2026', ...ACCEPTED_TERMS } });
    expect(joined.status()).toBe(200);
    const colleague = { authorization: `Bearer ${((await joined.json()) as { access_token: string }).access_token}` };
    const created = await request.post('/api/releases', {
      headers: colleague,
      data: { title: colleagueTitle, content: 'Κείμενο που επίσης δεν πρέπει να φτάσει.', category: 'tech' },
    });
    expect(created.status()).toBe(201);
    const sent = await request.post(`/api/releases/${((await created.json()) as { id: string }).id}/send`, { headers: colleague });
    expect(sent.status()).toBe(200);
    // It went out to the tech list's other journalists: only the one who blocked the company is left out.
    expect(((await sent.json()) as { recipients?: number }).recipients).toBeGreaterThan(0);

    await journalist.page.goto('/media/press-releases');
    await expect(journalist.page.getByTestId('inbox-item').first()).toBeVisible();
    await expect(journalist.page.getByTestId('inbox-item').filter({ hasText: title })).toHaveCount(0);
    await expect(journalist.page.getByTestId('inbox-item').filter({ hasText: colleagueTitle })).toHaveCount(0);
  } finally {
    await journalist.page.goto('/media/settings');
    await row.getByRole('button', { name: 'Άρση αποκλεισμού' }).click();
    await expect(row.getByText('Αποκλεισμένος')).toHaveCount(0);
    await journalist.context.close();
  }
});
