#!/usr/bin/env node
// Runs the test suite several times with every core kept busy by another process, and lists each
// test that failed at least once: a flake is found here, not hidden by a retry.
//
//   npm run test:flakes -- [--runs 5] [--suite unit|e2e|all] [--no-load] [--out file.md]
//
// The runners never retry. The e2e half needs a build (`npm run build`) and Debian's chromium,
// like `npm test`; DATABASE_URL is passed through as it is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const runs = Number(opt('runs', '5'));
const suite = opt('suite', 'all');
const load = !args.includes('--no-load');
const out = opt('out', undefined);
if (!Number.isInteger(runs) || runs < 1 || !['unit', 'e2e', 'all'].includes(suite)) {
  console.error('usage: flake-hunt.mjs [--runs N] [--suite unit|e2e|all] [--no-load] [--out file.md]');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-flakes-'));
const cores = os.availableParallelism();

/** One busy loop per core, at the same priority as the tests. */
function startLoad() {
  if (!load) return () => undefined;
  const loops = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  return () => loops.forEach((l) => l.kill('SIGKILL'));
}

function run(cmd, argv, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const loadAvg = () => os.loadavg()[0].toFixed(1);

/** Vitest's JSON report: the full names of failed tests (and files that failed to load). */
function vitestFailures(file) {
  if (!fs.existsSync(file)) return ['(vitest wrote no report)'];
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failed = [];
  for (const f of report.testResults ?? []) {
    const rel = path.relative(process.cwd(), f.name);
    const tests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failed.push(`${rel} › ${t.fullName ?? t.title}`);
    if (!tests.length && f.status === 'failed') failed.push(`${rel} › (file failed: ${String(f.message ?? '').split('\n')[0]})`);
  }
  return failed;
}

/** Playwright's JSON report: the titles of tests that did not pass. */
function playwrightFailures(file) {
  if (!fs.existsSync(file)) return ['(playwright wrote no report)'];
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failed = [];
  const walk = (s, titles) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const bad = (t.results ?? []).some((r) => r.status !== 'passed' && r.status !== 'skipped');
        if (bad) failed.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of s.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const s of report.suites ?? []) walk(s, []);
  for (const e of report.errors ?? []) failed.push(`(playwright error: ${String(e.message ?? '').split('\n')[0]})`);
  return failed;
}

const tally = new Map();
const lines = [];
const stopLoad = startLoad();
try {
  for (let i = 1; i <= runs; i++) {
    const failures = [];
    const parts = [];
    if (suite !== 'e2e') {
      const file = path.join(tmp, `vitest-${i}.json`);
      const r = await run('npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`]);
      const f = vitestFailures(file);
      if (r.code !== 0 && !f.length) f.push(`(vitest exited ${r.code})`);
      failures.push(...f);
      parts.push(`vitest ${r.seconds} s`);
    }
    if (suite !== 'unit') {
      const file = path.join(tmp, `playwright-${i}.json`);
      const r = await run('npx', ['playwright', 'test', '--reporter=json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
      const f = playwrightFailures(file);
      if (r.code !== 0 && !f.length) f.push(`(playwright exited ${r.code})`);
      failures.push(...f);
      parts.push(`playwright ${r.seconds} s`);
    }
    for (const f of failures) tally.set(f, (tally.get(f) ?? 0) + 1);
    const line = `run ${i}/${runs}: ${parts.join(', ')}, load average ${loadAvg()}, ${failures.length ? `${failures.length} failed` : 'all passed'}`;
    lines.push(line);
    console.log(line);
    for (const f of failures) console.log(`  ✗ ${f}`);
  }
} finally {
  stopLoad();
}

const summary = [
  `# Flake hunt: ${runs} run(s) of ${suite === 'all' ? 'vitest and Playwright' : suite}, ${load ? `${cores} busy loops on ${cores} cores` : 'no added load'}`,
  '',
  ...lines.map((l) => `- ${l}`),
  '',
  tally.size ? '| failed | test |\n|---|---|' : 'No test failed.',
  ...[...tally.entries()].sort((a, b) => b[1] - a[1]).map(([t, n]) => `| ${n}/${runs} | ${t.replace(/\|/g, '\\|')} |`),
].join('\n');
console.log(`\n${summary}`);
if (out) fs.writeFileSync(out, `${summary}\n`);
process.exit(tally.size ? 1 : 0);
