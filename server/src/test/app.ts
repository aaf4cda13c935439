import { loadConfig, type Config } from '../config';
import { createLogger } from '../logger';
import { seed } from '../db/seed/index';
import type { MailTransport } from '../mail/transport';
import { startServer, type RunningServer, type ServerDeps } from '../server';
import { createTestDb, type TestDb } from './db';

export interface TestServer extends RunningServer {
  config: Config;
  testDb: TestDb;
  stop(): Promise<void>;
}

/** Boots the real server on a random port against a fresh database. */
/** The configuration of a test or benchmark server on a random port against `testDb`. */
export function testConfig(testDb: Pick<TestDb, 'databaseUrl'>, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // Test files sign up many accounts from 127.0.0.1; the limit tests set RATE_LIMIT_SCALE=1.
    RATE_LIMIT_SCALE: '50',
    // Test files mail hundreds of recipients at one domain; the throttle tests set their own rates.
    MAIL_DEFAULT_DOMAIN_RATE: '100000',
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : { DATA_DIR: ':memory:' }),
    ...env,
  });
}

export async function startTestServer(
  env: Record<string, string> = {},
  opts: {
    seedDemo?: boolean;
    serveClient?: boolean;
    mailTransport?: MailTransport;
    storage?: ServerDeps['storage'];
    /** A second process on another server's database (seeded already; left to its owner on stop). */
    sharedDb?: TestDb;
  } & Pick<ServerDeps, 'cpuPool' | 'eventLoop' | 'clock' | 'dns' | 'fetch'> = {},
): Promise<TestServer> {
  const testDb = opts.sharedDb ?? (await createTestDb());
  const config = testConfig(testDb, env);
  if (!opts.sharedDb) await seed(testDb.db, { demo: opts.seedDemo ?? false, hashCost: 'test' });
  const logger = createLogger(config);
  const server = await startServer(
    { config, db: testDb.db, logger, mailTransport: opts.mailTransport, storage: opts.storage, cpuPool: opts.cpuPool, eventLoop: opts.eventLoop, clock: opts.clock, dns: opts.dns, fetch: opts.fetch },
    { serveClient: opts.serveClient ?? false },
  );
  return {
    ...server,
    config,
    testDb,
    stop: async () => {
      await server.close();
      if (!opts.sharedDb) await testDb.destroy();
    },
  };
}
