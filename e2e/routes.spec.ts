import type { Page } from '@playwright/test';
import { ADMIN_REDIRECTS, NOT_FOUND_TEXT, ROUTES } from '../shared/routes';
import type { Role } from '../shared/constants';
import { expectGreekOnly } from './english-labels';
import { expect, gotoAndSettle, newClient, signInAs, signInViaApi, SUPERADMIN_LOGIN_PATH, test } from './fixtures';

type Route = (typeof ROUTES)[number];
const roleOf = (route: Route): Role | undefined => ('roles' in route ? route.roles[0] : undefined);

/** What every route of the specification must show: its heading and title, in Greek, no 404, no native date widgets. */
async function checkRoute(page: Page, route: Route): Promise<void> {
  await gotoAndSettle(page, route.path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  // "New release" creates a draft and opens it in the editor by its id, still headed «Νέο δελτίο τύπου».
  const creates = route.path === '/client/press-releases/new' || route.path === '/client/new-release';
  const title = route.title;
  if (creates) await expect(page).toHaveURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
  await expectGreekOnly(page);
  // Dates are typed as dd/mm/yyyy or picked from the Greek calendar, never the device's widget.
  await expect(page.locator('input[type="date"], input[type="time"], input[type="datetime-local"]')).toHaveCount(0);
}

/**
 * One browser per kind of visitor walks its routes, one step each (a failing step names its
 * route): a sign-in and a cold cache per route made this file the longest of the suite
 * (about 5.5 minutes on one worker). The groups, six routes at most, run on both workers.
 */
test.describe('every route of the specification renders', () => {
  test.describe.configure({ mode: 'parallel' });
  const groups = new Map<Role | 'public', Route[]>();
  for (const route of ROUTES) {
    const key = roleOf(route) ?? 'public';
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  // At most six routes per test: 32 public routes in one test took 26 s on a quiet machine.
  const PER_TEST = 6;
  const parts = [...groups].flatMap(([key, routes]) => {
    const n = Math.ceil(routes.length / PER_TEST);
    return Array.from({ length: n }, (_, i) => ({ key, part: n > 1 ? ` (${i + 1}/${n})` : '', routes: routes.slice(i * PER_TEST, (i + 1) * PER_TEST) }));
  });
  for (const { key, part, routes } of parts) {
    test(`as ${key}${part}: ${routes.length} routes, a step each`, async ({ page, consoleErrors }) => {
      if (key === 'client') {
        // The two "new release" routes create drafts: in an organisation of its own, not the demo client's.
        const client = await newClient(page.request, 'routes');
        await signInViaApi(page, client.email, client.password);
      } else if (key !== 'public') await signInAs(page, key);
      for (const route of routes) {
        await test.step(`${route.path} shows "${route.title}"`, async () => {
          await checkRoute(page, route);
          expect(consoleErrors, `console errors on ${route.path}`).toEqual([]);
        });
      }
    });
  }

  test('the old /admin paths redirect to the superadmin area', async ({ page, consoleErrors }) => {
    await signInAs(page, 'superadmin');
    for (const [from, to] of Object.entries(ADMIN_REDIRECTS)) {
      await test.step(`${from} redirects to ${to}`, async () => {
        await gotoAndSettle(page, from);
        await expect(page).toHaveURL(new RegExp(`${to}$`));
        expect(consoleErrors).toEqual([]);
      });
    }
  });

  test('the hidden superadmin login path shows its own sign-in page', async ({ page, consoleErrors }) => {
    await gotoAndSettle(page, SUPERADMIN_LOGIN_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Σύνδεση διαχειριστή' })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT)).toHaveCount(0);
    await expectGreekOnly(page);
    expect(consoleErrors).toEqual([]);
  });
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
