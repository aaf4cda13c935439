/**
 * What the Prometheus metrics cost a request: two servers of the same code on the same
 * database, one with the metrics on (METRICS_PORT) and one without (the reference), answer
 * sequential keep-alive requests in alternating blocks, so both see the same machine load.
 * Routes: GET /healthz (no database: the overhead is the largest share there) and
 * GET /api/status (an /api route through the ApiRouter and one database read). Also: the
 * request observer alone per request (no HTTP), and how long a scrape takes.
 *
 *   npx tsx bench/metrics.bench.ts
 *   DATABASE_URL=postgres://... npx tsx bench/metrics.bench.ts
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { loadavg } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Registry } from 'prom-client';
import { createLogger } from '../server/src/logger';
import { HttpMetrics } from '../server/src/metrics/http-metrics';
import { startServer } from '../server/src/server';
import { testConfig } from '../server/src/test/app';
import { createTestDb } from '../server/src/test/db';

const BLOCK = Number(process.env.BENCH_BLOCK ?? 200);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
const ROUTES = ['/healthz', '/api/status'];

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.once('error', reject);
    req.end();
  });
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * q) - 1)]!;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

/** The observer alone: one request's start and its response's close, on stand-in objects. */
function observerAlone(n: number): number {
  const metrics = new HttpMetrics(new Registry());
  const labels = ['/api/releases/:id', '/api/status', '/newsroom/:slug', '/healthz'];
  const pairs = Array.from({ length: 64 }, (_, i) => {
    const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: true });
    res.setMaxListeners(0);
    const req = { method: 'GET', url: '/x', originalUrl: '/x', baseUrl: '', route: { path: labels[i % labels.length] } };
    return { req: req as unknown as IncomingMessage, res: res as unknown as ServerResponse };
  });
  for (let round = 0; round < 2; round++) {
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      const { req, res } = pairs[i % pairs.length]!;
      metrics.observe(req, res);
      res.emit('close');
    }
    if (round === 1) return (performance.now() - started) / n;
  }
  return 0;
}

async function main() {
  const t = await createTestDb();
  const logger = createLogger(testConfig(t));
  // BENCH_AA=1: both sides without metrics (the noise floor of the comparison).
  const on = await startServer({ config: testConfig(t, process.env.BENCH_AA ? {} : { METRICS_PORT: '0' }), db: t.db, logger }, { serveClient: false });
  const off = await startServer({ config: testConfig(t), db: t.db, logger }, { serveClient: false });
  try {
    console.log(`metrics on vs off: ${BLOCKS} alternating blocks of ${BLOCK} sequential keep-alive requests per route and side`);
    console.log(`database: ${process.env.DATABASE_URL ? 'Postgres' : 'embedded'}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    for (const path of ROUTES) {
      const times = { on: [] as number[], off: [] as number[] };
      // Warm-up of both sides.
      for (let i = 0; i < BLOCK; i++) {
        await get(on.port, path);
        await get(off.port, path);
      }
      for (let b = 0; b < BLOCKS; b++) {
        for (const side of b % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
          const port = side === 'on' ? on.port : off.port;
          for (let i = 0; i < BLOCK; i++) {
            const started = performance.now();
            await get(port, path);
            times[side].push(performance.now() - started);
          }
        }
      }
      const row = (side: 'on' | 'off') => `mean ${us(mean(times[side]))}, p50 ${us(quantile(times[side], 0.5))}, p99 ${us(quantile(times[side], 0.99))}`;
      console.log(`\nGET ${path}`);
      console.log(`  metrics on : ${row('on')}`);
      console.log(`  metrics off: ${row('off')}`);
      console.log(
        `  overhead   : mean ${us(mean(times.on) - mean(times.off))} (${((mean(times.on) / mean(times.off) - 1) * 100).toFixed(1)} %), p50 ${us(quantile(times.on, 0.5) - quantile(times.off, 0.5))}`,
      );
    }

    const perObserve = observerAlone(200_000);
    console.log(`\nthe request observer alone (4 routes): ${(perObserve * 1e6).toFixed(0)} ns per request`);

    if (process.env.BENCH_AA) return;
    const scrapes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await get(on.metricsPort!, '/metrics');
      scrapes.push(performance.now() - started);
    }
    console.log(`a scrape (cached database figures; first one reads them): p50 ${quantile(scrapes, 0.5).toFixed(2)} ms, max ${Math.max(...scrapes).toFixed(2)} ms`);
  } finally {
    agent.destroy();
    await on.close();
    await off.close();
    await t.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
