import { test as base, expect, type Page } from '@playwright/test';

/** Collects console errors and uncaught page errors; each test asserts there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
  },
});

export { expect };

export const SUPERADMIN_LOGIN_PATH = process.env.SUPERADMIN_LOGIN_PATH ?? '/sa-console-login';

export async function gotoAndSettle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}
