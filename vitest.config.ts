import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Test files run in parallel, each on its own copy of one migrated database (globalSetup).
// One worker per core plus one: a file spends much of its time waiting on Postgres or a socket.
const workers = Number(process.env.VITEST_WORKERS) || os.availableParallelism() + 1;

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@client': fileURLToPath(new URL('./client/src', import.meta.url)),
    },
  },
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'migrations/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: workers,
    pool: 'forks',
  },
});
