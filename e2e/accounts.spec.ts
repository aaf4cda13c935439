/**
 * Accounts: the pending screen and its live approval, rejection and ban; the
 * e-mail confirmation page; /login for a signed-in user; why a session ended; the plan chosen
 * on /pricing, stored at sign-up and shown in settings, its trial extended live; the terms.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { TERMS_VERSION } from '../shared/plans';
import {
  ACCEPTED_TERMS,
  approveUser,
  confirmEmail,
  expect,
  LIVE_MS,
  signInAs,
  signInViaApi,
  superadminToken,
  test,
  toast,
  uniqueEmail,
} from './fixtures';

const PASSWORD = 'Thalassa-2026';

async function signUp(
  request: APIRequestContext,
  email: string,
  role: 'client' | 'media',
  extra: Record<string, unknown> = {},
): Promise<{ id: string; confirmation_url: string }> {
  const res = await request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, data: { role, name: 'Ελένη Βασιλείου', organization: 'Λευκή Σελίδα Α.Ε.' }, ...ACCEPTED_TERMS, ...extra },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: string; confirmation_url: string };
}

/** An approved client who finished onboarding (the wizard is other tests' subject), on `plan`. */
async function readyClient(request: APIRequestContext, email: string, plan?: string): Promise<void> {
  const up = await signUp(request, email, 'client', plan ? { plan } : {});
  await confirmEmail(request, up);
  await approveUser(request, up.id);
  const s = (await (await request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } })).json()) as { access_token: string };
  expect((await request.patch('/api/profile', { data: { onboarded: true }, headers: { authorization: `Bearer ${s.access_token}` } })).ok()).toBe(true);
}

async function login(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Κωδικός πρόσβασης').fill(password);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
}

async function adminAction(request: APIRequestContext, userId: string, body: Record<string, unknown>, path = 'actions') {
  const token = await superadminToken(request);
  const res = await request.post(`/api/admin/users/${userId}/${path}`, { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A marker on the page's window: still there later means the page was never reloaded. */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const wasNotReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

test('pending: after sign-in the status screen; the superadmin approves in another browser and the screen moves home with a toast, live', async ({
  browser,
  consoleErrors,
}) => {
  test.slow(); // two signed-in browsers on a 2-core machine
  const email = uniqueEmail('pending');
  const user = await newPage(browser);
  await signUp(user.request, email, 'client');
  await user.goto('/login');
  await login(user, email);
  await expect(user).toHaveURL(/\/account-status$/);
  const screen = user.getByTestId('account-status');
  await expect(screen).toHaveAttribute('data-status', 'pending');
  await expect(screen.getByRole('heading', { name: 'Ο λογαριασμός σας περιμένει έγκριση' })).toBeVisible();
  await expect(screen).toContainText('συνήθως μέσα σε 24 ώρες');
  await expect(screen.getByTestId('account-contact')).toContainText('hello@deltio.gr');
  await markNoReload(user);

  const admin = await newPage(browser);
  await signInAs(admin, 'superadmin');
  await admin.goto('/superadmin/users');
  await admin.getByLabel('Αναζήτηση χρηστών').fill(email);
  const row = admin.locator(`tr[data-email="${email}"]`);
  await row.getByRole('button', { name: `Ενέργειες για ${email}` }).click();
  await admin.getByRole('menuitem', { name: 'Έγκριση' }).click();
  const approvedAt = Date.now();

  await expect(toast(user, 'Ο λογαριασμός σας εγκρίθηκε')).toBeVisible({ timeout: LIVE_MS });
  await expect(user).toHaveURL(/\/client$/, { timeout: LIVE_MS });
  expect(Date.now() - approvedAt).toBeLessThan(LIVE_MS);
  expect(await wasNotReloaded(user)).toBe(true);
  await expect(user.getByTestId('account-status-banner')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
  await user.context().close();
  await admin.context().close();
});

test('rejected: the screen says so live; banned: the session ends and the sign-in page says why', async ({ browser, consoleErrors }) => {
  test.slow(); // a second browser context
  const email = uniqueEmail('rejected');
  const page = await newPage(browser);
  const { id } = await signUp(page.request, email, 'media');
  await signInViaApi(page, email, PASSWORD);
  await page.goto('/account-status');
  await expect(page.getByTestId('account-status')).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('account-status')).toContainText('θα αρχίσετε να λαμβάνετε δελτία τύπου με την έγκριση');

  await adminAction(page.request, id, { action: 'reject' });
  await expect(page.getByRole('heading', { name: 'Η αίτηση εγγραφής σας δεν εγκρίθηκε' })).toBeVisible({ timeout: LIVE_MS });
  // A rejected account has no area to work in: it is sent back to its status screen.
  await page.goto('/media');
  await expect(page).toHaveURL(/\/account-status$/);

  await adminAction(page.request, id, { action: 'ban' });
  await expect(page).toHaveURL(/\/login/, { timeout: LIVE_MS });
  await expect(page.getByTestId('session-ended')).toHaveAttribute('data-reason', 'banned');
  await expect(page.getByTestId('session-ended')).toContainText('ο λογαριασμός σας αποκλείστηκε από τον διαχειριστή');
  // Signing in again says it too (the right password: the owner is told).
  await login(page, email);
  await expect(toast(page, 'Ο λογαριασμός σας έχει αποκλειστεί')).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await page.context().close();
});

test('a session signed out from elsewhere: the sign-in page says why', async ({ browser }) => {
  test.slow(); // two browsers
  const email = uniqueEmail('elsewhere');
  const a = await newPage(browser);
  await readyClient(a.request, email);
  await signInViaApi(a, email, PASSWORD);
  await a.goto('/client/reports');
  await expect(a.getByRole('heading', { level: 1, name: 'Αναφορές' })).toBeVisible();

  const b = await newPage(browser);
  const token = ((await (await b.request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } })).json()) as { access_token: string })
    .access_token;
  expect((await b.request.post('/auth/v1/logout?scope=global', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);
  await expect(a).toHaveURL(/\/login/, { timeout: LIVE_MS });
  await expect(a.getByTestId('session-ended')).toHaveAttribute('data-reason', 'signed_out');
  await expect(a.getByTestId('session-ended')).toContainText('Αποσυνδεθήκατε επειδή ζητήθηκε αποσύνδεση από άλλη συσκευή');
  // Signing in again clears it, and a sign-out of one's own says nothing.
  await login(a, email);
  await expect(a).toHaveURL(/\/client\/reports$/);
  await a.getByRole('button', { name: 'Αποσύνδεση' }).click();
  await expect(a).toHaveURL(/\/login$/);
  await expect(a.getByRole('heading', { level: 1, name: 'Σύνδεση' })).toBeVisible();
  await expect(a.getByTestId('session-ended')).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});

test('a signed-in user who opens /login goes to their home', async ({ page, consoleErrors }) => {
  await signInAs(page, 'media');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/media$/);
  await signInAs(page, 'client');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/client$/);
  expect(consoleErrors).toEqual([]);
});

test('the confirmation link says it worked, or was used, or is not valid; an expired link offers a new one', async ({ page, consoleErrors }) => {
  const email = uniqueEmail('confirm');
  const { confirmation_url: link, id } = await signUp(page.request, email, 'client');
  expect(link).toContain('/auth/v1/verify?type=signup&token=');
  await approveUser(page.request, id);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/email-confirmed\?status=ok$/);
  await expect(page.getByRole('heading', { name: 'Το email σας επιβεβαιώθηκε' })).toBeVisible();
  await page.getByRole('link', { name: 'Σύνδεση' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Signed in from there: on to the client's home, not the marketing page.
  await login(page, email);
  await expect(page).toHaveURL(/\/client$/);
  // A confirmation opened while signed in leads home directly (on the origin the link's
  // redirect went to, the public URL, where this browser now holds the session).
  await page.goto(new URL('/email-confirmed?status=already', page.url()).href);
  await page.getByRole('link', { name: 'Μετάβαση στον πίνακα ελέγχου' }).click();
  await expect(page).toHaveURL(/\/client$/);

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Το email σας έχει ήδη επιβεβαιωθεί' })).toBeVisible();

  await page.goto(`/auth/v1/verify?type=signup&token=${'z'.repeat(40)}`);
  await expect(page).toHaveURL(/\/email-confirmed\?status=invalid$/);
  await expect(page.getByRole('heading', { name: 'Ο σύνδεσμος επιβεβαίωσης δεν είναι έγκυρος' })).toBeVisible();

  // Expiry is detected by the server (integration test); the page then says it and offers a new link.
  const other = uniqueEmail('expired');
  await signUp(page.request, other, 'media');
  await page.goto('/email-confirmed?status=expired');
  await expect(page.getByRole('heading', { name: 'Ο σύνδεσμος επιβεβαίωσης έληξε' })).toBeVisible();
  await page.getByLabel('Email του λογαριασμού').fill(other);
  await page.getByRole('button', { name: 'Αποστολή νέου συνδέσμου' }).click();
  await expect(page.getByTestId('resend-sent')).toContainText('νέο σύνδεσμο επιβεβαίωσης');
  expect(consoleErrors).toEqual([]);
});

test('the plan chosen on /pricing is stored at sign-up and shown in settings; the superadmin extends the trial and settings follow live', async ({
  browser,
  consoleErrors,
}) => {
  test.slow(); // two browsers, the settings and users screens
  const page = await newPage(browser);
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Ξεκίνα δωρεάν' }).first().click();
  await expect(page).toHaveURL(/\/signup\?.*plan=starter/);
  await expect(page.getByTestId('signup-plan')).toContainText('Επιλεγμένο πλάνο: Starter');
  const email = uniqueEmail('starter');
  await page.getByLabel('Ονοματεπώνυμο *').fill('Άρης Κωνσταντίνου');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Κωδικός πρόσβασης *').fill(PASSWORD);
  await page.getByLabel('Επιβεβαίωση κωδικού *').fill(PASSWORD);
  await page.getByLabel(/Αποδέχομαι τους όρους χρήσης/).check();
  await page.getByRole('button', { name: 'Δημιουργία λογαριασμού' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The account: approved and onboarded (the wizard is another test's subject).
  const session = (await (await page.request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } })).json()) as {
    access_token: string;
    user: { id: string };
  };
  await approveUser(page.request, session.user.id);
  expect((await page.request.patch('/api/profile', { data: { onboarded: true }, headers: { authorization: `Bearer ${session.access_token}` } })).ok()).toBe(true);

  await login(page, email);
  await expect(page).toHaveURL(/\/client$/);
  await page.goto('/client/settings');
  const plan = page.getByTestId('plan-section');
  await expect(plan).toHaveAttribute('data-plan', 'starter');
  await expect(plan).toHaveAttribute('data-state', 'trial');
  await expect(plan.getByTestId('plan-name')).toHaveText('Starter');
  await expect(plan.getByTestId('trial-left')).toContainText('λήγει σε 14 ημέρες');
  const endOf = (days: number) =>
    new Intl.DateTimeFormat('el-GR', { timeZone: 'Europe/Athens', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(Date.now() + days * 86_400_000));
  await expect(plan.getByTestId('trial-end')).toContainText(endOf(14));
  await expect(plan.getByTestId('usage-releases')).toHaveText('0 από 5');
  await expect(plan.getByTestId('usage-members')).toHaveText('1 από 1');
  await markNoReload(page);

  const admin = await newPage(browser);
  await signInAs(admin, 'superadmin');
  await admin.goto('/superadmin/users');
  await admin.getByLabel('Αναζήτηση χρηστών').fill(email);
  const row = admin.locator(`tr[data-email="${email}"]`);
  await expect(row.getByTestId('user-plan')).toContainText('Starter');
  await expect(row.getByTestId('user-plan')).toContainText('Δοκιμαστική περίοδος');
  await row.getByRole('button', { name: `Ενέργειες για ${email}` }).click();
  await admin.getByRole('menuitem', { name: 'Παράταση δοκιμής' }).click();
  await admin.getByLabel(/Ημέρες παράτασης/).fill('7');
  await admin.getByRole('button', { name: 'Παράταση', exact: true }).click();
  await expect(toast(admin, 'Η δοκιμή παρατάθηκε')).toBeVisible();
  const extendedAt = Date.now();
  await expect(plan.getByTestId('trial-left')).toContainText('λήγει σε 21 ημέρες', { timeout: LIVE_MS });
  expect(Date.now() - extendedAt).toBeLessThan(LIVE_MS);
  expect(await wasNotReloaded(page)).toBe(true);
  await expect(row.getByTestId('user-plan')).toContainText(new Intl.DateTimeFormat('el-GR', { timeZone: 'Europe/Athens', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + 21 * 86_400_000)));
  expect(consoleErrors).toEqual([]);
  await page.context().close();
  await admin.context().close();
});

test('nothing is mailed on behalf of an unconfirmed or pending account: the invitation form says why, and opens live once confirmed and approved', async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail('unconfirmed');
  const up = await signUp(page.request, email, 'client');
  const s = (await (await page.request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } })).json()) as { access_token: string };
  expect((await page.request.patch('/api/profile', { data: { onboarded: true }, headers: { authorization: `Bearer ${s.access_token}` } })).ok()).toBe(true);
  await signInViaApi(page, email, PASSWORD);
  await page.goto('/client/invitations');
  const notice = page.getByTestId('mail-block');
  const address = page.getByLabel('Email συνεργάτη');
  await expect(notice).toHaveAttribute('data-code', 'email_unconfirmed');
  await expect(notice).toContainText('Επιβεβαιώστε πρώτα τη διεύθυνση email σας');
  await expect(notice.getByRole('button', { name: 'Αποστολή νέου συνδέσμου' })).toBeVisible();
  await expect(address).toBeDisabled();
  await expect(page.getByRole('button', { name: /Αποστολή πρόσκλησης/ })).toBeDisabled();
  await markNoReload(page);

  // The link of the e-mail, opened elsewhere: the page learns it without a reload; approval is next.
  await confirmEmail(page.request, up);
  await expect(notice).toHaveAttribute('data-code', 'account_not_approved', { timeout: LIVE_MS });
  await expect(notice).toContainText('Ο λογαριασμός σας περιμένει έγκριση από τον διαχειριστή');
  await expect(address).toBeDisabled();

  await approveUser(page.request, up.id);
  await expect(notice).toBeHidden({ timeout: LIVE_MS });
  await expect(address).toBeEnabled();
  expect(await wasNotReloaded(page)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('a starter client cannot invite: the Greek message of the plan', async ({ page }) => {
  const email = uniqueEmail('solo');
  await readyClient(page.request, email, 'starter');
  await signInViaApi(page, email, PASSWORD);
  await page.goto('/client/invitations');
  await page.getByLabel('Email συνεργάτη').fill(uniqueEmail('colleague'));
  await page.getByRole('button', { name: /Αποστολή πρόσκλησης/ }).click();
  await expect(toast(page, 'Το πλάνο Starter περιλαμβάνει 1 χρήστη')).toBeVisible();
});

test('the terms page has real terms with their version, and sign-up records them', async ({ page }) => {
  await page.goto('/legal/terms');
  await expect(page.getByRole('heading', { level: 2, name: /Δωρεάν δοκιμή, πλάνα και χρεώσεις/ })).toBeVisible();
  await expect(page.getByText(`Έκδοση ${TERMS_VERSION}`)).toBeVisible();
  await expect(page.getByText('θα προστεθούν σύντομα')).toHaveCount(0);
  // The server refuses a sign-up without them.
  const res = await page.request.post('/auth/v1/signup', {
    data: { email: uniqueEmail('noterms'), password: PASSWORD, data: { role: 'client', name: 'Χωρίς όρους' } },
  });
  expect(res.status()).toBe(400);
});
