import fs from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { startAppOnFreshDatabase, type AppProcess } from './app-process';
import { PASSWORD, answerCookiesInStorage, superadminHeaders, toast, browserOf, expect, newClient, newJournalist, sendRelease, signInViaApi, test } from './fixtures';

/**
 * Data rights (issue 33, point 2): a journalist downloads their data and opens the ZIP; a
 * journalist deletes their account (password, the mailed link), the superadmin sees the pending
 * erasure, and once the server's clock has moved past the 14 days of grace, signing in is refused.
 *
 * The deletion moves a server's clock by 14 days: it runs on a server of its own (its own
 * database, E2E_CLOCK=manual), so no trial, token or schedule of a spec beside it on the suite's
 * server sees the jump, and the spec no longer has to run alone after all the others.
 */

const DAY = 24 * 3600_000;

async function shoot(page: Page, name: string, width: number, target?: ReturnType<Page['getByTestId']>): Promise<void> {
  await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
  const path = test.info().outputPath(`${name}-${width}.png`);
  if (target) {
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path });
  } else {
    await page.screenshot({ path, fullPage: true });
  }
}

async function moveServerClock(request: APIRequestContext, body: { advanceMs: number } | { at: string }): Promise<void> {
  const r = await request.post('/__test/clock', { data: body });
  expect(r.ok(), `moving the server's clock: ${r.status()}`).toBe(true);
}

test('a journalist downloads their data: a ZIP whose JSON files hold their profile and the releases they received', async ({ browser, request, consoleErrors }) => {
  const client = await newClient(request, 'gdpr-exp');
  const journalist = await newJournalist(request, 'gdpr-exp-j', { lists: ['economy'] });
  const title = `Δεδομένα ${Date.now()}`;
  await sendRelease(request, client, { title, category: 'economy' });

  const { context, page } = await browserOf(browser, journalist);
  await page.goto('/media/settings');
  const section = page.getByTestId('data-rights');
  await expect(section.getByRole('heading', { name: 'Τα δικαιώματά σας (GDPR)' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Λήψη των δεδομένων μου' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^deltio-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const profile = JSON.parse(strFromU8(files['profile.json']!)) as { account: { email: string }; profile: { role: string } };
  expect(profile.account.email).toBe(journalist.email);
  expect(profile.profile.role).toBe('media');
  const received = JSON.parse(strFromU8(files['received-releases.json']!)) as { title: string }[];
  expect(received.map((r) => r.title)).toContain(title);
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['sessions.json', 'consents.json', 'tracking.json', 'notifications.json']));

  for (const width of [1280, 375]) await shoot(page, 'data-rights-settings', width, section);
  expect(consoleErrors).toEqual([]);
  await context.close();
});

test.describe('on a server of its own', () => {
  let app: AppProcess | undefined;
  let request: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // What of the suite's server this test needs: a movable clock, the suite's sign-up rate.
    app = await startAppOnFreshDatabase('clock', { E2E_CLOCK: 'manual', RATE_LIMIT_SCALE: '50' });
    request = await playwrightRequest.newContext({ baseURL: app.url });
  });

  test.afterAll(async () => {
    await request?.dispose();
    await app?.stop();
  });

  test('deleting an account: password, mailed link, the superadmin sees it pending, and after 14 days signing in is refused', async ({ browser, consoleErrors }) => {
    const journalist = await newJournalist(request, 'gdpr-del', { lists: ['tech'] });
    const { context, page } = await browserOf(browser, journalist, { baseURL: app!.url });
    await page.goto('/media/settings');
    const section = page.getByTestId('data-rights');
    await section.getByRole('button', { name: 'Διαγραφή λογαριασμού' }).click();
    const dialog = page.getByRole('dialog', { name: 'Διαγραφή του λογαριασμού σας' });

    // A wrong password: the error under the field, nothing asked.
    await dialog.getByLabel('Κωδικός πρόσβασης').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Αποστολή συνδέσμου' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ο κωδικός πρόσβασης δεν είναι σωστός');

    // The right one: a link is mailed (answered too outside production, as the sign-up's is).
    await dialog.getByLabel('Κωδικός πρόσβασης').fill(PASSWORD);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/account/erasure') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Αποστολή συνδέσμου' }).click(),
    ]);
    expect(answer.status()).toBe(202);
    const { confirmUrl } = (await answer.json()) as { confirmUrl: string };
    await expect(section.getByTestId('erasure-mail-sent')).toContainText(journalist.email);

    // The link: confirm, and the session ends with the reason on the sign-in page.
    const link = new URL(confirmUrl);
    await page.goto(`${link.pathname}${link.search}`);
    const confirm = page.getByTestId('erasure-confirm');
    await expect(confirm).toBeVisible();
    for (const width of [1280, 375]) await shoot(page, 'data-rights-confirm', width, confirm);
    await page.setViewportSize({ width: 1280, height: 900 });
    await confirm.getByRole('button', { name: 'Επιβεβαίωση διαγραφής' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Ο λογαριασμός θα διαγραφεί σε 14 ημέρες· αν συνδεθείτε έως τότε, η διαγραφή ακυρώνεται.', { exact: false })).toBeVisible();

    // The superadmin sees who asked, when, and when it is due.
    const admin = await browser.newContext({ baseURL: app!.url });
    const adminPage = await admin.newPage();
    await signInViaApi(adminPage, 'superadmin@example.com', 'demodemo', true);
    await answerCookiesInStorage(adminPage);
    await adminPage.goto('/superadmin/users');
    const pending = adminPage.getByTestId('pending-erasures');
    const row = pending.getByTestId('pending-erasure').filter({ hasText: journalist.email });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('erasure-due')).not.toHaveText('Αναμένεται επιβεβαίωση με email');
    await expect(row.getByRole('button', { name: 'Διαγραφή τώρα' })).toBeVisible();
    for (const width of [1280, 375]) await shoot(adminPage, 'pending-erasures', width, pending);

    // 14 days and a minute later by the server's clock: the job erases the account; signing in is refused.
    try {
      await moveServerClock(request, { advanceMs: 14 * DAY + 60_000 });
      // Waits for the erasure itself (a sign-in attempt meanwhile would cancel it, as it should).
      const headers = await superadminHeaders(request);
      await expect
        .poll(
          async () => {
            const list = (await (await request.get('/api/admin/erasures', { headers })).json()) as { items: { email: string }[] };
            return list.items.some((i) => i.email === journalist.email);
          },
          { message: 'the erasure job ran', timeout: 15_000 },
        )
        .toBe(false);
    } finally {
      await moveServerClock(request, { at: new Date().toISOString() });
    }
    const refused = await request.post('/auth/v1/token?grant_type=password', { data: { email: journalist.email, password: PASSWORD } });
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_credentials');
    await page.getByLabel('Email').fill(journalist.email);
    await page.getByLabel('Κωδικός πρόσβασης').fill(PASSWORD);
    await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
    await expect(toast(page, 'Λάθος email ή κωδικός πρόσβασης')).toBeVisible();
    // And the erasure left the superadmin's pending list.
    await adminPage.reload();
    await expect(adminPage.getByTestId('pending-erasures').getByText(journalist.email)).toHaveCount(0);

    expect(consoleErrors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await admin.close();
    await context.close();
  });
});
