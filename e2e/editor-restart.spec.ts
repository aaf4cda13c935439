/**
 * The editor survives a server restart: a dedicated server process (its own port and
 * database) is stopped while two people edit; one keeps typing offline; after the restart
 * both editors reconnect by themselves and nothing is lost.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startApp, type AppProcess } from './app-process';
import { EDITOR_OPEN_MS, LIVE_MS, ORIGIN_PAGE } from './fixtures';

let env: Record<string, string>;
let server: AppProcess | undefined;
let port: number | undefined;
let base = '';
let cleanup: () => Promise<void> = () => Promise.resolve();

/** Starts the app; a restart comes back on the same port, as a deployed server would. */
async function startServer(): Promise<void> {
  server = await startApp(env, port);
  port = server.port;
  base = server.url;
}

async function stopServer(): Promise<void> {
  await server?.stop();
  server = undefined;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `deltio_e2e_restart_${crypto.randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    env = { DATABASE_URL: u.toString() };
    cleanup = async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-restart-'));
    env = { DATA_DIR: dir, DATABASE_URL: '' };
    cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  }
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  await cleanup();
});

async function editorAs(browser: Browser, email: string, pathName?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto(ORIGIN_PAGE);
  const res = await page.request.post('/auth/v1/token?grant_type=password', { data: { email, password: 'demodemo' } });
  const session = await res.text();
  await page.evaluate(
    ([s]) => {
      localStorage.setItem('deltio.auth.session', s);
      localStorage.setItem('cookie_consent_v1', JSON.stringify({ version: 'v1', necessary: true, functional: false, performance: false, marketing: false }));
    },
    [session] as const,
  );
  await page.goto(pathName ?? '/client/press-releases/new');
  await page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  return page;
}

const text = (p: Page) => p.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });

test('a restart mid-session loses nothing; offline typing merges; both editors reconnect by themselves', async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await editorAs(browser, 'client@example.com');
  const b = await editorAs(browser, 'giorgos.antoniou@example.com', new URL(a.url()).pathname);

  await text(a).click();
  await a.keyboard.type('Πρώτη παράγραφος πριν την επανεκκίνηση.');
  await expect(text(b)).toContainText('Πρώτη παράγραφος', { timeout: LIVE_MS });
  await expect(a.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5000 });

  await stopServer();
  await expect(a.getByTestId('save-state')).toHaveAttribute('data-state', 'offline', { timeout: 10_000 });
  await expect(a.getByTestId('save-state')).toContainText('οι αλλαγές κρατούνται τοπικά');
  // Typing while the server is down stays in the browser.
  await text(b).click();
  await b.keyboard.press('End');
  await b.keyboard.type(' Γραμμένο εκτός σύνδεσης.');

  await startServer();
  // Both reconnect by themselves; the offline edit reaches the other editor and is stored.
  await expect(text(a)).toContainText('Γραμμένο εκτός σύνδεσης.', { timeout: 20_000 });
  await expect(a.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
  await expect(b.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });

  // The server has both paragraphs (what a fresh load, with no local copy, would show): its
  // stored text, rendered from the document once saved.
  const session = JSON.parse((await a.evaluate(() => localStorage.getItem('deltio.auth.session')))!) as { access_token: string };
  const stored = async () => {
    const res = await a.request.get(`/api/releases${new URL(a.url()).pathname.replace('/client/press-releases', '')}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    return ((await res.json()) as { content: string }).content;
  };
  await expect.poll(stored, { timeout: LIVE_MS }).toContain('Γραμμένο εκτός σύνδεσης.');
  expect(await stored()).toContain('Πρώτη παράγραφος πριν την επανεκκίνηση.');
});
