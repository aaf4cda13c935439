import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { HttpError } from '../http/errors';

/** One limit: at most `max` hits on `key` per fixed window of `windowSeconds`. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface HitResult {
  /** The first limit that this hit went over, or null. */
  exceeded: Limit | null;
  /** Seconds until the exceeded limit's window ends (0 when none was exceeded). */
  retryAfter: number;
  /** The count of each limit after this hit, in order. */
  counts: number[];
}

const HOUR = 3600;
const MINUTES_15 = 15 * 60;
const DAY = 24 * HOUR;

/**
 * Every limit of the platform, in one place (the README's security section lists them).
 * "address" is the client's IP address (behind a proxy on loopback, the forwarded one).
 */
export const LIMITS = {
  /** Sign-in: hard limits per (account, address) and per address, failures only. */
  loginPerAccountAddress: { max: 5, windowSeconds: MINUTES_15 },
  loginPerAddress: { max: 30, windowSeconds: MINUTES_15 },
  /** Sign-in, whole account: past this many failures, each attempt waits longer (never a block). */
  loginAccountDelayAfter: { max: 5, windowSeconds: MINUTES_15 },
  /** Checking the current password on a password change (per account). */
  passwordChangePerAccount: { max: 5, windowSeconds: MINUTES_15 },
  /** Sign-up: per address, and confirmation / "you already have an account" mails per recipient. */
  signupPerAddress: { max: 10, windowSeconds: HOUR },
  signupMailsPerRecipient: { max: 3, windowSeconds: HOUR },
  /** Recovery: per address, and recovery mails per recipient. */
  recoverPerAddress: { max: 10, windowSeconds: HOUR },
  recoverMailsPerRecipient: { max: 3, windowSeconds: HOUR },
  /** Anonymous forms (leads, demo requests): per address, and confirmation mails per recipient. */
  publicFormPerAddress: { max: 5, windowSeconds: HOUR },
  publicFormMailsPerRecipient: { max: 3, windowSeconds: DAY },
  /** Workspace invitations: per inviting user, and per invited address. */
  invitationsPerUser: { max: 30, windowSeconds: HOUR },
  invitationsPerRecipient: { max: 3, windowSeconds: DAY },
  /** Provider webhooks (bounces, complaints): refused calls per address (accepted ones are not counted). */
  webhookFailuresPerAddress: { max: 30, windowSeconds: MINUTES_15 },
  /** Data rights: downloads of one's data export, and password checks of an account erasure (per account). */
  dataExportPerAccount: { max: 5, windowSeconds: HOUR },
  erasurePerAccount: { max: 5, windowSeconds: MINUTES_15 },
} as const satisfies Record<string, Omit<Limit, 'key'>>;

export type LimitName = keyof typeof LIMITS;

/** The sign-in delay for an account with `failures` recent failures: 0, then 0.25 s doubling, at most 8 s. */
export function accountDelayMs(failures: number, after: number = LIMITS.loginAccountDelayAfter.max): number {
  if (failures <= after) return 0;
  return Math.min(250 * 2 ** (failures - after - 1), 8_000);
}

export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfter: number,
    message = 'Too many requests; try again later',
  ) {
    super(429, 'too_many_requests', message);
  }
}

/**
 * Fixed-window counters in Postgres, shared by every process. A hit is one upsert that
 * returns the new count, so parallel requests each see a distinct count and no check can
 * be raced (there is no read-then-write). `scale` multiplies every max (RATE_LIMIT_SCALE,
 * for test rigs that sign up many accounts from one address; 1 in production).
 */
export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly scale = 1,
  ) {}

  limit(name: LimitName, ...parts: string[]): Limit {
    const l = LIMITS[name];
    return { key: [name, ...parts.map((p) => p.toLowerCase())].join(':'), max: l.max * this.scale, windowSeconds: l.windowSeconds };
  }

  /** Counts one hit on every limit, in order. */
  async hit(limits: Limit[], q: Knex | Knex.Transaction = this.db): Promise<HitResult> {
    const counts: number[] = [];
    let exceeded: Limit | null = null;
    let retryAfter = 0;
    for (const l of limits) {
      const result = await q.raw<{ rows: { hits: number; retry_after: number }[] }>(
        `insert into rate_limits (key, window_start, hits)
           values (?, to_timestamp(floor(extract(epoch from now()) / ?) * ?), 1)
         on conflict (key, window_start) do update set hits = rate_limits.hits + 1
         returning hits, ceil(extract(epoch from (window_start + ? * interval '1 second' - now())))::int as retry_after`,
        [l.key, l.windowSeconds, l.windowSeconds, l.windowSeconds],
      );
      const row = result.rows[0]!;
      const n = Number(row.hits);
      counts.push(n);
      if (!exceeded && n > l.max) {
        exceeded = l;
        retryAfter = Math.max(1, Number(row.retry_after));
      }
    }
    this.maybePrune();
    return { exceeded, retryAfter, counts };
  }

  /** Counts the hits and throws 429 (with Retry-After) when one went over its limit. */
  async consume(limits: Limit[], message?: string, q?: Knex | Knex.Transaction): Promise<number[]> {
    const r = await this.hit(limits, q);
    if (r.exceeded) throw new TooManyRequests(r.retryAfter, message);
    return r.counts;
  }

  /** Takes one hit back (a sign-in that succeeded was not a failure). */
  async undo(limit: Limit): Promise<void> {
    await this.db('rate_limits')
      .where('key', limit.key)
      .andWhere('window_start', this.db.raw('to_timestamp(floor(extract(epoch from now()) / ?) * ?)', [limit.windowSeconds, limit.windowSeconds]))
      .andWhere('hits', '>', 0)
      .decrement('hits', 1);
  }

  /** Forgets a key (a successful sign-in clears the failures of that account and address). */
  async reset(limit: Limit): Promise<void> {
    await this.db('rate_limits').where('key', limit.key).delete();
  }

  /** Old windows are deleted now and then (at most every 10 minutes per process). */
  private maybePrune(): void {
    if (Date.now() - this.lastPrune < 600_000) return;
    this.lastPrune = Date.now();
    void this.db('rate_limits')
      .where('window_start', '<', this.db.raw(`now() - interval '2 days'`))
      .delete()
      .catch(() => undefined);
  }
}
