import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Logger } from '../logger';
import type { Io } from './index';

/**
 * With REDIS_URL, several server processes behind one address act as one: a broadcast,
 * a room join or a disconnect made in any process reaches the sockets of all of them
 * (a release sent through one process pushes to journalists connected to another).
 */
export async function useRedisAdapter(io: Io, url: string, logger: Logger): Promise<() => Promise<void>> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const c of [pub, sub]) c.on('error', (err: unknown) => logger.warn({ err }, 'realtime: redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  logger.info('realtime: Socket.IO joined to other processes through Redis');
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}
