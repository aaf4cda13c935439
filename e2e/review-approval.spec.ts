/**
 * Review bound to approval, with three people in browsers of their own: the author writes, the
 * reviewer suggests a change and comments, both reach the author live; the author accepts one
 * suggestion and rejects the other; the approver is refused while the comment is open and
 * approves once it is resolved; the journalist then reads a text without any suggestion mark.
 */
import type { Page } from '@playwright/test';
import { browserOf, createRelease, editorText, expect, LIVE_MS, newClient, newJournalist, openEditor, selectInText, suggestedText, test, toast } from './fixtures';

const TEXT = 'Η εταιρεία ανακοινώνει αύξηση πωλήσεων στο εξάμηνο.';

const pick = (page: Page, words: string, caret = false) => selectInText(page, words, { caret });
const body = editorText;

test('the reviewer suggests and comments, the author decides, the approver waits for the comment, the journalist reads clean text', async ({ browser, request }) => {
  test.slow();
  const org = await newClient(request, 'review3', {
    members: [
      { role: 'editor', name: 'Ελένη Συντάκτρια' },
      { role: 'reviewer', name: 'Νίκος Αναθεωρητής' },
      { role: 'publisher', name: 'Άννα Εκδότρια' },
    ],
  });
  const [author, reviewer, approver] = org.members as [(typeof org.members)[0], (typeof org.members)[0], (typeof org.members)[0]];
  const journalist = await newJournalist(request, 'review3j', { lists: ['economy'] });
  expect((await request.patch(`/api/organisations/${org.organisationId}/settings`, { headers: org.headers, data: { approval_required: true } })).ok()).toBe(true);
  const id = await createRelease(request, author, { title: 'Αποτελέσματα εξαμήνου', category: 'economy', content: TEXT });

  const a = await browserOf(browser, author);
  const r = await browserOf(browser, reviewer);
  const p = await browserOf(browser, approver);
  for (const x of [a, r, p]) await x.page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(a.page, id);
  await openEditor(r.page, id);
  await a.page.getByTestId('side-tab-comments').click();

  // The reviewer suggests two changes and comments on a word.
  await pick(r.page, 'ανακοινώνει', true);
  await r.page.keyboard.type(' σήμερα');
  await pick(r.page, ' στο εξάμηνο');
  await r.page.keyboard.press('Backspace');
  await pick(r.page, 'εταιρεία');
  await r.page.keyboard.press('Control+Alt+KeyM');
  await r.page.getByRole('combobox', { name: 'Νέο σχόλιο' }).fill('Να γράψουμε το όνομα της εταιρείας.');
  await r.page.getByRole('combobox', { name: 'Νέο σχόλιο' }).press('Control+Enter');

  // Both reach the author live: the marks in the text, the list, the thread.
  await expect.poll(() => suggestedText(a.page, 'insertion'), { timeout: LIVE_MS }).toBe(' σήμερα');
  await expect.poll(() => suggestedText(a.page, 'deletion'), { timeout: LIVE_MS }).toBe(' στο εξάμηνο');
  const suggestions = a.page.getByTestId('suggestions');
  await expect(suggestions.getByTestId('suggestion')).toHaveCount(2, { timeout: LIVE_MS });
  const thread = a.page.getByTestId('comment-thread').filter({ hasText: 'εταιρεία' });
  await expect(thread).toContainText('Να γράψουμε το όνομα της εταιρείας.', { timeout: LIVE_MS });

  // The author accepts the insertion and rejects the deletion, then asks for approval.
  await suggestions.getByRole('button', { name: 'Αποδοχή: σήμερα' }).click();
  await suggestions.getByRole('button', { name: /Απόρριψη: .*στο εξάμηνο/ }).click();
  await expect(body(r.page).locator('.deltio-suggestion')).toHaveCount(0, { timeout: LIVE_MS });
  await expect(a.page.getByTestId('suggestions')).toBeHidden({ timeout: LIVE_MS });
  await a.page.getByTestId('side-tab-send').click();
  await a.page.getByTestId('request-approval').click();
  await a.page.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
  await expect(toast(a.page, 'Το αίτημα έγκρισης στάλθηκε')).toBeVisible();

  // The approver sees the open comment in the queue and is refused, with the count in Greek.
  await p.page.goto('/client/approvals');
  const row = p.page.getByTestId('approval-row').filter({ hasText: 'Αποτελέσματα εξαμήνου' });
  await expect(row.getByTestId('approval-review')).toHaveText('1 ανοιχτό σχόλιο', { timeout: LIVE_MS });
  await row.getByRole('button', { name: 'Έγκριση' }).click();
  await p.page.getByRole('dialog').getByRole('button', { name: 'Έγκριση' }).click();
  await expect(p.page.getByRole('dialog')).toContainText('Υπάρχει 1 ανοιχτό σχόλιο');
  await p.page.keyboard.press('Escape');

  // The author resolves it; the count leaves the approver's queue live, and approval goes through.
  await a.page.getByTestId('side-tab-comments').click();
  await thread.getByRole('button', { name: 'Επίλυση' }).click();
  await expect(row.getByTestId('approval-review')).toHaveCount(0, { timeout: LIVE_MS });
  await row.getByRole('button', { name: 'Έγκριση' }).click();
  await p.page.getByRole('dialog').getByRole('button', { name: 'Έγκριση' }).click();
  await expect(toast(p.page, 'Η έκδοση εγκρίθηκε')).toBeVisible();

  // Sent by the approver, the journalist's copy holds the accepted words and no mark.
  expect((await request.post(`/api/releases/${id}/send`, { headers: approver.headers })).status()).toBe(200);
  const copy = await request.get(`/api/media/inbox/${id}`, { headers: journalist.headers });
  expect(copy.status()).toBe(200);
  const json = JSON.stringify(await copy.json());
  expect(json).toContain('Η εταιρεία ανακοινώνει σήμερα αύξηση πωλήσεων στο εξάμηνο.');
  expect(json).not.toMatch(/<ins|<del|data-id|\u200b/);
  for (const x of [a, r, p]) await x.context.close();
});
