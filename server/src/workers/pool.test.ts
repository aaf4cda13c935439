import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createWorkerPool, PoolError, type PoolOptions, type WorkerPool } from './pool';

const logger = createLogger({ logLevel: 'silent', env: 'test' });
const FIXTURE = { source: new URL('./pool.fixture-worker.ts', import.meta.url), built: 'unused.js' };

describe('the worker pool', () => {
  let pool: WorkerPool | undefined;
  const make = (o: Partial<PoolOptions>) => (pool = createWorkerPool('test', FIXTURE, logger, o));
  afterEach(async () => pool?.close());

  it('runs jobs on its threads and answers their results or errors', async () => {
    const p = make({ size: 2 });
    expect(await Promise.all([p.run('echo', { a: 1 }), p.run('echo', [2])])).toEqual([{ a: 1 }, [2]]);
    await expect(p.run('fail', null)).rejects.toThrow('it failed');
    expect(p.stats()).toMatchObject({ threads: 2, done: 3, timeouts: 0 });
  });

  it('stops a job over its budget with a prompt 503 timeout, replaces the thread and keeps serving', async () => {
    const p = make({ size: 1, timeoutMs: 5_000 });
    await p.warm(); // the thread is up: what follows measures the budget, not the start
    const t = performance.now();
    const err = await p.run('spin', null, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PoolError);
    expect(err).toMatchObject({ status: 503, code: 'timeout' });
    expect(performance.now() - t).toBeLessThan(3_000);
    expect(p.stats()).toMatchObject({ timeouts: 1 });
    expect(await p.run('echo', 'again')).toBe('again');
  });

  it('answers busy when the queue is full, and a job waiting too long', async () => {
    const p = make({ size: 1, maxQueue: 1, queueTimeoutMs: 3_000, timeoutMs: 8_000 });
    await p.run('echo', 0);
    const stuck = p.run('spin', null).catch((e: unknown) => e);
    const waiting = p.run('echo', 1).catch((e: unknown) => e); // queued behind the stuck job
    await expect(p.run('echo', 2)).rejects.toMatchObject({ status: 503, code: 'busy' });
    expect(await waiting).toMatchObject({ status: 503, code: 'busy' });
    await p.close();
    expect(await stuck).toMatchObject({ status: 503, code: 'busy' });
  });

  it('does not count a thread starting up as waiting in the queue', async () => {
    // A queue limit shorter than any thread's start: the first job still runs once the thread is up.
    const p = make({ size: 1, queueTimeoutMs: 1 });
    expect(await p.run('echo', 'after the start')).toBe('after the start');
  });

  it('answers worker_failed when a thread dies with a job, and starts another', async () => {
    const p = make({ size: 1 });
    await expect(p.run('exit', null)).rejects.toMatchObject({ status: 503, code: 'worker_failed' });
    expect(await p.run('echo', 'back')).toBe('back');
  });
});
