import { loadConfig } from '../config';
import { hashCostFor } from '../modules/auth/password-hash';
import { createDb } from './knex';
import { migrateDownAll, migrateLatest } from './migrate';
import { seed } from './seed/index';

/** `npm run migrate` applies pending migrations and seeds; `-- down` rolls all back. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config);
  try {
    if (process.argv.includes('down')) {
      await migrateDownAll(db);
      console.log('Rolled back every migration.');
    } else {
      const applied = await migrateLatest(db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Schema is up to date.');
      await seed(db, { demo: config.seedDemo, hashCost: hashCostFor(config) });
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
