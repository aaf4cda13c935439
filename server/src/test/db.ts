import crypto from 'node:crypto';
import fs from 'node:fs';
import knexFactory from 'knex';
import { createDb, EMBEDDED_EXTENSIONS, type Db } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { SNAPSHOT_ENV, TEMPLATE_ENV } from './template-db';

export interface TestDb {
  db: Db;
  /** The URL of the fresh database (Postgres mode), or undefined (embedded, in memory). */
  databaseUrl: string | undefined;
  destroy(): Promise<void>;
}

/**
 * A fresh database for one test file: a new database on the Postgres at DATABASE_URL
 * (dropped afterwards), or an in-memory PGlite when it is unset. Migrated, it is a copy of
 * the template the run's global setup made (server/src/test/global-setup.ts); outside vitest
 * (benchmarks) it runs the migrations itself.
 */
export async function createTestDb(opts: { migrate?: boolean } = {}): Promise<TestDb> {
  const baseUrl = process.env.DATABASE_URL;
  const migrate = opts.migrate !== false;
  if (!baseUrl) {
    const snapshot = migrate ? process.env[SNAPSHOT_ENV] : undefined;
    if (snapshot) {
      const { PGlite } = await import('@electric-sql/pglite');
      const pglite = new PGlite({ loadDataDir: new Blob([fs.readFileSync(snapshot)]), extensions: EMBEDDED_EXTENSIONS });
      const db = createDb({ databaseUrl: undefined, dataDir: ':memory:', pglite });
      return { db, databaseUrl: undefined, destroy: () => db.destroy() };
    }
    const db = createDb({ databaseUrl: undefined, dataDir: ':memory:' });
    if (migrate) await migrateLatest(db);
    return { db, databaseUrl: undefined, destroy: () => db.destroy() };
  }
  const name = `deltio_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  const template = migrate ? process.env[TEMPLATE_ENV] : undefined;
  await admin.raw(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), dataDir: ':memory:' });
  if (migrate && !template) await migrateLatest(db);
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
