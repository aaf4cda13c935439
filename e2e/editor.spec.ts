import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, signInViaApi, test, toast } from './fixtures';

const COLLEAGUE = { email: 'giorgos.antoniou@example.com', password: 'demodemo' };

async function openAs(browser: Browser, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, who.email, who.password);
  await page.goto(path);
  return { context, page };
}

async function newRelease(page: Page): Promise<string> {
  await page.goto('/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  return new URL(page.url()).pathname;
}

test('two co-editors see each other type, with carets and names, and reload keeps everything', async ({ browser }) => {
  const owner = await openAs(browser, DEMO.client, '/client');
  const path = await newRelease(owner.page);
  const member = await openAs(browser, COLLEAGUE, path);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });

  // Both are present.
  await expect(owner.page.getByTestId('presence-avatar')).toHaveCount(2);
  await expect(member.page.getByTestId('presence-avatar')).toHaveCount(2);

  // Text typed by one appears in the other within a second.
  const ownerText = owner.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });
  await ownerText.click();
  await owner.page.keyboard.type('Η Αιγαίο Τεχνολογίες ανακοινώνει νέο κέντρο δεδομένων.');
  await expect(member.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' })).toContainText('νέο κέντρο δεδομένων', { timeout: 1500 });
  // The owner's caret carries their name on the member's screen.
  await expect(member.page.locator('.collaboration-carets__label', { hasText: 'Μαρία Παπαδοπούλου' })).toBeVisible();

  // Title typed by the member appears for the owner.
  await member.page.getByLabel('Τίτλος *').fill('Νέο κέντρο δεδομένων στη Θεσσαλονίκη');
  await expect(owner.page.getByLabel('Τίτλος *')).toHaveValue('Νέο κέντρο δεδομένων στη Θεσσαλονίκη', { timeout: 1500 });

  // Both edits are stored: a reload shows them.
  await expect(owner.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
  await owner.page.reload();
  await expect(owner.page.getByLabel('Τίτλος *')).toHaveValue('Νέο κέντρο δεδομένων στη Θεσσαλονίκη');
  await expect(owner.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' })).toContainText('νέο κέντρο δεδομένων');

  await owner.context.close();
  await member.context.close();
});

test('send and schedule ask for title, content and category first; schedule then shows the time', async ({ browser }) => {
  const { page, context } = await openAs(browser, DEMO.client, '/client');
  await newRelease(page);
  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  await expect(toast(page, 'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία')).toBeVisible();

  await page.getByLabel('Τίτλος *').fill('Προγραμματισμένη ανακοίνωση');
  await page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await page.keyboard.type('Κείμενο της ανακοίνωσης.');
  await page.getByLabel('Κατηγορία *').click();
  await page.getByRole('option', { name: 'Οικονομία' }).click();
  await page.getByLabel('Ημερομηνία', { exact: true }).fill('2030-05-04');
  await page.getByLabel('Ώρα', { exact: true }).fill('10:30');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
  await page.getByRole('button', { name: 'Προγραμματισμός αποστολής' }).click();
  await expect(toast(page, 'Η αποστολή προγραμματίστηκε για 04/05/2030 10:30')).toBeVisible();
  await expect(page.getByTestId('release-status')).toHaveText('Προγραμματισμένο');
  await context.close();
});

test("another client's release is a 404, not a leak", async ({ browser }) => {
  const owner = await openAs(browser, DEMO.client, '/client');
  const path = await newRelease(owner.page);
  const email = `outsider.${Date.now()}@example.gr`;
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.request.post('/auth/v1/signup', { data: { email, password: 'secret123', data: { role: 'client', name: 'Ξένος' } } });
  await signInViaApi(page, email, 'secret123');
  await page.goto(path);
  await expect(page.getByText('Το δελτίο τύπου δεν βρέθηκε.')).toBeVisible();
  await owner.context.close();
  await other.close();
});

test('the writing assistant asks for text first, then suggests for the actual content; a co-editor sees an inserted title', async ({ browser }) => {
  const owner = await openAs(browser, DEMO.client, '/client');
  const path = await newRelease(owner.page);
  const member = await openAs(browser, COLLEAGUE, path);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  const assistant = owner.page.getByTestId('assistant');
  await assistant.getByRole('button', { name: 'Προτάσεις για το κείμενο' }).click();
  await expect(toast(owner.page, 'Παρακαλώ εισάγετε κείμενο για να λάβετε προτάσεις AI')).toBeVisible();

  await owner.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await owner.page.keyboard.type('Ο Δήμος Πάτρας διοργανώνει φεστιβάλ βιβλίου στην πλατεία Γεωργίου. Το φεστιβάλ βιβλίου διαρκεί δέκα ημέρες με 120 εκδότες.');
  await assistant.getByRole('button', { name: 'Προτάσεις για το κείμενο' }).click();
  await expect(assistant.getByTestId('suggested-title')).toHaveCount(3);
  await expect(assistant.getByTestId('suggested-summary')).toContainText('φεστιβάλ');
  const first = (await assistant.getByTestId('suggested-title').first().textContent())!;
  await assistant.getByRole('button', { name: 'Χρήση' }).first().click();
  await expect(member.page.getByLabel('Τίτλος *')).toHaveValue(first, { timeout: 1500 });
  await owner.context.close();
  await member.context.close();
});

test('attachments: a PDF is uploaded, listed with its size for the co-editor live, and a wrong type is refused', async ({ browser }) => {
  const owner = await openAs(browser, DEMO.client, '/client');
  const path = await newRelease(owner.page);
  const member = await openAs(browser, COLLEAGUE, path);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  await owner.page.getByLabel('Επιλογή αρχείων').setInputFiles({
    name: 'Παρουσίαση.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(owner.page.getByTestId('attachments')).toContainText('Παρουσίαση.pdf');
  await expect(member.page.getByTestId('attachments')).toContainText('Παρουσίαση.pdf', { timeout: 2000 });
  await owner.page.getByLabel('Επιλογή αρχείων').setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(toast(owner.page, 'Δεκτά είναι μόνο εικόνες, PDF και έγγραφα office')).toBeVisible();
  await owner.context.close();
  await member.context.close();
});
