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

export const DEMO = {
  client: { email: 'client@example.com', password: 'demodemo' },
  media: { email: 'media@example.com', password: 'demodemo' },
  superadmin: { email: 'superadmin@example.com', password: 'demodemo' },
} as const;

export const SESSION_KEY = 'deltio.auth.session';

/** Signs in through the API and stores the session as the app does (fast, no UI). */
export async function signInViaApi(page: Page, email: string, password: string, superadmin = false): Promise<void> {
  const res = await page.request.post('/auth/v1/token?grant_type=password', {
    data: { email, password, ...(superadmin ? { login_path: SUPERADMIN_LOGIN_PATH } : {}) },
  });
  if (!res.ok()) throw new Error(`sign-in failed for ${email}: ${res.status()} ${await res.text()}`);
  const session = await res.text();
  if (!page.url().startsWith('http')) await page.goto('/legal/terms');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [SESSION_KEY, session] as const);
}

export async function signInAs(page: Page, role: keyof typeof DEMO): Promise<void> {
  await signInViaApi(page, DEMO[role].email, DEMO[role].password, role === 'superadmin');
}

/** A unique address per test run, so tests can sign up without colliding. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.gr`;
}

/** The visible toast (Radix also announces its text in a hidden live region). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('li[data-state="open"]').filter({ hasText: text });
}
