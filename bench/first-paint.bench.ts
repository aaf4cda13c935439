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
 *
 * Then the signed-in screens (issue 32, point 4), on the same phone with an empty HTTP cache
 * and a session in localStorage (a returning user; signed in through the API just before, so
 * the access token is fresh), the demo client (client@example.com, seeded with the demo
 * data: releases, tasks, reports):
 *   - /client, the client's home: usable when its <h1> and its first data (the total of press
 *     releases, [data-testid=stat-total-value]) are in the document and content has painted;
 *   - /client/press-releases/<id>, the editor on one of the demo drafts: usable when the
 *     release text is editable, i.e. the ProseMirror contenteditable="true" holds the start of
 *     the release's text (GET /api/releases/<id>'s content_text).
 * Besides the time, the requests made and the compressed JavaScript fetched until usable.
 * BENCH_TRACE=1 prints, for the first run of each signed-in screen, every resource with its
 * start and end (ms after navigation start) and size: the waterfall.
 * BENCH_PROFILE=1 adds, for the same run, the main thread's time by script and by function
 * (a CDP CPU profile from navigation until usable; (program) is the browser's own work).
 * BENCH_ONLY=signed-in (or public) runs one half.
 * BENCH_CPU_RATE=1 drops the CPU slowdown (default 4), to tell the network's share of a time from
 * the main thread's.
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
/** Issue 32, point 4: the signed-in screens usable as fast as the public ones. */
const SIGNED_IN_BUDGET = { homeMs: 2500, editorMs: 4000 };
const ONLY = process.env.BENCH_ONLY;
/** The emulated phone's CPU slowdown (Chromium's throttling rate). */
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
const TRACE = process.env.BENCH_TRACE === '1';
/** BENCH_PROFILE=1: a CPU profile of the first signed-in run of each screen, main thread time by script. */
const PROFILE = process.env.BENCH_PROFILE === '1';

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

/** A fresh context on the emulated phone: throttled CPU and network, no HTTP cache, byte counters. */
async function emulatedPhone(browser: Browser) {
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
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  const types = new Map<string, string>();
  const counts = { bytes: 0, jsBytes: 0, requests: 0, scripts: 0 };
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    if (e.type === 'Script') counts.scripts += 1;
  });
  // Bodies as received (compressed), without the response headers loadingFinished counts.
  cdp.on('Network.dataReceived', (e) => {
    if (types.get(e.requestId) === 'Script') counts.jsBytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    counts.requests += 1;
    counts.bytes += e.encodedDataLength;
  });
  // The collab connection's milestones (BENCH_TRACE), in ms after the document's request.
  const sockets: string[] = [];
  let docAt: number | undefined;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (docAt === undefined && e.type === 'Document') docAt = e.timestamp;
  });
  const at = (t: number) => (docAt === undefined ? NaN : Math.round((t - docAt) * 1000));
  // API requests: when asked for, when sent (after queueing for a connection), when answered.
  const asked = new Map<string, { url: string; at: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes('/api/')) asked.set(e.requestId, { url: new URL(e.request.url).pathname, at: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => {
    const a = asked.get(e.requestId);
    const t = e.response.timing;
    if (!a || !t) return;
    sockets.push(
      `${at(a.at)} ms ${a.url}: sent ${at(t.requestTime + t.sendStart / 1000)} ms, headers ${at(t.requestTime + t.receiveHeadersEnd / 1000)} ms`,
    );
  });
  const frames = new Map<string, number>();
  cdp.on('Network.webSocketCreated', (e) => frames.set(e.requestId, 0));
  cdp.on('Network.webSocketWillSendHandshakeRequest', (e) => sockets.push(`${at(e.timestamp)} ms ws ${e.requestId} handshake sent`));
  cdp.on('Network.webSocketHandshakeResponseReceived', (e) => sockets.push(`${at(e.timestamp)} ms ws ${e.requestId} open (${e.response.status})`));
  cdp.on('Network.webSocketFrameReceived', (e) => {
    const n = (frames.get(e.requestId) ?? 0) + 1;
    frames.set(e.requestId, n);
    if (n <= 3) sockets.push(`${at(e.timestamp)} ms ws ${e.requestId} frame ${n} received (${e.response.payloadData.length} chars)`);
  });
  return { context, page, cdp, counts, sockets };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Main-thread time of a CPU profile (navigation until usable), summed by script and by function (top 12). */
function printProfile(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byUrl = new Map<string, number>();
  const byFn = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!n) return;
    const url = n.callFrame.url ? new URL(n.callFrame.url).pathname : `(${n.callFrame.functionName || 'native'})`;
    byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
  });
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log('  main thread by script (ms, self time):');
  for (const [k, v] of top(byUrl)) console.log(`    ${v.toFixed(0).padStart(6)}  ${k}`);
  console.log('  main thread by function (ms, self time):');
  for (const [k, v] of top(byFn)) console.log(`    ${v.toFixed(0).padStart(6)}  ${k}`);
}

async function measure(browser: Browser, url: string): Promise<Sample> {
  const { context, page, counts } = await emulatedPhone(browser);
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
  const jsLiveBytes = counts.jsBytes;
  // Late requests (lazy chunks, API calls) count too: wait for a quiet network.
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  const headingMs = await page.evaluate(
    () => (window as { __headingAt?: number }).__headingAt ?? NaN,
  );
  await context.close();
  return { headingMs, bytes: counts.bytes, jsLiveBytes, jsBytes: counts.jsBytes, requests: counts.requests };
}

// ------------------------------------------------------------------ signed-in screens

interface SignedInSample {
  usableMs: number;
  /** Requests finished until usable (documents, scripts, styles, API calls, fonts). */
  requests: number;
  /** Of them, scripts. */
  scripts: number;
  /** Compressed JavaScript bodies until usable. */
  jsBytes: number;
  /** Everything transferred until usable, headers included. */
  bytes: number;
}

/**
 * Records when a signed-in screen is usable: `ready()` (a DOM condition) holds and content has
 * painted (first-contentful-paint), as max(condition first true, first contentful paint), in ms
 * after navigation start, in window.__usableAt. The condition is checked on every DOM change.
 */
const usableProbe = (ready: string) => `
(() => {
  let domAt, paintAt;
  const settle = () => {
    if (window.__usableAt === undefined && domAt !== undefined && paintAt !== undefined) {
      window.__usableAt = Math.max(domAt, paintAt);
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint' && paintAt === undefined) paintAt = e.startTime;
    settle();
  }).observe({ type: 'paint', buffered: true });
  const ready = ${ready};
  const check = () => {
    if (domAt !== undefined) return true;
    if (ready()) {
      domAt = performance.now();
      settle();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  document.addEventListener('DOMContentLoaded', check);
})();
`;

/** The home's heading and its first figure are in the document. */
const HOME_READY = `() => {
  const h = document.querySelector('h1');
  return !!(h && h.textContent && h.textContent.trim() && document.querySelector('[data-testid="stat-total-value"]'));
}`;

/** The release text is editable: the editor's contenteditable holds the text's start. */
const editorReady = (textStart: string) => `() => {
  const pm = document.querySelector('.ProseMirror[contenteditable="true"]');
  return !!(pm && (pm.textContent || '').replace(/\\s+/g, ' ').includes(${JSON.stringify(textStart)}));
}`;

interface Account {
  session: string;
  token: string;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<Account> {
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  const session = await res.text();
  return { session, token: (JSON.parse(session) as { access_token: string }).access_token };
}

async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The cookie banner answered before (a returning user), as the banner stores it. */
const CONSENT = JSON.stringify({ version: 'v1', necessary: true, functional: false, performance: false, marketing: false, saved_at: new Date().toISOString() });

async function measureSignedIn(
  browser: Browser,
  baseUrl: string,
  path: string,
  ready: string,
  login: { email: string; password: string },
  trace: boolean,
): Promise<SignedInSample> {
  // A session of its own per visit (a spent refresh token would sign the next one out).
  const { session } = await signIn(baseUrl, login.email, login.password);
  const { context, page, cdp, counts, sockets } = await emulatedPhone(browser);
  if (PROFILE && trace) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  await page.addInitScript(
    ([s, c]) => {
      if (!localStorage.getItem('deltio.auth.session')) localStorage.setItem('deltio.auth.session', s);
      localStorage.setItem('cookie_consent_v1', c);
    },
    [session, CONSENT] as const,
  );
  await page.addInitScript(usableProbe(ready));
  let at: Omit<SignedInSample, 'usableMs'> | null = null;
  page.on('console', (m) => {
    if (m.type() === 'error') console.error(`  [console] ${m.text()}`);
  });
  await page.goto(baseUrl + path, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(() => (window as { __usableAt?: number }).__usableAt !== undefined, undefined, {
    timeout: 120_000,
    polling: 50,
  });
  at = { requests: counts.requests, scripts: counts.scripts, jsBytes: counts.jsBytes, bytes: counts.bytes };
  const usableMs = await page.evaluate(() => (window as { __usableAt?: number }).__usableAt ?? NaN);
  if (PROFILE && trace) printProfile((await cdp.send('Profiler.stop')).profile as never);
  if (trace) {
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: r.name, type: r.initiatorType, start: r.startTime, end: r.responseEnd, size: r.encodedBodySize };
      }),
    );
    console.log(`  waterfall of ${path} (usable at ${Math.round(usableMs)} ms):`);
    for (const e of entries.sort((a, b) => a.start - b.start)) {
      console.log(
        `    ${String(Math.round(e.start)).padStart(6)} → ${String(Math.round(e.end)).padStart(6)} ms ${(e.size / 1024).toFixed(1).padStart(6)} KB ${e.type.padEnd(14)} ${new URL(e.name).pathname}`,
      );
    }
    for (const line of sockets) console.log(`    ${line}`);
  }
  await context.close();
  return { usableMs, ...at };
}

async function signedInScreens(browser: Browser, baseUrl: string, failures: string[]): Promise<void> {
  const login = { email: 'client@example.com', password: 'demodemo' };
  const { token } = await signIn(baseUrl, login.email, login.password);
  const drafts = await apiGet<{ items: { id: string; title: string }[] }>(baseUrl, token, '/releases?status=draft');
  // The draft with the longest text (the demo's drafts all have some).
  const details = await Promise.all(
    drafts.items.map((d) => apiGet<{ id: string; content_text: string }>(baseUrl, token, `/releases/${d.id}`)),
  );
  const draft = details.sort((a, b) => b.content_text.length - a.content_text.length)[0];
  if (!draft || draft.content_text.trim().length < 20) throw new Error('no demo draft with text to open in the editor');
  const textStart = draft.content_text.replace(/\s+/g, ' ').trim().slice(0, 30);
  const screens = [
    { name: '/client', path: '/client', ready: HOME_READY, budget: SIGNED_IN_BUDGET.homeMs },
    { name: 'editor', path: `/client/press-releases/${draft.id}`, ready: editorReady(textStart), budget: SIGNED_IN_BUDGET.editorMs },
  ];
  console.log(`\nsigned-in screens (demo client, session in localStorage, empty cache), median of ${RUNS}`);
  console.log('screen            usable   requests  scripts  JS until usable  transferred');
  for (const screen of screens) {
    const samples: SignedInSample[] = [];
    for (let i = 0; i < RUNS; i++)
      samples.push(await measureSignedIn(browser, baseUrl, screen.path, screen.ready, login, (TRACE || PROFILE) && i === 0));
    const s: SignedInSample = {
      usableMs: median(samples.map((x) => x.usableMs)),
      requests: median(samples.map((x) => x.requests)),
      scripts: median(samples.map((x) => x.scripts)),
      jsBytes: median(samples.map((x) => x.jsBytes)),
      bytes: median(samples.map((x) => x.bytes)),
    };
    console.log(
      `${screen.name.padEnd(16)} ${`${Math.round(s.usableMs)} ms`.padStart(8)} ${String(s.requests).padStart(10)} ${String(s.scripts).padStart(8)} ${kb(s.jsBytes).padStart(16)} ${kb(s.bytes).padStart(12)}   (runs: ${samples.map((x) => Math.round(x.usableMs)).join(', ')} ms)`,
    );
    if (s.usableMs > screen.budget)
      failures.push(`${screen.name}: usable after ${Math.round(s.usableMs)} ms > ${screen.budget} ms`);
  }
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
    await seed(testDb.db, { demo: true, hashCost: 'test' });
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
    if (ONLY !== 'signed-in') {
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
    }
    if (ONLY !== 'public') await signedInScreens(browser, baseUrl, failures);
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
