import type { Logger } from '../logger';
import { connectRedisLink, type RedisClient, type RedisLink, type RedisLinkOptions } from '../redis/link';
import type { Io } from './index';

/**
 * A client as the Socket.IO adapter sees it: the promises of the named methods never reject
 * (the adapter does not catch them: while Redis is away a broadcast would end the process).
 * A failure is reported to the link (logged once per outage). Publishes are not even tried
 * while the link is down (they would wait, unanswered, for the socket to die); the adapter
 * delivers to this process's sockets all the same.
 */
export function guardedClient(client: RedisClient, link: RedisLink, methods: readonly string[], opts: { onlyWhileUp?: boolean } = {}): RedisClient {
  const wrapped = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
  for (const name of methods) {
    const method = Reflect.get(client, name, client) as (...args: unknown[]) => Promise<unknown>;
    wrapped.set(name, (...args: unknown[]) => {
      if (opts.onlyWhileUp && !link.up()) return Promise.resolve(0);
      return method.apply(client, args).catch((err: unknown) => {
        link.failed(err, `socket.io ${name}`);
        return 0;
      });
    });
  }
  return new Proxy(client, {
    get(target, prop) {
      const own = wrapped.get(prop);
      if (own) return own;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * With REDIS_URL, several server processes behind one address act as one: a broadcast,
 * a room join or a disconnect made in any process reaches the sockets of all of them
 * (a release sent through one process pushes to journalists connected to another).
 * While Redis is away each process keeps serving its own sockets; node-redis renews the
 * adapter's subscriptions when it is back.
 */
export async function useRedisAdapter(io: Io, url: string, logger: Logger, opts: Omit<RedisLinkOptions, 'name'> = {}): Promise<RedisLink> {
  // Loaded only with REDIS_URL (as the client itself, redis/link.ts).
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const link = await connectRedisLink(url, logger, { ...opts, name: 'realtime' });
  const pub = guardedClient(link.pub, link, ['publish', 'PUBLISH'], { onlyWhileUp: true });
  const sub = guardedClient(link.sub, link, ['subscribe', 'SUBSCRIBE', 'pSubscribe', 'PSUBSCRIBE', 'unsubscribe', 'UNSUBSCRIBE', 'pUnsubscribe', 'PUNSUBSCRIBE']);
  io.adapter(createAdapter(pub, sub));
  logger.info('realtime: Socket.IO joined to other processes through Redis');
  return link;
}
