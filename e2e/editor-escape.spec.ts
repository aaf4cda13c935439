import type { Page } from '@playwright/test';
import { answerCookiesInStorage, EDITOR_OPEN_MS, editorText, expect, newClient, signInViaApi, test } from './fixtures';

/**
 * Escape closes whichever panel of the editor is open (the version history, the side column's
 * review and coach tabs, the coach's spelling popover, the phone's comments), one per press;
 * with none open it is left to the text.
 */
async function openNewRelease(page: Page): Promise<void> {
  await page.goto('/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/, { timeout: EDITOR_OPEN_MS });
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
}

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');

test('Escape closes each panel of the editor at 1280 px, one per press, and leaves the text alone otherwise', async ({ page, request, consoleErrors }) => {
  // The live editor and the coach's dictionary under CI load: slow by design (3× timeout).
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const client = await newClient(request, 'escape');
  await signInViaApi(page, client.email, client.password);
  await answerCookiesInStorage(page);
  await openNewRelease(page);
  const text = editorText(page);
  await text.click();
  await page.keyboard.insertText('Η εταιρεία ανακοινώνει την επενδιση σε νέο κέντρο.');

  // No panel open: Escape in the text leaves the text, its focus and the side column as they are.
  await page.keyboard.press('Escape');
  await expect(text).toBeFocused();
  await expect(text).toContainText('την επενδιση σε νέο κέντρο.');
  await expect(selectedTab(page)).toHaveAttribute('data-testid', 'side-tab-send');

  // The version history.
  await page.getByTestId('open-versions').click();
  await expect(page.getByTestId('versions-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('versions-panel')).toBeHidden();

  // The review (comments and suggestions) tab: Escape from the text, back to Αποστολή.
  await page.getByTestId('side-tab-comments').click();
  await expect(page.locator('#side-panel-comments')).toBeVisible();
  await text.click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#side-panel-comments')).toHaveCount(0);
  await expect(selectedTab(page)).toHaveAttribute('data-testid', 'side-tab-send');
  await expect(text).toBeFocused();

  // The review tab with focus inside it: closed, focus on its tab.
  await page.getByTestId('side-tab-comments').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#side-panel-comments')).toHaveCount(0);
  await expect(page.getByTestId('side-tab-comments')).toBeFocused();

  // A Radix select keeps its Escape: the open list closes, the coach's tab stays.
  await page.getByTestId('side-tab-coach').click();
  await expect(page.locator('#side-panel-coach')).toBeVisible();
  await page.getByLabel('Κατηγορία *').click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page.locator('#side-panel-coach')).toBeVisible();

  // The coach's spelling popover closes first, then the coach's tab.
  const underline = text.locator('[data-misspelt="επενδιση"]');
  await expect(underline).toBeVisible({ timeout: 20_000 }); // the dictionary's first load
  await underline.click();
  await expect(page.getByTestId('spelling-popover')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('spelling-popover')).toHaveCount(0);
  await expect(page.locator('#side-panel-coach')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#side-panel-coach')).toBeHidden();
  await expect(selectedTab(page)).toHaveAttribute('data-testid', 'side-tab-send');

  // The link dialog of the toolbar (a Radix dialog).
  await page.getByRole('button', { name: 'Σύνδεσμος' }).click();
  await expect(page.getByRole('dialog', { name: 'Σύνδεσμος' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Σύνδεσμος' })).toHaveCount(0);
  await expect(text).toContainText('την επενδιση σε νέο κέντρο.');
  expect(consoleErrors).toEqual([]);
});

test('Escape closes the comments and the version history on a 375 px phone', async ({ page, request, consoleErrors }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  const client = await newClient(request, 'escape-phone');
  await signInViaApi(page, client.email, client.password);
  await answerCookiesInStorage(page);
  await openNewRelease(page);

  await page.getByTestId('open-comments').click();
  await expect(page.getByTestId('comments-sheet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('comments-sheet')).toHaveCount(0);

  await page.getByTestId('open-versions').click();
  await expect(page.getByTestId('versions-panel')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('versions-375.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('versions-panel')).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
