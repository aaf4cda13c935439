import fs from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

// One random port per run; workers inherit it through the environment.
// Below the ephemeral range (32768+), where an outgoing connection could hold the port.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 12000));
process.env.SUPERADMIN_LOGIN_PATH ??= '/sa-console-login';
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The browsers: Chromium's headless shell (Debian's chromium-headless-shell, what Playwright
 * itself runs for headless tests: the same Blink and V8 without the desktop browser's
 * processes, about half the CPU per page on a 2-core machine), and the full Chromium
 * (CHROMIUM_PATH) for the specs that need what only it has. Without the shell, every spec
 * runs in the full Chromium.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const SHELL = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;

/** Specs that need the full Chromium: the push service worker's subscription and notifications (the shell has neither). */
const FULL_BROWSER = '**/push.spec.ts';

/**
 * The longest specs (several browsers, the live editor, many tests), started first: a worker
 * takes the next spec file in the order of the projects and, within a project, of the file
 * names, so a long spec taken last kept one worker busy while the other had nothing left
 * (measured per file with `--reporter=json`, bench/README.md "CI").
 */
const LONG = [
  '**/editor.spec.ts',
  '**/organisations.spec.ts',
  '**/newsroom-embargo.spec.ts',
  '**/public-site.spec.ts',
  '**/small-gaps.spec.ts',
  '**/reports.spec.ts',
  '**/accounts.spec.ts',
  '**/first-paint.spec.ts',
  '**/distribution.spec.ts',
  '**/auth.spec.ts',
  '**/client-workspace.spec.ts',
];

const browserUse = (executablePath: string) => ({
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: CHROMIUM_ARGS },
});

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One worker per core: each drives a Chromium against the one shared server (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || os.availableParallelism(),
  retries: 0,
  // A hang guard, not a speed check: live windows are asserted per step (LIVE_MS). Under CI
  // load on two cores a single-browser test takes up to about 25 s (a third of this); tests
  // with several browsers or the live editor are marked test.slow() (3×): one such test, not
  // marked, took 38–48 s and then 61 s.
  timeout: 90_000,
  // Screens load as route chunks: a first visit to a chart or editor route parses
  // 400+ KB of JavaScript, which takes seconds on this 2-core machine under two workers.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'el-GR',
    timezoneId: 'Europe/Athens',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Projects are queued in this order: the full browser's spec first (its own worker process and
  // browser), then the long specs, then the rest, so the last files to start are short ones.
  projects: [
    {
      name: 'chromium-full',
      testMatch: FULL_BROWSER,
      use: browserUse(CHROMIUM),
    },
    {
      name: 'chromium-long',
      testMatch: LONG,
      use: browserUse(SHELL),
    },
    {
      name: 'chromium',
      testIgnore: [FULL_BROWSER, ...LONG],
      use: browserUse(SHELL),
    },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx e2e/serve.ts',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 8_000 },
  },
});
