import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDb } from './knex';

/**
 * The embedded database is a WebAssembly Postgres in this process: on a loaded machine it took
 * 35 s to start, and the pool's 30 s create timeout then failed the first query ("Timeout
 * acquiring a connection") although nothing was wrong but the wait.
 */
describe('embedded database start', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a slow start instead of failing the first query after 30 s', async () => {
    let ready!: () => void;
    const slowStart = new Promise<void>((resolve) => {
      ready = resolve;
    });
    // An embedded database that reports its start only when the test says so.
    const slow = {
      waitReady: slowStart,
      query: (sql: string) =>
        Promise.resolve(sql.startsWith('select version') ? { rows: [{ version: 'PostgreSQL 17.5' }] } : { rows: [{ n: 1 }], fields: [] }),
      close: () => Promise.resolve(),
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const db = createDb({ databaseUrl: undefined, dataDir: ':memory:', pglite: slow });
    try {
      const answer = db.raw<{ rows: { n: number }[] }>('select 1 as n').then(
        (r) => r.rows[0]!.n,
        (err: Error) => err.message,
      );
      await vi.advanceTimersByTimeAsync(90_000);
      ready();
      vi.useRealTimers();
      expect(await answer).toBe(1);
    } finally {
      vi.useRealTimers();
      await db.destroy();
    }
  });
});
