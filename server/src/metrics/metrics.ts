/**
 * The process's Prometheus metrics (docs/deploy.md, "Metrics"): one registry per server
 * process, every series labelled with `process_id` so the processes behind a load balancer
 * are told apart. Figures in memory (sockets, documents, the event loop) are read at each
 * scrape; those from the database or Redis are read at most once per cache period however
 * many scrapes come (concurrent scrapes share one read), so a scrape storm never loads them.
 */
import os from 'node:os';
import type { Gauge, Registry } from 'prom-client';
import * as Y from 'yjs';
import { MAIL_RATE_THRESHOLDS } from '../../../shared/constants';
import type { Clock } from '../clock';
import type { CollabEndpoint } from '../collab/upgrade';
import { pingDb, type Db } from '../db/knex';
import type { EventLoopMonitor } from '../health/event-loop';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { mailOutcomesSince } from '../modules/admin-stats/admin-stats.repo';
import type { Realtime } from '../realtime/index';
import type { RedisLink } from '../redis/link';
import { HttpMetrics } from './http-metrics';

export interface MetricsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Pick<Mailer, 'queueSizes'>;
  realtime: Pick<Realtime, 'io'>;
  collab: Pick<CollabEndpoint, 'stats'>;
  eventLoop: Pick<EventLoopMonitor, 'figures'>;
  /** The Redis connections, by name (none without REDIS_URL). */
  redis: { name: string; link: RedisLink }[];
  /** How long database and Redis figures are reused (ms, default 5 s). */
  cacheMs?: number;
  /** How long the 7-day bounce and complaint rates are reused (ms, default 60 s). */
  rateCacheMs?: number;
  /** The `process_id` label (default host:pid). */
  processId?: string;
}

export interface Metrics {
  registry: Registry;
  http: HttpMetrics;
  /** The exposition text of every metric. */
  scrape(): Promise<string>;
  contentType: string;
}

/** A source read when a scrape asks and its last reading is older than `ttlMs`; failures are remembered as long. */
export function cached<T>(load: () => Promise<T>, ttlMs: number, now: () => number): () => Promise<T> {
  let at = -Infinity;
  let last: Promise<T> | undefined;
  return () => {
    const t = now();
    if (!last || t - at >= ttlMs || t < at) {
      at = t;
      last = load();
      last.catch(() => undefined);
    }
    return last;
  };
}

/** Rejects after `ms` (a database or Redis that stopped answering never holds a scrape). */
function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const SOURCE_DEADLINE_MS = 2_000;

interface JobFigures {
  kind: string;
  queued: number;
  running: number;
  oldestDueSeconds: number;
}

async function jobFigures(db: Db, clock: Clock): Promise<JobFigures[]> {
  const now = clock.sql(db);
  const rows = (await db('jobs')
    .whereIn('status', ['queued', 'running'])
    .groupBy('kind')
    .select(
      'kind',
      db.raw(`count(*) filter (where status = 'queued')::int as queued`),
      db.raw(`count(*) filter (where status = 'running')::int as running`),
      db.raw(`coalesce(extract(epoch from (? - min(run_at) filter (where status = 'queued' and run_at <= ?))), 0)::float8 as oldest`, [now, now]),
    )) as { kind: string; queued: number; running: number; oldest: number }[];
  return rows.map((r) => ({ kind: r.kind, queued: Number(r.queued), running: Number(r.running), oldestDueSeconds: Math.max(0, Number(r.oldest)) }));
}

/** The encoded size of a document, recomputed only when its state vector moved. */
const sizes = new WeakMap<Y.Doc, { sv: string; bytes: number }>();
export function documentBytes(doc: Y.Doc): number {
  const sv = Buffer.from(Y.encodeStateVector(doc)).toString('base64');
  const known = sizes.get(doc);
  if (known?.sv === sv) return known.bytes;
  const bytes = Y.encodeStateAsUpdate(doc).byteLength;
  sizes.set(doc, { sv, bytes });
  return bytes;
}

/** Async: prom-client is loaded only when metrics are on (METRICS_PORT / METRICS_TOKEN), not at every start. */
export async function createMetrics(deps: MetricsDeps): Promise<Metrics> {
  const { Counter, Gauge, Registry, collectDefaultMetrics } = await import('prom-client');
  const { db, clock, logger } = deps;
  const registry = new Registry();
  registry.setDefaultLabels({ process_id: deps.processId ?? `${os.hostname()}:${process.pid}` });
  // Node's own: CPU, memory, heap, GC, handles, event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const http = new HttpMetrics(registry);
  const registers = [registry];
  const now = () => clock.now().getTime();
  const ttl = deps.cacheMs ?? 5_000;
  const failed = (what: string) => (err: unknown) => {
    logger.debug({ err }, `metrics: ${what} not read`);
    return null;
  };

  // The event loop, as /readyz reports it (the last minute's distribution) and its stalls.
  const loop = () => deps.eventLoop.figures();
  new Gauge({
    name: 'deltio_event_loop_delay_seconds',
    help: 'Event-loop delay over the last minute (quantile 0.5, 0.99, and the max)',
    labelNames: ['quantile'],
    registers,
    collect() {
      const f = loop();
      this.set({ quantile: '0.5' }, f.p50Ms / 1000);
      this.set({ quantile: '0.99' }, f.p99Ms / 1000);
      this.set({ quantile: 'max' }, f.maxMs / 1000);
    },
  });
  let stallsSeen = 0;
  new Counter({
    name: 'deltio_event_loop_stalls_total',
    help: 'Event-loop stalls over 100 ms (each is logged with the routes that were running)',
    registers,
    collect() {
      const { stalls } = loop();
      if (stalls > stallsSeen) this.inc(stalls - stallsSeen);
      stallsSeen = stalls;
    },
  });

  new Gauge({
    name: 'deltio_socketio_connections',
    help: 'Open Socket.IO connections of this process',
    registers,
    collect() {
      this.set(deps.realtime.io.of('/').sockets.size);
    },
  });

  const collab = () => deps.collab.stats();
  new Gauge({
    name: 'deltio_collab_connections',
    help: 'Open editor (/collab) WebSocket connections of this process',
    registers,
    async collect() {
      this.set((await collab()).connections);
    },
  });
  new Gauge({
    name: 'deltio_collab_documents',
    help: 'Release documents loaded in this process',
    registers,
    async collect() {
      this.set((await collab()).documents.length);
    },
  });
  new Gauge({
    name: 'deltio_collab_document_bytes',
    help: 'Encoded size of the loaded documents (Yjs state); the heap they hold is a multiple of it',
    registers,
    async collect() {
      this.set((await collab()).documents.reduce((sum, d) => sum + documentBytes(d), 0));
    },
  });

  // Durable jobs: how many wait and how late the oldest due one is, per kind.
  const jobs = cached(() => within(SOURCE_DEADLINE_MS, jobFigures(db, clock)), ttl, now);
  const jobKinds = new Set<string>();
  const perKind = (pick: (f: JobFigures) => number) =>
    async function (this: Gauge<'kind'>) {
      const rows = await jobs().catch(failed('jobs'));
      if (!rows) return;
      for (const r of rows) jobKinds.add(r.kind);
      // A kind seen before and now empty reads 0, not absent.
      for (const kind of jobKinds) {
        const r = rows.find((x) => x.kind === kind);
        this.set({ kind }, r ? pick(r) : 0);
      }
    };
  new Gauge({
    name: 'deltio_jobs_queued',
    help: 'Durable jobs queued (due or not), per kind, across all processes',
    labelNames: ['kind'],
    registers,
    collect: perKind((f) => f.queued),
  });
  new Gauge({
    name: 'deltio_jobs_running',
    help: 'Durable jobs running, per kind, across all processes',
    labelNames: ['kind'],
    registers,
    collect: perKind((f) => f.running),
  });
  new Gauge({
    name: 'deltio_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due, unclaimed job of a kind has waited (0: none waits)',
    labelNames: ['kind'],
    registers,
    collect: perKind((f) => f.oldestDueSeconds),
  });

  // The mail outbox: e-mails queued or being sent.
  const outbox = cached(() => within(SOURCE_DEADLINE_MS, deps.mailer.queueSizes()), ttl, now);
  new Gauge({
    name: 'deltio_mail_outbox',
    help: 'E-mails in the outbox (queued or sending), per kind, across all processes',
    labelNames: ['kind'],
    registers,
    async collect() {
      const q = await outbox().catch(failed('outbox'));
      if (!q) return;
      this.set({ kind: 'email' }, q.email);
      this.set({ kind: 'newsletter' }, q.newsletter);
    },
  });

  // Bounces and complaints over the health card's window, computed as the card does.
  const windowMs = MAIL_RATE_THRESHOLDS.windowDays * 86_400_000;
  const outcomes = cached(() => within(SOURCE_DEADLINE_MS, mailOutcomesSince(db, new Date(now() - windowMs))), deps.rateCacheMs ?? 60_000, now);
  const rate = (pick: 'bounced' | 'complaints') =>
    async function (this: Gauge) {
      const m = await outcomes().catch(failed('mail outcomes'));
      if (m) this.set(m.attempted > 0 ? m[pick] / m.attempted : 0);
    };
  new Gauge({
    name: 'deltio_mail_bounce_rate',
    help: `Bounces per e-mail attempted over the last ${MAIL_RATE_THRESHOLDS.windowDays} days (0..1; the superadmin's health card)`,
    registers,
    collect: rate('bounced'),
  });
  new Gauge({
    name: 'deltio_mail_complaint_rate',
    help: `Complaints per e-mail attempted over the last ${MAIL_RATE_THRESHOLDS.windowDays} days (0..1)`,
    registers,
    collect: rate('complaints'),
  });
  new Gauge({
    name: 'deltio_mail_attempted_window',
    help: `E-mails attempted (sent or refused) over the last ${MAIL_RATE_THRESHOLDS.windowDays} days: the rates' denominator`,
    registers,
    async collect() {
      const m = await outcomes().catch(failed('mail outcomes'));
      if (m) this.set(m.attempted);
    },
  });

  // Round trips: `select 1` and a Redis PING, timed.
  const pg = cached(() => within(SOURCE_DEADLINE_MS, pingDb(db)), ttl, now);
  new Gauge({
    name: 'deltio_postgres_up',
    help: '1 when the database answered the last `select 1`',
    registers,
    async collect() {
      this.set((await pg().catch(failed('postgres'))) === null ? 0 : 1);
    },
  });
  new Gauge({
    name: 'deltio_postgres_roundtrip_seconds',
    help: 'Time of a `select 1` from this process (read at most every few seconds)',
    registers,
    async collect() {
      const ms = await pg().catch(failed('postgres'));
      if (ms === null) this.reset();
      else this.set(ms / 1000);
    },
  });
  const redis = deps.redis.map(({ name, link }) => ({
    name,
    ping: cached(
      async () => {
        const started = performance.now();
        await link.command('metrics ping', () => link.pub.ping());
        return performance.now() - started;
      },
      ttl,
      now,
    ),
  }));
  // Registered without Redis too (no samples then), so dashboards and rules find the names.
  {
    new Gauge({
      name: 'deltio_redis_up',
      help: '1 when the Redis connection answered the last PING',
      labelNames: ['link'],
      registers,
      async collect() {
        for (const r of redis) this.set({ link: r.name }, (await r.ping().catch(failed('redis'))) === null ? 0 : 1);
      },
    });
    new Gauge({
      name: 'deltio_redis_roundtrip_seconds',
      help: 'Time of a Redis PING from this process, per connection (read at most every few seconds)',
      labelNames: ['link'],
      registers,
      async collect() {
        this.reset();
        for (const r of redis) {
          const ms = await r.ping().catch(failed('redis'));
          if (ms !== null) this.set({ link: r.name }, ms / 1000);
        }
      },
    });
  }

  return { registry, http, scrape: () => registry.metrics(), contentType: registry.contentType };
}
