/**
 * First paint of the public site on an emulated mid-range phone on a slow network: Debian's
 * Chromium with 4× CPU slowdown, 1.6 Mbps down / 750 kbps up and 150 ms round trip, a
 * 375 × 667 viewport and an empty cache (a first visit). For each public page it prints the
 * time from navigation start until the page's <h1> is painted (time-to-heading: the later of
 * the heading entering the document and the first contentful paint), the bytes transferred
 * until the network is idle (headers included), and the compressed JavaScript (bodies, as
 * the 90 KB gzip budget counts it) until the page is live, i.e. hydrated, and in all (what
 * loads after: /status's live updates); and checks them against the first-paint budgets
 * (bench/README.md): heading, bytes for /, JavaScript until live.
 *
 *   npm run build && npx tsx bench/first-paint.bench.ts            (embedded database)
 *   BENCH_RUNS=3 DATABASE_URL=postgres://... npx tsx bench/first-paint.bench.ts
 *   BENCH_URL=http://127.0.0.1:3000 npx tsx bench/first-paint.bench.ts   (an already running app)
 */
import { chromium, type Browser } from '@playwright/test';
import { seed } from '../server/src/db/seed/index';
import { createLogger } from '../server/src/logger';
import { startServer } from '../server/src/server';
import { testConfig } from '../server/src/test/app';
import { createTestDb } from '../server/src/test/db';

const PAGES = ['/', '/pricing', '/contact', '/book-demo', '/legal/privacy', '/status'];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET = { headingMs: 2500, landingBytes: 250 * 1024, publicJsBytes: 90 * 1024 };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Sample {
  headingMs: number;
  /** Everything transferred until the network is idle, response headers included. */
  bytes: number;
  /** Compressed JavaScript (bodies, as the 90 KB gzip budget counts it) until the page is live (hydrated). */
  jsLiveBytes: number;
  /** Compressed JavaScript until the network is idle (what loads after: /status's live updates). */
  jsBytes: number;
  requests: number;
}

/**
 * Records when the page's <h1> is on screen: when it is in the document and the page has
 * painted content (first-contentful-paint, which waits for the render-blocking CSS), so
 * max(heading in the DOM, first contentful paint), in ms after navigation start.
 */
const HEADING_PROBE = `
(() => {
  let domAt, paintAt;
  const settle = () => {
    if (window.__headingAt === undefined && domAt !== undefined && paintAt !== undefined) {
      window.__headingAt = Math.max(domAt, paintAt);
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && paintAt === undefined) paintAt = e.startTime;
    settle();
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    if (domAt !== undefined) return true;
    const h = document.querySelector('h1');
    if (h && h.textContent && h.textContent.trim()) {
      domAt = performance.now();
      settle();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('DOMContentLoaded', check);
})();
`;

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    locale: 'el-GR',
    isMobile: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const types = new Map<string, string>();
  let bytes = 0;
  let jsBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  // Bodies as received (compressed), without the response headers loadingFinished counts.
  cdp.on('Network.dataReceived', (e) => {
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    requests += 1;
    bytes += e.encodedDataLength;
  });
  await page.addInitScript(HEADING_PROBE);
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(
    () => (window as { __headingAt?: number }).__headingAt !== undefined,
    undefined,
    {
      timeout: 120_000,
    },
  );
  // Live: the public entry has hydrated the page (it holds early clicks until then, marking
  // <html data-hydrating>).
  await page.waitForFunction(
    () => document.querySelector('#root > *') !== null && !('hydrating' in document.documentElement.dataset),
    undefined,
    { timeout: 120_000 },
  );
  const jsLiveBytes = jsBytes;
  // Late requests (lazy chunks, API calls) count too: wait for a quiet network.
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  const headingMs = await page.evaluate(
    () => (window as { __headingAt?: number }).__headingAt ?? NaN,
  );
  await context.close();
  return { headingMs, bytes, jsLiveBytes, jsBytes, requests };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  let baseUrl = process.env.BENCH_URL;
  let stop = () => Promise.resolve();
  if (!baseUrl) {
    const testDb = await createTestDb();
    await seed(testDb.db, { demo: false });
    const config = testConfig(testDb);
    const server = await startServer(
      { config, db: testDb.db, logger: createLogger(config) },
      { serveClient: true },
    );
    baseUrl = server.url;
    stop = async () => {
      await server.close();
      await testDb.destroy();
    };
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const failures: string[] = [];
  try {
    console.log(
      `first paint, emulated phone (4× CPU, 1.6 Mbps, 150 ms RTT), median of ${RUNS} first visits`,
    );
    console.log('page              heading   transferred  JS until live  JS in all   requests');
    for (const path of PAGES) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await measure(browser, baseUrl + path));
      const s: Sample = {
        headingMs: median(samples.map((x) => x.headingMs)),
        bytes: median(samples.map((x) => x.bytes)),
        jsLiveBytes: median(samples.map((x) => x.jsLiveBytes)),
        jsBytes: median(samples.map((x) => x.jsBytes)),
        requests: median(samples.map((x) => x.requests)),
      };
      console.log(
        `${path.padEnd(16)} ${`${Math.round(s.headingMs)} ms`.padStart(8)} ${kb(s.bytes).padStart(12)} ${kb(s.jsLiveBytes).padStart(14)} ${kb(s.jsBytes).padStart(10)} ${String(s.requests).padStart(9)}`,
      );
      if (s.headingMs > BUDGET.headingMs)
        failures.push(
          `${path}: heading after ${Math.round(s.headingMs)} ms > ${BUDGET.headingMs} ms`,
        );
      if (s.jsLiveBytes > BUDGET.publicJsBytes)
        failures.push(
          `${path}: ${kb(s.jsLiveBytes)} of JavaScript until live > ${kb(BUDGET.publicJsBytes)}`,
        );
      if (path === '/' && s.bytes > BUDGET.landingBytes)
        failures.push(`/: ${kb(s.bytes)} transferred > ${kb(BUDGET.landingBytes)}`);
    }
  } finally {
    await browser.close();
    await stop();
  }
  console.log(
    failures.length ? `\nover budget:\n  ${failures.join('\n  ')}` : '\nevery page within budget',
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
