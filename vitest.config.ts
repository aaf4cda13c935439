import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Test files run in parallel, each on its own copy of one migrated database (globalSetup).
// One worker per core plus one: a file spends much of its time waiting on Postgres or a socket.
const workers = Number(process.env.VITEST_WORKERS) || os.availableParallelism() + 1;

const include = ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'migrations/**/*.test.ts', 'scripts/**/*.test.ts'];
/** Files that replace a module (vi.mock): each gets a fresh module graph. */
const mocking = ['server/src/collab/collab-guard.test.ts', 'client/src/features/cookies/consent-store.test.ts', 'client/src/realtime/live-queries.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@client': fileURLToPath(new URL('./client/src', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    globalSetup: ['server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: workers,
    pool: 'forks',
    projects: [
      // A worker keeps the modules it imported for its next file: importing the server's module
      // graph in every file was two thirds of the run (68 of 93 s on a quiet machine). Every
      // file builds its own app, database and clock, so nothing of one file's state is another's.
      { extends: true, test: { name: 'shared-modules', include, exclude: mocking, isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
    ],
  },
});
