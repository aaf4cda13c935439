import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../clock';
import { createDb, type Db } from '../../db/knex';
import { seed } from '../../db/seed/index';
import { createLogger } from '../../logger';
import { startServer, type RunningServer } from '../../server';
import { testConfig } from '../../test/app';
import { createTestDb, type TestDb } from '../../test/db';
import { call, signIn, signUp } from '../../test/http';
import { memoryTransport } from '../../test/mail';
import { sendRelease } from '../releases/releases.lifecycle';
import { emailJobKey } from './distribution.service';

let testDb: TestDb;
let clientId: string;
/** The organisation the scheduler's sign-up created: it owns the releases. */
let orgId: string;
/** The time of every server of this file: the tests move it instead of waiting. */
const clock = new TestClock();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const fromNow = (ms: number) => new Date(clock.now().getTime() + ms);

async function boot(db: Db = testDb.db): Promise<RunningServer> {
  const config = testConfig(testDb);
  return startServer({ config, db, logger: createLogger(config), mailTransport: memoryTransport(), clock });
}

async function mediaUsers(db: Db, prefix: string, n: number, category: string): Promise<string[]> {
  const users = (await db('users')
    .insert(Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@media.test` })))
    .returning(['id', 'email'])) as { id: string; email: string }[];
  await db('profiles').insert(users.map((u) => ({ user_id: u.id, email: u.email, name: u.email, role: 'media', status: 'approved' })));
  await db('media_lists').insert(users.map((u) => ({ category, media_id: u.id })));
  return users.map((u) => u.id);
}

async function release(db: Db, title: string, category = 'tech', extra: Record<string, unknown> = {}): Promise<string> {
  const [r] = (await db('press_releases')
    .insert({ title, content: '<p>Κείμενο</p>', content_text: 'Κείμενο', category, organisation_id: orgId, author_id: clientId, media_list_categories: [category], ...extra })
    .returning('id')) as { id: string }[];
  return r!.id;
}

beforeAll(async () => {
  testDb = await createTestDb();
  await seed(testDb.db, { demo: false });
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
});

describe('scheduled sends', () => {
  it('a send that falls due while the server is down goes out once when it comes back', async () => {
    const a = await boot();
    const { id } = await signUp(a.url, 'scheduler@client.test', 'client');
    clientId = id;
    await testDb.db('profiles').where('user_id', id).update({ status: 'approved' });
    orgId = ((await testDb.db('organisation_members').where({ user_id: id, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
    await testDb.db('organisations').where('id', orgId).update({ status: 'approved' });
    const token = (await signIn(a.url, 'scheduler@client.test')).access_token;
    const recipients = await mediaUsers(testDb.db, 'restart', 3, 'tech');
    const releaseId = await release(testDb.db, 'Προγραμματισμένο');
    const r = await call(a.url, 'POST', `/api/releases/${releaseId}/schedule`, { token, body: { scheduledAt: fromNow(HOUR).toISOString() } });
    expect(r.status).toBe(200);
    await a.ctx.jobs.drain();
    expect(await testDb.db('deliveries').where('press_release_id', releaseId)).toHaveLength(0);
    await a.close(); // down before it is due

    clock.advance(HOUR + MINUTE); // it falls due while no server runs
    expect(await testDb.db('deliveries').where('press_release_id', releaseId)).toHaveLength(0);

    const b = await boot();
    try {
      await b.ctx.jobs.drain();
      const rows = (await testDb.db('deliveries').where('press_release_id', releaseId).select('recipient_user_id')) as { recipient_user_id: string }[];
      expect(rows.map((d) => d.recipient_user_id).sort()).toEqual([...recipients].sort());
      const row = (await testDb.db('press_releases').where('id', releaseId).first()) as { status: string; sent_at: Date };
      expect(row.status).toBe('sent');
      const job = (await testDb.db('jobs').where('dedupe_key', `release.send:${releaseId}`).first()) as { status: string; attempts: number };
      expect(job).toMatchObject({ status: 'done', attempts: 1 });
      // The system sent it: the audit row has no user.
      const audit = (await testDb.db('audit_logs').where({ entity_id: releaseId, action_type: 'press_release.sent' }).first()) as { actor_role: string };
      expect(audit.actor_role).toBe('system');
      // Once: a day later nothing more has gone out.
      clock.advance(24 * HOUR);
      await b.ctx.jobs.drain();
      expect(await testDb.db('deliveries').where('press_release_id', releaseId)).toHaveLength(3);
    } finally {
      await b.close();
    }
  });

  it('an unscheduled send does not fire, and a rescheduled one fires at its new time', async () => {
    const s = await boot();
    try {
      const token = (await signIn(s.url, 'scheduler@client.test')).access_token;
      const releaseId = await release(testDb.db, 'Αλλαγή σχεδίων');
      const schedule = (at: Date) => call(s.url, 'POST', `/api/releases/${releaseId}/schedule`, { token, body: { scheduledAt: at.toISOString() } });
      const deliveries = () => testDb.db('deliveries').where('press_release_id', releaseId) as Promise<unknown[]>;
      expect((await schedule(fromNow(10 * MINUTE))).status).toBe(200);
      expect((await call(s.url, 'POST', `/api/releases/${releaseId}/unschedule`, { token })).status).toBe(200);
      clock.advance(15 * MINUTE);
      await s.ctx.jobs.drain();
      expect(await deliveries()).toHaveLength(0);
      expect(await testDb.db('jobs').where('dedupe_key', `release.send:${releaseId}`)).toHaveLength(0);

      // Scheduled in an hour, then moved to five minutes from now: it goes at five minutes, once.
      expect((await schedule(fromNow(HOUR))).status).toBe(200);
      expect((await schedule(fromNow(5 * MINUTE))).status).toBe(200);
      clock.advance(4 * MINUTE);
      await s.ctx.jobs.drain();
      expect(await deliveries()).toHaveLength(0);
      clock.advance(MINUTE);
      await s.ctx.jobs.drain();
      const sent = (await deliveries()).length;
      expect(sent).toBeGreaterThan(0);
      expect(await testDb.db('jobs').where('dedupe_key', `release.send:${releaseId}`)).toHaveLength(1);
      clock.advance(HOUR);
      await s.ctx.jobs.drain();
      expect(await deliveries()).toHaveLength(sent);
    } finally {
      await s.close();
    }
  });

  it('a scheduled release that can no longer be sent goes back to draft and its author is told', async () => {
    const s = await boot();
    try {
      const releaseId = await release(testDb.db, '', 'tech', { status: 'scheduled', scheduled_at: fromNow(-1_000) });
      await s.ctx.jobs.schedule('release.send', { releaseId, baseUrl: s.url }, { dedupeKey: `release.send:${releaseId}` });
      await s.ctx.jobs.drain();
      const row = (await testDb.db('press_releases').where('id', releaseId).first()) as { status: string };
      expect(row.status).toBe('draft');
      const note = (await testDb.db('notifications').where({ user_id: clientId, kind: 'press_release.schedule_failed' }).first()) as { body: string };
      expect(note.body).toContain('λείπουν υποχρεωτικά πεδία');
      expect(await testDb.db('deliveries').where('press_release_id', releaseId)).toHaveLength(0);
    } finally {
      await s.close();
    }
  });

  it('a scheduled release of an organisation no longer approved goes back to draft, whoever wrote it', async () => {
    const s = await boot();
    await testDb.db('organisations').where('id', orgId).update({ status: 'rejected' });
    try {
      const releaseId = await release(testDb.db, 'Της απορριφθείσας εταιρείας', 'tech', { status: 'scheduled', scheduled_at: fromNow(-1_000) });
      await s.ctx.jobs.schedule('release.send', { releaseId, baseUrl: s.url }, { dedupeKey: `release.send:${releaseId}` });
      await s.ctx.jobs.drain();
      const row = (await testDb.db('press_releases').where('id', releaseId).first()) as { status: string };
      expect(row.status).toBe('draft');
      expect(await testDb.db('deliveries').where('press_release_id', releaseId)).toHaveLength(0);
    } finally {
      await testDb.db('organisations').where('id', orgId).update({ status: 'approved' });
      await s.close();
    }
  });
});

// Two server processes on one database: separate connection pools, separate workers.
describe.skipIf(!process.env.DATABASE_URL)('two workers on one database', () => {
  it('deliver each recipient exactly once', async () => {
    const otherDb = createDb({ databaseUrl: testDb.databaseUrl, dataDir: ':memory:' });
    const [a, b] = [await boot(), await boot(otherDb)];
    try {
      const recipients = await mediaUsers(testDb.db, 'pair', 40, 'economy');
      const due = fromNow(MINUTE);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const id = await release(testDb.db, `Ταυτόχρονο ${i}`, 'economy', { status: 'scheduled', scheduled_at: due });
        ids.push(id);
        // Half the jobs are queued through each process.
        await (i % 2 ? a : b).ctx.jobs.schedule('release.send', { releaseId: id, baseUrl: a.url }, { runAt: due, dedupeKey: `release.send:${id}` });
      }
      // And a direct race: both processes send the same releases at the same moment.
      const raced: string[] = [];
      for (let i = 0; i < 6; i++) raced.push(await release(testDb.db, `Αγώνας ${i}`, 'economy'));
      const results = await Promise.allSettled(
        raced.flatMap((id) => [a, b].map((s) => sendRelease(s.ctx, id, { actor: null, baseUrl: s.url, fromScheduled: false }))),
      );
      // One send wins each release; the other is an illegal transition (409 already sent).
      expect(results.filter((r) => r.status === 'fulfilled' && r.value)).toHaveLength(6);
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(6).fill('already_sent'));

      const all = [...ids, ...raced];
      // What the race queued (the e-mails) is written first: moved past a lease while a job runs, the
      // clock would make it look abandoned by its process, and the other one would run it again.
      await Promise.all([a.ctx.jobs.drain(), b.ctx.jobs.drain()]);
      // The scheduled ones fall due in both processes at once.
      clock.advance(MINUTE);
      // A process's drain ends when it finds nothing to claim, even while the other one still runs
      // what it claimed (a poll's tick, an e-mail job another send queued): both drain again until
      // every send and e-mail job of these releases is done.
      const keys = all.flatMap((id) => [`release.send:${id}`, emailJobKey(id)]);
      const unfinished = () => testDb.db('jobs').whereIn('dedupe_key', keys).whereIn('status', ['queued', 'running']).first('id');
      for (let round = 0; round < 5; round++) {
        await Promise.all([a.ctx.jobs.drain(), b.ctx.jobs.drain()]);
        if (!(await unfinished())) break;
      }
      const sent = await testDb.db('press_releases').whereIn('id', ids).where('status', 'sent').count<{ n: string }[]>({ n: '*' });
      expect(Number(sent[0]!.n)).toBe(ids.length);
      const dup = (await testDb.db('deliveries')
        .whereIn('press_release_id', all)
        .groupBy('press_release_id', 'recipient_user_id')
        .havingRaw('count(*) > 1')
        .select('press_release_id')) as unknown[];
      expect(dup).toEqual([]);
      const total = await testDb.db('deliveries').whereIn('press_release_id', all).count<{ n: string }[]>({ n: '*' });
      expect(Number(total[0]!.n)).toBe(all.length * recipients.length);
      const mails = (await testDb.db('mail_outbox').whereIn('related_delivery_id', testDb.db('deliveries').whereIn('press_release_id', all).select('id'))) as unknown[];
      expect(mails).toHaveLength(all.length * recipients.length);
      expect(await testDb.db('audit_logs').whereIn('entity_id', all).where('action_type', 'email.sent')).toHaveLength(all.length);
      const audits = await testDb.db('audit_logs').whereIn('entity_id', all).where('action_type', 'press_release.sent');
      expect(audits).toHaveLength(all.length);
      const jobs = (await testDb.db('jobs').whereIn('dedupe_key', ids.map((id) => `release.send:${id}`)).select('status', 'attempts')) as {
        status: string;
        attempts: number;
      }[];
      expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await otherDb.destroy();
    }
  }, 60_000);
});
