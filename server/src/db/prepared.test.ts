import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knex from 'knex';
import type { Db } from './knex';
import { preparedRaw, statementName } from './prepared';
import { createTestDb, type TestDb } from '../test/db';

let testDb: TestDb;
/** One connection, so a statement prepared by one call is the one the next call finds. */
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb({ migrate: false });
  db = testDb.databaseUrl ? knex({ client: 'pg', connection: testDb.databaseUrl, pool: { min: 1, max: 1 } }) : testDb.db;
});
afterAll(async () => {
  if (db !== testDb.db) await db.destroy();
  await testDb.destroy();
});

type Rows<T> = { rows: T[] };

describe('prepared hot statements (db/prepared.ts)', () => {
  it('a text has one name, two texts two names', () => {
    expect(statementName('select $1::int')).toBe(statementName('select $1::int'));
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::bigint'));
  });

  it('runs with its bindings; on Postgres it is prepared once per connection and then reused', async () => {
    const sql = 'select ?::int + 1 as n';
    expect((await preparedRaw<Rows<{ n: number }>>(db, sql, [1])).rows).toEqual([{ n: 2 }]);
    expect((await preparedRaw<Rows<{ n: number }>>(db, sql, [41])).rows).toEqual([{ n: 42 }]);
    if (!testDb.databaseUrl) return; // the embedded database ignores the name
    const prepared = (await db.raw('select name, statement from pg_prepared_statements')) as Rows<{ name: string; statement: string }>;
    expect(prepared.rows).toEqual([{ name: statementName('select $1::int + 1 as n'), statement: 'select $1::int + 1 as n' }]);
  });

  it("survives another process's migration changing what a prepared statement returns", async () => {
    await db.raw('create table prepared_probe (a int)');
    await db.raw('insert into prepared_probe values (1)');
    const read = () => preparedRaw<Rows<Record<string, number | null>>>(db, 'select * from prepared_probe where a = ?', [1]);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await db.raw('alter table prepared_probe add column b int');
    expect((await read()).rows).toEqual([{ a: 1, b: null }]);
    expect((await read()).rows).toEqual([{ a: 1, b: null }]);
    // In a transaction the refusal aborts it, so it is not retried there: it is thrown.
    await db.raw('alter table prepared_probe add column c int');
    const inTransaction = db.transaction((trx) => preparedRaw(trx, 'select * from prepared_probe where a = ?', [1]));
    if (testDb.databaseUrl) await expect(inTransaction).rejects.toThrow(/cached plan/);
    else await expect(inTransaction).resolves.toMatchObject({ rows: [{ a: 1, b: null, c: null }] });
    expect((await read()).rows).toEqual([{ a: 1, b: null, c: null }]);
  });
});
