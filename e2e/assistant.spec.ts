import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { answerCookiesInStorage, EDITOR_OPEN_MS, expect, LIVE_MS, newClient, signInViaApi, test } from './fixtures';

/**
 * The first check of a text: the server reads the Greek dictionary on its first use (about a
 * second, several under CI load) and the editor waits for typing to pause: a load wait, not a
 * live window. Changes after that are held to LIVE_MS.
 */
const FIRST_CHECK_MS = 20_000;

async function openAs(browser: Browser, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, who.email, who.password);
  await answerCookiesInStorage(page); // the banner would cover the bottom of the coach
  await page.goto(path);
  return { context, page };
}

const text = (page: Page) => page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });
/** From 1024 px the coach is a tab of the side column, beside the text. */
const openCoach = (page: Page) => page.getByTestId('side-tab-coach').click();
const underline = (page: Page, word: string) => text(page).locator(`[data-misspelt="${word}"]`);

/** A made-up brand name no dictionary knows, new on every run. */
function brandName(): string {
  const letters = 'βγδζθκλμνξπρστφχ';
  let s = '';
  for (let i = 0; i < 4; i++) s += letters[Math.floor(Math.random() * letters.length)];
  return `Ζεφυρ${s}ίδα`;
}

/** An organisation of its own with a colleague who joined as an editor, both in one new release. */
async function twoEditors(browser: Browser, request: APIRequestContext, prefix: string) {
  const org = await newClient(request, prefix, { members: [{ role: 'editor', name: 'Γιώργος Αντωνίου' }] });
  const owner = await openAs(browser, org, '/client/press-releases/new');
  await owner.page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/, { timeout: EDITOR_OPEN_MS });
  await expect(owner.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  const member = await openAs(browser, org.members[0]!, new URL(owner.page.url()).pathname);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  return { owner, member };
}

test('spelling: a misspelt word is underlined for both co-editors, and a suggestion applied by one reaches the other', async ({ browser, request }) => {
  // Two browsers on the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const { owner, member } = await twoEditors(browser, request, 'spelling');
  await text(owner.page).click();
  await owner.page.keyboard.insertText('Θεσσαλονίκη, 5 Μαρτίου 2026 — Η εταιρεία ανακοινώνει την επενδιση σε νέο κέντρο δεδομένων.');

  // Both editors underline the misspelt word (each checks the shared text itself).
  await expect(underline(owner.page, 'επενδιση')).toBeVisible({ timeout: FIRST_CHECK_MS });
  await expect(underline(member.page, 'επενδιση')).toBeVisible({ timeout: FIRST_CHECK_MS });
  await expect(underline(member.page, 'επενδιση')).toHaveClass(/deltio-misspelt/);
  // The underline is the editor's own decoration, not part of the shared text.
  await expect(text(member.page)).toContainText('την επενδιση σε νέο');

  // The member applies a suggestion; the owner sees the corrected word without a reload.
  await underline(member.page, 'επενδιση').click();
  const popover = member.page.getByTestId('spelling-popover');
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name: 'επένδυση', exact: true }).click();
  // (The co-editor's caret, with their name, sits right after the word they changed.)
  await expect(text(owner.page)).toContainText('την επένδυση', { timeout: LIVE_MS });
  await expect(underline(owner.page, 'επενδιση')).toHaveCount(0, { timeout: LIVE_MS });
  await expect(underline(member.page, 'επενδιση')).toHaveCount(0);

  await owner.context.close();
  await member.context.close();
});

test('spelling: a name learnt by one co-editor stops being underlined for both; a one-click fix of the coach reaches the other', async ({ browser, request }) => {
  // Two browsers on the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  // The word learnt below goes into this organisation's dictionary.
  const { owner, member } = await twoEditors(browser, request, 'learnt');
  const brand = brandName();
  await text(owner.page).click();
  await owner.page.keyboard.insertText(`Θεσσαλονίκη, 5 Μαρτίου 2026 — Η ${brand} ανακοινώνει νέο κέντρο δεδομένων...`);

  // The brand is an unknown name to both; the owner teaches it to the organisation.
  await expect(underline(owner.page, brand)).toHaveClass(/deltio-unknown-name/, { timeout: FIRST_CHECK_MS });
  await expect(underline(member.page, brand)).toBeVisible({ timeout: FIRST_CHECK_MS });
  await underline(owner.page, brand).click();
  await owner.page.getByTestId('spelling-popover').getByRole('button', { name: 'Προσθήκη στο λεξικό' }).click();
  await expect(underline(owner.page, brand)).toHaveCount(0, { timeout: LIVE_MS });
  // The co-editor's underline goes too, live (the dictionary change is pushed to the organisation).
  await expect(underline(member.page, brand)).toHaveCount(0, { timeout: LIVE_MS });
  await openCoach(member.page);
  await member.page.getByTestId('workspace-dictionary').locator('summary').click();
  await expect(member.page.getByTestId('workspace-dictionary')).toContainText(brand);

  // A one-click fix of the coach is an edit of the shared text too: the ellipsis, fixed by the owner.
  await openCoach(owner.page);
  const group = owner.page.getByTestId('coach-group-punctuation');
  if (!(await group.evaluate((d) => (d as HTMLDetailsElement).open))) await group.locator('summary').click();
  const ellipsis = group.getByTestId('finding').and(owner.page.locator('[data-check="ellipsis"]'));
  await ellipsis.getByRole('button', { name: /Διόρθωση/ }).click();
  await expect(text(member.page)).toContainText('κέντρο δεδομένων…', { timeout: LIVE_MS });

  await owner.context.close();
  await member.context.close();
});

test('spelling in the title: a misspelt word is underlined like in the text, its suggestion replaces it; the coach is beside the text', async ({ browser, request }) => {
  const org = await newClient(request, 'title-spelling');
  const { context, page } = await openAs(browser, org, '/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/, { timeout: EDITOR_OPEN_MS });
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  const title = page.getByLabel('Τίτλος *');
  await title.click();
  await page.keyboard.insertText('Νέα επενδιση στη Θεσσαλονίκη');

  // The word is marked over the title input, with the same class as in the text.
  const mark = page.getByTestId('title-spelling').locator('[data-misspelt="επενδιση"]');
  await expect(mark).toBeVisible({ timeout: FIRST_CHECK_MS });
  await expect(mark).toHaveClass(/deltio-misspelt/);
  const [markBox, titleBox] = [await mark.boundingBox(), await title.boundingBox()];
  expect(markBox!.y).toBeGreaterThanOrEqual(titleBox!.y);
  expect(markBox!.y + markBox!.height).toBeLessThanOrEqual(titleBox!.y + titleBox!.height);

  // The coach's tab sits beside the text, at the height of the title (not a screen below).
  const tab = page.getByTestId('side-tab-coach');
  await expect(tab).toHaveText(/^Βοηθός \(\d+\)$/); // its open remarks, the title's word among them
  const tabBox = (await tab.boundingBox())!;
  expect(tabBox.x).toBeGreaterThan(titleBox!.x + titleBox!.width);
  expect(tabBox.y).toBeLessThan(titleBox!.y + 200);
  await tab.click();
  await expect(page.getByTestId('assistant')).toBeInViewport();
  await expect(page.getByTestId('coach-spelling')).toContainText('στον τίτλο');

  // A click on the marked word in the title opens its suggestions; one replaces it.
  await page.mouse.click(markBox!.x + markBox!.width / 2, markBox!.y + markBox!.height / 2);
  const popover = page.getByTestId('spelling-popover');
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name: 'επένδυση', exact: true }).click();
  await expect(title).toHaveValue('Νέα επένδυση στη Θεσσαλονίκη');
  await expect(mark).toHaveCount(0, { timeout: FIRST_CHECK_MS });
  await context.close();
});
