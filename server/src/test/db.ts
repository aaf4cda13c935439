import crypto from 'node:crypto';
import knexFactory from 'knex';
import { createDb, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrate';

export interface TestDb {
  db: Db;
  /** The URL of the fresh database (Postgres mode), or undefined (embedded, in memory). */
  databaseUrl: string | undefined;
  destroy(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new database on the Postgres at
 * DATABASE_URL (dropped afterwards), or an in-memory PGlite when it is unset.
 */
export async function createTestDb(opts: { migrate?: boolean } = {}): Promise<TestDb> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const db = createDb({ databaseUrl: undefined, dataDir: ':memory:' });
    if (opts.migrate !== false) await migrateLatest(db);
    return { db, databaseUrl: undefined, destroy: () => db.destroy() };
  }
  const name = `deltio_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), dataDir: ':memory:' });
  if (opts.migrate !== false) await migrateLatest(db);
  return {
    db,
    databaseUrl: url.toString(),
    destroy: async () => {
      await db.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}
