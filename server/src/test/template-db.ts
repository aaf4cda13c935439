import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { createDb, EMBEDDED_EXTENSIONS } from '../db/knex';
import { migrateLatest } from '../db/migrate';

/**
 * A migrated database made once and copied for every test file, so no test file runs the
 * migrations itself: on Postgres a template database (`CREATE DATABASE … TEMPLATE`), in the
 * embedded mode a PGlite data-directory snapshot in the temporary folder. Both are named after
 * a hash of the migrations, so a run reuses the one an earlier run made until a migration changes.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Environment variables the global setup hands to the test workers. */
export const TEMPLATE_ENV = 'DELTIO_TEST_DB_TEMPLATE';
export const SNAPSHOT_ENV = 'DELTIO_TEST_PGLITE_SNAPSHOT';

/** Any constant: serialises template builds of concurrent runs on one Postgres. */
const TEMPLATE_LOCK_KEY = 72_611_290_001;

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => /\.(ts|js|mjs|sql)$/.test(f) && !/\.test\.ts$/.test(f))
    .sort();
}

/** A hash of everything that decides the migrated schema. */
export function migrationsHash(): string {
  const h = crypto.createHash('sha256');
  for (const f of [...listFiles(path.join(ROOT, 'migrations')), path.join(ROOT, 'server/src/db/migrate.ts')]) {
    h.update(path.relative(ROOT, f));
    h.update(fs.readFileSync(f));
  }
  return h.digest('hex').slice(0, 12);
}

function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The name of a migrated template database on the Postgres at `baseUrl`, built when missing.
 * It is built under a temporary name and renamed when complete, so a crash never leaves a
 * half-migrated template. Templates of other migration hashes are kept (a
 * concurrent run of another checkout may be using one).
 */
export async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const name = `deltio_tpl_${migrationsHash()}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 1, max: 1 } });
  try {
    await admin.raw('select pg_advisory_lock(?::bigint)', [TEMPLATE_LOCK_KEY]);
    const exists = await admin('pg_database').where({ datname: name }).first<{ datname: string } | undefined>('datname');
    if (!exists) {
      const building = `deltio_tplbuild_${crypto.randomBytes(4).toString('hex')}`;
      await admin.raw(`create database ${building}`);
      const db = createDb({ databaseUrl: withDatabase(baseUrl, building), dataDir: ':memory:' });
      try {
        await migrateLatest(db);
      } finally {
        await db.destroy();
      }
      await admin.raw(`alter database ${building} rename to ${name}`);
      await admin.raw(`alter database ${name} with is_template true allow_connections false`);
    }
    // A template build that crashed half way (nobody builds while this run holds the lock).
    const leftovers = await admin('pg_database').select('datname').where('datname', 'like', 'deltio\\_tplbuild\\_%');
    for (const { datname } of leftovers as { datname: string }[]) await admin.raw(`drop database if exists ${datname} with (force)`);
    return name;
  } finally {
    await admin.raw('select pg_advisory_unlock(?::bigint)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.destroy();
  }
}

/** The path of a gzipped PGlite data directory with every migration applied, built when missing. */
export async function ensurePgliteSnapshot(): Promise<string> {
  const file = path.join(os.tmpdir(), `deltio-test-pglite-${migrationsHash()}.tar.gz`);
  if (fs.existsSync(file)) return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite({ extensions: EMBEDDED_EXTENSIONS });
  const db = createDb({ databaseUrl: undefined, dataDir: ':memory:', pglite });
  await migrateLatest(db);
  const dump = await pglite.dumpDataDir('gzip');
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  await db.destroy();
  return file;
}
