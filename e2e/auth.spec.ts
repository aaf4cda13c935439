import { expect, LIVE_MS, newClient, newJournalist, PASSWORD, SUPERADMIN_LOGIN_PATH, signInAs, signInViaApi, test, toast, uniqueEmail, DEMO } from './fixtures';
import type { Page } from '@playwright/test';

async function fillSignup(page: Page, v: { name?: string; email?: string; password?: string; confirm?: string; org?: string }) {
  if (v.name !== undefined) await page.getByLabel('Ονοματεπώνυμο *').fill(v.name);
  if (v.email !== undefined) await page.getByLabel('Email *').fill(v.email);
  if (v.password !== undefined) await page.getByLabel('Κωδικός πρόσβασης *').fill(v.password);
  if (v.confirm !== undefined) await page.getByLabel('Επιβεβαίωση κωδικού *').fill(v.confirm);
  if (v.org !== undefined) await page.getByLabel('Εταιρεία / Μέσο').fill(v.org);
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Κωδικός πρόσβασης').fill(password);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
}

for (const role of ['client', 'media'] as const) {
  test(`a ${role} signs up, sees the approval note, signs in and lands on the pending screen`, async ({ page, consoleErrors }) => {
    const email = uniqueEmail(role);
    await page.goto(`/signup?role=${role}`);
    await expect(page.getByTestId('approval-note')).toContainText('εγκριθούν από τον διαχειριστή');
    await expect(page.getByRole('radio', { name: role === 'client' ? /Πελάτης/ : /Media/ })).toBeChecked();
    await fillSignup(page, { name: 'Ελένη Δημητρίου', email, password: 'Thalassa-2026', confirm: 'Thalassa-2026', org: 'Δοκιμή Α.Ε.' });
    await page.getByLabel(/Αποδέχομαι τους όρους χρήσης/).check();
    await page.getByRole('button', { name: 'Δημιουργία λογαριασμού' }).click();
    await expect(toast(page, 'Ο λογαριασμός δημιουργήθηκε')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await login(page, email, 'Thalassa-2026');
    await expect(toast(page, 'Επιτυχής σύνδεση')).toBeVisible();
    await expect(page).toHaveURL(/\/account-status$/);
    await expect(page.getByRole('heading', { name: 'Ο λογαριασμός σας περιμένει έγκριση' })).toBeVisible();
    await page.goto(`/${role}`);
    await expect(page.getByText('Καλώς ήρθατε, Ελένη Δημητρίου')).toBeVisible();
    await expect(page.getByTestId('account-status-banner')).toContainText('περιμένει έγκριση');
    expect(consoleErrors).toEqual([]);
  });
}

test('sign-up shows the spec messages for missing fields, mismatched and short passwords', async ({ page }) => {
  await page.goto('/signup?role=client');
  const submit = page.getByRole('button', { name: 'Δημιουργία λογαριασμού' });
  await submit.click();
  await expect(toast(page, 'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία')).toBeVisible();
  await fillSignup(page, { name: 'Χ', email: uniqueEmail('v'), password: 'Thalassa-2026', confirm: 'secret124' });
  await submit.click();
  await expect(toast(page, 'Οι κωδικοί πρόσβασης δεν ταιριάζουν')).toBeVisible();
  await fillSignup(page, { password: '123', confirm: '123' });
  await submit.click();
  await expect(toast(page, 'Ο κωδικός πρόσβασης πρέπει να έχει τουλάχιστον 8 χαρακτήρες')).toBeVisible();
  // Everything right but the terms: they must be accepted.
  await fillSignup(page, { password: 'Thalassa-2026', confirm: 'Thalassa-2026' });
  await submit.click();
  await expect(toast(page, 'Παρακαλώ αποδεχθείτε τους όρους χρήσης για να δημιουργήσετε λογαριασμό')).toBeVisible();
  await expect(page).toHaveURL(/\/signup/);
});

test('sign-up tells each problem under its own field, and the password rule before any submit', async ({ page }) => {
  await page.goto('/signup?role=client');
  const name = page.getByLabel('Ονοματεπώνυμο *');
  const email = page.getByLabel('Email *');
  const password = page.getByLabel('Κωδικός πρόσβασης *');
  const confirm = page.getByLabel('Επιβεβαίωση κωδικού *');
  const terms = page.getByLabel(/Αποδέχομαι τους όρους χρήσης/);
  const rule = 'Ο κωδικός πρόσβασης πρέπει να έχει τουλάχιστον 8 χαρακτήρες';
  // The rule is shown under the password field from the start, and the field is described by it.
  await expect(page.getByText(rule)).toBeVisible();
  await expect(password).toHaveAccessibleDescription(rule);
  for (const field of [name, email, password, confirm, terms]) await expect(field).not.toHaveAttribute('aria-invalid', 'true');

  const submit = page.getByRole('button', { name: 'Δημιουργία λογαριασμού' });
  await submit.click();
  const required = 'Παρακαλώ συμπληρώστε όλα τα υποχρεωτικά πεδία';
  for (const field of [name, email, confirm]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(required);
  }
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(new RegExp(required));
  await expect(terms).toHaveAccessibleDescription('Παρακαλώ αποδεχθείτε τους όρους χρήσης για να δημιουργήσετε λογαριασμό');
  await page.screenshot({ path: test.info().outputPath('signup-errors-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('signup-errors-375.png'), fullPage: true });

  await fillSignup(page, { name: 'Χ', email: 'not-an-email', password: '123', confirm: '124' });
  await submit.click();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Παρακαλώ εισάγετε έγκυρη διεύθυνση email');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(rule);
  await expect(confirm).toHaveAccessibleDescription('Οι κωδικοί πρόσβασης δεν ταιριάζουν');

  // All put right, the account is created.
  await fillSignup(page, { email: uniqueEmail('f'), password: 'Thalassa-2026', confirm: 'Thalassa-2026' });
  await terms.check();
  await submit.click();
  await expect(toast(page, 'Ο λογαριασμός δημιουργήθηκε')).toBeVisible();
});

test('sign-up placeholders follow the user type', async ({ page }) => {
  await page.goto('/signup');
  await page.getByText('Πελάτης').click();
  const clientPh = await page.getByLabel('Ονοματεπώνυμο *').getAttribute('placeholder');
  await page.getByText('Media', { exact: true }).click();
  const mediaPh = await page.getByLabel('Ονοματεπώνυμο *').getAttribute('placeholder');
  expect(clientPh).not.toBe(mediaPh);
});

test('wrong credentials show Σφάλμα σύνδεσης; an empty form asks for all fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await expect(toast(page, 'Παρακαλώ συμπληρώστε όλα τα πεδία')).toBeVisible();
  await login(page, DEMO.client.email, 'wrong-password');
  await expect(toast(page, 'Σφάλμα σύνδεσης')).toBeVisible();
  await expect(toast(page, 'Λάθος email ή κωδικός πρόσβασης')).toBeVisible();
});

test('a superadmin is refused on /login but signs in at the hidden path', async ({ page }) => {
  await page.goto('/login');
  await login(page, DEMO.superadmin.email, DEMO.superadmin.password);
  await expect(toast(page, 'Σφάλμα σύνδεσης')).toBeVisible();
  await page.goto(SUPERADMIN_LOGIN_PATH);
  await login(page, DEMO.superadmin.email, DEMO.superadmin.password);
  await expect(page).toHaveURL(/\/superadmin$/);
});

test('the development panel lists the demo accounts and links to the hidden page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('client@example.com')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Σελίδα διαχειριστή' })).toHaveAttribute('href', SUPERADMIN_LOGIN_PATH);
  await page.getByRole('listitem').filter({ hasText: 'client@example.com' }).getByRole('button', { name: 'Συμπλήρωση' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('client@example.com');
});

test('a signed-out visitor goes to /login and comes back to the remembered page', async ({ page }) => {
  await page.goto('/client/reports');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await login(page, DEMO.client.email, DEMO.client.password);
  await expect(page).toHaveURL(/\/client\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Αναφορές' })).toBeVisible();
});

test('after sign-in each role lands on its home, not the marketing page', async ({ page }) => {
  for (const [role, home] of [
    ['client', /\/client$/],
    ['media', /\/media$/],
  ] as const) {
    await page.goto('/login');
    await login(page, DEMO[role].email, DEMO[role].password);
    await expect(page).toHaveURL(home);
    await page.getByRole('button', { name: 'Αποσύνδεση' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a password reset ends on the user’s home', async ({ page }) => {
  const client = await newClient(page.request, 'reset');
  // The recovery e-mail's token is not readable from here: the link's exchange answers with a
  // real session of this client, and the new password is accepted as the server would after it.
  const session = await (await page.request.post('/auth/v1/token?grant_type=password', { data: { email: client.email, password: PASSWORD } })).json();
  await page.route('**/auth/v1/verify', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ json: session }) : route.continue(),
  );
  await page.route('**/auth/v1/user', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ json: (session as { user: unknown }).user }) : route.continue(),
  );
  await page.goto('/reset-password?token=recovery-token');
  await page.getByLabel('Νέος κωδικός πρόσβασης').fill('Kainourgio-2026');
  await page.getByLabel('Επιβεβαίωση κωδικού').fill('Kainourgio-2026');
  await page.getByRole('button', { name: 'Αποθήκευση κωδικού' }).click();
  await expect(page).toHaveURL(/\/client$/);
});

test('a user of another role is sent to their own home', async ({ page }) => {
  await signInAs(page, 'media');
  await page.goto('/client/settings');
  await expect(page).toHaveURL(/\/media$/);
  await page.goto('/superadmin/users');
  await expect(page).toHaveURL(/\/media$/);
});

test('the session survives a reload; signing out revokes it and returns to /login', async ({ page }) => {
  await signInAs(page, 'client');
  await page.goto('/client');
  await page.reload();
  await expect(page.getByText('Καλώς ήρθατε, Μαρία Παπαδοπούλου')).toBeVisible();
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('deltio.auth.session')!) as { access_token: string }).access_token);
  await page.getByRole('button', { name: 'Αποσύνδεση' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await page.goto('/client');
  await expect(page).toHaveURL(/\/login/);
});

test('signing out everywhere ends the session in another open browser at once', async ({ browser, request }) => {
  // A journalist of its own: signing out everywhere as a demo account would end other specs' sessions.
  const journalist = await newJournalist(request, 'everywhere', { name: 'Νίκος Γεωργίου', lists: [] });
  const a = await browser.newContext();
  const b = await browser.newContext();
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await signInViaApi(pageA, journalist.email, journalist.password);
  await signInViaApi(pageB, journalist.email, journalist.password);
  await pageA.goto('/media');
  await expect(pageA.getByText('Καλώς ήρθατε, Νίκος Γεωργίου')).toBeVisible();
  await pageA.waitForFunction(() => document.readyState === 'complete');
  const tokenB = await pageB.evaluate(() => (JSON.parse(localStorage.getItem('deltio.auth.session')!) as { access_token: string }).access_token);
  const started = Date.now();
  const res = await pageB.request.post('/auth/v1/logout?scope=global', { headers: { authorization: `Bearer ${tokenB}` } });
  expect(res.status()).toBe(204);
  await expect(pageA).toHaveURL(/\/login/, { timeout: LIVE_MS });
  expect(Date.now() - started).toBeLessThan(LIVE_MS);
  await a.close();
  await b.close();
});

test('the session is shared between tabs', async ({ context }) => {
  const one = await context.newPage();
  await signInAs(one, 'client');
  const two = await context.newPage();
  await two.goto('/client');
  await expect(two.getByText('Καλώς ήρθατε, Μαρία Παπαδοπούλου')).toBeVisible();
  await two.getByRole('button', { name: 'Αποσύνδεση' }).click();
  await one.goto('/client');
  await expect(one).toHaveURL(/\/login/);
});
