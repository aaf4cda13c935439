import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Category } from '../shared/constants';
import {
  createRelease,
  EDITOR_OPEN_MS,
  expect,
  inviteMember,
  isSandboxNotice,
  LIVE_MS,
  newClient,
  newJournalist,
  sendRelease,
  signInViaApi,
  superadminHeaders,
  test,
  toast,
} from './fixtures';

/**
 * Sending, seen from both sides: a client organisation of the test's own writes and sends a
 * release to a category list, and a journalist of its own on that list has it in the inbox at
 * once, without reloading. (The demo accounts are left alone: other specs read their figures.)
 */
const COMPANY = { name: 'Μαρία Παπαδοπούλου', organisation: 'Αιγαίο Τεχνολογίες Α.Ε.' };

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

/** A new release in the editor with title, text, category (Τεχνολογία unless told) and its category's media list ticked. */
async function writeRelease(page: Page, title: string, text: string, category = 'Τεχνολογία') {
  await page.goto('/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await page.getByLabel('Τίτλος *').fill(title);
  await page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await page.keyboard.insertText(text);
  await page.getByLabel('Κατηγορία *').click();
  await page.getByRole('option', { name: category }).click();
  const list = page.getByRole('checkbox', { name: new RegExp(category) });
  if (!(await list.isChecked())) await list.check();
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
  request,
}) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const owner = await newClient(request, 'send', COMPANY);
  const tech = await newJournalist(request, 'sendj', { lists: ['tech'] });
  const journalist = await openAs(browser, tech, '/media/press-releases');
  // The inbox has loaded (empty, or with what other specs sent to tech meanwhile) without this release.
  const title = `Νέο δελτίο τεχνολογίας ${Date.now()}`;
  await expect(journalist.page.getByTestId('inbox-empty').or(journalist.page.getByTestId('inbox-item').first())).toBeVisible();
  await expect(journalist.page.getByTestId('inbox-item').filter({ hasText: title })).toHaveCount(0);
  const client = await openAs(browser, owner, '/client');

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


/** The lists the send dialog counts: no other spec adds journalists to them (fixtures.ts). */
const PREVIEW_LISTS = ['politics', 'sports'] as const satisfies readonly Category[];

/** The members of a category list now, as the superadmin's list shows them. */
async function listMembers(request: APIRequestContext, list: Category) {
  const headers = await superadminHeaders(request);
  const members: { media_id: string; profile: { email: string; status: string; is_active: boolean } }[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/admin/media-lists/${list}?page=${page}`, { headers });
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as { items: typeof members; total: number };
    members.push(...body.items);
    if (!body.items.length || members.length >= body.total) return members;
  }
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

const recipients = (n: number) => `${n} ${n === 1 ? 'παραλήπτης' : 'παραλήπτες'}`;

test('Send now asks first: recipients per list, who is left out, the e-mail as journalists get it and a test e-mail to me; confirming sends and the co-editor sees it sent', async ({
  browser,
  request,
}) => {
  test.slow(); // two editors and a journalist's API session, three sign-ins, on a shared machine
  const owner = await newClient(request, 'preview', { ...COMPANY, members: [{ role: 'editor', name: 'Γιώργος Αντωνίου' }] });
  // One journalist of the sports list has blocked this sender: the dialog says who is left out and why.
  const blocker = await newJournalist(request, 'previewj', { lists: ['sports'] });
  expect((await request.post('/api/media/blocked-senders', { headers: blocker.headers, data: { senderId: owner.organisationId } })).ok()).toBe(true);
  // Who is on the two lists now: the demo journalists (media@example.com on both) and those of earlier runs.
  const lists = await Promise.all(PREVIEW_LISTS.map((l) => listMembers(request, l)));
  expect(lists.flat().filter((m) => m.profile.status !== 'approved' || !m.profile.is_active)).toEqual([]);
  const reached = lists.map((members) => new Set(members.map((m) => m.media_id).filter((id) => id !== blocker.id)));
  const expected = { politics: reached[0]!.size, sports: reached[1]!.size, total: new Set([...reached[0]!, ...reached[1]!]).size };
  expect(expected.total).toBeLessThan(expected.politics + expected.sports); // someone is on both lists
  await confirmAndSend(browser, owner, expected);
});

async function confirmAndSend(
  browser: Browser,
  owner: Awaited<ReturnType<typeof newClient>>,
  expected: { politics: number; sports: number; total: number },
) {
  const client = await openAs(browser, owner, '/client');
  const errors = watchErrors(client.page);
  const title = `Δελτίο με επιβεβαίωση ${Date.now()}`;
  await writeRelease(client.page, title, 'Η Αιγαίο Τεχνολογίες ανοίγει γραφείο στη Λάρισα με 40 νέες θέσεις εργασίας.', 'Πολιτική');
  // A second list: someone on both lists gets one e-mail.
  await client.page.getByRole('checkbox', { name: /Αθλητισμός/ }).check();
  await expect(client.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });

  const member = await openAs(browser, owner.members[0]!, client.page.url());
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
  // Each list's members but the one who blocked the sender; those on both lists once.
  const lists = dialog.getByTestId('preview-list');
  await expect(lists).toHaveCount(2);
  await expect(lists.filter({ hasText: 'Πολιτική' })).toContainText(recipients(expected.politics));
  await expect(lists.filter({ hasText: 'Αθλητισμός' })).toContainText(recipients(expected.sports));
  await expect(dialog.getByTestId('preview-total')).toHaveText(`Θα σταλεί σε ${expected.total} παραλήπτες`);
  await expect(dialog.getByTestId('preview-excluded')).toContainText('Δεν θα σταλεί σε 1 μέλος των λιστών:');
  await expect(dialog.getByTestId('preview-excluded')).toContainText('1 έχει διαγραφεί από τη λήψη');
  await expect(dialog.getByTestId('preview-zero')).toHaveCount(0);
  await expect(dialog.getByTestId('preview-from')).toHaveText(COMPANY.organisation);
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
  await expect(dialog.getByTestId('test-email-state')).toHaveText(`Το δοκιμαστικό e-mail στάλθηκε στο ${owner.email}`, { timeout: 15_000 });

  await client.page.setViewportSize({ width: 375, height: 800 });
  await client.page.screenshot({ path: test.info().outputPath('send-dialog-375.png') });
  await dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' }).scrollIntoViewIfNeeded();
  await client.page.screenshot({ path: test.info().outputPath('send-dialog-375-footer.png') });
  await client.page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' }).click();
  await expect(toast(client.page, `Το δελτίο τύπου στάλθηκε σε ${expected.total} παραλήπτες`)).toBeVisible({ timeout: 10_000 });
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

test('archiving a sent release: it leaves the list, is found under «Αρχειοθετημένο», and the journalist still reads it', async ({ browser, request }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const owner = await newClient(request, 'archive', COMPANY);
  const tech = await newJournalist(request, 'archivej', { lists: ['tech'] });
  const client = await openAs(browser, owner, '/client/press-releases');
  const errors = watchErrors(client.page);
  const title = `Προς αρχειοθέτηση ${Date.now()}`;
  await sendRelease(request, owner, { title, content: 'Κείμενο που μένει αναγνώσιμο μετά την αρχειοθέτηση.', category: 'tech' });

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
  const journalist = await openAs(browser, tech, '/media/press-releases');
  const item = journalist.page.getByTestId('inbox-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: title }).click();
  await expect(journalist.page.getByTestId('release-body')).toContainText('μένει αναγνώσιμο μετά την αρχειοθέτηση');
  await journalist.context.close();
});

test('a journalist who blocks a company receives nothing more from any of its members until they unblock', async ({ browser, request }) => {
  // A company name no other spec sends under: the journalist is on the tech list, where the
  // other specs' companies (one is COMPANY's namesake) send meanwhile, and the sender row is found by name.
  const company = { ...COMPANY, organisation: 'Θερμαϊκός Λογισμικό Α.Ε.' };
  const owner = await newClient(request, 'block', company);
  const tech = await newJournalist(request, 'blockj', { lists: ['tech'] });
  // A release before the block: the company is one of the journalist's senders.
  const earlier = `Δελτίο πριν τον αποκλεισμό ${Date.now()}`;
  await sendRelease(request, owner, { title: earlier, category: 'tech' });
  const journalist = await openAs(browser, tech, '/media/settings');
  const row = journalist.page.getByTestId('sender-row').filter({ hasText: company.organisation });
  await row.getByRole('button', { name: /Αποκλεισμός/ }).click();
  await expect(row.getByText('Αποκλεισμένος')).toBeVisible();

  // Sent through the API: sending from the editor is the test above; this one is about the block.
  const title = `Δελτίο μετά τον αποκλεισμό ${Date.now()}`;
  await sendRelease(request, owner, { title, category: 'tech' });

  // A colleague who joins the company as a publisher sends too: the block is the company's, not a person's.
  const colleagueTitle = `Δελτίο συναδέλφου μετά τον αποκλεισμό ${Date.now()}`;
  const colleague = await inviteMember(request, owner, 'publisher', 'Νέα Εκδότρια', 'publisher-block');
  const id = await createRelease(request, colleague, { title: colleagueTitle, content: 'Κείμενο που επίσης δεν πρέπει να φτάσει.', category: 'tech' });
  const sent = await request.post(`/api/releases/${id}/send`, { headers: colleague.headers });
  expect(sent.status()).toBe(200);
  // It went out to the tech list's other journalists: only the one who blocked the company is left out.
  expect(((await sent.json()) as { recipients?: number }).recipients).toBeGreaterThan(0);

  const inbox = journalist.page.getByTestId('inbox-item');
  await journalist.page.goto('/media/press-releases');
  await expect(inbox.filter({ hasText: earlier })).toBeVisible();
  await expect(inbox.filter({ hasText: title })).toHaveCount(0);
  await expect(inbox.filter({ hasText: colleagueTitle })).toHaveCount(0);

  // Unblocked, the company's releases reach the journalist again.
  await journalist.page.goto('/media/settings');
  await row.getByRole('button', { name: 'Άρση αποκλεισμού' }).click();
  await expect(row.getByText('Αποκλεισμένος')).toHaveCount(0);
  const later = `Δελτίο μετά την άρση του αποκλεισμού ${Date.now()}`;
  await sendRelease(request, colleague, { title: later, category: 'tech' });
  await journalist.page.goto('/media/press-releases');
  await expect(inbox.filter({ hasText: later })).toBeVisible();
  await expect(inbox.filter({ hasText: title })).toHaveCount(0);
  await journalist.context.close();
});
