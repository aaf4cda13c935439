/**
 * Suggested changes, live between two members: a reviewer's typing and deleting arrive at the
 * owner's editor as suggestions in the reviewer's colour; the owner accepts one and rejects the
 * other, and both editors show the plain result without a reload. An editor switches to
 * «Προτάσεις» herself and her change waits for acceptance the same way.
 */
import type { Page } from '@playwright/test';
import { browserOf, createRelease, editorText, editorWords, expect, LIVE_MS, newClient, openEditor, selectInText, suggestedText, test } from './fixtures';

const TEXT = 'Η εταιρεία ανακοινώνει αύξηση πωλήσεων.';

const caretAfter = (page: Page, words: string) => selectInText(page, words, { caret: true });
const text = editorText;
const words = editorWords;

test('a reviewer’s suggestions reach the owner live; accepted and rejected, both editors show the result', async ({ browser, request }) => {
  test.slow();
  const org = await newClient(request, 'suggest', { members: [{ role: 'reviewer', name: 'Νίκος Αναθεωρητής' }] });
  const id = await createRelease(request, org, { title: 'Πωλήσεις', category: 'economy', content: TEXT });
  const owner = await browserOf(browser, org);
  const reviewer = await browserOf(browser, org.members[0]!);
  for (const p of [owner.page, reviewer.page]) await p.setViewportSize({ width: 1280, height: 900 });
  await openEditor(owner.page, id);
  await openEditor(reviewer.page, id);

  // The reviewer is in suggesting mode and cannot leave it.
  const modes = reviewer.page.getByTestId('edit-mode');
  await expect(modes.getByRole('radio', { name: 'Προτάσεις' })).toHaveAttribute('aria-checked', 'true');
  await expect(modes.getByRole('radio', { name: 'Επεξεργασία' })).toBeDisabled();

  // She adds words and deletes one.
  await caretAfter(reviewer.page, 'αύξηση');
  await reviewer.page.keyboard.type(' 12%');
  await caretAfter(reviewer.page, 'Η εταιρεία ');
  await reviewer.page.keyboard.press('Control+Backspace');
  await expect(reviewer.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: LIVE_MS });

  // The owner sees both, marked, in her colour, and listed with her name.
  await expect.poll(() => suggestedText(owner.page, 'insertion'), { timeout: LIVE_MS }).toBe(' 12%');
  await expect.poll(() => suggestedText(owner.page, 'deletion'), { timeout: LIVE_MS }).toBe('εταιρεία ');
  await owner.page.getByTestId('side-tab-comments').click();
  const list = owner.page.getByTestId('suggestions');
  await expect(list.getByTestId('suggestion')).toHaveCount(2, { timeout: LIVE_MS });
  await expect(list).toContainText('Νίκος Αναθεωρητής');

  // Accept the insertion, reject the deletion: plain text at both.
  await list.getByRole('button', { name: 'Αποδοχή: 12%' }).click();
  await list.getByRole('button', { name: /Απόρριψη: εταιρεία/ }).click();
  for (const p of [owner.page, reviewer.page]) {
    await expect(text(p).locator('.deltio-suggestion')).toHaveCount(0, { timeout: LIVE_MS });
    await expect.poll(() => words(p), { timeout: LIVE_MS }).toBe('Η εταιρεία ανακοινώνει αύξηση 12% πωλήσεων.');
  }
  await expect(list).toBeHidden();
  await owner.context.close();
  await reviewer.context.close();
});

test('an editor who switches to «Προτάσεις» suggests instead of editing; a publisher accepts all', async ({ browser, request }) => {
  test.slow();
  const org = await newClient(request, 'suggest-mode', { members: [{ role: 'editor', name: 'Ελένη Συντάκτρια' }] });
  const id = await createRelease(request, org, { title: 'Πωλήσεις', category: 'economy', content: TEXT });
  const owner = await browserOf(browser, org);
  const editor = await browserOf(browser, org.members[0]!);
  for (const p of [owner.page, editor.page]) await p.setViewportSize({ width: 1280, height: 900 });
  await openEditor(owner.page, id);
  await openEditor(editor.page, id);

  await editor.page.getByTestId('edit-mode').getByRole('radio', { name: 'Προτάσεις' }).click();
  await expect(editor.page.getByRole('button', { name: 'Επικεφαλίδα' })).toBeDisabled();
  await caretAfter(editor.page, 'πωλήσεων');
  await editor.page.keyboard.type(' στην Ελλάδα');
  await expect.poll(() => suggestedText(owner.page, 'insertion'), { timeout: LIVE_MS }).toBe(' στην Ελλάδα');

  await owner.page.getByTestId('side-tab-comments').click();
  await expect(owner.page.getByTestId('side-tab-comments')).toHaveText('Σχόλια (1)', { timeout: LIVE_MS });
  await owner.page.getByRole('button', { name: 'Αποδοχή όλων' }).click();
  await expect(text(editor.page).locator('.deltio-suggestion')).toHaveCount(0, { timeout: LIVE_MS });
  await expect.poll(() => words(editor.page), { timeout: LIVE_MS }).toBe('Η εταιρεία ανακοινώνει αύξηση πωλήσεων στην Ελλάδα.');
  await owner.context.close();
  await editor.context.close();
});
