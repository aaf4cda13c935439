import { ADMIN_REDIRECTS, EDIT_RELEASE_TITLE, NOT_FOUND_TEXT, ROUTES } from '../shared/routes';
import { expectGreekOnly } from './english-labels';
import { expect, gotoAndSettle, signInAs, SUPERADMIN_LOGIN_PATH, test } from './fixtures';

test.describe('every route of the specification renders', () => {
  for (const route of ROUTES) {
    test(`${route.path} shows "${route.title}"`, async ({ page, consoleErrors }) => {
      const role = 'roles' in route ? route.roles[0] : undefined;
      if (role) await signInAs(page, role);
      await gotoAndSettle(page, route.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'el');
      // "New release" creates a draft and opens it in the editor by its id.
      const creates = route.path === '/client/press-releases/new' || route.path === '/client/new-release';
      const title = creates ? EDIT_RELEASE_TITLE : route.title;
      if (creates) await expect(page).toHaveURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
      await expectGreekOnly(page);
      // Dates are typed as dd/mm/yyyy or picked from the Greek calendar, never the device's widget.
      await expect(page.locator('input[type="date"], input[type="time"], input[type="datetime-local"]')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('the hidden superadmin login path shows its own sign-in page', async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, SUPERADMIN_LOGIN_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Σύνδεση διαχειριστή' })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
    await expectGreekOnly(page);
    expect(consoleErrors).toEqual([]);
  });

  for (const [from, to] of Object.entries(ADMIN_REDIRECTS)) {
    test(`${from} redirects to ${to}`, async ({ page, consoleErrors }) => {
      await signInAs(page, 'superadmin');
      await gotoAndSettle(page, from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      expect(consoleErrors).toEqual([]);
    });
  }
});

test('an unknown path shows the 404 page, logs the path and links home', async ({ page, consoleErrors }) => {
  const logged: string[] = [];
  page.on('console', (msg) => logged.push(msg.text()));
  const response = await page.goto('/den-yparxei/kati');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  expect(logged.some((l) => l.includes('/den-yparxei/kati'))).toBe(true);
  await page.getByRole('link', { name: /αρχική/i }).click();
  await expect(page).toHaveURL(/\/$/);
  // The document itself is served with status 404 on purpose; Chromium logs that one line.
  expect(consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});
