import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { approveUser, expect, LIVE_MS, signInAs, signInViaApi, superadminToken, test, toast, uniqueEmail, ACCEPTED_TERMS } from './fixtures';

const PASSWORD = 'Thalassa-2026';

async function signUp(request: APIRequestContext, email: string, role: 'client' | 'media', name: string): Promise<string> {
  const res = await request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, data: { role, name, organization: `${name} Α.Ε.` }, ...ACCEPTED_TERMS },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function openUsers(browser: Browser, search: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signInAs(page, 'superadmin');
  await page.goto('/superadmin/users');
  await page.getByLabel('Αναζήτηση χρηστών').fill(search);
  await expect(page.getByText('Δεν βρέθηκαν χρήστες')).toBeVisible();
  return page;
}

/** The superadmin's media lists, category Lifestyle, with the add-media dialog open. */
async function openAddMedia(page: Page) {
  await signInAs(page, 'superadmin');
  await page.goto('/superadmin/media-lists');
  await page.getByRole('button', { name: /^Lifestyle/ }).click();
  await expect(page.getByRole('heading', { name: 'Lifestyle', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Προσθήκη media' }).click();
  return page.getByRole('dialog');
}

function row(page: Page, email: string) {
  return page.locator(`tr[data-email="${email}"]`);
}

test('a sign-up appears live in the users page; approving it clears the pending banner in the new client tab', async ({
  browser,
  consoleErrors,
}) => {
  // Several signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const tag = `e2eq${Date.now()}`;
  const admin = await openUsers(browser, tag);
  const admin2 = await openUsers(browser, tag);
  const overview = await admin2.context().newPage();
  await overview.goto('/superadmin');
  const signupsToday = async () => Number(await overview.getByTestId('signups-today').textContent());
  // The first visit loads the chart chunk and seven counts; a CI run under load took over 10 s.
  await expect(overview.getByTestId('signups-today')).toBeAttached({ timeout: 30_000 });
  const before = { signups: await signupsToday() };

  const clientCtx = await browser.newContext();
  const client = await clientCtx.newPage();
  const email = uniqueEmail(tag);
  await signUp(clientCtx.request, email, 'client', `Νέος Πελάτης ${tag}`);
  const signedUpAt = Date.now();
  // Live: pushed, without a reload.
  await expect(row(admin, email)).toBeVisible({ timeout: LIVE_MS });
  expect(Date.now() - signedUpAt).toBeLessThan(LIVE_MS);
  await expect(row(admin, email).getByTestId('user-status')).toHaveText('Σε αναμονή');
  // The overview of another superadmin counts the sign-up without a reload.
  // (Sign-ups only grow during a run; the pending count is not compared: other specs approve
  // their own sign-ups meanwhile, so it can stay level while this one is counted.)
  await expect.poll(signupsToday, { timeout: LIVE_MS }).toBeGreaterThan(before.signups);

  await signInViaApi(client, email, PASSWORD);
  await client.goto('/client');
  await expect(client.getByTestId('account-status-banner')).toBeVisible();

  await row(admin, email).getByRole('button', { name: `Ενέργειες για ${email}` }).click();
  await admin.getByRole('menuitem', { name: 'Έγκριση' }).click();
  await expect(toast(admin, 'Ο χρήστης εγκρίθηκε')).toBeVisible();
  await expect(row(admin, email).getByTestId('user-status')).toHaveText('Εγκεκριμένος');
  await expect(client.getByTestId('account-status-banner')).toBeHidden({ timeout: LIVE_MS });
  // The other superadmin's open users page follows the action.
  await expect(row(admin2, email).getByTestId('user-status')).toHaveText('Εγκεκριμένος', { timeout: LIVE_MS });
  expect(consoleErrors).toEqual([]);
  await clientCtx.close();
  await admin.context().close();
  await admin2.context().close();
});

test('banning a user signs their open tab out; bulk approve and Inactive badge', async ({ browser }) => {
  // Several signed-in users, each in a browser of their own, on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const tag = `e2eb${Date.now()}`;
  const admin = await openUsers(browser, tag);
  const userCtx = await browser.newContext();
  const user = await userCtx.newPage();
  const email = uniqueEmail(tag);
  const id = await signUp(userCtx.request, email, 'client', `Προς αποκλεισμό ${tag}`);
  await approveUser(userCtx.request, id);
  await signInViaApi(user, email, PASSWORD);
  await user.goto('/client');
  await expect(user).toHaveURL(/\/client/);
  await expect(row(admin, email)).toBeVisible();

  await row(admin, email).getByRole('button', { name: `Ενέργειες για ${email}` }).click();
  await admin.getByRole('menuitem', { name: 'Αποκλεισμός' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Αποκλεισμός' }).click();
  const bannedAt = Date.now();
  await expect(user).toHaveURL(/\/login/, { timeout: LIVE_MS });
  expect(Date.now() - bannedAt).toBeLessThan(LIVE_MS);
  await expect(row(admin, email).getByTestId('user-status')).toHaveText('Αποκλεισμένος');

  // Bulk approve two new sign-ups, then deactivate one: it shows Ανενεργός (Inactive).
  const a = uniqueEmail(`${tag}a`);
  const b = uniqueEmail(`${tag}b`);
  await signUp(userCtx.request, a, 'media', `Μέσο Α ${tag}`);
  await signUp(userCtx.request, b, 'client', `Πελάτης Β ${tag}`);
  await expect(row(admin, a)).toBeVisible();
  await expect(row(admin, b)).toBeVisible();
  await admin.getByLabel(`Επιλογή ${a}`).check();
  await admin.getByLabel(`Επιλογή ${b}`).check();
  await admin.getByTestId('bulk-approve').click();
  await expect(toast(admin, '2 χρήστες εγκρίθηκαν')).toBeVisible();
  await expect(row(admin, a).getByTestId('user-status')).toHaveText('Εγκεκριμένος');
  await row(admin, a).getByRole('button', { name: `Ενέργειες για ${a}` }).click();
  await admin.getByRole('menuitem', { name: 'Απενεργοποίηση' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Απενεργοποίηση' }).click();
  await expect(row(admin, a).getByTestId('user-status')).toHaveText('Ανενεργός');

  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Εξαγωγή CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  await userCtx.close();
  await admin.context().close();
});

test('add and bulk-import media into a category, remove one, and read it in the audit log', async ({ page, consoleErrors }) => {
  // Several browsers or the live editor, under CI load on two cores: slow by design (3× timeout).
  test.slow();
  const tag = `e2em${Date.now()}`;
  const m1 = uniqueEmail(`${tag}one`);
  const m2 = uniqueEmail(`${tag}two`);
  for (const [email, name] of [
    [m1, `Μέσο Ένα ${tag}`],
    [m2, `Μέσο Δύο ${tag}`],
  ] as const) {
    await approveUser(page.request, await signUp(page.request, email, 'media', name));
  }
  const dialog = await openAddMedia(page);
  await dialog.getByLabel('Αναζήτηση media').fill(`${tag}one`);
  await dialog.getByLabel(m1).check();
  await dialog.getByRole('button', { name: /^Προσθήκη/ }).click();
  await expect(toast(page, '1 media προστέθηκαν')).toBeVisible();
  await page.getByLabel('Αναζήτηση στην κατηγορία').fill(tag);
  await expect(page.locator(`tr[data-email="${m1}"]`)).toBeVisible();

  await page.getByRole('button', { name: 'Μαζική εισαγωγή' }).click();
  await page.getByLabel('E-mail').fill(`${m1},\n ${m2.toUpperCase()} \n\nnobody-${tag}@example.gr,`);
  await page.getByRole('button', { name: 'Εισαγωγή' }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('Σύνολο e-mail3');
  await expect(summary).toContainText('Βρέθηκαν2');
  await expect(summary).toContainText('Προστέθηκαν1');
  await expect(summary).toContainText('Υπήρχαν ήδη1');
  await expect(summary).toContainText(`nobody-${tag}@example.gr`);
  await page.getByRole('button', { name: 'Κλείσιμο' }).first().click();
  await expect(page.locator(`tr[data-email="${m2}"]`)).toBeVisible();

  // No media found: the warning toast.
  await page.getByRole('button', { name: 'Μαζική εισαγωγή' }).click();
  await page.getByLabel('E-mail').fill(`ghost-${tag}@example.gr`);
  await page.getByRole('button', { name: 'Εισαγωγή' }).click();
  await expect(toast(page, 'Προσοχή')).toContainText('Δεν βρέθηκαν media');
  await expect(page.getByTestId('import-summary')).toContainText('Βρέθηκαν0');
  await page.getByRole('dialog').getByRole('button', { name: 'Κλείσιμο' }).first().click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: `Αφαίρεση ${m1}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Αφαίρεση' }).click();
  await expect(toast(page, 'Το media αφαιρέθηκε')).toBeVisible();
  await expect(page.locator(`tr[data-email="${m1}"]`)).toBeHidden();

  await page.goto('/superadmin/logs');
  await page.getByLabel('Χρήστης (e-mail)').fill('superadmin@example.com');
  await page.getByRole('combobox', { name: 'Φίλτρο ενέργειας' }).click();
  await page.getByRole('option', { name: 'Μαζική εισαγωγή media' }).click();
  const imported = page.locator('tr[data-action="media_list.bulk_import"]', { hasText: `nobody-${tag}@example.gr` });
  await expect(imported).toContainText('superadmin@example.com');
  await expect(imported).toContainText('βρέθηκαν 2 από 3 e-mail');
  await expect(imported).toContainText('Μαζική εισαγωγή media');
  await expect(page.locator('tr[data-action="media_list.bulk_import"]').first()).toContainText(`ghost-${tag}@example.gr`);
  await page.getByRole('combobox', { name: 'Φίλτρο ενέργειας' }).click();
  await page.getByRole('option', { name: 'Αφαίρεση media από λίστα' }).click();
  await expect(page.locator('tr[data-action="media_list.remove"]').first()).toContainText(m1);
  // Rows read as Greek sentences, with no ids, keys or JSON.
  await expect(page.locator('tr[data-action="media_list.remove"]').first()).toContainText(/αφαίρεσε .+ από τη λίστα «/);
  expect(await page.locator('table').innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|media_list\.|[{}]/);
  expect(consoleErrors).toEqual([]);
});

test('the add-media dialog comes a page at a time: a media beyond the first page is reached with load more and added, ticks kept across pages and searches', async ({
  page,
  consoleErrors,
}) => {
  // 51 sign-ups on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const tag = `e2ep${Date.now()}`;
  const headers = { authorization: `Bearer ${await superadminToken(page.request)}` };
  // 51 approved media of the test's own, named in order: the 51st is beyond the dialog's first page of 50.
  const emails: string[] = [];
  for (let start = 0; start < 51; start += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, 51 - start) }, async (_, k) => {
        const i = start + k;
        const email = uniqueEmail(`${tag}p${i}`);
        emails[i] = email;
        const id = await signUp(page.request, email, 'media', `Σελίδα ${tag} ${String(i).padStart(2, '0')}`);
        const res = await page.request.post(`/api/admin/users/${id}/actions`, { data: { action: 'approve' }, headers });
        expect(res.status()).toBe(200);
      }),
    );
  }
  const [first, tenth, last] = [emails[0]!, emails[10]!, emails[50]!];
  const dialog = await openAddMedia(page);
  const candidates = dialog.getByTestId('media-candidates');
  await dialog.getByLabel('Αναζήτηση media').fill(tag);
  await expect(candidates.getByRole('checkbox')).toHaveCount(50);
  await expect(dialog.getByLabel(last)).toHaveCount(0);
  await dialog.getByLabel(first).check();
  await expect(dialog.getByRole('button', { name: 'Προσθήκη (1)' })).toBeEnabled();

  // The next page: the 51st is reached, the focus on it, and there is no more to load.
  await dialog.getByRole('button', { name: 'Φόρτωση περισσότερων' }).click();
  await expect(candidates.getByRole('checkbox')).toHaveCount(51);
  await expect(dialog.getByLabel(last)).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Φόρτωση περισσότερων' })).toHaveCount(0);
  await dialog.getByLabel(last).check();
  await expect(dialog.getByLabel(first)).toBeChecked();

  // Another search (the server's): the ticks made before still count, and stay ticked when back.
  await dialog.getByLabel('Αναζήτηση media').fill(`${tag} 10`);
  await expect(candidates.getByRole('checkbox')).toHaveCount(1);
  await dialog.getByLabel(tenth).check();
  await expect(dialog.getByRole('button', { name: 'Προσθήκη (3)' })).toBeEnabled();
  await dialog.getByLabel('Αναζήτηση media').fill(tag);
  await expect(dialog.getByLabel(first)).toBeChecked();
  await expect(dialog.getByLabel(tenth)).toBeChecked();

  await dialog.getByRole('button', { name: 'Προσθήκη (3)' }).click();
  await expect(toast(page, '3 media προστέθηκαν')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Αναζήτηση στην κατηγορία').fill(tag);
  for (const email of [first, tenth, last]) await expect(page.locator(`tr[data-email="${email}"]`)).toBeVisible();
  await expect(page.locator('tr[data-email]')).toHaveCount(3);
  expect(consoleErrors).toEqual([]);
});

test('ban, rejection and deactivation ask first, naming the user: cancel leaves them as they were, confirm acts', async ({ browser, consoleErrors }, testInfo) => {
  // Two browsers (the superadmin and the user to ban) on a 2-core machine: slow by design (3× timeout).
  test.slow();
  const tag = `e2ec${Date.now()}`;
  const admin = await openUsers(browser, tag);
  const userCtx = await browser.newContext();
  const banEmail = uniqueEmail(`${tag}ban`);
  const banName = `Προς αποκλεισμό ${tag}`;
  await approveUser(userCtx.request, await signUp(userCtx.request, banEmail, 'client', banName));
  const rejectEmail = uniqueEmail(`${tag}rej`);
  const rejectName = `Προς απόρριψη ${tag}`;
  await signUp(userCtx.request, rejectEmail, 'media', rejectName);
  await expect(row(admin, banEmail)).toBeVisible();
  await expect(row(admin, rejectEmail)).toBeVisible();
  const headers = { authorization: `Bearer ${await superadminToken(admin.request)}` };
  const statusOf = async (email: string) => {
    const res = await admin.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers });
    const { items } = (await res.json()) as { items: { email: string; status: string; is_active: boolean }[] };
    const u = items.find((i) => i.email === email)!;
    return { status: u.status, is_active: u.is_active };
  };
  const choose = async (email: string, item: string) => {
    await row(admin, email).getByRole('button', { name: `Ενέργειες για ${email}` }).click();
    await admin.getByRole('menuitem', { name: item }).click();
    return admin.getByRole('alertdialog');
  };

  // Ban: the dialog names who is banned; cancel changes nothing.
  let dialog = await choose(banEmail, 'Αποκλεισμός');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(banName);
  await expect(dialog).toContainText(banEmail);
  for (const width of [1280, 375]) {
    await admin.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await admin.screenshot({ path: testInfo.outputPath(`ban-confirm-${width}.png`) });
  }
  await admin.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(admin, banEmail).getByTestId('user-status')).toHaveText('Εγκεκριμένος');
  expect(await statusOf(banEmail)).toEqual({ status: 'approved', is_active: true });
  // Confirm bans.
  dialog = await choose(banEmail, 'Αποκλεισμός');
  await dialog.getByRole('button', { name: 'Αποκλεισμός' }).click();
  await expect(toast(admin, 'Ο χρήστης αποκλείστηκε')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(admin, banEmail).getByTestId('user-status')).toHaveText('Αποκλεισμένος');
  expect((await statusOf(banEmail)).status).toBe('banned');

  // Rejection: the same, for a pending sign-up.
  dialog = await choose(rejectEmail, 'Απόρριψη');
  await expect(dialog).toContainText(rejectName);
  await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
  await expect(dialog).toBeHidden();
  expect((await statusOf(rejectEmail)).status).toBe('pending');
  dialog = await choose(rejectEmail, 'Απόρριψη');
  await dialog.getByRole('button', { name: 'Απόρριψη' }).click();
  await expect(row(admin, rejectEmail).getByTestId('user-status')).toHaveText('Απορρίφθηκε');

  // Deactivation ends the user's sessions too: asked first as well.
  dialog = await choose(rejectEmail, 'Απενεργοποίηση');
  await expect(dialog).toContainText(rejectName);
  await dialog.getByRole('button', { name: 'Ακύρωση' }).click();
  await expect(dialog).toBeHidden();
  expect((await statusOf(rejectEmail)).is_active).toBe(true);
  dialog = await choose(rejectEmail, 'Απενεργοποίηση');
  await dialog.getByRole('button', { name: 'Απενεργοποίηση' }).click();
  await expect(row(admin, rejectEmail).getByTestId('user-status')).toHaveText('Ανενεργός');
  expect(consoleErrors).toEqual([]);
  await userCtx.close();
  await admin.context().close();
});
