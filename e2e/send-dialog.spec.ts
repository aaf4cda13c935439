import type { Page } from '@playwright/test';
import { APPROVAL_ERRORS } from '../shared/schemas/approvals';
import { EDITOR_OPEN_MS, expect, newClient, signInViaApi, test } from './fixtures';

/**
 * Sending without surprises (issue 33, point 4): under the approval rule the send buttons are
 * disabled with the reason; the confirmation fits a laptop and a phone with its confirm
 * button in view.
 */

async function editorOf(page: Page, who: { email: string; password: string }, releaseId: string) {
  await signInViaApi(page, who.email, who.password);
  await page.goto(`/client/press-releases/${releaseId}`);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
}

async function inViewport(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const vp = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height && box.x + box.width <= vp.width;
}

test('under the approval rule, Send now and Schedule are disabled with the reason', async ({ page, request }) => {
  const client = await newClient(request, 'sendrule', { plan: 'pro' });
  const created = await request.post('/api/releases', { headers: client.headers, data: { title: 'Δελτίο με κανόνα', content: 'Κείμενο.' } });
  const releaseId = ((await created.json()) as { id: string }).id;
  expect((await request.patch(`/api/organisations/${client.organisationId}/settings`, { headers: client.headers, data: { approval_required: true } })).ok()).toBe(true);
  await editorOf(page, client, releaseId);
  for (const name of ['Αποστολή τώρα', 'Προγραμματισμός αποστολής']) await expect(page.getByRole('button', { name })).toBeDisabled();
  await expect(page.getByTestId('send-approval-reason')).toHaveText(APPROVAL_ERRORS.approval_required!);
  await expect(page.getByRole('button', { name: 'Αποστολή τώρα' })).toHaveAttribute('aria-describedby', 'send-approval-reason');
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`the send confirmation fits ${viewport.width}×${viewport.height}: heading and confirm button in view`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const client = await newClient(request, `sendfit${viewport.width}`, { plan: 'pro' });
    const created = await request.post('/api/releases', {
      headers: client.headers,
      data: { title: 'Δελτίο που χωράει', content: 'Η εταιρεία ανακοινώνει νέο κέντρο δεδομένων.', category: 'tech' },
    });
    const releaseId = ((await created.json()) as { id: string }).id;
    await editorOf(page, client, releaseId);
    await page.getByRole('button', { name: 'Αποστολή τώρα' }).click();
    const dialog = page.getByRole('dialog', { name: 'Αποστολή τώρα' });
    await expect(dialog.getByTestId('preview-total')).toBeVisible({ timeout: 10_000 });
    const confirm = dialog.getByRole('button', { name: 'Επιβεβαίωση αποστολής' });
    await expect(confirm).toBeVisible();
    expect(await inViewport(page, confirm), 'confirm button in the viewport').toBe(true);
    expect(await inViewport(page, dialog.getByRole('heading', { name: 'Αποστολή τώρα' })), 'heading in the viewport').toBe(true);
    await page.screenshot({ path: test.info().outputPath(`send-dialog-${viewport.width}.png`) });
  });
}
