/**
 * Memory of the embedded default and the speller's load (issue 32, point 3).
 *
 * A. The server on the embedded database (no DATABASE_URL): started in a child process
 *    (`node --import tsx server/src/main.ts`, or the build with BENCH_BUILT=1) with a fresh
 *    temporary DATA_DIR, waited for /readyz, left idle BENCH_IDLE_MS (default 5 s): its RSS
 *    (VmRSS of the process, worker threads included) and its peak (VmHWM); then started again
 *    on the same folder (a restart: no initdb, migrations and seed already done). The reference is
 *    the same server on Postgres when DATABASE_URL is set, in the same run.
 * B. The speller: `greekSpeller()` loaded in a child process of its own, with the time it
 *    takes, the RSS and heap it adds, and the event loop's longest block while it loads (a
 *    5 ms timer's lateness).
 *
 *   npm run build:server && BENCH_BUILT=1 npx tsx bench/memory.bench.ts
 *   (BENCH_RUNS, default 1: the median is printed; BENCH_IDLE_MS; BENCH_NODE_ARGS: flags for the server's node)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5_000);

const mb = (kb: number) => Math.round(kb / 1024);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function procStatus(pid: number): { rssKb: number; hwmKb: number } {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function serverRss(databaseUrl: string | undefined, dataDir: string): Promise<{ rssKb: number; hwmKb: number; readyMs: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [...extra, ...(process.env.BENCH_BUILT ? ['dist/server/main.js'] : ['--import', 'tsx', 'server/src/main.ts'])];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const started = performance.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
      if (performance.now() - started > 180_000) throw new Error('no /readyz in 180 s');
      try {
        const r = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (r.status < 500) break;
      } catch {
        /* not listening yet */
      }
      await sleep(200);
    }
    const readyMs = performance.now() - started;
    await sleep(IDLE_MS);
    return { ...procStatus(child.pid!), readyMs };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  }
}

/** The speller loaded in a fresh process: what the child prints (one JSON line). */
function spellerLoad(): Promise<{ loadMs: number; rssMb: number; heapMb: number; maxBlockMs: number; words: number }> {
  const code = `
    const base = process.memoryUsage();
    let last = performance.now(), maxBlock = 0;
    const t = setInterval(() => { const n = performance.now(); maxBlock = Math.max(maxBlock, n - last - 5); last = n; }, 5);
    const { greekSpeller } = await import(${JSON.stringify(path.join(ROOT, 'server/src/modules/assistant/spelling/dictionary.ts'))});
    const s0 = performance.now(); last = s0;
    const sp = await greekSpeller();
    const loadMs = performance.now() - s0;
    clearInterval(t);
    const ok = sp.isCorrect('καινοτομία');
    globalThis.gc?.();
    const m = process.memoryUsage();
    console.log(JSON.stringify({ loadMs, rssMb: (m.rss - base.rss) / 2 ** 20, heapMb: (m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers) / 2 ** 20, maxBlockMs: maxBlock, ok }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (c) => (c === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`speller child exited ${c}`))));
  });
}

const embedded: Awaited<ReturnType<typeof serverRss>>[] = [];
const restarted: Awaited<ReturnType<typeof serverRss>>[] = [];
const postgres: Awaited<ReturnType<typeof serverRss>>[] = [];
const speller: Awaited<ReturnType<typeof spellerLoad>>[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-mem-'));
  try {
    embedded.push(await serverRss(undefined, dataDir));
    restarted.push(await serverRss(undefined, dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) postgres.push(await serverRss(process.env.DATABASE_URL, dataDir));
  speller.push(await spellerLoad());
}
const row = (name: string, rs: typeof embedded) =>
  rs.length && console.log(`${name.padEnd(22)} idle RSS ${mb(median(rs.map((r) => r.rssKb)))} MB  peak ${mb(median(rs.map((r) => r.hwmKb)))} MB  ready in ${(median(rs.map((r) => r.readyMs)) / 1000).toFixed(1)} s   (runs: ${rs.map((r) => mb(r.rssKb)).join(', ')} MB)`);
console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${RUNS} run(s), idle ${IDLE_MS} ms`);
row('embedded, first start', embedded);
row('embedded, restart', restarted);
row('server, Postgres (ref)', postgres);
console.log(
  `speller load ${(median(speller.map((s) => s.loadMs)) / 1000).toFixed(2)} s  +RSS ${median(speller.map((s) => s.rssMb)).toFixed(0)} MB  +heap ${median(speller.map((s) => s.heapMb)).toFixed(0)} MB  longest block ${median(speller.map((s) => s.maxBlockMs)).toFixed(0)} ms   (runs: ${speller.map((s) => `${(s.loadMs / 1000).toFixed(2)} s/${s.maxBlockMs.toFixed(0)} ms`).join(', ')})`,
);
