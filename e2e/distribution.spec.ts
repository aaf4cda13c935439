import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, signInViaApi, test, toast } from './fixtures';

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
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  await page.getByLabel('Τίτλος *').fill(title);
  await page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await page.keyboard.type(text);
  await page.getByLabel('Κατηγορία *').click();
  await page.getByRole('option', { name: 'Τεχνολογία' }).click();
  const techList = page.getByRole('checkbox', { name: /Τεχνολογία/ });
  if (!(await techList.isChecked())) await techList.check();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });
}

async function send(page: Page) {
  await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
  await expect(toast(page, 'Το δελτίο τύπου στάλθηκε στις επιλεγμένες λίστες media')).toBeVisible({ timeout: 10_000 });
}

test('a client sends to the tech list and the signed-in tech journalist sees the notification and the release within a second, without reloading', async ({
  browser,
}) => {
  const journalist = await openAs(browser, DEMO.media, '/media/press-releases');
  await expect(journalist.page.getByTestId('inbox-item').first()).toBeVisible();
  const client = await openAs(browser, DEMO.client, '/client');

  const title = `Νέο δελτίο τεχνολογίας ${Date.now()}`;
  await writeRelease(client.page, title, 'Η Αιγαίο Τεχνολογίες ανακοινώνει νέα υπηρεσία cloud για μικρές επιχειρήσεις.');
  await send(client.page);

  const arrived = journalist.page.getByTestId('inbox-item').filter({ hasText: title });
  await expect(arrived).toBeVisible({ timeout: 1000 });
  await expect(arrived).toHaveAttribute('data-read', 'false');
  await expect(arrived).toContainText('Τεχνολογία');
  await expect(toast(journalist.page, title)).toBeVisible({ timeout: 1000 });

  // Reading it marks it read and shows the text.
  await arrived.getByRole('link', { name: title }).click();
  await expect(journalist.page.getByTestId('release-body')).toContainText('νέα υπηρεσία cloud');
  await expect(journalist.page.getByTestId('read-badge')).toBeVisible();

  await journalist.context.close();
  await client.context.close();
});

test('a journalist who blocks a sender receives nothing more from them until they unblock', async ({ browser }) => {
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

    await journalist.page.goto('/media/press-releases');
    await expect(journalist.page.getByTestId('inbox-item').first()).toBeVisible();
    await expect(journalist.page.getByTestId('inbox-item').filter({ hasText: title })).toHaveCount(0);
  } finally {
    await journalist.page.goto('/media/settings');
    await row.getByRole('button', { name: 'Άρση αποκλεισμού' }).click();
    await expect(row.getByText('Αποκλεισμένος')).toHaveCount(0);
    await journalist.context.close();
  }
});
