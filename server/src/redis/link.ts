import type { createClient } from 'redis';
import type { Logger } from '../logger';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisLinkOptions {
  /** Names the link in the log (`realtime`, `collab`). */
  name: string;
  /**
   * How long a command may wait to be written (node-redis' default is 5 s), and how long the
   * heartbeat may go unanswered before Redis counts as away.
   */
  commandTimeoutMs?: number;
  /** How often the publishing connection is pinged (an unanswering Redis keeps its sockets open). */
  heartbeatMs?: number;
}

/**
 * A publishing and a subscribing connection to Redis, handled as a dependency that can go
 * away: neither connection ever ends the process (an error listener on each, reconnection
 * with a capped back-off, no offline queue on the publishing side, and callers publish only
 * while the link is up, so nothing piles up while Redis is away). The link is down while either connection is, or while the last command or
 * heartbeat went unanswered; it is logged once when it goes down and once when it comes back,
 * and `onRestored` handlers run when it is back (both connected, subscriptions renewed, a
 * ping answered): whatever was published meanwhile may be lost, so they reconcile.
 */
export interface RedisLink {
  readonly pub: RedisClient;
  readonly sub: RedisClient;
  up(): boolean;
  /** Since when the link is down (ms since the epoch), or null. */
  downSince(): number | null;
  /** A command failed (a publish, a request): counted, logged once per outage, the link checked. */
  failed(err: unknown, what: string): void;
  /**
   * Runs a command that needs Redis: refused at once (RedisUnavailable) while the link is
   * down; failed after the command timeout when Redis does not answer (a command already
   * written to a Redis that stopped answering would otherwise wait until its socket dies);
   * a failure is reported to the link.
   */
  command<T>(what: string, run: () => Promise<T>): Promise<T>;
  onRestored(handler: () => void): void;
  close(): Promise<void>;
}

/** Redis is away: the command was not sent. */
export class RedisUnavailable extends Error {
  constructor() {
    super('redis unavailable');
    this.name = 'RedisUnavailable';
  }
}

/** Exponential back-off capped at 2 s, with jitter: every lost connection is retried, forever. */
export function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** Math.min(retries, 10), 2_000) + Math.floor(Math.random() * 100);
}

export async function connectRedisLink(url: string, logger: Logger, opts: RedisLinkOptions): Promise<RedisLink> {
  // Loaded here, not at start: a process without REDIS_URL never loads the client (~20 MB).
  const { createClient } = await import('redis');
  const timeout = opts.commandTimeoutMs ?? 5_000;
  const heartbeatMs = opts.heartbeatMs ?? Math.min(1_000, timeout);
  const log = logger.child({ redis: opts.name });
  const pub: RedisClient = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout },
    socket: { reconnectStrategy: reconnectDelay, connectTimeout: Math.max(timeout, 1_000) },
  });
  // Subscriptions asked for while Redis is away wait for it (they are few: one per document opened).
  const sub: RedisClient = pub.duplicate({ disableOfflineQueue: false });

  let unanswered = false;
  let wasUp = false;
  let since: number | null = null;
  let failures = 0;
  let closed = false;
  const restored: (() => void)[] = [];
  const up = () => pub.isReady && sub.isReady && !unanswered;

  const check = () => {
    if (closed) return;
    const now = up();
    if (wasUp && !now) {
      since = Date.now();
      log.warn('redis unreachable: live events stay in this process until it is back');
    } else if (!wasUp && now && since !== null) {
      log.info({ downMs: Date.now() - since, failedCommands: failures }, 'redis back: reconciling with the other processes');
      since = null;
      failures = 0;
      for (const h of restored) {
        try {
          h();
        } catch (err) {
          log.error({ err }, 'redis: a restore handler failed');
        }
      }
    }
    wasUp = now;
  };

  for (const [role, c] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    c.on('error', (err: unknown) => {
      // Once per outage at warn (the reconnect attempts repeat it every ~2 s).
      if (wasUp || since === null) log.warn({ err, connection: role }, 'redis connection error');
      else log.debug({ err, connection: role }, 'redis connection error');
      check();
    });
    c.on('end', check);
    c.on('reconnecting', check);
    c.on('ready', check);
  }

  const failed = (err: unknown, what: string) => {
    failures += 1;
    if (!unanswered && pub.isReady) unanswered = true;
    if (wasUp) log.warn({ err, what }, 'redis command failed');
    check();
  };

  // node-redis times out only commands still waiting to be written: one written to a Redis
  // that stopped answering (its socket still open) waits until the socket dies. The heartbeat
  // has its own deadline; the link counts as down until that ping (or a later one) is answered.
  let pinging = false;
  const heartbeat = setInterval(() => {
    if (pinging || closed || !pub.isReady) return;
    pinging = true;
    const late = setTimeout(() => failed(new Error(`no answer to PING within ${timeout} ms`), 'heartbeat'), timeout);
    pub
      .ping()
      .then(() => {
        unanswered = false;
        check();
      })
      .catch((err: unknown) => failed(err, 'heartbeat'))
      .finally(() => {
        clearTimeout(late);
        pinging = false;
      });
  }, heartbeatMs);
  heartbeat.unref();

  await Promise.all([pub.connect(), sub.connect()]);
  wasUp = up();

  const shut = async (c: RedisClient) => {
    if (!c.isOpen) return;
    if (!c.isReady) return c.destroy();
    const t = setTimeout(() => c.destroy(), timeout);
    await c.close().catch(() => c.destroy());
    clearTimeout(t);
  };

  const command = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    if (!up()) throw new RedisUnavailable();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from redis within ${timeout} ms`)), timeout);
    });
    const running = run();
    running.catch(() => undefined); // settled later (or never) when the deadline wins
    try {
      return await Promise.race([running, deadline]);
    } catch (err) {
      failed(err, what);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    pub,
    sub,
    up,
    command,
    downSince: () => (up() ? null : (since ?? Date.now())),
    failed,
    onRestored: (h) => void restored.push(h),
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      await Promise.allSettled([shut(sub), shut(pub)]);
    },
  };
}
