/**
 * One real server process for the cluster tests (cluster.test.ts, e2e): configured by the
 * environment like main.ts, without migrations or seed (the test prepared the database).
 * Prints `LISTENING <port>` once it accepts connections. Started with an IPC channel (the
 * connection-cost bench), it answers the message 'memory' with its memory after a collection
 * (run it with --expose-gc).
 */
import { loadConfig } from '../config';
import { createDb } from '../db/knex';
import { createLogger } from '../logger';
import { startServer } from '../server';

const config = loadConfig(process.env);
const db = createDb(config);
const server = await startServer({ config, db, logger: createLogger(config) }, { serveClient: process.env.SERVE_CLIENT === 'true' });
process.stdout.write(`LISTENING ${server.port}\n`);
process.on('message', (m) => {
  if (m !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});
process.on('SIGTERM', () => {
  void server
    .close()
    .then(() => db.destroy())
    .finally(() => process.exit(0));
});
