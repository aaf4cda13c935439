import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test';
import type { Category, ORGANISATION_ROLES, PLAN_CODES } from '../shared/constants';
import { TERMS_VERSION } from '../shared/plans';

type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

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
 * Accounts of a test's own. The specs share one server and one database seeded with the demo
 * data: a test that sends, edits or blocks as a demo account moves figures another spec asserts
 * on (the demo client's open rate, media@example.com's inbox). So every test that changes
 * something works as accounts it creates here, and asserts on what it made (its own titles and
 * ids), never on a total other specs also move. The demo accounts are only read.
 *
 * The category lists are shared too; who may add journalists to which, so that no spec sees
 * its counts moved by another running at the same time:
 * - politics, sports: only distribution.spec.ts (its send dialog counts their members);
 * - culture: only small-gaps.spec.ts, which is also the only spec that sends to it (its
 *   journalists' bells and daily limits count every culture release);
 * - lifestyle: newsroom-embargo.spec.ts and superadmin.spec.ts;
 * - tech, economy: everyone else (nobody counts their members or their journalists' totals).
 */

/** The password of every account a test creates. */
export const PASSWORD = 'Thalassa-2026';

export interface Account {
  id: string;
  email: string;
  password: string;
  name: string;
  /** An access token for API calls (valid for the length of a test). */
  token: string;
  headers: { authorization: string };
}

/** A client organisation of the test's own: its owner, its id and name, and its invited members. */
export interface ClientOrg extends Account {
  organisationId: string;
  organisation: string;
  members: Account[];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The superadmin's headers for the admin API. */
export async function superadminHeaders(request: APIRequestContext): Promise<{ authorization: string }> {
  return bearer(await superadminToken(request));
}

/** A signed-up account, its e-mail confirmed and approved by the superadmin, with a token. */
export async function newAccount(
  request: APIRequestContext,
  role: 'client' | 'media',
  o: { prefix: string; name: string; organisation: string; email?: string },
): Promise<Account> {
  const email = o.email ?? uniqueEmail(o.prefix);
  const up = await request.post('/auth/v1/signup', {
    data: { email, password: PASSWORD, data: { role, name: o.name, organization: o.organisation }, ...ACCEPTED_TERMS },
  });
  expect(up.ok(), `sign-up of ${email}: ${up.status()}`).toBe(true);
  const body = (await up.json()) as { id: string; confirmation_url?: string };
  await confirmEmail(request, body);
  await approveUser(request, body.id);
  const tok = await request.post('/auth/v1/token?grant_type=password', { data: { email, password: PASSWORD } });
  expect(tok.ok()).toBe(true);
  const { access_token: token } = (await tok.json()) as { access_token: string };
  return { id: body.id, email, password: PASSWORD, name: o.name, token, headers: bearer(token) };
}

/**
 * An approved client organisation of the test's own: the owner signs up, is approved and
 * onboarded; each member is invited with their role and joins from the invitation link
 * (POST /api/invitations/join), as a colleague does. It is on its free trial unless `plan`
 * names a plan the superadmin activates (a trial sends nothing after its end: no schedule in 2030).
 */
export async function newClient(
  request: APIRequestContext,
  prefix: string,
  o: {
    name?: string;
    organisation?: string;
    members?: { role: Exclude<OrganisationRole, 'owner'>; name: string }[];
    plan?: (typeof PLAN_CODES)[number];
  } = {},
): Promise<ClientOrg> {
  const name = o.name ?? `Πελάτης ${prefix}`;
  const organisation = o.organisation ?? `${name} Α.Ε.`;
  const owner = await newAccount(request, 'client', { prefix, name, organisation });
  expect((await request.patch('/api/profile', { headers: owner.headers, data: { onboarded: true } })).ok()).toBe(true);
  const orgs = await request.get('/api/organisations', { headers: owner.headers });
  expect(orgs.ok()).toBe(true);
  const [org] = ((await orgs.json()) as { organisations: { id: string; name: string }[] }).organisations;
  expect(org?.name).toBe(organisation);
  const client: ClientOrg = { ...owner, organisationId: org!.id, organisation, members: [] };
  if (o.plan) {
    const res = await request.put(`/api/admin/organisations/${org!.id}/plan`, { headers: await superadminHeaders(request), data: { plan_code: o.plan, active: true } });
    expect(res.ok(), `plan of ${organisation}: ${res.status()}`).toBe(true);
  }
  for (const [i, m] of (o.members ?? []).entries()) client.members.push(await inviteMember(request, client, m.role, m.name, `${prefix}m${i}`));
  return client;
}

/** Invites a new colleague into the organisation with `role`; they join from the link (a new account). */
export async function inviteMember(
  request: APIRequestContext,
  owner: ClientOrg,
  role: Exclude<OrganisationRole, 'owner'>,
  name: string,
  prefix = 'member',
): Promise<Account> {
  const email = uniqueEmail(prefix);
  const invited = await request.post(`/api/organisations/${owner.organisationId}/invitations`, { headers: owner.headers, data: { email, role } });
  expect(invited.status()).toBe(201);
  const token = new URL(((await invited.json()) as { acceptUrl: string }).acceptUrl).searchParams.get('token');
  const joined = await request.post('/api/invitations/join', { data: { token, name, password: PASSWORD, ...ACCEPTED_TERMS } });
  expect(joined.status(), `joining as ${role}`).toBe(200);
  const session = (await joined.json()) as { access_token: string; user: { id: string } };
  return { id: session.user.id, email, password: PASSWORD, name, token: session.access_token, headers: bearer(session.access_token) };
}

/** An approved journalist of the test's own, on the given category lists (see the list rules above). */
export async function newJournalist(
  request: APIRequestContext,
  prefix: string,
  o: { lists: Category[]; name?: string; outlet?: string; email?: string },
): Promise<Account> {
  const name = o.name ?? `Δημοσιογράφος ${prefix}`;
  const j = await newAccount(request, 'media', { prefix, name, organisation: o.outlet ?? `${name} Α.Ε.`, email: o.email });
  await addToLists(request, j, o.lists);
  return j;
}

/** The superadmin adds the journalist to the category lists. */
export async function addToLists(request: APIRequestContext, journalist: Pick<Account, 'id'>, lists: Category[]): Promise<void> {
  const headers = await superadminHeaders(request);
  for (const list of lists) {
    expect((await request.post(`/api/admin/media-lists/${list}`, { headers, data: { mediaIds: [journalist.id] } })).ok()).toBe(true);
  }
}

/** The superadmin takes the journalist off the category lists (what they received stays in their inbox). */
export async function removeFromLists(request: APIRequestContext, journalist: Pick<Account, 'id'>, lists: Category[]): Promise<void> {
  const headers = await superadminHeaders(request);
  for (const list of lists) expect((await request.delete(`/api/admin/media-lists/${list}/${journalist.id}`, { headers })).status()).toBe(204);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A draft of the client's organisation, through the API; its id. */
export async function createRelease(request: APIRequestContext, who: Pick<Account, 'headers'>, o: { title: string; category: Category; content?: string }): Promise<string> {
  const created = await request.post('/api/releases', {
    headers: who.headers,
    data: { title: o.title, content: o.content ?? `${o.title}: το κείμενο του δελτίου.`, category: o.category },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** A release to its category's list, with a PDF attachment if `file` is given, sent now through the API; its id. */
export async function sendRelease(
  request: APIRequestContext,
  who: Pick<Account, 'headers'>,
  o: { title: string; category: Category; content?: string; file?: string },
): Promise<string> {
  const id = await createRelease(request, who, o);
  if (o.file) {
    const up = await request.post(`/api/releases/${id}/attachments`, {
      headers: { ...who.headers, 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(o.file) },
      data: PDF,
    });
    expect(up.status()).toBe(201);
  }
  expect((await request.post(`/api/releases/${id}/send`, { headers: who.headers })).status()).toBe(200);
  return id;
}

/** A browser of its own, signed in as `who`, cookies answered (necessary only); on the suite's server unless `baseURL` names another. */
export async function browserOf(browser: Browser, who: Pick<Account, 'email' | 'password'>, o: { baseURL?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(o.baseURL ? { baseURL: o.baseURL } : {});
  const page = await context.newPage();
  await signInViaApi(page, who.email, who.password);
  await answerCookiesInStorage(page);
  return { context, page };
}

/** Opens `path` and waits until its live connection is ready (the server's session:ready), so no push is missed. */
export async function openLive(page: Page, path: string): Promise<void> {
  const ready = page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).includes('session:ready')));
  await page.goto(path);
  await ready;
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

/** Opens a release in the editor and waits until its text is loaded and saved. */
export async function openEditor(page: Page, releaseId: string): Promise<void> {
  await page.goto(`/client/press-releases/${releaseId}`);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
}

/**
 * Reloads the open editor and waits until it has opened again: a reload loads the editor's route
 * like a first visit (a development build requests each module again), so it gets the same wait.
 */
export async function reopenEditor(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
}

/** The release text's editable area. */
export const editorText = (page: Page) => page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });

/**
 * Selects `words` in the release text as a mouse would (the editor reads the DOM selection), or
 * with `caret` puts the caret right after them.
 */
export async function selectInText(page: Page, words: string, o: { caret?: boolean } = {}): Promise<void> {
  await editorText(page).click();
  await page.evaluate(
    ([w, caret]) => {
      const root = document.querySelector('.ProseMirror')!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.textContent!.indexOf(w);
        if (i < 0) continue;
        // Through the editor's own state (TipTap keeps itself on its element): a DOM selection
        // alone reaches ProseMirror on a later 'selectionchange', and keys typed before that went
        // to the click's place (a development build, slower to render, lost that race).
        const editor = (root as Element & {
          editor?: { view: { posAtDOM(node: Node, offset: number): number }; commands: { setTextSelection(r: { from: number; to: number }): boolean; focus(): boolean } };
        }).editor;
        if (editor) {
          const to = editor.view.posAtDOM(n, i + w.length);
          editor.commands.setTextSelection({ from: caret ? to : editor.view.posAtDOM(n, i), to });
          editor.commands.focus();
          return;
        }
        const range = document.createRange();
        range.setStart(n, caret ? i + w.length : i);
        range.setEnd(n, i + w.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        return;
      }
      throw new Error(`not in the text: ${w}`);
    },
    [words, !!o.caret] as const,
  );
}

/** The release text as its words read (co-editors' carets and their name labels left out). */
export const editorWords = (page: Page) =>
  page.evaluate(() => {
    const copy = document.querySelector('.ProseMirror')!.cloneNode(true) as Element;
    copy.querySelectorAll('.collaboration-carets__caret').forEach((c) => c.remove());
    return copy.textContent;
  });

/**
 * The suggested words of a kind, joined (a co-editor's caret inside a suggestion splits its
 * highlight into several spans).
 */
export const suggestedText = (page: Page, kind: 'insertion' | 'deletion') =>
  page.evaluate((k) => [...document.querySelectorAll(`.ProseMirror .deltio-${k}`)].map((e) => e.textContent).join(''), kind);
