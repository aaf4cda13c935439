import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory, { type Knex } from 'knex';
import ClientPgLiteModule from 'knex-pglite';
import pg from 'pg';

// knex-pglite is CommonJS: its dialect class is the default export.
const PgLiteDialect =
  (ClientPgLiteModule as unknown as { default?: typeof ClientPgLiteModule }).default ??
  ClientPgLiteModule;

/**
 * How long the first query may wait for the embedded database to start. It is WebAssembly in
 * this process, not a server across a network: a slow start (35 s seen on a loaded 2-core
 * machine) is only slow, and the pool's default 30 s create timeout failed the first query
 * ("Timeout acquiring a connection") for it.
 */
export const EMBEDDED_START_TIMEOUT_MS = 10 * 60_000;

/** knex-pglite with the start timeout (it refuses a pool option; the pool's defaults carry it). */
const ClientPgLite = class extends PgLiteDialect {
  override poolDefaults() {
    return { ...super.poolDefaults(), createTimeoutMillis: EMBEDDED_START_TIMEOUT_MS };
  }
};
const embeddedKnex = (client: typeof ClientPgLite, pglite: unknown) =>
  knexFactory({ client, dialect: 'postgres', connection: { pglite } as never, acquireConnectionTimeout: EMBEDDED_START_TIMEOUT_MS });

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

/**
 * Every connection of the app runs without Postgres's JIT compiler. Postgres compiles a
 * statement whose estimated cost passes `jit_above_cost` (100,000), and our statements are
 * short (1–100 ms) while their estimates grow with the data: a send's deliveries statement
 * carries a per-recipient count that only runs for journalists with a daily limit, yet the
 * planner prices it for every recipient and every delivery they ever had. After ~30 sends to
 * the same 1,000 journalists its estimate crossed the line and every send paid 70–150 ms to
 * compile 42 functions for a statement that ran in 50 (bench/fanout.bench.ts, session 26).
 * JIT pays off for queries of seconds; we have none on a request's path.
 */
function withoutJit(conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void): void {
  conn.query('set jit = off', (err: Error | null) => done(err, conn));
}

/** The only place a Knex instance is created. */
export function createDb(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    return knexFactory({
      client: 'pg',
      connection: opts.databaseUrl,
      pool: { min: 0, max: 10, afterCreate: withoutJit },
    });
  }
  if (opts.pglite) {
    return embeddedKnex(ClientPgLite, opts.pglite);
  }
  if (opts.dataDir === ':memory:') {
    return embeddedKnex(ClientPgLite, new PGlite(EMBEDDED_OPTIONS));
  }
  const dir = path.resolve(opts.dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  let opened: Promise<PGlite> | undefined;
  // The database is opened on the first query, once its folder is initialised (openEmbedded).
  const client = class extends ClientPgLite {
    _acquireOnlyConnection(): Promise<PGlite> {
      opened ??= openEmbedded(dir);
      return opened;
    }
  };
  return embeddedKnex(client, { waitReady: Promise.resolve() });
}

/**
 * What the embedded database holds in memory (bench/memory.bench.ts). Postgres's default
 * shared_buffers (128 MB) are zeroed at start inside PGlite's WebAssembly memory, which never
 * shrinks: 16 MB serve a single-process app's working set (the demo data is a few MB); 8 MB measured 20 MB less idle RSS than 16 MB.
 */
export const EMBEDDED_SHARED_BUFFERS = '8MB';
/**
 * The Postgres extensions the migrations create, which PGlite loads only when given them (each
 * PGlite that opens the app's data: here, and the tests' snapshots in server/src/test/).
 * pg_trgm: trigram indexes for the LIKE '%…%' searches (migration 20261204000100).
 */
export const EMBEDDED_EXTENSIONS = { pg_trgm };
const EMBEDDED_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  extensions: EMBEDDED_EXTENSIONS,
};

/**
 * Opens the embedded database in `dir`. A new folder is first initialised (initdb) by a short
 * child process: initdb grows PGlite's WebAssembly memory to ~700 MB, which a process never
 * gives back; in a child it is returned when the child exits.
 */
export async function openEmbedded(dir: string): Promise<PGlite> {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initEmbedded(dir);
  const db = new PGlite(dir, EMBEDDED_OPTIONS);
  await db.waitReady;
  return db;
}

function initEmbedded(dir: string): Promise<void> {
  const url = import.meta.resolve('@electric-sql/pglite');
  const code = `const { PGlite } = await import(${JSON.stringify(url)}); const db = new PGlite(${JSON.stringify(dir)}); await db.waitReady; await db.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (status) =>
      status === 0 ? resolve() : reject(new Error(`initialising the embedded database in ${dir} failed (exit ${status}): ${stderr.trim()}`)),
    );
  });
}

/** Round trip to the database, in milliseconds. */
export async function pingDb(db: Db): Promise<number> {
  const started = performance.now();
  await db.raw('select 1');
  return performance.now() - started;
}
