import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seed } from '../db/seed/index';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { testConfig } from '../test/app';
import { createTestDb, type TestDb } from '../test/db';
import { freePort } from '../test/free-port';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../test/smtp';
import { DEFAULT_MAIL_CONCURRENCY } from './mailer';

/**
 * Mail leaves once, with real processes: the app is started as in production
 * (server/src/main.ts), sends through SMTP to a server in this test, and is stopped with
 * SIGTERM or killed with SIGKILL in the middle of a send.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const SHUTDOWN_DEADLINE_MS = 5_000;

let testDb: TestDb;
let smtp: TestSmtp;
/** Apps still running when a test ends (it failed): killed, so none outlives the file. */
const alive = new Set<ReturnType<typeof spawn>>();

beforeAll(async () => {
  testDb = await createTestDb();
  await seed(testDb.db, { demo: false });
  smtp = await startSmtp();
}, 60_000);
beforeEach(async () => {
  for (const child of alive) child.kill('SIGKILL');
  await testDb.db('mail_outbox').delete();
  smtp.replyDelayMs = 0;
  smtp.holdAfter = null;
  smtp.unanswered = 0;
});
afterAll(async () => {
  for (const child of alive) child.kill('SIGKILL');
  await smtp?.close();
  await testDb?.destroy();
});

async function app() {
  const port = String(await freePort());
  // node itself (tsx as its loader, not tsx's wrapper process): SIGKILL reaches the app.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      DATABASE_URL: testDb.databaseUrl!,
      PORT: port,
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://deltio.example',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let listening: () => void = () => undefined;
  // Its start banner, printed once it listens (its mailer started just before).
  const started = new Promise<void>((resolve) => (listening = resolve));
  const onData = (d: Buffer) => {
    out += d.toString();
    if (out.includes('Superadmin sign-in:')) listening();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  alive.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      alive.delete(child);
      resolve(code);
    }),
  );
  /** Resolves once the app listens (starting takes seconds, more on a busy machine); fails if it exits first. */
  const ready = Promise.race([started, exited.then((code) => Promise.reject(new Error(`the app exited (${code}) before it started:\n${out}`)))]);
  return { child, exited, ready, output: () => out };
}

/** The restarted app, in this process (the same startServer as main.ts). */
async function restarted(): Promise<RunningServer> {
  const config = testConfig(testDb, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://deltio.example' });
  return startServer({ config, db: testDb.db, logger: createLogger(config) });
}

/** A send of `n` e-mails, as the release e-mail job writes them, waiting in the outbox. */
async function send(prefix: string, n: number): Promise<string[]> {
  const to = Array.from({ length: n }, (_, i) => `${prefix}${i}@media.test`);
  await testDb.db('mail_outbox').insert(to.map((t) => ({ to_email: t, subject: `Δελτίο ${prefix}`, html: '<p>Κείμενο</p>', text: 'Κείμενο' })));
  return to;
}

const outbox = async (prefix: string) =>
  (await testDb.db('mail_outbox').where('to_email', 'like', `${prefix}%`).select('status', 'lease_until')) as { status: string; lease_until: Date | null }[];

function copiesPerRecipient(mails: ReceivedMail[], prefix: string): Map<string, ReceivedMail[]> {
  const by = new Map<string, ReceivedMail[]>();
  for (const m of mails) for (const to of m.to) if (to.startsWith(prefix)) by.set(to, [...(by.get(to) ?? []), m]);
  return by;
}

const allArrived = (to: string[], prefix: string) => (mails: ReceivedMail[]) => copiesPerRecipient(mails, prefix).size >= to.length;

describe.skipIf(!process.env.DATABASE_URL)('mail leaves once (processes)', () => {
  it('SIGTERM mid-send: no new claims, exits 0 within the deadline with nothing leased; after a restart every recipient has it once', async () => {
    const to = await send('term', 60);
    // A slow server: 60 e-mails take 9.6 s at 5 at a time, what is left at SIGTERM more than the deadline.
    smtp.replyDelayMs = 800;
    const a = await app();
    await a.ready;
    await smtp.waitUntil((m) => copiesPerRecipient(m, 'term').size >= 10, 20_000);
    const stopAt = Date.now();
    a.child.kill('SIGTERM');
    const code = await a.exited;
    const took = Date.now() - stopAt;
    expect(code, a.output()).toBe(0);
    expect(took).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    const left = await outbox('term');
    expect(left.filter((r) => r.status === 'sending' || r.lease_until !== null)).toEqual([]);
    expect(left.filter((r) => r.status === 'queued').length).toBeGreaterThan(40); // it stopped: most of the send is for the restart

    smtp.replyDelayMs = 0;
    const b = await restarted();
    try {
      await smtp.waitUntil(allArrived(to, 'term'), 20_000);
      await b.ctx.mailer.drain(); // the run that sent them ends once each is recorded
      const twice = [...copiesPerRecipient(smtp.mails, 'term')].filter(([, m]) => m.length > 1).map(([t]) => t);
      expect(twice).toEqual([]);
      expect((await outbox('term')).every((r) => r.status === 'sent')).toBe(true);
    } finally {
      await b.close();
    }
  }, 60_000);

  it('kill -9 mid-send: only the e-mails on the wire go twice, with the same Message-ID', async () => {
    const to = await send('kill', 30);
    smtp.holdAfter = smtp.mails.length + 10; // 10 answered, then the server keeps but never acknowledges
    const a = await app();
    await a.ready;
    // Every sending slot has an e-mail the server holds: the worst instant to die.
    await smtp.waitUntil(() => smtp.unanswered >= DEFAULT_MAIL_CONCURRENCY, 20_000);
    const leased = (await outbox('kill')).filter((r) => r.status === 'sending');
    expect(leased.length).toBeLessThanOrEqual(DEFAULT_MAIL_CONCURRENCY); // claimed = on the wire, no batch behind
    a.child.kill('SIGKILL');
    await a.exited;
    const inFlight = leased.length;

    // The leases of the dead process lapse (as they would 15 s later).
    await testDb.db('mail_outbox').where('status', 'sending').update({ lease_until: testDb.db.raw("now() - interval '1 second'") });
    smtp.holdAfter = null;
    smtp.unanswered = 0;
    const b = await restarted();
    try {
      await smtp.waitUntil(allArrived(to, 'kill'), 20_000);
      await b.ctx.mailer.drain(); // the run that sent them ends once each is recorded
      const copies = copiesPerRecipient(smtp.mails, 'kill');
      const twice = [...copies].filter(([, m]) => m.length > 1);
      expect(twice.length).toBeLessThanOrEqual(inFlight);
      expect(twice.length).toBeGreaterThan(0); // the race did happen
      for (const [, m] of twice) {
        expect(m).toHaveLength(2);
        expect(m[0]!.headers['message-id']).toMatch(/@deltio\.example>$/);
        expect(m[1]!.headers['message-id']).toBe(m[0]!.headers['message-id']);
      }
      const ids = [...copies.values()].map((m) => m[0]!.headers['message-id']);
      expect(new Set(ids).size).toBe(to.length); // and every e-mail its own
      expect((await outbox('kill')).every((r) => r.status === 'sent')).toBe(true);
      console.log(`kill -9 mid-send: ${inFlight} e-mails on the wire, ${twice.length} received twice (same Message-ID)`);
    } finally {
      await b.close();
    }
  }, 60_000);
});
