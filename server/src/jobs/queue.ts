import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/knex';
import type { Logger } from '../logger';

export interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  dedupe_key: string | null;
}

export type JobHandler = (job: JobRow) => Promise<void>;

export interface ScheduleOptions {
  runAt?: Date;
  /** One job per key: a second schedule() with the key replaces a queued job or is ignored. */
  dedupeKey?: string;
  /** For a dedupe key: 'replace' moves a queued job to the new time and payload; 'ignore' keeps it. */
  onConflict?: 'replace' | 'ignore';
  maxAttempts?: number;
}

export interface JobQueueOptions {
  pollMs?: number;
  /** Base of the exponential back-off between attempts, in ms. */
  backoffMs?: number;
  /**
   * A running job is leased for this long; its process renews the lease every third of it.
   * A job whose lease lapsed belongs to a process that died: another process runs it again.
   * Default 20 s, so a dead process's work is taken over within 30 s.
   */
  leaseMs?: number;
  /** Old name of leaseMs (rows claimed before leases existed are judged by locked_at). */
  staleMs?: number;
  /** How long stop() lets running jobs finish before it puts them back in the queue (default 3 s). */
  stopBudgetMs?: number;
  /** The clock of stop()'s budget (tests inject theirs). */
  wait?: (ms: number) => Promise<void>;
  /** When a job is due and how long a lease lasts (tests move theirs; a jump runs what fell due). */
  clock?: Clock;
  /** The timer that renews the leases (tests fire it themselves and await the renewal); returns its stop. */
  repeat?: (ms: number, fn: () => Promise<void>) => () => void;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

const every = (ms: number, fn: () => Promise<void>) => {
  const timer = setInterval(() => void fn(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

export const DEFAULT_LEASE_MS = 20_000;

/**
 * Durable jobs in Postgres. Workers of any number of processes claim due rows with
 * FOR UPDATE SKIP LOCKED, so a job runs in one process at a time; what a job does
 * must itself be idempotent (a crash after the work but before 'done' runs it again),
 * which the release send is through its status transition.
 */
export class JobQueue {
  readonly workerId = `${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly tickers: (() => Promise<void>)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private stopped = false;
  private readonly leaseMs: number;
  /** Jobs this process is running, whose leases it renews. */
  private readonly held = new Set<number>();
  private stopRenewing: (() => void) | undefined;
  private readonly clock: Clock;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly opts: JobQueueOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? opts.staleMs ?? DEFAULT_LEASE_MS;
    this.clock = opts.clock ?? systemClock;
  }

  /** Now, for a query: the database's now() in production, the test clock's time in tests. */
  private now(): Knex.Raw {
    return this.clock.sql(this.db);
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Work to do on every poll before claiming (e.g. making sure the next digest is queued). */
  onTick(fn: () => Promise<void>): void {
    this.tickers.push(fn);
  }

  async schedule(kind: string, payload: Record<string, unknown>, o: ScheduleOptions = {}, trx: Knex | Knex.Transaction = this.db): Promise<void> {
    const row = {
      kind,
      payload: JSON.stringify(payload),
      run_at: o.runAt ?? this.clock.now(),
      status: 'queued',
      attempts: 0,
      max_attempts: o.maxAttempts ?? 5,
      dedupe_key: o.dedupeKey ?? null,
    };
    const insert = trx('jobs').insert(row);
    if (!o.dedupeKey) await insert;
    else if (o.onConflict === 'ignore') await insert.onConflict('dedupe_key').ignore();
    else {
      // A running job keeps running; its successor is decided by what it finds.
      await insert
        .onConflict('dedupe_key')
        .merge({ ...row, last_error: null, locked_by: null, locked_at: null, lease_until: null, finished_at: null })
        .where('jobs.status', '<>', 'running');
    }
    if (trx === this.db) this.kick();
  }

  /** Removes a queued job (an unscheduled send). */
  async cancel(dedupeKey: string, trx: Knex | Knex.Transaction = this.db): Promise<void> {
    await trx('jobs').where({ dedupe_key: dedupeKey, status: 'queued' }).delete();
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.opts.pollMs ?? 1_000);
    this.timer.unref();
    // A test clock moved: what fell due runs now, not at the next poll.
    this.unsubscribe = this.clock.onJump(() => this.kick());
  }

  /**
   * Claims nothing more; running jobs finish within the budget, those still running then go
   * back to the queue, unleased and due, for the next process (what a job does is idempotent;
   * its own late outcome is not recorded: the row is no longer this process's).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const running = this.running;
    if (!running) return;
    const finished = await Promise.race([running.then(() => true), (this.opts.wait ?? sleep)(this.opts.stopBudgetMs ?? 3_000).then(() => false)]);
    if (!finished) await this.releaseHeld();
  }

  private async releaseHeld(): Promise<void> {
    const ids = [...this.held];
    if (!ids.length) return;
    try {
      await this.db('jobs')
        .whereIn('id', ids)
        .andWhere({ status: 'running', locked_by: this.workerId })
        .update({
          status: 'queued',
          // An interrupted run is not a failed attempt.
          attempts: this.db.raw('greatest(attempts - 1, 0)'),
          run_at: this.now(),
          locked_by: null,
          locked_at: null,
          lease_until: null,
        });
      this.logger.info({ jobs: ids }, 'jobs: released at shutdown, still running');
    } catch (err) {
      this.logger.warn({ err }, 'jobs: could not release the running jobs');
    }
  }

  /** Runs what is due soon, without waiting for the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    void this.runTick();
  }

  /** One tick in the single slot of this process (a kick meanwhile runs another after it). */
  private runTick(): Promise<void> {
    const tick = this.tick().finally(() => {
      this.running = undefined;
      if (this.rerun && !this.stopped) {
        this.rerun = false;
        this.kick();
      }
    });
    this.running = tick;
    return tick;
  }

  /**
   * Runs everything due now (tests, benchmarks): waits for the tick under way, then runs one
   * more in its place, so a poll or a clock jump meanwhile joins it instead of running beside
   * it. Resolves once every job this process claimed has finished and none is due, including
   * those of a tick a kick started meanwhile (a poll, a clock jump, a handler's own kick).
   */
  async drain(): Promise<void> {
    await this.settled();
    await this.runTick();
    await this.settled();
  }

  /** Resolves once no tick runs (one a kick started meanwhile is waited for too). */
  private async settled(): Promise<void> {
    for (let tick = this.running; tick; tick = this.running) await tick;
  }

  async sizes(): Promise<Record<string, number>> {
    const rows = (await this.db('jobs')
      .whereIn('status', ['queued', 'running'])
      .groupBy('kind')
      .select('kind', this.db.raw('count(*)::int as n'))) as { kind: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  }

  private async tick(): Promise<void> {
    try {
      for (const t of this.tickers) await t();
      await this.recoverStale();
      await this.prune();
      for (;;) {
        if (this.stopped) return;
        const batch = await this.claim(10);
        if (!batch.length) return;
        await Promise.all(batch.map((job) => this.run(job)));
      }
    } catch (err) {
      this.logger.error({ err }, 'jobs: tick failed');
    }
  }

  /** Finished jobs are kept a week for inspection, then deleted (checked hourly). */
  private lastPrune = 0;
  private async prune(): Promise<void> {
    const now = this.clock.now().getTime();
    if (Math.abs(now - this.lastPrune) < 3600_000) return;
    this.lastPrune = now;
    await this.db('jobs')
      .whereIn('status', ['done', 'failed'])
      .andWhere('finished_at', '<', this.db.raw("? - interval '7 days'", [this.now()]))
      .delete();
  }

  /** Jobs whose holder stopped renewing their lease go back to the queue. */
  private async recoverStale(): Promise<void> {
    await this.db('jobs')
      .where('status', 'running')
      // Rows claimed before leases existed are judged by their claim time.
      .andWhereRaw(`(lease_until < ? or (lease_until is null and locked_at < ? - (? * interval '1 millisecond')))`, [this.now(), this.now(), this.leaseMs])
      .update({ status: 'queued', locked_by: null, locked_at: null, lease_until: null });
  }

  /** Extends the leases of the jobs this process is running (every third of the lease). */
  private async renewLeases(): Promise<void> {
    if (!this.held.size) return;
    try {
      await this.db('jobs')
        .whereIn('id', [...this.held])
        .andWhere({ status: 'running', locked_by: this.workerId })
        .update({ lease_until: this.db.raw(`? + (? * interval '1 millisecond')`, [this.now(), this.leaseMs]) });
    } catch (err) {
      this.logger.warn({ err }, 'jobs: lease renewal failed');
    }
  }

  private hold(id: number): void {
    this.held.add(id);
    this.stopRenewing ??= (this.opts.repeat ?? every)(Math.max(50, Math.floor(this.leaseMs / 3)), () => this.renewLeases());
  }

  private letGo(id: number): void {
    this.held.delete(id);
    if (!this.held.size && this.stopRenewing) {
      this.stopRenewing();
      this.stopRenewing = undefined;
    }
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return [];
    const result = await this.db.raw<{ rows: JobRow[] }>(
      `update jobs set status = 'running', attempts = attempts + 1, locked_by = ?, locked_at = ?,
              lease_until = ? + (? * interval '1 millisecond')
         where id in (
           select id from jobs
            where status = 'queued' and run_at <= ? and kind = any(?::text[])
            order by run_at, id
            limit ?
            for update skip locked)
       returning id, kind, payload, run_at, attempts, max_attempts, dedupe_key`,
      [this.workerId, this.now(), this.now(), this.leaseMs, this.now(), kinds, limit],
    );
    return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  private async run(job: JobRow): Promise<void> {
    this.hold(job.id);
    try {
      await this.runHeld(job);
    } finally {
      this.letGo(job.id);
    }
  }

  private async runHeld(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job);
      await this.db('jobs')
        .where({ id: job.id, locked_by: this.workerId })
        .update({ status: 'done', finished_at: this.now(), last_error: null, lease_until: null });
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const final = job.attempts >= job.max_attempts;
      const delay = (this.opts.backoffMs ?? 5_000) * 2 ** (job.attempts - 1);
      await this.db('jobs')
        .where({ id: job.id, locked_by: this.workerId })
        .update({
          status: final ? 'failed' : 'queued',
          last_error: reason,
          run_at: this.db.raw(`? + (? * interval '1 millisecond')`, [this.now(), delay]),
          locked_by: null,
          locked_at: null,
          lease_until: null,
          finished_at: final ? this.now() : null,
        });
      this.logger.warn({ job: job.id, kind: job.kind, attempts: job.attempts, final, reason }, 'jobs: job failed');
    }
  }
}
