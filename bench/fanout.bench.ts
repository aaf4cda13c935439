import { testConfig } from '../server/src/test/app';
/**
 * Distribution fan-out benchmark: "Send now" of one release to 1,000 recipients — the real
 * server from startServer, real sockets, real database — timed from the request until the
 * LAST recipient's socket has its push: the send's one message per recipient, its
 * 'notification:new' carrying the inbox entry (`delivery`). The send also writes the 1,000
 * deliveries (each also its recipient's notice in the bell since 2026-11-28) and the job that
 * writes the 1,000 personalised e-mails to the outbox in the same transaction, as in production.
 *
 * References, in the same run, same database and the same kind of Socket.IO clients on a bare
 * Socket.IO server (no auth, no app): one multi-row insert of the delivery rows, then an
 * emit of the inbox entry alone (deliveryId, releaseId, title, category: a smaller payload
 * than ours, which also carries the notice) to each recipient's room, under the same event
 * name so the same clients wait for it; once into a release never sent (`bulk`: the rows lack
 * the inbox's columns, so none of the inbox's indexes, counters or the sent version's
 * recipients are written: the reference as first written, before the inbox was denormalised),
 * and once into a release with its sent version (`complete`: whole deliveries, as every send
 * writes them). Target (issue 32): ours within 2× of it (p99). A third
 * reference, a loop that inserts each delivery and emits (one round trip per recipient), is
 * run with BENCH_LOOP=1 (it takes ~5 s a send). Below 5,000 recipients the sides take turns send
 * by send (INTERLEAVE=0: one after the other).
 *
 * The database is analysed after seeding (ANALYZE), as autovacuum keeps a production database
 * (the Postgres here runs with autovacuum off): without statistics the planner joins 1,000
 * fresh profiles to 1,000 media-list rows by a nested loop, and the recipient count alone
 * takes 150 ms (BENCH_ANALYZE=0 measures that case).
 *
 *   npx tsx bench/fanout.bench.ts                 (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/fanout.bench.ts
 *   RECIPIENTS=500 ROUNDS=5 npx tsx bench/fanout.bench.ts
 *   RECIPIENTS=10000 ROUNDS=5 DATABASE_URL=... npx tsx bench/fanout.bench.ts
 *   ROUNDS=60 TRACE=1 DATABASE_URL=... npx tsx bench/fanout.bench.ts   (each send's time as it goes: growth with the data)
 *
 * From 5,000 recipients the clients run in a child process rather than a worker thread
 * (bench/lib/socket-clients.ts): 10,000 clients and the server's 10,000 ends of them do not
 * fit in one process's 20,000 file descriptors.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { clock, ms, pct, startClients } from './lib/socket-clients';
import type { Db } from '../server/src/db/knex';
import { createLogger } from '../server/src/logger';
import { signAccessToken } from '../server/src/modules/auth/auth.tokens';
import { startServer } from '../server/src/server';
import { createTestDb } from '../server/src/test/db';
import { call, signIn, signUp } from '../server/src/test/http';
import { ownOrganisationOf } from '../server/src/test/releases';
import { memoryTransport } from '../server/src/test/mail';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const WARMUP = 2;
const LOOP = process.env.BENCH_LOOP === '1';
const ANALYZE = process.env.BENCH_ANALYZE !== '0';
const IN_PROCESS = RECIPIENTS >= 5000 || process.env.BENCH_CLIENTS_PROCESS === '1';
/** The sides send by send in turn (default below 5,000 recipients: three sets of 10,000 clients do not fit one machine's descriptors). */
const INTERLEAVE = (process.env.INTERLEAVE ?? (RECIPIENTS < 5000 ? '1' : '0')) === '1';
/** The one push a recipient of a send gets (its notification, carrying the inbox entry); the reference's clients wait for the same. */
const EVENT = 'notification:new';

/** A release of the sender's organisation (releases belong to an organisation since the organisations migration). */
async function release(db: Db, authorId: string, round: number): Promise<string> {
  const organisationId = await ownOrganisationOf(db, authorId);
  const [r] = (await db('press_releases')
    .insert({
      title: `Δελτίο ${round}`,
      content: `<p>Η εταιρεία ανακοινώνει νέα συνεργασία. <a href="https://example.com/news/${round}">Περισσότερα</a></p>`,
      content_text: 'Η εταιρεία ανακοινώνει νέα συνεργασία. Περισσότερα',
      category: 'tech',
      organisation_id: organisationId,
      author_id: authorId,
      media_list_categories: ['tech'],
    })
    .returning('id')) as { id: string }[];
  return r!.id;
}

/** One side of the comparison: set up, then run send by send (the sides' sends interleaved). */
interface Side {
  samples: number[];
  round(round: number, record: boolean): Promise<void>;
  stop(): Promise<void>;
}

interface Ours extends Side {
  recipients: string[];
  db: Db;
  clientId: string;
  /** Disconnects its clients (one after the other at 10,000: two sets do not fit the descriptors). */
  stopClients(): Promise<void>;
}

async function ours(): Promise<Ours> {
  const testDb = await createTestDb();
  const config = testConfig(testDb);
  // E-mails go to a transport that keeps nothing: the outbox work is measured, SMTP is not.
  const sink = memoryTransport();
  sink.send = () => Promise.resolve();
  const server = await startServer({ config, db: testDb.db, logger: createLogger(config), mailTransport: sink });
  const { db } = server.ctx;
  await signUp(server.url, 'sender@bench.test');
  const sender = await signIn(server.url, 'sender@bench.test');
  await db('profiles').where('user_id', sender.user.id).update({ status: 'approved' });
  await db('organisations').where('id', await ownOrganisationOf(db, sender.user.id)).update({ status: 'approved', name: 'Bench Α.Ε.' });

  const tokens: string[] = [];
  const recipients: string[] = [];
  for (let start = 0; start < RECIPIENTS; start += 250) {
    const n = Math.min(250, RECIPIENTS - start);
    const users = (await db('users')
      .insert(Array.from({ length: n }, (_, i) => ({ email: `journalist${start + i}@bench.test` })))
      .returning(['id', 'email'])) as { id: string; email: string }[];
    await db('profiles').insert(users.map((u) => ({ user_id: u.id, email: u.email, name: u.email, role: 'media', status: 'approved' })));
    await db('media_lists').insert(users.map((u) => ({ category: 'tech', media_id: u.id })));
    const sessions = (await db('auth_sessions')
      .insert(users.map((u) => ({ user_id: u.id })))
      .returning(['id', 'user_id'])) as { id: string; user_id: string }[];
    for (const s of sessions) {
      const u = users.find((x) => x.id === s.user_id)!;
      recipients.push(u.id);
      tokens.push((await signAccessToken({ sub: u.id, sid: s.id, role: 'media', email: u.email }, server.ctx.tokenKey, 3600)).token);
    }
  }
  if (ANALYZE) await db.raw('analyze');
  const clients = await startClients({ kind: 'socketio', url: server.url, tokens, event: EVENT, keyField: 'title', readyEvent: 'session:ready', process: IN_PROCESS });

  if (IN_PROCESS) await server.ctx.mailer.stop();
  const samples: number[] = [];
  const stopClients = once(() => clients.stop());
  return {
    samples,
    recipients,
    db,
    clientId: sender.user.id,
    async round(round, record) {
      const id = await release(db, sender.user.id, round);
      // A pooled keep-alive connection the server closed while 10,000 clients connected would
      // reset the send itself: a harmless request first (not timed) takes that hit.
      await call(server.url, 'GET', '/healthz').catch(() => undefined);
      const arrived = clients.waitFor(round);
      const t0 = clock();
      const r = await call(server.url, 'POST', `/api/releases/${id}/send`, { token: sender.access_token });
      if (r.status !== 200) throw new Error(`send failed: ${r.status} ${JSON.stringify(r.body)}`);
      const last = await arrived;
      if (record) samples.push(last - t0);
      if (process.env.TRACE) console.log('send', round, (last - t0).toFixed(0));
      // Let the e-mail job and the outbox finish between rounds, as between two real sends: the job
      // first (the mailer's drain alone returned before the job had written the e-mails, so the
      // next send ran beside the previous one's 1,000 renders). From 5,000 recipients the mailer is
      // stopped (the outbox is still written, by the job; draining 10,000 e-mails took ~5 minutes a
      // round here) and only the job is waited for.
      await server.ctx.jobs.drain();
      if (!IN_PROCESS) await server.ctx.mailer.drain();
    },
    stopClients,
    async stop() {
      await stopClients();
      await server.close();
      await testDb.destroy();
    },
  };
}

/** The function, run at most once (later calls get the first call's promise). */
function once(f: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= f());
}

/**
 * The bare loop: a Socket.IO server with no app, each client in its user room. `bulk`: one
 * multi-row insert of the delivery rows, then an emit to each; `complete`: the same, to a release
 * that has its sent version (inserted before the timer starts), so the rows are whole deliveries
 * as a real send writes them: the schema's triggers fill the inbox's columns (release time,
 * category, sender), its three partial indexes, the journalist's counters and the version's
 * recipients (issue 32, point 1). A `bulk` row of a release never sent has none of that: the
 * inbox would never show it. `loop`: an insert and an emit per recipient.
 */
async function reference(db: Db, clientId: string, recipients: string[], mode: 'bulk' | 'complete' | 'loop'): Promise<Side> {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { serveClient: false });
  io.on('connection', (socket) => {
    void socket.join(`user:${String((socket.handshake.auth as { token: string }).token)}`);
  });
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const clients = await startClients({ kind: 'socketio', url, tokens: recipients, event: EVENT, keyField: 'title', process: IN_PROCESS });
  const emails = new Map(
    ((await db('profiles').whereIn('user_id', recipients).select('user_id', 'email')) as { user_id: string; email: string }[]).map((p) => [p.user_id, p.email]),
  );
  const organisationId = await ownOrganisationOf(db, clientId);
  const offset = { bulk: 1000, complete: 2000, loop: 3000 }[mode];
  const samples: number[] = [];
  return {
    samples,
    async round(round, record) {
      const id = await release(db, clientId, offset + round);
      const title = `Δελτίο ${round}`;
      if (mode === 'complete') {
        await db('release_sent_versions').insert({
          press_release_id: id,
          title,
          content: '<p>Η εταιρεία ανακοινώνει νέα συνεργασία.</p>',
          content_text: 'Η εταιρεία ανακοινώνει νέα συνεργασία.',
          search_text: title,
          category: 'tech',
          media_list_categories: ['tech'],
          sender_name: 'Bench Α.Ε.',
          sent_at: new Date(),
          organisation_id: organisationId,
        });
      }
      const arrived = clients.waitFor(round);
      const t0 = clock();
      if (mode !== 'loop') {
        const rows = (await db('deliveries')
          .insert(recipients.map((r) => ({ press_release_id: id, recipient_user_id: r, email: emails.get(r)! })))
          .returning(['id', 'recipient_user_id'])) as { id: number; recipient_user_id: string }[];
        for (const d of rows) io.to(`user:${d.recipient_user_id}`).emit(EVENT, { deliveryId: d.id, releaseId: id, title, category: 'tech' });
      } else {
        for (const r of recipients) {
          const [d] = (await db('deliveries').insert({ press_release_id: id, recipient_user_id: r, email: emails.get(r)! }).returning('id')) as { id: number }[];
          io.to(`user:${r}`).emit(EVENT, { deliveryId: d!.id, releaseId: id, title, category: 'tech' });
        }
      }
      const last = await arrived;
      if (record) samples.push(last - t0);
    },
    async stop() {
      await clients.stop();
      await io.close();
    },
  };
}

async function main(): Promise<void> {
  console.log(`Send now to ${RECIPIENTS} recipients, ${ROUNDS} sends (after ${WARMUP} warm-up)${ANALYZE ? '' : ', database not analysed'}`);
  console.log(`database: ${process.env.DATABASE_URL ? 'Postgres' : 'embedded (PGlite)'}`);
  console.log(INTERLEAVE ? 'the sides interleaved send by send' : 'ours, then each reference');
  const o = await ours();
  const modes: ('bulk' | 'complete' | 'loop')[] = ['bulk', 'complete', ...(LOOP ? (['loop'] as const) : [])];
  const run = async (side: Side) => {
    for (let round = 0; round < ROUNDS + WARMUP; round += 1) await side.round(round, round >= WARMUP);
  };
  const refs = new Map<string, Side>();
  try {
    if (INTERLEAVE) {
      for (const m of modes) refs.set(m, await reference(o.db, o.clientId, o.recipients, m));
      const sides: Side[] = [o, ...refs.values()];
      // Each side first in turn, so a change of the machine's load (or of the database's
      // buffers, which fill as the sends add rows) falls on all of them alike.
      for (let round = 0; round < ROUNDS + WARMUP; round += 1) {
        for (let k = 0; k < sides.length; k += 1) await sides[(round + k) % sides.length]!.round(round, round >= WARMUP);
      }
    } else {
      await run(o);
      await o.stopClients();
      for (const m of modes) {
        const side = await reference(o.db, o.clientId, o.recipients, m);
        await run(side);
        await side.stop();
        refs.set(m, side);
      }
    }
    const bulk = refs.get('bulk')!.samples;
    const complete = refs.get('complete')!.samples;
    const loop = refs.get('loop')?.samples;
    const rows: [string, number[]][] = [
      ['ours: POST send → last recipient has its push', o.samples],
      ['reference: bulk insert (rows of no sent release) + emit', bulk],
      ['reference: bulk insert of whole deliveries + emit', complete],
      ...(loop ? [['reference: insert-and-emit loop → last client', loop] as [string, number[]]] : []),
    ];
    console.log('');
    console.log(`${'measure'.padEnd(56)}       p50        p99`);
    for (const [name, s] of rows) console.log(`${name.padEnd(56)} ${ms(pct(s, 50))} ${ms(pct(s, 99))}`);
    const ratio = (ref: number[], p: number) => pct(o.samples, p) / pct(ref, p);
    console.log('');
    for (const [name, ref] of [
      ['bulk insert (rows of no sent release) + emit', bulk],
      ['bulk insert of whole deliveries + emit', complete],
    ] as const) {
      console.log(`p99 ratio, ours / ${name}: ${ratio(ref, 99).toFixed(2)}× (target ≤ 2×) ${ratio(ref, 99) <= 2 ? 'OK' : 'MISSED'}; p50 ${ratio(ref, 50).toFixed(2)}×`);
    }
    if (loop) console.log(`p99 ratio, ours / insert-and-emit loop: ${ratio(loop, 99).toFixed(2)}× (for information)`);
    console.log(`load average while running: ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  } finally {
    if (INTERLEAVE) for (const side of refs.values()) await side.stop();
    await o.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
