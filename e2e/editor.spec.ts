import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { EDITOR_OPEN_MS, expect, isSandboxNotice, LIVE_MS, newClient, signInViaApi, test, toast, ACCEPTED_TERMS } from './fixtures';

/**
 * The live editor. Each test writes in an organisation of its own: its owner, and for the
 * co-editing tests a colleague who joined it as an editor.
 */
const team = (request: APIRequestContext, prefix: string) =>
  newClient(request, prefix, { name: 'Μαρία Παπαδοπούλου', organisation: 'Αιγαίο Τεχνολογίες Α.Ε.', members: [{ role: 'editor', name: 'Γιώργος Αντωνίου' }] });
const solo = (request: APIRequestContext, prefix: string, plan?: 'pro') =>
  newClient(request, prefix, { name: 'Μαρία Παπαδοπούλου', organisation: 'Αιγαίο Τεχνολογίες Α.Ε.', plan });

/** Opening the editor; a development build (playwright.dev.config.ts) serves unbundled modules. */

async function openAs(browser: Browser, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, who.email, who.password);
  await page.goto(path);
  return { context, page };
}

async function newRelease(page: Page): Promise<string> {
  await page.goto('/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/, { timeout: EDITOR_OPEN_MS });
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  return new URL(page.url()).pathname;
}

test('two co-editors see each other type, with carets and names, and reload keeps everything', async ({ browser, request }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const org = await team(request, 'coedit');
  const owner = await openAs(browser, org, '/client');
  const path = await newRelease(owner.page);
  const member = await openAs(browser, org.members[0]!, path);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });

  // Both are present.
  await expect(owner.page.getByTestId('presence-avatar')).toHaveCount(2);
  await expect(member.page.getByTestId('presence-avatar')).toHaveCount(2);

  // Text typed by one appears in the other without a reload.
  const ownerText = owner.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });
  await ownerText.click();
  await owner.page.keyboard.type('Η Αιγαίο Τεχνολογίες ανακοινώνει νέο κέντρο δεδομένων.');
  await expect(member.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' })).toContainText('νέο κέντρο δεδομένων', { timeout: LIVE_MS });
  // The owner's caret carries their name on the member's screen.
  await expect(member.page.locator('.collaboration-carets__label', { hasText: 'Μαρία Παπαδοπούλου' })).toBeVisible();

  // Title typed by the member appears for the owner.
  await member.page.getByLabel('Τίτλος *').fill('Νέο κέντρο δεδομένων στη Θεσσαλονίκη');
  await expect(owner.page.getByLabel('Τίτλος *')).toHaveValue('Νέο κέντρο δεδομένων στη Θεσσαλονίκη', { timeout: LIVE_MS });

  // Both edits are stored: a reload shows them.
  await expect(owner.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
  await owner.page.reload();
  await expect(owner.page.getByLabel('Τίτλος *')).toHaveValue('Νέο κέντρο δεδομένων στη Θεσσαλονίκη');
  await expect(owner.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' })).toContainText('νέο κέντρο δεδομένων');

  await owner.context.close();
  await member.context.close();
});

test('send and schedule ask for title, content and category first; schedule then shows the time', async ({ browser, request }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  // On an active plan, as the demo client is: a trial sends nothing after its end.
  const { page, context } = await openAs(browser, await solo(request, 'schedule', 'pro'), '/client');
  await newRelease(page);
  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  // Beside the buttons, not in a toast over them.
  await expect(page.getByTestId('send-card-error')).toHaveText('Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία');

  await page.getByLabel('Τίτλος *').fill('Προγραμματισμένη ανακοίνωση');
  await page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await page.keyboard.type('Κείμενο της ανακοίνωσης.');
  await page.getByLabel('Κατηγορία *').click();
  await page.getByRole('option', { name: 'Οικονομία' }).click();
  await page.getByLabel('Ημερομηνία', { exact: true }).fill('04/05/2030');
  await page.getByLabel('Ώρα', { exact: true }).fill('10:30');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
  await page.getByRole('button', { name: 'Προγραμματισμός αποστολής' }).click();
  // The confirmation says when, and schedules only once confirmed.
  const dialog = page.getByRole('dialog', { name: 'Προγραμματισμός αποστολής' });
  await expect(dialog).toContainText('Θα σταλεί στις 04/05/2030 10:30');
  await expect(dialog.getByTestId('preview-total')).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Επιβεβαίωση προγραμματισμού' }).click();
  await expect(toast(page, 'Η αποστολή προγραμματίστηκε για 04/05/2030 10:30')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('release-status')).toHaveText('Προγραμματισμένο');
  await context.close();
});

test("another client's release is a 404, not a leak", async ({ browser, request }) => {
  const owner = await openAs(browser, await solo(request, 'leak'), '/client');
  const path = await newRelease(owner.page);
  const email = `outsider.${Date.now()}@example.gr`;
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.request.post('/auth/v1/signup', { data: { email, password: 'Thalassa-2026', data: { role: 'client', name: 'Ξένος' }, ...ACCEPTED_TERMS } });
  await signInViaApi(page, email, 'Thalassa-2026');
  await page.goto(path);
  await expect(page.getByText('Το δελτίο τύπου δεν βρέθηκε.')).toBeVisible();
  await owner.context.close();
  await other.close();
});

test('the writing assistant asks for text first, then suggests for the actual content; a co-editor sees an inserted title', async ({ browser, request }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const org = await team(request, 'assist');
  const owner = await openAs(browser, org, '/client');
  const path = await newRelease(owner.page);
  const member = await openAs(browser, org.members[0]!, path);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  const assistant = owner.page.getByTestId('assistant');
  await owner.page.getByTestId('side-tab-coach').click(); // the coach's tab beside the text
  await assistant.getByRole('button', { name: 'Προτάσεις για το κείμενο' }).click();
  await expect(toast(owner.page, 'Παρακαλώ εισάγετε κείμενο για να λάβετε προτάσεις AI')).toBeVisible();

  await owner.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  // One input event (as a paste is): key-by-key typing is covered above; here it only took time.
  await owner.page.keyboard.insertText('Ο Δήμος Πάτρας διοργανώνει φεστιβάλ βιβλίου στην πλατεία Γεωργίου. Το φεστιβάλ βιβλίου διαρκεί δέκα ημέρες με 120 εκδότες.');
  await assistant.getByRole('button', { name: 'Προτάσεις για το κείμενο' }).click();
  await expect(assistant.getByTestId('suggested-title')).toHaveCount(3);
  await expect(assistant.getByTestId('suggested-summary')).toContainText('φεστιβάλ');
  const first = (await assistant.getByTestId('suggested-title').first().textContent())!;
  await assistant.getByRole('button', { name: 'Χρήση' }).first().click();
  await expect(member.page.getByLabel('Τίτλος *')).toHaveValue(first, { timeout: LIVE_MS });
  await owner.context.close();
  await member.context.close();
});

test('attachments: a PDF is uploaded, listed with its size for the co-editor live, and a wrong type is refused', async ({ browser, request }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const org = await team(request, 'attach');
  const owner = await openAs(browser, org, '/client');
  const path = await newRelease(owner.page);
  const member = await openAs(browser, org.members[0]!, path);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await owner.page.getByLabel('Επιλογή αρχείων').setInputFiles({
    name: 'Παρουσίαση.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(owner.page.getByTestId('attachments')).toContainText('Παρουσίαση.pdf');
  await expect(member.page.getByTestId('attachments')).toContainText('Παρουσίαση.pdf', { timeout: LIVE_MS });
  await owner.page.getByLabel('Επιλογή αρχείων').setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(toast(owner.page, 'Δεκτά είναι μόνο εικόνες, PDF και έγγραφα office')).toBeVisible();
  await owner.context.close();
  await member.context.close();
});

test('text over 100,000 characters is not saved: the editor says why, Send now refuses, and shortening it saves again', async ({ browser, request }) => {
  test.slow(); // 100,000 characters through the editor, Yjs and the server's render on a shared machine
  const { page, context } = await openAs(browser, await solo(request, 'long'), '/client');
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !isSandboxNotice(msg.text())) errors.push(msg.text());
  });
  await newRelease(page);
  await page.getByLabel('Τίτλος *').fill('Πολύ μεγάλο κείμενο');
  await page.getByLabel('Κατηγορία *').click();
  await page.getByRole('option', { name: 'Οικονομία' }).click();
  const text = page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });
  await text.click();
  await page.keyboard.insertText('α'.repeat(100_010));

  const saveState = page.getByTestId('save-state');
  await expect(saveState).toHaveAttribute('data-state', 'error', { timeout: 10_000 });
  await expect(saveState).toHaveText('Δεν αποθηκεύτηκε: Το κείμενο ξεπερνά τους 100.000 χαρακτήρες');
  await page.screenshot({ path: test.info().outputPath('render-error-1280.png') });

  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  await expect(page.getByTestId('send-card-error')).toContainText('Το κείμενο δεν αποθηκεύτηκε, οπότε δεν μπορεί να σταλεί. Διορθώστε το και δοκιμάστε ξανά.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('release-status')).toHaveText('Πρόχειρο');

  // Back under the limit (the long text replaced by a short one in one step): saved again,
  // and Send now asks for confirmation.
  await text.press('Control+A');
  await page.keyboard.insertText('Σύντομο κείμενο ανακοίνωσης.');
  await expect(text).toHaveText('Σύντομο κείμενο ανακοίνωσης.');
  await expect(saveState).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  await expect(saveState).toHaveText('Αποθηκεύτηκε');
  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  const dialog = page.getByRole('dialog', { name: 'Αποστολή τώρα' });
  await expect(dialog.getByTestId('preview-total')).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByTestId('preview-render-error')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
  expect(errors).toEqual([]);
  await context.close();
});
