/**
 * Comments on the text, live between two members of an organisation: a thread made on words of
 * the text (Ctrl+Alt+M) with an @mention appears highlighted and in the other's column without a
 * reload; replies and resolving travel the same way; a thread on the title; a thread whose words
 * are deleted stays as detached with its quote; on a phone the comments open in a panel.
 */
import type { Page } from '@playwright/test';
import { browserOf, createRelease, EDITOR_OPEN_MS, expect, LIVE_MS, newClient, openEditor, selectInText, test } from './fixtures';

const TEXT = 'Η Αιγαίο Τεχνολογίες ανακοινώνει αύξηση πωλήσεων κατά 12% στο πρώτο εξάμηνο.';
const SECOND = 'Η νέα μονάδα στη Νάξο ξεκινά τον Μάρτιο.';

const thread = (page: Page, quote: string) => page.getByTestId('comment-thread').filter({ hasText: quote });

test('a comment with a mention, its reply and its resolution reach the other member live, highlighted on its words', async ({ browser, request }) => {
  test.slow();
  const org = await newClient(request, 'comments', { members: [{ role: 'editor', name: 'Μαρία Συντάκτρια' }] });
  const id = await createRelease(request, org, { title: 'Αύξηση πωλήσεων', category: 'economy', content: `${TEXT}\n\n${SECOND}` });
  const owner = await browserOf(browser, org);
  const colleague = await browserOf(browser, org.members[0]!);
  await owner.page.setViewportSize({ width: 1280, height: 900 });
  await colleague.page.setViewportSize({ width: 1280, height: 900 });
  await openEditor(owner.page, id);
  await openEditor(colleague.page, id);
  await colleague.page.getByTestId('side-tab-comments').click();
  await expect(colleague.page.getByTestId('comments-empty')).toBeVisible();

  // The owner comments on "αύξηση πωλήσεων" with the keyboard and mentions her colleague.
  await selectInText(owner.page, 'αύξηση πωλήσεων');
  await owner.page.keyboard.press('Control+Alt+KeyM');
  const box = owner.page.getByRole('combobox', { name: 'Νέο σχόλιο' });
  await expect(box).toBeFocused();
  await box.pressSequentially('Ποιο είναι το ακριβές ποσοστό; @Μαρ');
  await owner.page.getByRole('option', { name: 'Μαρία Συντάκτρια' }).click();
  await box.press('Control+Enter');
  await expect(thread(owner.page, 'αύξηση πωλήσεων')).toContainText('@Μαρία Συντάκτρια');

  // Live at the colleague's: the thread in her column, its words highlighted, her tab's count, her bell.
  await expect(thread(colleague.page, 'αύξηση πωλήσεων')).toContainText('Ποιο είναι το ακριβές ποσοστό;', { timeout: LIVE_MS });
  await expect(colleague.page.getByTestId('side-tab-comments')).toHaveText('Σχόλια (1)');
  await expect(colleague.page.locator('.ProseMirror .deltio-comment')).toHaveText('αύξηση πωλήσεων');
  const bell = await colleague.page.request.get('/api/notifications', { headers: org.members[0]!.headers });
  expect(JSON.stringify(await bell.json())).toContain('σας ανέφερε σε σχόλιο');

  // Text typed before the words does not move the highlight off them.
  await colleague.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await colleague.page.keyboard.press('Control+Home');
  await colleague.page.keyboard.type('Σήμερα: ');
  await expect(owner.page.locator('.ProseMirror p').first()).toContainText('Σήμερα:', { timeout: LIVE_MS });
  await expect(owner.page.locator('.ProseMirror .deltio-comment')).toHaveText('αύξηση πωλήσεων');

  // She replies; the owner sees it, resolves the thread, and it leaves her open list.
  await thread(colleague.page, 'αύξηση πωλήσεων').getByRole('button', { name: 'Απάντηση' }).click();
  await colleague.page.getByRole('combobox', { name: 'Απάντηση' }).fill('12,4% σύμφωνα με τον ισολογισμό.');
  await colleague.page.getByRole('combobox', { name: 'Απάντηση' }).press('Control+Enter');
  await expect(thread(owner.page, 'αύξηση πωλήσεων')).toContainText('12,4% σύμφωνα με τον ισολογισμό.', { timeout: LIVE_MS });
  await thread(owner.page, 'αύξηση πωλήσεων').getByRole('button', { name: 'Επίλυση' }).click();
  await expect(colleague.page.getByTestId('comments-empty')).toBeVisible({ timeout: LIVE_MS });
  await expect(colleague.page.getByTestId('side-tab-comments')).toHaveText('Σχόλια');
  await expect(colleague.page.locator('.ProseMirror .deltio-comment')).toHaveCount(0);
  await colleague.page.getByRole('button', { name: 'Επιλυμένα (1)' }).click();
  await expect(thread(colleague.page, 'αύξηση πωλήσεων')).toContainText('Επιλύθηκε από');

  // The mention's link opens the release at its thread: the comments shown, the thread active.
  const notes = (await (await colleague.page.request.get('/api/notifications', { headers: org.members[0]!.headers })).json()) as { items: { kind: string; link: string }[] };
  const link = notes.items.find((n) => n.kind === 'comment.mentioned')!.link;
  expect(link).toMatch(new RegExp(`^/client/press-releases/${id}\\?comment=`));
  await colleague.page.goto(link);
  await expect(colleague.page.getByTestId('side-tab-comments')).toHaveAttribute('aria-selected', 'true', { timeout: EDITOR_OPEN_MS });
  await colleague.page.getByRole('button', { name: 'Επιλυμένα (1)' }).click();
  await expect(thread(colleague.page, 'αύξηση πωλήσεων')).toHaveAttribute('data-active', 'true');

  await owner.context.close();
  await colleague.context.close();
});

test('a comment on the title, a detached thread keeping its quote, and the comments panel on a phone', async ({ browser, request }) => {
  test.slow();
  const org = await newClient(request, 'comments-title');
  const id = await createRelease(request, org, { title: 'Νέα μονάδα στη Νάξο', category: 'economy', content: `${TEXT}\n\n${SECOND}` });
  const owner = await browserOf(browser, org);
  await owner.page.setViewportSize({ width: 375, height: 800 });
  await openEditor(owner.page, id);

  // On the title: select "Νάξο" in the input and comment with the keyboard.
  const title = owner.page.getByLabel('Τίτλος *');
  await title.focus();
  await title.evaluate((el: HTMLInputElement) => el.setSelectionRange(el.value.indexOf('Νάξο'), el.value.indexOf('Νάξο') + 4));
  await owner.page.keyboard.press('Control+Alt+KeyM');
  const sheet = owner.page.getByTestId('comments-sheet');
  await expect(sheet.getByTestId('comment-draft')).toContainText('Νάξο');
  await sheet.getByRole('combobox', { name: 'Νέο σχόλιο' }).fill('Να γράψουμε «στη Νάξο» ή «στην Νάξο»;');
  await sheet.getByRole('button', { name: 'Σχόλιο', exact: true }).click();
  await expect(thread(owner.page, 'Νάξο')).toContainText('Τίτλος');
  await owner.page.keyboard.press('Escape');
  await expect(owner.page.getByTestId('title-comments')).toHaveText('1 σχόλιο στον τίτλο');
  // Its words are highlighted over the title, as the text's are.
  await expect(owner.page.getByTestId('title-highlights').locator('mark')).toHaveText('Νάξο');

  // On the second paragraph, whose words are then deleted: the thread stays, detached, with its quote.
  await selectInText(owner.page, 'ξεκινά τον Μάρτιο');
  await owner.page.keyboard.press('Control+Alt+KeyM');
  await sheet.getByRole('combobox', { name: 'Νέο σχόλιο' }).fill('Ημερομηνία;');
  await sheet.getByRole('combobox', { name: 'Νέο σχόλιο' }).press('Control+Enter');
  await expect(thread(owner.page, 'ξεκινά τον Μάρτιο')).toBeVisible();
  await owner.page.keyboard.press('Escape');
  await expect(owner.page.getByTestId('open-comments')).toHaveText('Σχόλια (2)');
  await owner.page.locator('.ProseMirror p', { hasText: 'Η νέα μονάδα' }).click({ clickCount: 3 });
  await owner.page.keyboard.press('Backspace');
  await expect(owner.page.locator('.ProseMirror')).not.toContainText('Μάρτιο');
  await expect(owner.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: LIVE_MS });
  await owner.page.getByTestId('open-comments').click();
  await expect(thread(owner.page, 'ξεκινά τον Μάρτιο').getByTestId('comment-detached')).toBeVisible({ timeout: LIVE_MS });
  // The sheet fits the phone: nothing wider than the screen.
  expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await owner.context.close();
});
