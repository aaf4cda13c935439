/**
 * Two browsers on two server processes (joined through Redis, one database) co-edit one
 * release. The test starts its own two processes of the built app on a fresh database;
 * it starts a Redis of its own and needs DATABASE_URL (the two processes share one Postgres)
 * and `redis-server`; without them it is skipped, and says why.
 */
import crypto from 'node:crypto';
import type { Browser } from '@playwright/test';
import knexFactory from 'knex';
import { redisTestsSkippedReason, startTestRedis, type TestRedis } from '../server/src/test/redis-server';
import { startApp, type AppProcess } from './app-process';
import { DEMO, EDITOR_OPEN_MS, expect, LIVE_MS, reopenEditor, signInViaApi, test } from './fixtures';
import { E2E_JWT_SECRET } from './secrets';

const SKIPPED = redisTestsSkippedReason();
const BASE_DB = process.env.DATABASE_URL;
const COLLEAGUE = { email: 'giorgos.antoniou@example.com', password: 'demodemo' };

test.describe.configure({ mode: 'serial' });
test.skip(SKIPPED !== undefined, `SKIPPED: ${SKIPPED}`);
if (SKIPPED) console.warn(`\n!! SKIPPED e2e/editor-cluster.spec.ts: ${SKIPPED}\n`);

let redis: TestRedis | undefined;
let dbName: string;
let dbUrl: string;
const procs: AppProcess[] = [];
const urls: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dbName = `deltio_e2e_cluster_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: BASE_DB, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${dbName}`);
  await admin.destroy();
  const url = new URL(BASE_DB!);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  redis = await startTestRedis();
  // The first process migrates and seeds; the second starts on the ready database.
  for (let i = 0; i < 2; i++) {
    const app = await startApp({ DATABASE_URL: dbUrl, REDIS_URL: redis.url, JWT_SECRET: E2E_JWT_SECRET });
    procs.push(app);
    urls.push(app.url);
  }
});

test.afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop()));
  await redis?.stop();
  if (dbName) {
    const admin = knexFactory({ client: 'pg', connection: BASE_DB, pool: { min: 0, max: 1 } });
    await admin.raw(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.destroy();
  }
});

async function openOn(browser: Browser, baseURL: string, who: { email: string; password: string }, at: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInViaApi(page, who.email, who.password);
  await page.goto(at);
  return { context, page };
}

test('two browsers on two server processes co-edit one release: text, title, carets, presence and "saved"', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await openOn(browser, urls[0]!, DEMO.client, '/client/press-releases/new');
  await owner.page.waitForURL(/\/client\/press-releases\/[0-9a-f-]{36}$/);
  await expect(owner.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });
  const at = new URL(owner.page.url()).pathname;
  const member = await openOn(browser, urls[1]!, COLLEAGUE, at);
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: EDITOR_OPEN_MS });

  // Each sees both editors, though they are on different processes.
  await expect(owner.page.getByTestId('presence-avatar')).toHaveCount(2, { timeout: 5_000 });
  await expect(member.page.getByTestId('presence-avatar')).toHaveCount(2, { timeout: 5_000 });

  // Text typed on process 1 appears on process 2, with the typist's caret and name.
  const ownerText = owner.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' });
  await ownerText.click();
  await owner.page.keyboard.type('Ανακοίνωση από δύο διεργασίες.');
  await expect(member.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' })).toContainText('δύο διεργασίες', { timeout: LIVE_MS });
  await expect(member.page.locator('.collaboration-carets__label', { hasText: 'Μαρία Παπαδοπούλου' })).toBeVisible();

  // The title typed on process 2 appears on process 1.
  await member.page.getByLabel('Τίτλος *').fill('Κοινός τίτλος σε δύο κόμβους');
  await expect(owner.page.getByLabel('Τίτλος *')).toHaveValue('Κοινός τίτλος σε δύο κόμβους', { timeout: LIVE_MS });

  // Both are told "saved", and a reload on the other process shows everything.
  await expect(owner.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5_000 });
  await expect(member.page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 5_000 });
  await reopenEditor(member.page);
  await expect(member.page.getByLabel('Τίτλος *')).toHaveValue('Κοινός τίτλος σε δύο κόμβους');
  await expect(member.page.getByRole('textbox', { name: 'Κείμενο δελτίου τύπου' })).toContainText('δύο διεργασίες');

  await owner.context.close();
  await member.context.close();
});
