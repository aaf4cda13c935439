/**
 * A small pool of worker threads for CPU-heavy requests: the coach's review, the
 * built-in suggestions, version diffs, PDF reports (tasks.ts). The event loop only posts a
 * job and waits; a job that is not answered within its budget has its thread terminated and
 * replaced, and the request gets a 503 with `timeout`; when every thread is busy and the
 * queue is full (or a job waits in it too long) the request gets a 503 with `busy`. Nothing
 * that a request sends can hold the process.
 *
 * Hand-written rather than piscina/tinypool (neither is a dependency): it boots its threads
 * exactly as the render thread does (collab/render-thread.ts: the compiled entry next to the
 * bundle in dist/server, the TypeScript source through tsx under `npm run dev`, vitest and
 * the benches), and the budget-and-replace rule, which is the point here, is a few lines.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { APP_ROOT } from '../paths';

export interface PoolOptions {
  /** Threads (default: one per core but one, at least 1, at most 4). */
  size: number;
  /** A job's budget once a thread has it, in ms (default 10 s); a thread over it is replaced. */
  timeoutMs: number;
  /** Jobs waiting for a thread (default 64); past that, `busy` at once. */
  maxQueue: number;
  /** How long a job may wait for a thread, in ms (default 15 s: a cold thread reads the dictionary first). */
  queueTimeoutMs: number;
}

export const defaultPoolOptions = (): PoolOptions => ({
  size: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
  timeoutMs: 10_000,
  maxQueue: 64,
  queueTimeoutMs: 15_000,
});

/** A job the pool gave up on: 503 with a code the client can act on (`busy`, `timeout`). */
export class PoolError extends HttpError {
  constructor(code: 'busy' | 'timeout' | 'worker_failed', message: string) {
    super(503, code, message);
    this.name = 'PoolError';
  }
}

/** What a worker entry answers: the job's result, or its error's message. */
export type WorkerReply = { id: number; result: unknown } | { id: number; error: string };

export interface PoolStats {
  threads: number;
  busy: number;
  queued: number;
  done: number;
  timeouts: number;
  failures: number;
}

export interface WorkerPool {
  /** Runs `task` with `payload` on a thread; `timeoutMs` overrides the pool's budget for this job. */
  run<T>(task: string, payload: unknown, opts?: { timeoutMs?: number }): Promise<T>;
  stats(): PoolStats;
  /** Starts the threads (they start with the first job otherwise); resolves once one is ready. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** A worker entry: its TypeScript source (run through tsx) and its file in the build (dist/server/…). */
export interface WorkerEntry {
  source: URL;
  built: string;
}

function bootOf(entry: WorkerEntry): { file: string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { file: path.join(APP_ROOT, 'dist/server', entry.built), eval: false };
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.source.href)}); })`;
  return { file: boot, eval: true };
}

interface Job {
  id: number;
  task: string;
  payload: unknown;
  timeoutMs: number;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  /** The queue-wait timer (armed once a thread is ready: a thread starting up is not a queue), then the run timer. */
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
}

export function createWorkerPool(name: string, entry: WorkerEntry, logger: Logger, options: Partial<PoolOptions> = {}): WorkerPool {
  const opts = { ...defaultPoolOptions(), ...options };
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  const counts = { done: 0, timeouts: 0, failures: 0 };
  let nextId = 1;
  let closed = false;
  /** Threads that died without being asked to: restarts wait (a thread that dies at once does not spin). */
  let crashes = 0;
  /** Callers of warm() waiting for a ready thread. */
  const warming: (() => void)[] = [];

  function settle(slot: Slot): Job | undefined {
    const job = slot.job;
    slot.job = undefined;
    if (job?.timer) clearTimeout(job.timer);
    return job;
  }

  function start(): void {
    const boot = bootOf(entry);
    const worker = new Worker(boot.file, { eval: boot.eval, name });
    const slot: Slot = { worker, ready: false };
    slots.add(slot);
    worker.unref();
    worker.on('message', (m: 'ready' | WorkerReply) => {
      if (m === 'ready') {
        slot.ready = true;
        crashes = 0;
        for (const job of queue) armQueueWait(job);
        for (const resolve of warming.splice(0)) resolve();
        dispatch();
        return;
      }
      if (slot.job?.id !== m.id) return;
      const job = settle(slot)!;
      counts.done++;
      if ('error' in m) job.reject(new Error(m.error));
      else job.resolve(m.result);
      dispatch();
    });
    worker.on('error', (err) => logger.error({ err, pool: name }, 'workers: a thread failed'));
    worker.on('exit', () => {
      if (!slots.delete(slot)) return; // replaced on purpose (timeout, close)
      const job = settle(slot);
      if (job) {
        counts.failures++;
        job.reject(new PoolError('worker_failed', 'The work could not be completed; try again'));
      }
      if (closed) return;
      crashes++;
      setTimeout(fill, Math.min(5_000, 100 * 2 ** crashes)).unref();
    });
  }

  /** Starts threads up to the pool's size while there is work for them. */
  function fill(): void {
    if (closed) return;
    while (slots.size < opts.size && queue.length > [...slots].filter((s) => !s.job).length) start();
  }

  /**
   * A job may wait behind others only so long (then `busy`). The wait counts from when a thread
   * is ready: the first thread reads the speller's dictionary first, which on a busy machine
   * alone takes longer than the limit.
   */
  function armQueueWait(job: Job): void {
    if (job.timer || ![...slots].some((s) => s.ready)) return;
    job.timer = setTimeout(() => {
      const i = queue.indexOf(job);
      if (i < 0) return;
      queue.splice(i, 1);
      job.reject(new PoolError('busy', 'The server is busy; try again in a moment'));
    }, opts.queueTimeoutMs);
    job.timer.unref();
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (!slot.ready || slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      clearTimeout(job.timer);
      slot.job = job;
      job.timer = setTimeout(() => overBudget(slot, job), job.timeoutMs);
      job.timer.unref();
      slot.worker.postMessage({ id: job.id, task: job.task, payload: job.payload });
    }
    fill();
  }

  function overBudget(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    settle(slot);
    counts.timeouts++;
    slots.delete(slot);
    logger.warn({ pool: name, task: job.task, budgetMs: job.timeoutMs }, 'workers: a job went over its budget; its thread is replaced');
    void slot.worker.terminate();
    job.reject(new PoolError('timeout', 'The work took too long and was stopped; try a shorter text'));
    dispatch();
  }

  return {
    run<T>(task: string, payload: unknown, runOpts: { timeoutMs?: number } = {}): Promise<T> {
      if (closed) return Promise.reject(new PoolError('busy', 'The server is shutting down'));
      if (queue.length >= opts.maxQueue) return Promise.reject(new PoolError('busy', 'The server is busy; try again in a moment'));
      return new Promise<T>((resolve, reject) => {
        const job: Job = { id: nextId++, task, payload, timeoutMs: runOpts.timeoutMs ?? opts.timeoutMs, resolve: resolve as (v: unknown) => void, reject };
        armQueueWait(job);
        queue.push(job);
        dispatch();
      });
    },
    warm() {
      if ([...slots].some((s) => s.ready)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        warming.push(resolve);
        while (!closed && slots.size < opts.size) start();
      });
    },
    stats: () => ({
      threads: slots.size,
      busy: [...slots].filter((s) => s.job).length,
      queued: queue.length,
      ...counts,
    }),
    async close() {
      closed = true;
      for (const resolve of warming.splice(0)) resolve();
      for (const job of queue.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new PoolError('busy', 'The server is shutting down'));
      }
      const all = [...slots];
      slots.clear();
      for (const slot of all) settle(slot)?.reject(new PoolError('busy', 'The server is shutting down'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
