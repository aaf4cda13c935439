import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLiteModule from 'knex-pglite';
import pg from 'pg';

// knex-pglite is CommonJS: its dialect class is the default export.
const ClientPgLite =
  (ClientPgLiteModule as unknown as { default?: typeof ClientPgLiteModule }).default ??
  ClientPgLiteModule;

// bigint (count(*), sum) and numeric as JS numbers in both modes; PGlite already does this.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type Db = Knex;
export type DbMode = 'postgres' | 'embedded';

export interface DbOptions {
  databaseUrl: string | undefined;
  /** Folder for the embedded database; ':memory:' for an in-memory one. */
  dataDir: string;
  /** An embedded database already opened (tests start from a migrated snapshot). */
  pglite?: unknown;
}

export function dbMode(opts: DbOptions): DbMode {
  return opts.databaseUrl ? 'postgres' : 'embedded';
}

/** The only place a Knex instance is created. */
export function createDb(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: opts.databaseUrl,
      pool: { min: 0, max: 10 },
    });
  }
  if (opts.pglite) {
    return knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: { pglite: opts.pglite } as never });
  }
  if (opts.dataDir === ':memory:') {
    return knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: {} });
  }
  const dir = path.resolve(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  return knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: { filename: dir } });
}

/** Round trip to the database, in milliseconds. */
export async function pingDb(db: Db): Promise<number> {
  const started = performance.now();
  await db.raw('select 1');
  return performance.now() - started;
}
