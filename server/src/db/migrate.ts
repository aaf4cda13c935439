import type { Knex } from 'knex';
import { migrations } from '../../../migrations/index';
import type { Db } from './knex';

/** Static migration source: works the same under tsx, vitest and a bundled build. */
const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: () => Promise.resolve(Object.keys(migrations).sort()),
  getMigrationName: (name) => name,
  getMigration: (name) => {
    const m = migrations[name];
    if (!m) throw new Error(`Unknown migration ${name}`);
    return Promise.resolve(m);
  },
};

const config: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/** Applies every pending migration; a no-op when the schema is current. */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(config)) as [number, string[]];
  return applied;
}

/**
 * Applies the pending migrations up to and including `name` (tests build a database as an
 * older version of the code had it, then run the later migrations on its data).
 */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`Unknown migration ${name}`);
  const upTo: Knex.MigrationSource<string> = {
    ...migrationSource,
    getMigrations: () => Promise.resolve(Object.keys(migrations).sort().filter((m) => m <= name)),
  };
  const [, applied] = (await db.migrate.latest({ ...config, migrationSource: upTo })) as [number, string[]];
  return applied;
}

/** Rolls back every migration (used by tests and `npm run migrate -- down`). */
export async function migrateDownAll(db: Db): Promise<void> {
  await db.migrate.rollback(config, true);
}

/** True when every known migration has been applied. */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const [, pending] = (await db.migrate.list(config)) as [unknown[], unknown[]];
  return pending.length === 0;
}

export function migrationNames(): string[] {
  return Object.keys(migrations).sort();
}
