import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { testConfig } from '../test/app';
import { createTestDb, type TestDb } from '../test/db';
import { until } from '../test/wait';
import { Mailer } from './mailer';
import type { MailTransport, OutgoingMail } from './transport';

let testDb: TestDb;
const logger = createLogger(testConfig({ databaseUrl: undefined }));

beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
});
beforeEach(async () => {
  await testDb.db('mail_outbox').delete();
});

interface Pending {
  mail: OutgoingMail;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * An SMTP stand-in whose server is slow: every send waits until the test answers it,
 * while `gated`; then (and from then on) sends are accepted at once.
 */
function slowTransport() {
  const t = {
    name: 'smtp' as const,
    calls: [] as OutgoingMail[],
    pending: [] as Pending[],
    gated: true,
    waiters: [] as { n: number; resolve: () => void }[],
    send(mail: OutgoingMail): Promise<void> {
      t.calls.push(mail);
      if (!t.gated) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        t.pending.push({ mail, resolve, reject });
        for (const w of t.waiters.filter((x) => t.pending.length >= x.n)) w.resolve();
      });
    },
    /** Resolves once `n` sends are waiting for the server (the event the test asserts on). */
    inFlight(n: number): Promise<void> {
      if (t.pending.length >= n) return Promise.resolve();
      return new Promise((resolve) => t.waiters.push({ n, resolve }));
    },
    answerAll(): void {
      t.gated = false;
      for (const p of t.pending.splice(0)) p.resolve();
    },
    closed: false,
    close() {
      t.closed = true;
    },
  };
  return t satisfies MailTransport;
}

/** A clock whose timers fire when the test says so. */
function manualClock() {
  const timers: (() => void)[] = [];
  return {
    wait: (_ms: number) => new Promise<void>((resolve) => timers.push(resolve)),
    fire: () => timers.splice(0).forEach((f) => f()),
    get waiting() {
      return timers.length;
    },
  };
}

async function queue(prefix: string, n: number): Promise<number[]> {
  const rows = (await testDb.db('mail_outbox')
    .insert(Array.from({ length: n }, (_, i) => ({ to_email: `${prefix}${i}@mail.test`, subject: prefix, text: 'x' })))
    .returning('id')) as { id: string | number }[];
  return rows.map((r) => Number(r.id));
}

const states = async (ids: number[]) =>
  (await testDb.db('mail_outbox').whereIn('id', ids).orderBy('id').select('id', 'status', 'lease_until')) as {
    id: string;
    status: string;
    lease_until: Date | null;
  }[];
const count = (rows: { status: string }[], status: string) => rows.filter((r) => r.status === status).length;

describe('Mailer shutdown', () => {
  it('stop() claims nothing more, finishes what is in flight and leaves nothing leased', async () => {
    const ids = await queue('stop', 12);
    const transport = slowTransport();
    const clock = manualClock();
    const mailer = new Mailer(testDb.db, transport, logger, { from: 'Deltio <no-reply@deltio.gr>', concurrency: 3, wait: clock.wait });
    mailer.kick();
    await transport.inFlight(3);
    // Claimed is what is on the wire: no batch waits leased behind it.
    expect(count(await states(ids), 'sending')).toBe(3);

    const stopped = mailer.stop();
    mailer.kick(); // a late kick (an enqueue during shutdown) claims nothing either
    transport.answerAll();
    await stopped;

    expect(transport.calls.map((m) => m.to).sort()).toEqual(['stop0@mail.test', 'stop1@mail.test', 'stop2@mail.test']);
    const after = await states(ids);
    expect(count(after, 'sent')).toBe(3);
    expect(count(after, 'queued')).toBe(9);
    expect(after.filter((r) => r.lease_until !== null)).toEqual([]);
    expect(transport.closed).toBe(true);
  }, 5_000);

  it('stop() releases, within its budget, mail whose server never answers, and records it sent if the answer comes late', async () => {
    const ids = await queue('hung', 4);
    const transport = slowTransport();
    const clock = manualClock();
    const mailer = new Mailer(testDb.db, transport, logger, { from: 'Deltio <no-reply@deltio.gr>', concurrency: 2, wait: clock.wait });
    mailer.kick();
    await transport.inFlight(2);

    let resolved = false;
    const stopped = mailer.stop().then(() => (resolved = true));
    // The budget is the clock's: stop() waits on it, not on the hung server.
    while (!clock.waiting) await new Promise((r) => setImmediate(r));
    expect(resolved).toBe(false);
    clock.fire();
    await stopped;

    const after = await states(ids);
    expect(after.map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(after.filter((r) => r.lease_until !== null)).toEqual([]);
    expect(transport.calls).toHaveLength(2);

    // The server accepts them after all: they are sent, not to be sent again.
    transport.answerAll();
    await mailer.drain(); // the run those two sends belong to ends once they are recorded
    expect(count(await states(ids), 'sent')).toBe(2);
  }, 5_000);

  it('keeps one Message-ID per e-mail across its retries, distinct between e-mails', async () => {
    const ids = await queue('retry', 2);
    const calls: OutgoingMail[] = [];
    let failFirst = true;
    const transport: MailTransport = {
      name: 'smtp',
      send(mail) {
        calls.push(mail);
        if (failFirst && mail.to === 'retry0@mail.test') {
          failFirst = false;
          return Promise.reject(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        return Promise.resolve();
      },
      close: () => undefined,
    };
    const mailer = new Mailer(testDb.db, transport, logger, { from: 'Deltio <no-reply@deltio.gr>', backoffMs: 0, messageIdDomain: 'press.example' });
    await mailer.drain();
    await mailer.drain();
    const first = calls.filter((m) => m.to === 'retry0@mail.test');
    const other = calls.find((m) => m.to === 'retry1@mail.test');
    expect(first).toHaveLength(2);
    expect(first[0]!.messageId).toMatch(/^<[\w.-]+@press\.example>$/);
    expect(first[1]!.messageId).toBe(first[0]!.messageId);
    expect(other?.messageId).toMatch(/@press\.example>$/);
    expect(other?.messageId).not.toBe(first[0]!.messageId);
    expect(count(await states(ids), 'sent')).toBe(2);
  });

  it.skipIf(!process.env.DATABASE_URL)('enqueues one e-mail per release delivery even when the e-mail job runs twice at once', async () => {
    const db = testDb.db;
    const [client, media] = (await db('users')
      .insert([{ email: 'once-client@client.test' }, { email: 'once-media@media.test' }])
      .returning('id')) as { id: string }[];
    const [organisation] = (await db('organisations').insert({ name: 'Μία φορά Α.Ε.', status: 'approved' }).returning('id')) as { id: string }[];
    const [release] = (await db('press_releases')
      .insert({
        title: 'Μία φορά',
        content: '<p>x</p>',
        content_text: 'x',
        category: 'tech',
        organisation_id: organisation!.id,
        author_id: client!.id,
        media_list_categories: ['tech'],
      })
      .returning('id')) as { id: string }[];
    const [delivery] = (await db('deliveries')
      .insert({ press_release_id: release!.id, recipient_user_id: media!.id, email: 'once-media@media.test' })
      .returning('id')) as { id: string }[];
    const mailer = new Mailer(db, slowTransport(), logger, { from: 'Deltio <no-reply@deltio.gr>' });
    const mail = { to: 'once-media@media.test', subject: 'Μία φορά', html: '<p>x</p>', text: 'x', deliveryId: Number(delivery!.id) };

    // One run has written the e-mail and not yet committed; the other, which saw no e-mail, writes it too.
    const first = await db.transaction();
    await mailer.enqueueMany([mail], first);
    let secondDone = false;
    const second = db.transaction((trx) => mailer.enqueueMany([mail], trx)).then(() => (secondDone = true));
    const waitingOnLock = async () =>
      ((await db.raw(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as { rows: { n: number }[] })
        .rows[0]!.n > 0;
    await until(async () => secondDone || (await waitingOnLock()), 10_000, 'the second run to wait on the first one’s lock');
    await first.commit();
    await second;
    expect(await db('mail_outbox').where('related_delivery_id', delivery!.id)).toHaveLength(1);
  });
});
