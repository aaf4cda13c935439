/**
 * Open review on the screens: a comment on the text shows as a badge in the release list
 * (without breaking its layout at 1280 and 375 px), in the approval queue, and on the editor's
 * approval card, whose Approve waits with the reason while the organisation's rule is on.
 */
import type { Page } from '@playwright/test';
import { browserOf, createRelease, EDITOR_OPEN_MS, expect, newClient, selectInText, test } from './fixtures';

const TEXT = 'Η Αιγαίο Τεχνολογίες ανακοινώνει αύξηση πωλήσεων κατά 12% στο πρώτο εξάμηνο.';

/** Nothing wider than the window, and the list's table fits its frame. */
async function expectNoOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const frame = document.querySelector('[data-testid="release-row"]')!.closest('table')!.parentElement!;
    return { doc: document.documentElement.scrollWidth, win: window.innerWidth, table: frame.scrollWidth, frame: frame.clientWidth };
  });
  expect(widths.doc).toBeLessThanOrEqual(widths.win);
  expect(widths.table).toBeLessThanOrEqual(widths.frame);
}

test('an open comment shows in the release list, the approval queue and the approval card, whose Approve waits', async ({ browser, request }) => {
  test.slow();
  const org = await newClient(request, 'reviewgate', { members: [{ role: 'editor', name: 'Μαρία Συντάκτρια' }] });
  const rule = await request.patch(`/api/organisations/${org.organisationId}/settings`, { headers: org.headers, data: { approval_required: true } });
  expect(rule.ok()).toBe(true);
  const id = await createRelease(request, org.members[0]!, { title: 'Αύξηση πωλήσεων', category: 'economy', content: TEXT });
  const owner = await browserOf(browser, org);
  const page = owner.page;
  await page.setViewportSize({ width: 1280, height: 900 });

  // The owner comments on words of the text.
  await page.goto(`/client/press-releases/${id}`);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await selectInText(page, 'αύξηση πωλήσεων');
  await page.keyboard.press('Control+Alt+KeyM');
  const box = page.getByRole('combobox', { name: 'Νέο σχόλιο' });
  await expect(box).toBeFocused();
  await box.fill('Ποιο είναι το ακριβές ποσοστό;');
  await box.press('Control+Enter');
  await expect(page.getByTestId('comment-thread').filter({ hasText: 'αύξηση πωλήσεων' })).toBeVisible();

  // The writer asks for approval (never refused for open review).
  const asked = await request.post(`/api/releases/${id}/approval-requests`, { headers: org.members[0]!.headers, data: {} });
  expect(asked.status()).toBe(201);

  // The editor's card (the side column's send tab): the count on the request, Approve disabled with the reason.
  await page.getByTestId('side-tab-send').click();
  const card = page.getByTestId('approval-card');
  await expect(card.getByTestId('approval-review')).toHaveText('1 ανοιχτό σχόλιο');
  await expect(card.getByRole('button', { name: 'Έγκριση', exact: true })).toBeDisabled();
  await expect(card.getByTestId('approval-review-block')).toContainText('επιλύσετε τα σχόλια');

  // The queue shows the count.
  await page.goto('/client/approvals');
  await expect(page.getByTestId('approval-queue').getByTestId('approval-review')).toHaveText('1 ανοιχτό σχόλιο');

  // The release list: a small badge beside the status, at 1280 and 375 px, nothing overflowing.
  await page.goto('/client/press-releases');
  const row = page.getByTestId('release-row').filter({ hasText: 'Αύξηση πωλήσεων' });
  await expect(row.getByTestId('review-count').locator('visible=true')).toHaveAttribute('title', '1 ανοιχτό σχόλιο');
  await expectNoOverflow(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row.getByTestId('review-count').locator('visible=true')).toHaveAttribute('title', '1 ανοιχτό σχόλιο');
  await expectNoOverflow(page);
});
