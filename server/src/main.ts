import { ConfigError, loadConfig, type Config } from './config';
import { startBanner } from './dev-panel';
import { createLogger } from './logger';
import { installProcessHandlers } from './process-handlers';

const SHUTDOWN_DEADLINE_MS = 5_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The rest is loaded once the configuration is valid: a wrong variable is reported at once.
  const [{ createDb, dbMode }, { prepareNewEmbedded }, { migrateLatest }, { seed }, { hashCostFor }, { ensureFirstSuperadmin }, { startServer }] = await Promise.all([
    import('./db/knex'),
    import('./db/first-start'),
    import('./db/migrate'),
    import('./db/seed/index'),
    import('./modules/auth/password-hash'),
    import('./modules/auth/superadmin'),
    import('./server'),
  ]);
  const logger = createLogger(config);
  installProcessHandlers(logger);
  const mode = dbMode(config);
  logger.info({ mode, dataDir: mode === 'embedded' ? config.dataDir : undefined }, 'database');
  // A new embedded folder is initialised, migrated and seeded by a child process (its memory goes with it).
  if (await prepareNewEmbedded(config)) logger.info('embedded database initialised, migrated and seeded');
  const db = createDb(config);

  const applied = await migrateLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  await seed(db, { demo: config.seedDemo, hashCost: hashCostFor(config) });
  if (await ensureFirstSuperadmin(db, config.firstSuperadmin)) {
    logger.info({ email: config.firstSuperadmin?.email }, 'first superadmin created from SUPERADMIN_EMAIL');
  }

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ config, db, logger });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      console.error(
        code === 'EADDRINUSE'
          ? `PORT ${config.port} is already in use on ${config.host}: stop the process that holds it, or set PORT to a free port.`
          : `PORT ${config.port} cannot be opened on ${config.host} (permission denied): set PORT to a port above 1023.`,
      );
      await db.destroy().catch(() => undefined);
      process.exit(1);
    }
    throw err;
  }
  logger.info(`Deltio listening on http://localhost:${server.port}`);
  const banner = startBanner(config, server.port);
  if (banner) console.log(banner);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    server
      .close()
      // Work that shutdown released (a job still running) may hold a connection: its
      // transaction is rolled back when the process ends, and the job runs again elsewhere.
      .then(() => Promise.race([db.destroy(), new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref())]))
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Fatal error during start:', err);
  process.exit(1);
});
