import type { Knex } from 'knex';
import { demoSeeded, hashDemoPassword, seedDemo } from './demo';
import { seedPlans } from './plans';
import type { HashCost } from '../../modules/auth/password-hash';
import { seedPlatformSettings, seedStatusPage } from './status';

/** Any constant: serializes concurrent seed runs (several nodes starting at once). */
const SEED_LOCK_KEY = 72_611_220_001;

export interface SeedOptions {
  /** Also insert the Greek demo data set (once, keyed on client@example.com). */
  demo: boolean;
  /** The demo accounts' password hash cost ('test' in test processes). */
  hashCost?: HashCost;
}

/**
 * Idempotent seed, safe at every start: inserts only what is missing and never
 * overwrites existing rows (an edited plan or setting stays as it is).
 */
export async function seed(db: Knex, opts: SeedOptions): Promise<void> {
  // Hash outside the transaction: argon2 is slow, and PGlite has a single connection.
  const passwordHash = opts.demo && !(await demoSeeded(db)) ? await hashDemoPassword(opts.hashCost) : null;
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?::bigint)', [SEED_LOCK_KEY]);
    await seedPlans(trx);
    await seedStatusPage(trx);
    await seedPlatformSettings(trx);
    if (passwordHash && !(await demoSeeded(trx))) await seedDemo(trx, passwordHash);
  });
}

export { DEMO_EMAILS, DEMO_PASSWORD } from './demo-data';
