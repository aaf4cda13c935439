import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './knex';
import { createTestDb, type TestDb } from '../test/db';

let testDb: TestDb;
let db: Db | undefined;
beforeAll(async () => {
  testDb = await createTestDb({ migrate: false });
  if (testDb.databaseUrl) db = createDb({ databaseUrl: testDb.databaseUrl, dataDir: ':memory:' });
});
afterAll(async () => {
  await db?.destroy();
  await testDb.destroy();
});

// The embedded database (PGlite) is built without JIT: nothing to switch off there.
describe.skipIf(!process.env.DATABASE_URL)("the app's Postgres connections", () => {
  it('run without the JIT compiler, however expensive a statement is estimated to be', async () => {
    const app = db!;
    // Every connection of the pool, not only the first.
    const settings = await Promise.all(
      Array.from({ length: 3 }, () => app.transaction(async (trx) => ((await trx.raw('show jit')) as { rows: { jit: string }[] }).rows[0]!.jit)),
    );
    expect(settings).toEqual(['off', 'off', 'off']);
    // A statement priced far above jit_above_cost (planned, not run) is planned without JIT.
    const plan = (await app.raw(
      'explain (format json) select count(*) from generate_series(1, 1000000) a cross join generate_series(1, 1000) b where a.a + b.b > 0',
    )) as { rows: { 'QUERY PLAN': [{ Plan: { 'Total Cost': number }; JIT?: unknown }] }[] };
    const [{ Plan, JIT }] = plan.rows[0]!['QUERY PLAN'];
    expect(Plan['Total Cost']).toBeGreaterThan(100_000);
    expect(JIT).toBeUndefined();
  });
});
