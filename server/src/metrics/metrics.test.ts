import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { APP_ROOT } from '../paths';
import { startTestServer, type TestServer } from '../test/app';
import { openEditor, roundTrip } from '../test/collab-client';
import { insertMember, insertOrganisation, insertRelease, tokenOf } from '../modules/distribution/org-fixtures';
import { call } from '../test/http';
import { redisTestsSkippedReason, startTestRedis } from '../test/redis-server';
import { until } from '../test/wait';
import { bearerMatches } from './endpoint';
import { MAX_ROUTE_LABELS, routeLabel } from './http-metrics';

const TOKEN = 'metrics-token-0123456789abcdef';
const CACHE_MS = 5_000;

let server: TestServer;
let clock: TestClock;

beforeAll(async () => {
  clock = new TestClock(Date.now());
  server = await startTestServer({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0' }, { clock });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

async function scrape(base = server.url, token: string | undefined = TOKEN): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample, by metric name and labels (process_id aside), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** Every value of a label across a metric's samples. */
function labelValues(text: string, name: string, label: string): string[] {
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const v = new RegExp(`[{,]${label}="([^"]*)"`).exec(line)?.[1];
    if (v !== undefined) out.add(v);
  }
  return [...out];
}

/** The database and Redis figures are cached: move past the cache so the next scrape reads them. */
const expireCache = () => clock.advance(CACHE_MS);

describe('the metrics endpoint', () => {
  it('on the main port asks for the bearer token: 401 without it or with a wrong one', async () => {
    const none = await call(server.url, 'GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await call(server.url, 'GET', '/metrics', { token: `${TOKEN}x` })).status).toBe(401);
    expect((await call(server.url, 'GET', '/metrics', { token: TOKEN.slice(0, -1) })).status).toBe(401);
    expect((await call(server.url, 'GET', '/metrics', { headers: { authorization: TOKEN } })).status).toBe(401);
    const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    const text = await ok.text();
    expect(text).toContain('# TYPE deltio_http_requests_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    // Every series names the process (several processes are scraped one by one).
    expect(labelValues(text, 'deltio_http_requests_total', 'process_id').length).toBe(1);
  });

  it('serves its own port on 127.0.0.1, with the token when one is set, and nothing else there', async () => {
    const port = server.metricsPort!;
    expect(port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;
    expect((await call(base, 'GET', '/metrics')).status).toBe(401);
    expect(await scrape(base)).toContain('deltio_socketio_connections');
    expect((await call(base, 'GET', '/api/status', { token: TOKEN })).status).toBe(404);
  });

  it('is off without METRICS_PORT and METRICS_TOKEN, and never unprotected off loopback', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metrics).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: undefined });
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics?.host).toBe('0.0.0.0');
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    const plain = await startTestServer();
    try {
      const res = await fetch(`${plain.url}/metrics`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('deltio_');
      expect(plain.metricsPort).toBeUndefined();
    } finally {
      await plain.stop();
    }
  });

  it('compares the token exactly', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
  });
});

describe('request metrics', () => {
  it('count each request under its route pattern, never its URL', async () => {
    const before = await scrape();
    const counted = (text: string, route: string, status: string, method = 'GET') => sample(text, 'deltio_http_requests_total', { method, route, status }) ?? 0;
    for (const slug of ['acme-1', 'acme-2', 'acme-3']) expect((await call(server.url, 'GET', `/newsroom/${slug}`)).status).toBe(404);
    expect((await call(server.url, 'GET', '/api/status')).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/status')).status).toBe(200);
    // An error answered by the app's error handler, after leaving /auth/v1's router.
    const bad = await call(server.url, 'POST', '/auth/v1/token?grant_type=password', { body: { email: 'nobody@metrics.test', password: 'wrong-password-1' } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const after = await scrape();
    expect(counted(after, '/newsroom/:slug', '4xx') - counted(before, '/newsroom/:slug', '4xx')).toBe(3);
    expect(counted(after, '/api/status', '2xx') - counted(before, '/api/status', '2xx')).toBe(2);
    expect(counted(after, '/auth/v1/token', '4xx', 'POST') - counted(before, '/auth/v1/token', '4xx', 'POST')).toBe(1);
    const hist = sample(after, 'deltio_http_request_duration_seconds_count', { method: 'GET', route: '/api/status' }) ?? 0;
    expect(hist - (sample(before, 'deltio_http_request_duration_seconds_count', { method: 'GET', route: '/api/status' }) ?? 0)).toBe(2);
    // A histogram as Prometheus reads it: cumulative buckets, +Inf equal to the count.
    const bucket = (le: string) => sample(after, 'deltio_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/status', le });
    expect(bucket('+Inf')).toBe(hist);
    expect(bucket('0.005')!).toBeLessThanOrEqual(bucket('10')!);
    expect(bucket('10')).toBeLessThanOrEqual(hist);
    expect(after).toContain('# TYPE deltio_http_request_duration_seconds histogram');
    const routes = labelValues(after, 'deltio_http_requests_total', 'route');
    expect(routes.some((r) => r.includes('acme'))).toBe(false);
  });

  it('put every unknown address under one label: no new series per URL', async () => {
    await call(server.url, 'GET', '/no/such/page');
    await call(server.url, 'GET', '/api/no-such-route');
    const before = await scrape();
    const series = (text: string) => text.split('\n').filter((l) => l.startsWith('deltio_http_')).length;
    const unmatched = (text: string) => sample(text, 'deltio_http_requests_total', { method: 'GET', route: 'unmatched', status: '4xx' }) ?? 0;
    for (let i = 0; i < 20; i++) {
      expect((await call(server.url, 'GET', `/no/such/page-${i}`)).status).toBe(404);
      expect((await call(server.url, 'GET', `/api/no-such-route-${i}/${crypto.randomUUID()}`)).status).toBe(404);
    }
    const after = await scrape();
    expect(unmatched(after) - unmatched(before)).toBe(40);
    expect(series(after)).toBe(series(before));
    expect(after).not.toContain('page-1');
  });

  it('derive the mount of a request that left its router from the URL, ids as :id', () => {
    const req = (url: string, routePath: string | undefined, baseUrl = '') =>
      ({ url, originalUrl: url, baseUrl, method: 'GET', headers: {}, ...(routePath ? { route: { path: routePath } } : {}) }) as never;
    expect(routeLabel(req('/auth/v1/token?x=1', '/token'))).toBe('/auth/v1/token');
    expect(routeLabel(req('/api/releases/1b4e28ba-2fa1-11d2-883f-0016d3cca427', '/releases/:id', '/api'))).toBe('/api/releases/:id');
    expect(routeLabel(req('/api/releases/1b4e28ba-2fa1-11d2-883f-0016d3cca427/versions', '/releases/:id/versions'))).toBe('/api/releases/:id/versions');
    expect(routeLabel(req('/newsroom/acme', '/newsroom/:slug'))).toBe('/newsroom/:slug');
    expect(routeLabel(req('/anything/else', '/{*splat}'))).toBe('/{*splat}');
    expect(routeLabel(req('/assets/index-abc.js', undefined))).toBe('static');
    expect(routeLabel(req('/socket.io/?EIO=4&transport=polling', undefined))).toBe('/socket.io');
    expect(routeLabel(req('/whatever/123', undefined))).toBe('unmatched');
    expect(MAX_ROUTE_LABELS).toBeLessThanOrEqual(500);
  });
});

describe('live connections, queues and round trips', () => {
  it('count open Socket.IO and editor connections and the loaded documents with their size', async () => {
    const { db } = server.ctx;
    const org = await insertOrganisation(db, 'Μετρήσεις Α.Ε.');
    const owner = await insertMember(db, org, 'owner@metrics.test', 'owner');
    const releaseId = await insertRelease(db, org, owner, 'Μετρήσεις');
    const token = await tokenOf(server.url, 'owner@metrics.test');

    const idle = await scrape();
    expect(sample(idle, 'deltio_socketio_connections')).toBe(0);
    expect(sample(idle, 'deltio_collab_connections')).toBe(0);
    expect(sample(idle, 'deltio_collab_documents')).toBe(0);

    const socket = ioClient(server.url, { auth: { token }, transports: ['websocket'] });
    // Listened for at once: the session may be ready before the editor has opened.
    const ready = new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const editor = await openEditor(server.url, token, releaseId);
    try {
      await ready;
      await editor.synced;
      await roundTrip(editor.provider);
      const live = await scrape();
      expect(sample(live, 'deltio_socketio_connections')).toBe(1);
      expect(sample(live, 'deltio_collab_connections')).toBe(1);
      expect(sample(live, 'deltio_collab_documents')).toBe(1);
      expect(sample(live, 'deltio_collab_document_bytes')).toBeGreaterThan(10);
    } finally {
      socket.close();
      editor.provider.destroy();
    }
    await until(async () => {
      const t = await scrape();
      return sample(t, 'deltio_socketio_connections') === 0 && sample(t, 'deltio_collab_connections') === 0;
    }, 10_000, 'the connections to close');
  });

  it('give the outbox depth, the jobs waiting per kind with the oldest due one’s age, and the 7-day bounce rate', async () => {
    const { db, mailer, jobs } = server.ctx;
    await mailer.drain();
    const sentBefore = Number((await db('mail_outbox').where('status', 'sent').count<{ n: string }[]>({ n: '*' }))[0]!.n);
    const attempted = sentBefore + 50;
    // Three e-mails not due for a day (nothing sends them during the test), 50 sent, 2 bounced, 1 complaint.
    const later = db.raw(`now() + interval '1 day'`);
    await db('mail_outbox').insert(
      [1, 2, 3].map((i) => ({ kind: 'email', to_email: `q${i}@metrics.test`, subject: 's', html: 'h', text: 't', headers: '{}', purpose: 'notice', status: 'queued', next_attempt_at: later })),
    );
    await db('mail_outbox').insert(
      Array.from({ length: 50 }, (_, i) => ({ kind: 'email', to_email: `s${i}@metrics.test`, subject: 's', html: 'h', text: 't', headers: '{}', purpose: 'notice', status: 'sent', sent_at: db.fn.now() })),
    );
    await db('bounce_events').insert([
      { received_via: 'dsn', kind: 'hard', email_lc: 's1@metrics.test' },
      { received_via: 'dsn', kind: 'hard', email_lc: 's2@metrics.test' },
      { received_via: 'arf', kind: 'complaint', email_lc: 's3@metrics.test' },
    ]);
    // No process handles this kind: the two jobs stay due and unclaimed.
    const runAt = new Date(clock.now().getTime() - 90_000);
    await jobs.schedule('metrics.probe', {}, { runAt });
    await jobs.schedule('metrics.probe', {}, { runAt: new Date(runAt.getTime() + 1_000) });
    await jobs.schedule('metrics.probe', {}, { runAt: new Date(clock.now().getTime() + 3_600_000) });

    clock.advance(60_000); // past the rates' cache too
    const text = await scrape();
    const queued = await mailer.queueSizes();
    expect(queued.email).toBe(3);
    expect(sample(text, 'deltio_mail_outbox', { kind: 'email' })).toBe(3);
    expect(sample(text, 'deltio_jobs_queued', { kind: 'metrics.probe' })).toBe(3);
    expect(sample(text, 'deltio_jobs_oldest_due_age_seconds', { kind: 'metrics.probe' })).toBeCloseTo(150, 3);
    expect(sample(text, 'deltio_mail_attempted_window')).toBe(attempted);
    expect(sample(text, 'deltio_mail_bounce_rate')).toBeCloseTo(2 / attempted, 6);
    expect(sample(text, 'deltio_mail_complaint_rate')).toBeCloseTo(1 / attempted, 6);
    expect(sample(text, 'deltio_postgres_up')).toBe(1);
    expect(sample(text, 'deltio_postgres_roundtrip_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'deltio_event_loop_delay_seconds', { quantile: '0.99' })).toBeGreaterThanOrEqual(0);

    // The jobs are gone: the kind reads 0 (not absent) once the cache expired.
    await db('jobs').where('kind', 'metrics.probe').delete();
    expect(sample(await scrape(), 'deltio_jobs_queued', { kind: 'metrics.probe' })).toBe(3);
    expireCache();
    const emptied = await scrape();
    expect(sample(emptied, 'deltio_jobs_queued', { kind: 'metrics.probe' })).toBe(0);
    expect(sample(emptied, 'deltio_jobs_oldest_due_age_seconds', { kind: 'metrics.probe' })).toBe(0);
  });

  it('read the database at most once per cache period, however many scrapes come at once', async () => {
    const reads: string[] = [];
    const listen = (q: { sql: string }) => {
      if (q.sql.includes(`filter (where status = 'queued')`) || q.sql === 'select 1') reads.push(q.sql);
    };
    server.ctx.db.on('query', listen);
    try {
      expireCache();
      await Promise.all(Array.from({ length: 20 }, () => scrape()));
      expect(reads.length).toBe(2); // one jobs query, one `select 1`
      await Promise.all(Array.from({ length: 20 }, () => scrape()));
      expect(reads.length).toBe(2);
      expireCache();
      await scrape();
      expect(reads.length).toBe(4);
    } finally {
      server.ctx.db.off('query', listen);
    }
  });
});

describe.skipIf(redisTestsSkippedReason() !== undefined)('with Redis', () => {
  it('time a PING on each Redis connection, and say when Redis does not answer', async () => {
    const redis = await startTestRedis();
    const redisClock = new TestClock(Date.now());
    const joined = await startTestServer({ METRICS_PORT: '0', REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: '300' }, { clock: redisClock });
    try {
      const base = `http://127.0.0.1:${joined.metricsPort!}`;
      const up = await scrape(base, undefined);
      for (const link of ['realtime', 'collab']) {
        expect(sample(up, 'deltio_redis_up', { link })).toBe(1);
        expect(sample(up, 'deltio_redis_roundtrip_seconds', { link })).toBeGreaterThan(0);
      }
      redis.pause();
      redisClock.advance(CACHE_MS);
      const away = await scrape(base, undefined);
      expect(sample(away, 'deltio_redis_up', { link: 'realtime' })).toBe(0);
      expect(sample(away, 'deltio_redis_roundtrip_seconds', { link: 'realtime' })).toBeUndefined();
      expect(sample(away, 'deltio_postgres_up')).toBe(1);
    } finally {
      redis.resume();
      await joined.stop();
      await redis.stop();
    }
  }, 30_000);
});

describe.each(['deploy/alerts.yml', 'deploy/grafana-dashboard.json'])('%s', (file) => {
  it('names only metrics the endpoint exports', async () => {
    const rules = await readFile(path.join(APP_ROOT, file), 'utf8');
    const text = await scrape();
    const exported = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]));
    const used = new Set([...rules.matchAll(/\b((?:deltio|nodejs|process)_(?!id\b)[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')));
    expect(used.size).toBeGreaterThan(8);
    for (const name of used) expect(exported, name).toContain(name);
  });
});
