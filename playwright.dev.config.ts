import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The live-editing e2e against a development build (NODE_ENV=development, CLIENT_DEV=true:
 * Vite middleware and React's development mode, StrictMode double effects included), so
 * development behaves like production. Run by `npm run test:e2e` after the main suite:
 *
 *   npx playwright test -c playwright.dev.config.ts
 */
// The specs read it too (e2e/editor.spec.ts: a longer wait for the editor to open).
process.env.E2E_CLIENT_DEV = 'true';

export default defineConfig({
  ...base,
  testMatch: ['**/editor.spec.ts', '**/suggestions.spec.ts', '**/comments.spec.ts', '**/delivery-live.spec.ts', '**/push.spec.ts'],
  // Co-editing, suggesting and commenting: the editor's live plugins under StrictMode's double effects;
  // a bounce arriving live in the delivery table; and the push service worker, served from the site's root by Vite too.
  grep: /two co-editors|reviewer’s suggestions|a comment with a mention|a bounce reported by the provider|the service worker shows the pushed release/,
  // Vite transforms the editor's modules on their first request: a cold first page takes
  // tens of seconds on a busy 2-core machine (the live windows stay asserted at 1–2 s).
  timeout: 300_000,
  // Every page load requests the unbundled modules again (a reload too): under CI load a reload of
  // the editor outlasted the main suite's 10 s. Load waits get the first open's 30 s
  // (EDITOR_OPEN_MS); live changes keep their own LIVE_MS bound, given per assertion.
  expect: { ...base.expect, timeout: 30_000 },
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!),
    env: { E2E_CLIENT_DEV: 'true' },
  },
});
