import type { Browser, Page } from '@playwright/test';
import { ACCEPTED_TERMS, approveUser, confirmEmail, EDITOR_OPEN_MS, expect, LIVE_MS, ORIGIN_PAGE, SESSION_KEY, test, toast, uniqueEmail } from './fixtures';

/**
 * Version history and approval before sending, live in two browsers: an approval
 * request appears in the approver's queue (and its sidebar badge) without a reload, and the
 * decision in the writer's editor; a restore arrives in the co-editor's document, and the
 * co-editor takes it back with «Αναίρεση επαναφοράς».
 */
const PASSWORD = 'Thalassa-2026';

interface Person {
  id: string;
  email: string;
  token: string;
  page: Page;
}

async function person(browser: Browser, prefix: string, name: string): Promise<Person> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail(prefix);
  const signup = await page.request.post('/auth/v1/signup', { data: { email, password: PASSWORD, data: { role: 'client', name, organization: `${name} Α.Ε.` }, ...ACCEPTED_TERMS } });
  expect(signup.ok()).toBe(true);
  await confirmEmail(page.request, (await signup.json()) as { confirmation_url?: string });
  const res = await page.request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } });
  const session = await res.text();
  const { access_token: token, user } = JSON.parse(session) as { access_token: string; user: { id: string } };
  await page.request.patch('/api/profile', { headers: { authorization: `Bearer ${token}` }, data: { onboarded: true } });
  await approveUser(page.request, user.id);
  const consent = JSON.stringify({ version: 'v1', necessary: true, functional: false, performance: false, marketing: false, saved_at: new Date().toISOString() });
  await page.goto(ORIGIN_PAGE);
  await page.evaluate(
    ([k, v, ck, cv]) => {
      localStorage.setItem(k, v);
      localStorage.setItem(ck, cv);
    },
    [SESSION_KEY, session, 'cookie_consent_v1', consent] as const,
  );
  return { id: user.id, email, token, page };
}

const auth = (p: Person) => ({ authorization: `Bearer ${p.token}` });

/** An owner and a writer in the owner's workspace (invited and accepted through the API), and a release of the owner's. */
async function team(browser: Browser, title: string) {
  const owner = await person(browser, 'owner19', 'Ελένη Υπεύθυνη');
  const writer = await person(browser, 'writer19', 'Νίκος Συντάκτης');
  const ws = ((await (await owner.page.request.get('/api/organisations', { headers: auth(owner) })).json()) as { organisations: { id: string; role: string }[] }).organisations.find(
    (o) => o.role === 'owner',
  )!;
  const inv = await owner.page.request.post(`/api/organisations/${ws.id}/invitations`, { headers: auth(owner), data: { email: writer.email } });
  const token = new URL(((await inv.json()) as { acceptUrl: string }).acceptUrl).searchParams.get('token')!;
  expect((await writer.page.request.post('/api/invitations/accept', { headers: auth(writer), data: { token } })).ok()).toBe(true);
  const created = await owner.page.request.post('/api/releases', { headers: auth(owner), data: { title, content: '' } });
  const releaseId = ((await created.json()) as { id: string }).id;
  return { owner, writer, workspaceId: ws.id, releaseId };
}

const text = (page: Page) => page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });

async function openEditor(p: Person, releaseId: string) {
  await p.page.goto(`/client/press-releases/${releaseId}`);
  await expect(p.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
}

test('an approval request appears live in the approver’s queue with a badge; the decision reaches the writer’s editor live', async ({ browser }) => {
  // Two signed-in users in browsers of their own and the live editor: slow by design (3× timeout).
  test.slow();
  const { owner, writer, releaseId } = await team(browser, 'Νέα συνεργασία με τον Δήμο');

  // The owner turns the rule on from the team screen, then watches the approval queue.
  await owner.page.goto('/client/invitations');
  await owner.page.getByRole('switch', { name: 'Αποστολή μόνο μετά από έγκριση' }).click();
  await expect(toast(owner.page, 'Η αποστολή γίνεται πλέον μόνο μετά από έγκριση')).toBeVisible();
  await owner.page.getByRole('link', { name: 'Εγκρίσεις' }).click();
  await expect(owner.page.getByRole('heading', { name: 'Εγκρίσεις', level: 1 })).toBeVisible();
  await expect(owner.page.getByTestId('approval-queue-empty')).toBeVisible();
  await expect(owner.page.getByTestId('approvals-badge')).toHaveCount(0);

  // The writer writes and asks for approval of the current version.
  await openEditor(writer, releaseId);
  await text(writer.page).click();
  await writer.page.keyboard.type('Ο Δήμος και η εταιρεία υπογράφουν μνημόνιο συνεργασίας.');
  await expect(writer.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: LIVE_MS });
  await writer.page.getByTestId('request-approval').click();
  await writer.page.getByLabel('Σχόλιο (προαιρετικό)').fill('Για δημοσίευση αύριο');
  await writer.page.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
  await expect(toast(writer.page, 'Το αίτημα έγκρισης στάλθηκε')).toBeVisible();
  await expect(writer.page.getByTestId('approval-status')).toHaveText('Εκκρεμεί');

  // It appears in the owner's queue without a reload, with the sidebar badge.
  const row = owner.page.getByTestId('approval-row').filter({ hasText: 'Νέα συνεργασία με τον Δήμο' });
  await expect(row).toBeVisible({ timeout: LIVE_MS });
  await expect(row).toContainText('Έκδοση 1 «Έκδοση για έγκριση»');
  await expect(row).toContainText('Για δημοσίευση αύριο');
  await expect(owner.page.getByTestId('approvals-badge')).toHaveText('1', { timeout: LIVE_MS });

  // The owner approves that version; the writer's editor shows it at once, and the badge goes.
  await row.getByRole('button', { name: 'Έγκριση' }).click();
  await owner.page.getByLabel('Σχόλιο').fill('Εντάξει από εμένα');
  await owner.page.getByRole('dialog').getByRole('button', { name: 'Έγκριση' }).click();
  await expect(toast(owner.page, 'Η έκδοση εγκρίθηκε')).toBeVisible();
  await expect(owner.page.getByTestId('approvals-badge')).toHaveCount(0, { timeout: LIVE_MS });
  await expect(writer.page.getByTestId('approval-status')).toHaveText('Εγκρίθηκε', { timeout: LIVE_MS });

  // An edit after the approval marks it stale, live (the send refusal itself: approvals.test.ts).
  await text(writer.page).click();
  await writer.page.keyboard.press('End');
  await writer.page.keyboard.type(' Νέα πρόταση.');
  await expect(writer.page.getByTestId('approval-stale')).toHaveText(/άλλαξε μετά την έγκριση/, { timeout: LIVE_MS });

  await owner.page.context().close();
  await writer.page.context().close();
});

test('a restore appears live in the co-editor’s document, who can undo it', async ({ browser }) => {
  test.slow();
  const { owner, writer, releaseId } = await team(browser, 'Ετήσια έκθεση βιωσιμότητας');
  await openEditor(owner, releaseId);
  await openEditor(writer, releaseId);

  // The owner writes a first text and saves it as a named version.
  await text(owner.page).click();
  await owner.page.keyboard.type('Πρώτη εκδοχή του κειμένου.');
  await expect(text(writer.page)).toContainText('Πρώτη εκδοχή του κειμένου.', { timeout: LIVE_MS });
  await owner.page.getByTestId('open-versions').click();
  const panel = owner.page.getByTestId('versions-panel');
  await panel.getByLabel('Όνομα νέας έκδοσης').fill('Πρώτο σχέδιο');
  await panel.getByRole('button', { name: 'Αποθήκευση έκδοσης' }).click();
  await expect(toast(owner.page, 'Η έκδοση αποθηκεύτηκε')).toBeVisible();
  await expect(panel.getByTestId('version-item').filter({ hasText: 'Έκδοση 1 «Πρώτο σχέδιο»' })).toBeVisible();
  await panel.getByRole('button', { name: 'Κλείσιμο' }).click();

  // The writer rewrites it.
  await text(writer.page).click();
  await writer.page.keyboard.press('Control+A');
  await writer.page.keyboard.type('Δεύτερη εκδοχή από τον συντάκτη.');
  await expect(text(owner.page)).toContainText('Δεύτερη εκδοχή από τον συντάκτη.', { timeout: LIVE_MS });
  await expect(writer.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: LIVE_MS });

  // The owner compares version 1 with the current text: deletions and insertions side by side.
  await owner.page.getByTestId('open-versions').click();
  const v1 = panel.getByTestId('version-item').filter({ hasText: 'Έκδοση 1 «Πρώτο σχέδιο»' });
  await v1.getByRole('button', { name: 'Σύγκριση με το τρέχον' }).click();
  await expect(owner.page.getByTestId('compare-a').locator('del')).toContainText(['Πρώτη']);
  await expect(owner.page.getByTestId('compare-b').locator('ins')).toContainText(['Δεύτερη']);
  await owner.page.getByRole('dialog', { name: 'Σύγκριση εκδόσεων' }).getByRole('button', { name: 'Κλείσιμο' }).click();

  // The owner restores version 1: it arrives in the writer's document without a reload.
  await v1.getByRole('button', { name: /^Επαναφορά/ }).click();
  await owner.page.getByTestId('confirm-restore').click();
  await expect(toast(owner.page, 'Η έκδοση 1 επαναφέρθηκε')).toBeVisible();
  await expect(text(writer.page)).toContainText('Πρώτη εκδοχή του κειμένου.', { timeout: LIVE_MS });
  await expect(text(writer.page)).not.toContainText('Δεύτερη εκδοχή');
  // The restore and the text before it are versions of the history.
  await expect(panel.getByTestId('version-item').first()).toHaveAttribute('data-kind', 'restore', { timeout: LIVE_MS });
  await panel.getByRole('button', { name: 'Κλείσιμο' }).click();

  // The writer sees who restored what, and undoes it: the owner gets the writer's text back, live.
  const banner = writer.page.getByTestId('restore-banner');
  await expect(banner).toContainText('Επαναφέρθηκε η έκδοση 1 από Ελένη Υπεύθυνη', { timeout: LIVE_MS });
  await banner.getByRole('button', { name: 'Αναίρεση επαναφοράς' }).click();
  await expect(text(owner.page)).toContainText('Δεύτερη εκδοχή από τον συντάκτη.', { timeout: LIVE_MS });
  await expect(text(writer.page)).toContainText('Δεύτερη εκδοχή από τον συντάκτη.');

  await owner.page.context().close();
  await writer.page.context().close();
});
