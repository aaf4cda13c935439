import type { Probe } from '../health/readiness';
import type { RedisLink } from './link';

/**
 * The `redis` readiness probe: degraded (`redis_unreachable`, the process still serves: live
 * events stay in it, documents are stored and reconciled on Redis's return) while any
 * connection is down, ok otherwise.
 */
export function redisProbe(links: RedisLink[]): Probe {
  return () => {
    const since = links.map((l) => l.downSince()).filter((s): s is number => s !== null);
    if (!since.length) return { state: 'ok' };
    return { state: 'degraded', reason: 'redis_unreachable', downForMs: Date.now() - Math.min(...since) };
  };
}
