/**
 * The reference for the cross-process case of collab.bench.ts: one Hocuspocus 3 process
 * (@hocuspocus/server) joined to its siblings by @hocuspocus/extension-redis and persisting
 * to Postgres through @hocuspocus/extension-database (the whole state per store, its design),
 * debounced like ours (stored within 0.5 s, at most 1 s). Run as a child process; prints
 * `LISTENING <port>`.
 *
 *   DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379 npx tsx bench/lib/hocuspocus-node.ts
 *
 * Without REDIS_URL it runs alone (the connection-cost case). Started with an IPC channel, it
 * answers the message 'memory' with its memory after a collection (run it with --expose-gc).
 */
import { Database } from '@hocuspocus/extension-database';
import { Redis } from '@hocuspocus/extension-redis';
import { Server } from '@hocuspocus/server';
import pg from 'pg';

const redis = process.env.REDIS_URL ? new URL(process.env.REDIS_URL) : null;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
await pool.query('create table if not exists hocuspocus_documents (name text primary key, data bytea not null)');

const server = new Server({
  quiet: true,
  port: 0,
  address: '127.0.0.1',
  stopOnSignals: false,
  debounce: 500,
  maxDebounce: 1000,
  extensions: [
    ...(redis ? [new Redis({ host: redis.hostname, port: Number(redis.port || 6379), prefix: `hp-bench-${process.env.BENCH_RUN ?? 'run'}` })] : []),
    new Database({
      fetch: async ({ documentName }) => {
        const { rows } = await pool.query<{ data: Buffer }>('select data from hocuspocus_documents where name = $1', [documentName]);
        return rows[0] ? new Uint8Array(rows[0].data) : null;
      },
      store: async ({ documentName, state }) => {
        await pool.query(
          'insert into hocuspocus_documents (name, data) values ($1, $2) on conflict (name) do update set data = excluded.data',
          [documentName, Buffer.from(state)],
        );
      },
    }),
  ],
});
await server.listen();
process.stdout.write(`LISTENING ${server.address.port}\n`);
process.on('message', (m) => {
  if (m !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ rss, heapUsed });
});
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(0), 2_000).unref(); // its destroy() can wait on Redis locks
  void server
    .destroy()
    .then(() => pool.end())
    .finally(() => process.exit(0));
});
