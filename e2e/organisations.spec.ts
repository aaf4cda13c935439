import type { Browser, Page } from '@playwright/test';
import { ACCEPTED_TERMS, approveUser, confirmEmail, EDITOR_OPEN_MS, expect, LIVE_MS, ORIGIN_PAGE, SESSION_KEY, test, toast, uniqueEmail } from './fixtures';

/**
 * The organisation is the tenant: a colleague joins the team from the invitation link in one
 * step and works inside it (the team's releases, the team's approval rule, one newsroom), a
 * role change reaches her open editor live, and a user of two organisations sees only the
 * active one's work.
 */
const PASSWORD = 'Thalassa-2026';
const CONSENT = JSON.stringify({ version: 'v1', necessary: true, functional: false, performance: false, marketing: false, saved_at: new Date().toISOString() });

interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
  page: Page;
}

const auth = (p: { token: string }) => ({ authorization: `Bearer ${p.token}` });

async function freshPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(ORIGIN_PAGE);
  await page.evaluate(([ck, cv]) => localStorage.setItem(ck, cv), ['cookie_consent_v1', CONSENT] as const);
  return page;
}

/** A company sign-up, confirmed and approved by the superadmin, signed in (no UI). */
async function companyOwner(browser: Browser, prefix: string, name: string, company: string): Promise<Person> {
  const page = await freshPage(browser);
  const email = uniqueEmail(prefix);
  const signup = await page.request.post('/auth/v1/signup', { data: { email, password: PASSWORD, data: { role: 'client', name, organization: company }, ...ACCEPTED_TERMS } });
  expect(signup.ok()).toBe(true);
  await confirmEmail(page.request, (await signup.json()) as { confirmation_url?: string });
  const res = await page.request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } });
  const session = await res.text();
  const { access_token: token, user } = JSON.parse(session) as { access_token: string; user: { id: string } };
  await page.request.patch('/api/profile', { headers: { authorization: `Bearer ${token}` }, data: { onboarded: true } });
  await approveUser(page.request, user.id);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [SESSION_KEY, session] as const);
  return { id: user.id, email, name, token, page };
}

interface Org {
  id: string;
  name: string;
  role: string;
  active: boolean;
}

async function organisationsOf(p: { token: string; page: Page }): Promise<Org[]> {
  const res = await p.page.request.get('/api/organisations', { headers: auth(p) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { organisations: Org[] }).organisations;
}

async function createRelease(p: { token: string; page: Page }, title: string): Promise<string> {
  const res = await p.page.request.post('/api/releases', { headers: auth(p), data: { title, content: '' } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The owner invites `email` as `role` through the API; the link the e-mail carries. */
async function invite(owner: Person, organisationId: string, email: string, role: string): Promise<string> {
  const res = await owner.page.request.post(`/api/organisations/${organisationId}/invitations`, { headers: auth(owner), data: { email, role } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { acceptUrl: string }).acceptUrl;
}

const path = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const listRow = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test('a colleague joins from the link in one step, sees the team’s releases and writes inside the team', async ({ browser }) => {
  // Three browsers (owner, colleague) and the live editor: slow by design.
  test.slow();
  const owner = await companyOwner(browser, 'owner28', 'Ελένη Ιδιοκτήτρια', 'Αιγαίο Ομάδα Α.Ε.');
  const [org] = await organisationsOf(owner);
  expect(org).toMatchObject({ name: 'Αιγαίο Ομάδα Α.Ε.', role: 'owner', active: true });
  expect((await owner.page.request.patch(`/api/organisations/${org!.id}/settings`, { headers: auth(owner), data: { approval_required: true } })).ok()).toBe(true);
  await createRelease(owner, 'Ετήσια αποτελέσματα της ομάδας');

  // The owner invites from the members page (the role defaults to Συντάκτης).
  const email = uniqueEmail('colleague28');
  await owner.page.goto('/client/invitations');
  await owner.page.getByLabel('Email συνεργάτη').fill(email);
  const [response] = await Promise.all([
    owner.page.waitForResponse((r) => r.url().endsWith('/invitations') && r.request().method() === 'POST'),
    owner.page.getByRole('button', { name: 'Αποστολή πρόσκλησης' }).click(),
  ]);
  expect(response.status()).toBe(201);
  const { acceptUrl, role } = (await response.json()) as { acceptUrl: string; role: string };
  expect(role).toBe('editor');
  await expect(owner.page.getByTestId('pending-invitations')).toContainText(email);

  // The colleague opens the e-mail's link, not signed in: name, password, terms, and she is in.
  const colleaguePage = await freshPage(browser);
  await colleaguePage.goto(path(acceptUrl));
  await expect(colleaguePage.getByRole('heading', { level: 1 })).toContainText('Αιγαίο Ομάδα Α.Ε.');
  const form = colleaguePage.getByTestId('invitation-join-form');
  await form.getByLabel('Ονοματεπώνυμο').fill('Μαρία Συντάκτρια');
  await form.getByLabel('Κωδικός πρόσβασης', { exact: false }).first().fill(PASSWORD);
  await form.getByLabel('Επιβεβαίωση κωδικού').fill(PASSWORD);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Δημιουργία λογαριασμού και είσοδος στην ομάδα' }).click();
  await expect(colleaguePage).toHaveURL(/\/client\/?$/, { timeout: LIVE_MS });
  // No onboarding wizard of a company of her own, no approval to wait for.
  await expect(colleaguePage.getByRole('dialog')).toHaveCount(0);
  const stored = JSON.parse((await colleaguePage.evaluate((k) => localStorage.getItem(k), SESSION_KEY))!) as { access_token: string };
  const colleague = { page: colleaguePage, token: stored.access_token };
  // One organisation (the team's), where she is an editor: no company, trial or newsroom of her own.
  expect(await organisationsOf(colleague)).toEqual([expect.objectContaining({ id: org!.id, role: 'editor', active: true })]);
  // The owner's members page showed her live.
  await expect(owner.page.getByTestId('member-row').filter({ hasText: 'Μαρία Συντάκτρια' })).toBeVisible({ timeout: LIVE_MS });
  await expect(owner.page.getByTestId('pending-invitations')).toHaveCount(0);

  // She sees the team's releases with their author.
  await colleaguePage.goto('/client/history');
  await expect(listRow(colleaguePage, 'Ετήσια αποτελέσματα της ομάδας')).toContainText('Ελένη Ιδιοκτήτρια');

  // Her new release appears live in the owner's list, with her as its author.
  await owner.page.goto('/client/history');
  await expect(listRow(owner.page, 'Ετήσια αποτελέσματα της ομάδας')).toBeVisible();
  await createRelease(colleague, 'Νέο προϊόν της ομάδας');
  await expect(listRow(owner.page, 'Νέο προϊόν της ομάδας')).toContainText('Μαρία Συντάκτρια', { timeout: LIVE_MS });
  // «Μόνο δικά μου» keeps the owner's own.
  await owner.page.getByRole('button', { name: 'Μόνο δικά μου' }).click();
  await expect(listRow(owner.page, 'Νέο προϊόν της ομάδας')).toHaveCount(0);
  await expect(listRow(owner.page, 'Ετήσια αποτελέσματα της ομάδας')).toBeVisible();

  await owner.page.context().close();
  await colleaguePage.context().close();
});

test('an editor of the team cannot send, her approval request reaches the owner’s queue live, and her release stays the team’s when she is removed', async ({
  browser,
}) => {
  // Two browsers and the live editor: slow by design.
  test.slow();
  const owner = await companyOwner(browser, 'owner28e', 'Ελένη Ιδιοκτήτρια', 'Αιγαίο Ομάδα Β Α.Ε.');
  const [org] = await organisationsOf(owner);
  expect((await owner.page.request.patch(`/api/organisations/${org!.id}/settings`, { headers: auth(owner), data: { approval_required: true } })).ok()).toBe(true);
  // She joins from the link (the sign-up itself is the test above): an account inside the team, as an editor.
  const link = await invite(owner, org!.id, uniqueEmail('colleague28e'), 'editor');
  const joined = await owner.page.request.post('/api/invitations/join', {
    data: { token: new URL(link).searchParams.get('token'), name: 'Μαρία Συντάκτρια', password: PASSWORD, ...ACCEPTED_TERMS },
  });
  expect(joined.ok()).toBe(true);
  const session = await joined.text();
  const colleaguePage = await freshPage(browser);
  await colleaguePage.evaluate(([k, v]) => localStorage.setItem(k, v), [SESSION_KEY, session] as const);
  const colleague = { page: colleaguePage, token: (JSON.parse(session) as { access_token: string }).access_token };
  const hers = await createRelease(colleague, 'Νέο προϊόν της ομάδας');

  // In the editor, an editor cannot send or schedule, and is told why; the server agrees.
  await colleaguePage.goto(`/client/press-releases/${hers}`);
  await expect(colleaguePage.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await expect(colleaguePage.getByTestId('send-role-reason')).toContainText('Συντάκτης');
  const refused = await colleaguePage.request.post(`/api/releases/${hers}/send`, { headers: auth(colleague), data: {} });
  expect(refused.status()).toBe(403);

  // Her approval request reaches the owner's queue live (the team's rule applies to her release).
  await owner.page.goto('/client/approvals');
  await expect(owner.page.getByTestId('approval-queue-empty')).toBeVisible();
  await colleaguePage.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' }).click();
  await colleaguePage.keyboard.type('Η ομάδα παρουσιάζει νέο προϊόν.');
  await expect(colleaguePage.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: LIVE_MS });
  await colleaguePage.getByTestId('request-approval').click();
  await colleaguePage.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
  await expect(toast(colleaguePage, 'Το αίτημα έγκρισης στάλθηκε')).toBeVisible();
  await expect(owner.page.getByTestId('approval-row').filter({ hasText: 'Νέο προϊόν της ομάδας' })).toBeVisible({ timeout: LIVE_MS });

  // Still one organisation for the brand, with one newsroom: the colleague's settings are the team's.
  expect((await organisationsOf(owner)).map((o) => o.id)).toEqual([org!.id]);
  const newsroomOf = async (p: { token: string; page: Page }) =>
    ((await (await p.page.request.get('/api/newsroom/settings', { headers: auth(p) })).json()) as { newsroom_slug: string | null; suggested_slug: string }).newsroom_slug;
  const teamNewsroom = `omada-${Date.now().toString(36)}`;
  const saved = await owner.page.request.put('/api/newsroom/settings', {
    headers: auth(owner),
    data: { newsroom_slug: teamNewsroom, newsroom_enabled: true, boilerplate: '', press_contact_name: '', press_contact_email: '', press_contact_phone: '' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  expect(await newsroomOf(colleague)).toBe(teamNewsroom);

  // Removed from her only team, her screen says so at once; her release stays the team's.
  await colleaguePage.goto('/client');
  await owner.page.goto('/client/invitations');
  await owner.page.getByRole('button', { name: 'Αφαίρεση: Μαρία Συντάκτρια' }).click();
  await owner.page.getByRole('dialog').getByRole('button', { name: 'Αφαίρεση' }).click();
  await expect(colleaguePage.getByTestId('no-organisation')).toBeVisible({ timeout: LIVE_MS });
  const kept = await owner.page.request.get(`/api/releases/${hers}`, { headers: auth(owner) });
  expect(kept.status()).toBe(200);

  await owner.page.context().close();
  await colleaguePage.context().close();
});

test('a member whose role changes sees it at once: a demoted publisher’s send button disables in the open editor', async ({ browser }) => {
  test.slow();
  const owner = await companyOwner(browser, 'owner28b', 'Κώστας Ιδιοκτήτης', 'Θάλασσα Εκδόσεις Α.Ε.');
  const [org] = await organisationsOf(owner);
  // An existing user of another company accepts an invitation as a publisher, in one click.
  const member = await companyOwner(browser, 'publisher28', 'Άννα Εκδότρια', 'Άλλη Εταιρεία Α.Ε.');
  const link = await invite(owner, org!.id, member.email, 'publisher');
  await member.page.goto(path(link));
  await member.page.getByRole('button', { name: 'Αποδοχή', exact: true }).click();
  await expect(member.page).toHaveURL(/\/client\/?$/, { timeout: LIVE_MS });
  expect((await organisationsOf(member)).find((o) => o.active)).toMatchObject({ id: org!.id, role: 'publisher' });

  const id = await createRelease(member, 'Κυκλοφορία νέου βιβλίου');
  await member.page.goto(`/client/press-releases/${id}`);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  await expect(member.page.getByTestId('send-role-reason')).toHaveCount(0);

  // The owner makes her an editor from the members page.
  await owner.page.goto('/client/invitations');
  const row = owner.page.getByTestId('member-row').filter({ hasText: 'Άννα Εκδότρια' });
  await row.getByRole('combobox').click();
  await owner.page.getByRole('option', { name: 'Συντάκτης', exact: true }).click();
  await expect(member.page.getByTestId('send-role-reason')).toContainText('Συντάκτης', { timeout: LIVE_MS });

  await owner.page.context().close();
  await member.page.context().close();
});

test('a user of two organisations switches between them and sees only the active one’s releases', async ({ browser }) => {
  test.slow();
  const a = await companyOwner(browser, 'agency28', 'Γιάννης Πρακτορείο', 'Πρακτορείο Επικοινωνίας');
  const b = await companyOwner(browser, 'brand28', 'Σοφία Πελάτισσα', 'Πελάτης Μπράντ Α.Ε.');
  await createRelease(a, 'Δελτίο του πρακτορείου');
  await createRelease(b, 'Δελτίο του πελάτη');
  const [orgB] = await organisationsOf(b);
  const link = await invite(b, orgB!.id, a.email, 'editor');
  expect((await a.page.request.post('/api/invitations/accept', { headers: auth(a), data: { token: new URL(link).searchParams.get('token') } })).ok()).toBe(true);

  // Accepting made the client's organisation the active one.
  await a.page.goto('/client/history');
  await expect(listRow(a.page, 'Δελτίο του πελάτη')).toBeVisible();
  await expect(listRow(a.page, 'Δελτίο του πρακτορείου')).toHaveCount(0);

  // The switcher takes him back to the agency: only its releases.
  const switcher = a.page.getByTestId('organisation-switcher');
  await switcher.click();
  await a.page.getByRole('option', { name: /Πρακτορείο Επικοινωνίας/ }).click();
  await expect(listRow(a.page, 'Δελτίο του πρακτορείου')).toBeVisible({ timeout: LIVE_MS });
  await expect(listRow(a.page, 'Δελτίο του πελάτη')).toHaveCount(0);
  // The choice is remembered across a reload.
  await a.page.reload();
  await expect(listRow(a.page, 'Δελτίο του πρακτορείου')).toBeVisible();
  await expect(switcher).toContainText('Πρακτορείο Επικοινωνίας');

  // The client's owner deletes her organisation (it has only a draft), typing its name: she belongs
  // to none now, and the agent's switcher goes with it, live.
  await b.page.goto('/client/invitations');
  await b.page.getByRole('button', { name: 'Διαγραφή οργανισμού…' }).click();
  const dialog = b.page.getByRole('dialog');
  await dialog.getByLabel('Πληκτρολογήστε «Πελάτης Μπράντ Α.Ε.» για επιβεβαίωση').fill('Πελάτης Μπράντ Α.Ε.');
  await dialog.getByRole('button', { name: 'Οριστική διαγραφή' }).click();
  await expect(b.page.getByTestId('no-organisation')).toBeVisible({ timeout: LIVE_MS });
  await expect(switcher).toHaveCount(0, { timeout: LIVE_MS });

  await a.page.context().close();
  await b.page.context().close();
});
