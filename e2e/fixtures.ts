import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test';
import { TERMS_VERSION } from '../shared/plans';

/**
 * Chromium's notice that the send dialog's e-mail preview (a frame sandboxed without scripts,
 * on purpose) ran no script: the sandbox working, not an error of the page.
 */
export const isSandboxNotice = (text: string) => text.startsWith("Blocked script execution in 'about:srcdoc'");

/** Collects console errors and uncaught page errors; each test asserts there were none. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !isSandboxNotice(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
  },
});

export { expect };

/**
 * How long a live change may take to reach another browser. No page these tests
 * watch polls (the health card's 15 s refresh aside), so a change that shows up
 * without a reload came through the socket push. The bound only has to tell
 * "pushed" from "never arrives": CI runs four browsers, the server and Postgres
 * on two cores, where a push plus its refetch has taken 2.3 s.
 */
export const LIVE_MS = 5_000;

/**
 * How long a first visit may take to open the live editor (its route chunk with TipTap and
 * Yjs parsed, the document synced): a load wait, not a live window. Under CI load on two
 * cores a second browser's first open took over 10 s; a development build transforms the
 * modules on first request and takes longer still.
 */
export const EDITOR_OPEN_MS = process.env.E2E_CLIENT_DEV === 'true' ? 30_000 : 20_000;

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

/**
 * A same-origin page with no app on it, to write localStorage before the first visit: loading
 * a real page here would boot the whole app once more per sign-in (about 1 s under CI load).
 */
export const ORIGIN_PAGE = '/readyz';

/** Signs in through the API and stores the session as the app does (fast, no UI). */
export async function signInViaApi(page: Page, email: string, password: string, superadmin = false): Promise<void> {
  const res = await page.request.post('/auth/v1/token?grant_type=password', {
    data: { email, password, ...(superadmin ? { login_path: SUPERADMIN_LOGIN_PATH } : {}) },
  });
  if (!res.ok()) throw new Error(`sign-in failed for ${email}: ${res.status()} ${await res.text()}`);
  const session = await res.text();
  if (!page.url().startsWith('http')) await page.goto(ORIGIN_PAGE);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [SESSION_KEY, session] as const);
}

/** Stores the answer "necessary cookies only" (or with functional ones) as the banner does, for tests about something else. */
export async function answerCookiesInStorage(page: Page, choice: { functional?: boolean } = {}): Promise<void> {
  const consent = { version: 'v1', necessary: true, functional: choice.functional ?? false, performance: false, marketing: false, saved_at: new Date().toISOString() };
  if (!page.url().startsWith('http')) await page.goto(ORIGIN_PAGE);
  await page.evaluate((v) => localStorage.setItem('cookie_consent_v1', v), JSON.stringify(consent));
}

export async function signInAs(page: Page, role: keyof typeof DEMO): Promise<void> {
  await signInViaApi(page, DEMO[role].email, DEMO[role].password, role === 'superadmin');
}

/** An ISO date as typed in the Greek date fields (dd/mm/yyyy). */
export const dmy = (iso: string) => iso.split('-').reverse().join('/');

/** What every sign-up sends with its form: the terms of service accepted, in their current version. */
export const ACCEPTED_TERMS = { terms_accepted: true, terms_version: TERMS_VERSION } as const;

/** A unique address per test run, so tests can sign up without colliding. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.gr`;
}

/** The visible toast (Radix also announces its text in a hidden live region). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('li[data-state="open"]').filter({ hasText: text });
}

/** A superadmin access token (through the hidden sign-in path). */
export async function superadminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', {
    data: { ...DEMO.superadmin, login_path: SUPERADMIN_LOGIN_PATH },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Opens a sign-up's confirmation link (`confirmation_url` of the sign-up's answer outside
 * production) as its owner would: nothing is mailed on behalf of an unconfirmed address
 * (send, schedule, test e-mail, invitations, approval requests and decisions).
 */
export async function confirmEmail(request: APIRequestContext, signup: { confirmation_url?: string }): Promise<void> {
  expect(signup.confirmation_url, 'the sign-up answers its confirmation link outside production').toBeTruthy();
  const link = new URL(signup.confirmation_url!);
  const res = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toMatch(/status=ok$/);
}

/** Approves a pending account as the superadmin does (pending clients cannot send or invite). */
export async function approveUser(request: APIRequestContext, userId: string): Promise<void> {
  const token = await superadminToken(request);
  const res = await request.post(`/api/admin/users/${userId}/actions`, {
    data: { action: 'approve' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
}

/**
 * A browser whose Socket.IO connections the test can cut and keep cut, as on a network
 * blip: `cut()` takes the browser offline (new WebSocket and long-polling attempts fail at
 * once) and closes the sockets already open; `up()` brings the network back and leaves the
 * reconnect to the client itself.
 */
export async function cuttableSockets(context: BrowserContext) {
  const open = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    // Counted once Socket.IO has connected (the server's CONNECT packet, '40…', reached the
    // page), not when the page starts to open it: a cut during the handshake is no
    // disconnect of a live socket.
    server.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('40')) open.add(ws);
      ws.send(message);
    });
    ws.onClose(() => open.delete(ws));
  });
  return {
    /** Sockets whose Socket.IO connection is established. */
    connected: () => open.size,
    async cut() {
      await context.setOffline(true);
      for (const ws of [...open]) await ws.close();
    },
    up: () => context.setOffline(false),
  };
}
