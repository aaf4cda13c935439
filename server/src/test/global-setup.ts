import { ensurePgliteSnapshot, ensurePostgresTemplate, SNAPSHOT_ENV, TEMPLATE_ENV } from './template-db';
import { redisTestsSkippedReason } from './redis-server';

/**
 * Runs once per `vitest run`, before any worker starts: makes the migrated database every test
 * file copies (the workers read its name from the environment), and says loudly at the end
 * when the Redis tests could not run here.
 */
export default async function setup(): Promise<() => void> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) process.env[TEMPLATE_ENV] = await ensurePostgresTemplate(baseUrl);
  else process.env[SNAPSHOT_ENV] = await ensurePgliteSnapshot();
  // A run of named files says it only when one of them is a Redis test.
  const named = process.argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'run');
  const runsRedisTests = named.length === 0 || named.some((a) => /cluster|redis/.test(a));
  return () => {
    const skipped = runsRedisTests ? redisTestsSkippedReason() : undefined;
    // Each vitest project runs this setup (vitest.config.ts has two): one banner per run.
    const shown = globalThis as { deltioSkipBannerShown?: boolean };
    if (skipped && !shown.deltioSkipBannerShown) {
      shown.deltioSkipBannerShown = true;
      const line = '!'.repeat(78);
      console.warn(`\n${line}\n!! SKIPPED: the Redis and two-process tests did not run: ${skipped}\n${line}\n`);
    }
  };
}
