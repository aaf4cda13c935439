import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../clock';
import { createLogger } from '../logger';
import { testConfig } from '../test/app';
import { createTestDb, type TestDb } from '../test/db';
import { JobQueue, type JobRow } from './queue';

let testDb: TestDb;
const logger = createLogger(testConfig({ databaseUrl: undefined }));
const job = (key: string) => testDb.db('jobs').where('dedupe_key', key).first() as Promise<JobRow & { status: string; last_error: string | null; run_at: Date }>;

beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
});

describe('JobQueue', () => {
  it('runs a due job once and leaves a future one alone until its time comes', async () => {
    const clock = new TestClock();
    const q = new JobQueue(testDb.db, logger, { clock });
    const ran: unknown[] = [];
    q.register('t.echo', (j) => Promise.resolve(void ran.push(j.payload)));
    await q.schedule('t.echo', { n: 1 }, { dedupeKey: 'echo:1' });
    await q.schedule('t.echo', { n: 2 }, { dedupeKey: 'echo:2', runAt: new Date(clock.now().getTime() + 60_000) });
    await q.drain();
    await q.drain();
    expect(ran).toEqual([{ n: 1 }]);
    expect((await job('echo:1')).status).toBe('done');
    expect((await job('echo:2')).status).toBe('queued');
    clock.advance(59_000);
    await q.drain();
    expect(ran).toEqual([{ n: 1 }]);
    clock.advance(1_000);
    await q.drain();
    expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await job('echo:2')).status).toBe('done');
  });

  it('a started queue runs what falls due as soon as its clock is moved, without waiting for the next poll', async () => {
    const clock = new TestClock();
    const q = new JobQueue(testDb.db, logger, { clock, pollMs: 3_600_000 });
    let done!: (payload: unknown) => void;
    const ran = new Promise((resolve) => (done = resolve));
    q.register('t.jump', (j) => Promise.resolve(done(j.payload)));
    await q.schedule('t.jump', { at: 'later' }, { dedupeKey: 'jump', runAt: new Date(clock.now().getTime() + 3_600_000) });
    q.start();
    try {
      await q.drain();
      expect((await job('jump')).status).toBe('queued');
      clock.advance(3_600_000);
      expect(await ran).toEqual({ at: 'later' });
    } finally {
      await q.stop();
    }
  });

  it("a dedupe key keeps one job: 'replace' moves it, 'ignore' keeps the first, cancel removes a queued one", async () => {
    const q = new JobQueue(testDb.db, logger);
    const later = new Date(Date.now() + 3_600_000);
    await q.schedule('t.x', { v: 'a' }, { dedupeKey: 'x', runAt: later });
    await q.schedule('t.x', { v: 'b' }, { dedupeKey: 'x', runAt: new Date(later.getTime() + 1000) });
    expect((await job('x')).payload).toEqual({ v: 'b' });
    await q.schedule('t.x', { v: 'c' }, { dedupeKey: 'x', onConflict: 'ignore' });
    expect((await job('x')).payload).toEqual({ v: 'b' });
    expect(await testDb.db('jobs').where('dedupe_key', 'x')).toHaveLength(1);
    await q.cancel('x');
    expect(await job('x')).toBeUndefined();
  });

  it('retries a failing job with exponential back-off and ends it as failed with the reason', async () => {
    const clock = new TestClock();
    const q = new JobQueue(testDb.db, logger, { backoffMs: 60_000, clock });
    let calls = 0;
    q.register('t.fail', () => {
      calls += 1;
      return Promise.reject(new Error(`smtp down ${calls}`));
    });
    await q.schedule('t.fail', {}, { dedupeKey: 'fail', maxAttempts: 3 });
    await q.drain();
    const first = await job('fail');
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'smtp down 1' });
    expect(new Date(first.run_at).getTime()).toBe(clock.now().getTime() + 60_000);
    // One minute, then two: each retry waits twice as long as the one before.
    for (const wait of [60_000, 120_000]) {
      clock.advance(wait - 1_000);
      await q.drain();
      expect(calls).toBe(wait / 60_000);
      clock.advance(1_000);
      await q.drain();
    }
    expect(await job('fail')).toMatchObject({ status: 'failed', attempts: 3, last_error: 'smtp down 3' });
    expect(calls).toBe(3);
  });

  it('runs again a job whose process died while running it', async () => {
    const q = new JobQueue(testDb.db, logger, { staleMs: 1_000 });
    let ran = 0;
    q.register('t.stale', () => Promise.resolve(void (ran += 1)));
    await testDb.db('jobs').insert({
      kind: 't.stale',
      dedupe_key: 'stale',
      status: 'running',
      locked_by: 'dead:1',
      locked_at: new Date(Date.now() - 10_000),
      attempts: 1,
    });
    await q.drain();
    expect(ran).toBe(1);
    expect((await job('stale')).status).toBe('done');
  });

  it('takes over the job of a dead process within 30 s, with the default lease', async () => {
    const q = new JobQueue(testDb.db, logger);
    let ran = 0;
    q.register('t.dead', () => Promise.resolve(void (ran += 1)));
    await testDb.db('jobs').insert({
      kind: 't.dead',
      dedupe_key: 'dead-holder',
      status: 'running',
      locked_by: 'dead:2',
      locked_at: new Date(Date.now() - 31_000),
      attempts: 1,
    });
    await q.drain();
    expect(ran).toBe(1);
    expect((await job('dead-holder')).status).toBe('done');
  });

  it('a live holder renews its lease: a long job is not taken over by another process; once it stops renewing, it is', async () => {
    const LEASE = 20_000;
    const clock = new TestClock();
    // The holder's renewal timer, fired by the test as the clock moves.
    const timers: { ms: number; fire: () => Promise<void> }[] = [];
    const repeat = (ms: number, fire: () => Promise<void>) => {
      const t = { ms, fire };
      timers.push(t);
      return () => void timers.splice(timers.indexOf(t), 1);
    };
    const holder = new JobQueue(testDb.db, logger, { leaseMs: LEASE, clock, repeat });
    const other = new JobQueue(testDb.db, logger, { leaseMs: LEASE, clock });
    const runs: string[] = [];
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      holder.register('t.long', () => {
        runs.push('holder');
        resolve();
        return new Promise<void>((r) => (release = r));
      });
    });
    other.register('t.long', () => Promise.resolve(void runs.push('other')));
    await holder.schedule('t.long', {}, { dedupeKey: 'long' });
    const running = holder.drain();
    await started;
    expect(timers.map((t) => t.ms)).toEqual([Math.floor(LEASE / 3)]);
    // Three lease lengths pass while the holder is alive and renews every third of one.
    for (let i = 0; i < 9; i++) {
      clock.advance(LEASE / 3);
      await timers[0]!.fire();
      await other.drain();
    }
    expect(runs).toEqual(['holder']);
    expect((await job('long')).status).toBe('running');
    // The holder stops renewing (a process that hangs or died): past its lease, the other one takes the job over.
    clock.advance(LEASE + 1);
    await other.drain();
    expect(runs).toEqual(['holder', 'other']);
    release();
    await running;
    expect(timers).toEqual([]);
    expect((await job('long')).status).toBe('done');
  });

  it('deletes finished jobs after a week', async () => {
    const clock = new TestClock();
    const q = new JobQueue(testDb.db, logger, { clock });
    const DAY = 24 * 3600_000;
    await testDb.db('jobs').insert([
      { kind: 't.old', dedupe_key: 'old-done', status: 'done', finished_at: clock.now() },
      { kind: 't.old', dedupe_key: 'recent-done', status: 'done', finished_at: new Date(clock.now().getTime() + 2 * DAY) },
    ]);
    clock.advance(8 * DAY);
    await q.drain();
    expect(await job('old-done')).toBeUndefined();
    expect(await job('recent-done')).toBeDefined();
  });
});

describe('JobQueue shutdown', () => {
  it('stop() claims nothing more and, when its budget runs out, puts a job still running back in the queue unleased', async () => {
    const timers: (() => void)[] = [];
    const q = new JobQueue(testDb.db, logger, { wait: () => new Promise<void>((resolve) => timers.push(resolve)) });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    q.register('t.slow', () => {
      started();
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await q.schedule('t.slow', {}, { dedupeKey: 'slow:1' });
    q.kick();
    await running;

    let stopped = false;
    const stopping = q.stop().then(() => (stopped = true));
    while (!timers.length) await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    timers.splice(0).forEach((fire) => fire());
    await stopping;

    const row = (await job('slow:1')) as unknown as { status: string; locked_by: string | null; lease_until: Date | null; run_at: Date };
    expect({ status: row.status, locked_by: row.locked_by, lease_until: row.lease_until }).toEqual({ status: 'queued', locked_by: null, lease_until: null });
    expect(new Date(row.run_at).getTime()).toBeLessThanOrEqual(Date.now());

    // The handler ends after all: its outcome belongs to the next holder, not to this process.
    finish();
    await new Promise((r) => setImmediate(r));
    expect((await job('slow:1')).status).toBe('queued');
  }, 5_000);
});
