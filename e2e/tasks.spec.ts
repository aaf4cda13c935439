import type { Browser, Page } from '@playwright/test';
import { approveUser, confirmEmail, expect, LIVE_MS, ORIGIN_PAGE, SESSION_KEY, test, toast, uniqueEmail, ACCEPTED_TERMS } from './fixtures';

const PASSWORD = 'Thalassa-2026';

interface Person {
  email: string;
  name: string;
  token: string;
  id: string;
}

/** Signs up a fresh client through the API and signs them in (no UI, fast). */
async function freshClient(page: Page, prefix: string, name: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  const signup = await page.request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, data: { role: 'client', name, organization: `${name} Α.Ε.` }, ...ACCEPTED_TERMS },
  });
  expect(signup.ok()).toBe(true);
  await confirmEmail(page.request, (await signup.json()) as { confirmation_url?: string });
  const res = await page.request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  const session = await res.text();
  const { access_token: token, user } = JSON.parse(session) as { access_token: string; user: { id: string } };
  // Past the onboarding wizard and the cookie banner: this test is about the task board.
  const onboarded = await page.request.patch('/api/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { onboarded: true },
  });
  expect(onboarded.ok()).toBe(true);
  const consent = JSON.stringify({ version: 'v1', necessary: true, functional: false, performance: false, marketing: false, saved_at: new Date().toISOString() });
  await page.goto(ORIGIN_PAGE);
  await page.evaluate(
    ([k, v, ck, cv]) => {
      localStorage.setItem(k, v);
      localStorage.setItem(ck, cv);
    },
    [SESSION_KEY, session, 'cookie_consent_v1', consent] as const,
  );
  return { email, name, token, id: user.id };
}

async function newPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return { page, errors };
}

const card = (page: Page, title: string) => page.getByTestId('task-card').filter({ hasText: title });

async function pick(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An approved owner with a colleague who accepted an invitation (through the API: these tests are about the board). */
async function team(a: Page, b: Page, prefix: string, ownerName: string, memberName: string) {
  const owner = await freshClient(a, `${prefix}o`, ownerName);
  await approveUser(a.request, owner.id); // pending accounts cannot invite
  const member = await freshClient(b, `${prefix}m`, memberName);
  const auth = (p: Person) => ({ authorization: `Bearer ${p.token}` });
  const orgs = (await (await a.request.get('/api/organisations', { headers: auth(owner) })).json()) as { organisations: { id: string }[] };
  const inv = (await (
    await a.request.post(`/api/organisations/${orgs.organisations[0]!.id}/invitations`, { headers: auth(owner), data: { email: member.email } })
  ).json()) as { acceptUrl: string };
  const token = new URL(inv.acceptUrl).searchParams.get('token');
  // Accepting makes the team's organisation the colleague's active one; the owner's is his.
  expect((await b.request.post('/api/invitations/accept', { headers: auth(member), data: { token } })).ok()).toBe(true);
  return { owner, member, auth };
}

test('owner invites a colleague from the invitations page; she joins in one click, the link works once, and removal closes her board at once', async ({
  browser,
}) => {
  // Two signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const a = await newPage(browser);
  const b = await newPage(browser);
  const owner = await freshClient(a.page, 'owner9', 'Ελένη Ιδιοκτήτρια');
  // Pending accounts cannot invite: the superadmin approves the owner first.
  await approveUser(a.page.request, owner.id);
  const member = await freshClient(b.page, 'member9', 'Νίκος Συνεργάτης');

  // The owner invites by e-mail from /client/invitations (outside production the API answers with the link).
  await a.page.goto('/client/invitations');
  await a.page.getByLabel('Email συνεργάτη').fill(member.email);
  const [response] = await Promise.all([
    a.page.waitForResponse((r) => r.url().includes('/invitations') && r.request().method() === 'POST'),
    a.page.getByRole('button', { name: 'Αποστολή πρόσκλησης' }).click(),
  ]);
  const { acceptUrl } = (await response.json()) as { acceptUrl: string };
  await expect(toast(a.page, `Η πρόσκληση στάλθηκε στο ${member.email}`)).toBeVisible();
  await expect(a.page.getByTestId('pending-invitations')).toContainText(member.email);

  // The colleague follows the link, signed in, and accepts in one click.
  const link = new URL(acceptUrl);
  await b.page.goto(link.pathname + link.search);
  await b.page.getByRole('button', { name: 'Αποδοχή', exact: true }).click();
  await expect(b.page).toHaveURL(/\/client\/?$/, { timeout: LIVE_MS });
  // The owner's screen updates without a reload: a member, no pending invitation.
  await expect(a.page.getByTestId('workspace-members')).toContainText(member.name);
  await expect(a.page.getByTestId('pending-invitations')).toHaveCount(0);
  // The same link cannot be used twice.
  await b.page.goto(link.pathname + link.search);
  await expect(b.page.getByTestId('invitation-invalid')).toContainText('Η πρόσκληση έχει ήδη χρησιμοποιηθεί.');
  b.errors.length = 0; // the refused second use logs its 410 on purpose

  // She works in the team's organisation now (her own company stays hers, one switch away).
  const title = `Δελτίο αποτελεσμάτων ${Date.now()}`;
  expect((await a.page.request.post('/api/tasks', { headers: { authorization: `Bearer ${owner.token}` }, data: { title } })).status()).toBe(201);
  await b.page.goto('/client/tasks');
  await expect(b.page.getByTestId('organisation-switcher')).toContainText(`${owner.name} Α.Ε.`);
  await expect(card(b.page, title)).toBeVisible();

  // The owner removes the colleague: her open board closes at once.
  await a.page.getByRole('button', { name: `Αφαίρεση: ${member.name}` }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Αφαίρεση' }).click();
  await expect(toast(a.page, 'Το μέλος αφαιρέθηκε')).toBeVisible();
  await expect(toast(b.page, 'Αφαιρεθήκατε από έναν οργανισμό')).toBeVisible();
  await expect(card(b.page, title)).toHaveCount(0);
  await expect(b.page.getByTestId('organisation-switcher')).toHaveCount(0);

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
});

test('a task created, moved and renamed by one member appears live on the other member’s board', async ({ browser }) => {
  // Two signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const a = await newPage(browser);
  const b = await newPage(browser);
  const { owner, member } = await team(a.page, b.page, 'live9', 'Ελένη Ιδιοκτήτρια', 'Νίκος Συνεργάτης');

  await a.page.goto('/client/tasks');
  await b.page.goto('/client/tasks');
  await expect(a.page.getByText('Δεν υπάρχουν ακόμη εργασίες — δημιουργήστε την πρώτη')).toBeVisible();

  // The owner creates a task assigned to the colleague: it appears on the colleague's open board.
  const title = `Δελτίο αποτελεσμάτων ${Date.now()}`;
  await a.page.getByRole('button', { name: 'Νέα εργασία' }).first().click();
  const dialog = a.page.getByRole('dialog');
  const create = dialog.getByRole('button', { name: 'Δημιουργία' });
  await dialog.getByLabel('Τίτλος').fill('   ');
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Τίτλος').fill(title);
  await pick(a.page, dialog.getByLabel('Υπεύθυνος'), member.name);
  await pick(a.page, dialog.getByLabel('Προτεραιότητα'), 'Υψηλή');
  await create.click();
  await expect(toast(a.page, 'Η εργασία δημιουργήθηκε')).toBeVisible();
  await expect(card(a.page, title)).toContainText('Ανοιχτή');
  await expect(card(b.page, title)).toBeVisible({ timeout: LIVE_MS });
  await expect(card(b.page, title)).toContainText(member.name);
  await expect(card(b.page, title)).toContainText('Υψηλή');
  await expect(card(b.page, title)).toContainText(owner.name);

  // The colleague moves it; the owner sees the new status live.
  await pick(b.page, card(b.page, title).getByTestId('task-status'), 'Σε εξέλιξη');
  await expect(toast(b.page, 'Η εργασία ενημερώθηκε')).toBeVisible();
  await expect(card(a.page, title).getByTestId('task-status')).toHaveText('Σε εξέλιξη', { timeout: LIVE_MS });
  // Any status to any other, from the owner's side, seen by the colleague.
  await pick(a.page, card(a.page, title).getByTestId('task-status'), 'Μπλοκαρισμένη');
  await expect(card(b.page, title).getByTestId('task-status')).toHaveText('Μπλοκαρισμένη', { timeout: LIVE_MS });

  // The colleague edits the task in the dialog; the owner sees the new title live.
  const renamed = `${title} (τελικό)`;
  await card(b.page, title).getByRole('button', { name: /Επεξεργασία/ }).click();
  await b.page.getByRole('dialog').getByLabel('Τίτλος').fill(renamed);
  await b.page.getByRole('dialog').getByRole('button', { name: 'Αποθήκευση' }).click();
  await expect(card(a.page, renamed)).toBeVisible({ timeout: LIVE_MS });

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
});

test('the task board filters by status, priority and assignee, and searches without accents', async ({ browser }) => {
  const a = await newPage(browser);
  const b = await newPage(browser);
  const { owner, member, auth } = await team(a.page, b.page, 'filt9', 'Ελένη Ιδιοκτήτρια', 'Νίκος Συνεργάτης');
  const stamp = Date.now();
  const first = `Δελτίο αποτελεσμάτων ${stamp}`;
  const second = `Λίστα αποδεκτών ${stamp}`;
  const made = await a.page.request.post('/api/tasks', { headers: auth(owner), data: { title: first, assignee_user_id: member.id, priority: 'high' } });
  expect(made.status()).toBe(201);
  const task = (await made.json()) as { id: string; version: number };
  expect((await a.page.request.patch(`/api/tasks/${task.id}`, { headers: auth(owner), data: { status: 'blocked', version: task.version } })).ok()).toBe(true);
  expect((await b.page.request.post('/api/tasks', { headers: auth(member), data: { title: second, priority: 'low' } })).status()).toBe(201);

  await a.page.goto('/client/tasks');
  const cards = a.page.getByTestId('task-card');
  await expect(cards).toHaveCount(2);
  await pick(a.page, a.page.getByTestId('filter-status'), 'Μπλοκαρισμένη');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(first);
  await pick(a.page, a.page.getByTestId('filter-status'), 'Όλες οι καταστάσεις');
  await pick(a.page, a.page.getByTestId('filter-priority'), 'Χαμηλή');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(second);
  await pick(a.page, a.page.getByTestId('filter-priority'), 'Όλες οι προτεραιότητες');
  await pick(a.page, a.page.getByTestId('filter-assignee'), 'Χωρίς ανάθεση');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(second);
  await pick(a.page, a.page.getByTestId('filter-assignee'), member.name);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(first);
  await pick(a.page, a.page.getByTestId('filter-assignee'), 'Όλοι οι υπεύθυνοι');
  await a.page.getByLabel('Αναζήτηση εργασιών').fill('αποδεκτων');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(second);
  await a.page.getByLabel('Αναζήτηση εργασιών').fill('καμία τέτοια εργασία');
  await expect(a.page.getByText('Δεν βρέθηκαν εργασίες που να ταιριάζουν με τα κριτήρια αναζήτησης')).toBeVisible();

  expect(a.errors).toEqual([]);
});

test('two members editing the same task: the second save is refused with the fresh task shown, nothing is lost', async ({ browser }) => {
  // Several signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const a = await newPage(browser);
  const b = await newPage(browser);
  const { owner, auth } = await team(a.page, b.page, 'conc9', 'Άννα Ιδιοκτήτρια', 'Πέτρος Μέλος');
  const title = `Κοινή εργασία ${Date.now()}`;
  expect((await a.page.request.post('/api/tasks', { headers: auth(owner), data: { title } })).status()).toBe(201);

  await a.page.goto('/client/tasks');
  await b.page.goto('/client/tasks');
  await card(a.page, title).getByRole('button', { name: /Επεξεργασία/ }).click();
  await card(b.page, title).getByRole('button', { name: /Επεξεργασία/ }).click();

  // The owner saves first.
  const ownersTitle = `${title} — από την Άννα`;
  await a.page.getByRole('dialog').getByLabel('Τίτλος').fill(ownersTitle);
  await a.page.getByRole('dialog').getByRole('button', { name: 'Αποθήκευση' }).click();
  await expect(toast(a.page, 'Η εργασία ενημερώθηκε')).toBeVisible();

  // The colleague is warned while still editing, and their save is refused with the current task shown.
  const dialog = b.page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText('Άλλο μέλος άλλαξε αυτή την εργασία');
  await pick(b.page, dialog.getByLabel('Προτεραιότητα'), 'Επείγουσα');
  await dialog.getByRole('button', { name: 'Αποθήκευση' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Η εργασία άλλαξε στο μεταξύ από άλλο μέλος');
  await expect(toast(b.page, 'Σφάλμα κατά την ενημέρωση εργασίας')).toBeVisible();
  await expect(dialog.getByLabel('Τίτλος')).toHaveValue(ownersTitle);
  b.errors.length = 0; // the refused save (409) is logged on purpose

  // Saving again on the fresh version works; both changes survive, on both screens.
  await pick(b.page, dialog.getByLabel('Προτεραιότητα'), 'Επείγουσα');
  await dialog.getByRole('button', { name: 'Αποθήκευση' }).click();
  await expect(toast(b.page, 'Η εργασία ενημερώθηκε')).toBeVisible();
  await expect(card(a.page, ownersTitle)).toContainText('Επείγουσα', { timeout: LIVE_MS });
  await expect(card(b.page, ownersTitle)).toContainText('Επείγουσα');

  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
});
