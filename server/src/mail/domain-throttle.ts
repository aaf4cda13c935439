import type { Knex } from 'knex';

/**
 * Gentle sending: e-mails to one receiving domain leave at no more than its rate per minute
 * (counted over every process from the outbox's claim times), and a domain that answers 421,
 * or a 4xx about rates, is paused with a growing back-off so a send to 5,000 does not run
 * into one provider's limit. Rates: a row in domain_throttles, else MAIL_DOMAIN_RATES, else
 * the defaults below, else MAIL_DEFAULT_DOMAIN_RATE.
 */
export const DEFAULT_DOMAIN_RATES: Readonly<Record<string, number>> = {
  'gmail.com': 300,
  'googlemail.com': 300,
  'outlook.com': 150,
  'hotmail.com': 150,
  'hotmail.gr': 150,
  'live.com': 150,
  'msn.com': 150,
  'yahoo.com': 100,
  'yahoo.gr': 100,
  'ymail.com': 100,
  'icloud.com': 100,
  'me.com': 100,
  'otenet.gr': 60,
  'forthnet.gr': 60,
  'hol.gr': 60,
  'windowslive.com': 150,
};

export interface ThrottleOptions {
  /** Per-domain messages a minute, over the defaults (MAIL_DOMAIN_RATES). */
  rates?: Record<string, number>;
  /** Any other domain (MAIL_DEFAULT_DOMAIN_RATE). */
  defaultPerMinute?: number;
  /** The first pause after a deferral; doubles per deferral in a row, up to the maximum. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export class DomainThrottle {
  readonly rates: Record<string, number>;
  readonly defaultPerMinute: number;
  private readonly baseMs: number;
  private readonly maxMs: number;

  constructor(o: ThrottleOptions = {}) {
    this.rates = { ...DEFAULT_DOMAIN_RATES, ...(o.rates ?? {}) };
    this.defaultPerMinute = o.defaultPerMinute ?? 120;
    this.baseMs = o.backoffBaseMs ?? 60_000;
    this.maxMs = o.backoffMaxMs ?? 3_600_000;
  }

  /**
   * The claim of the next due e-mail whose domain is under its rate in the current minute and
   * not paused, in one statement: it picks a candidate (SKIP LOCKED), takes one of its domain's
   * places in the minute (an upsert on the domain's row, which concurrent claims wait for and
   * re-check, so processes claiming at once never pass the rate) and only then marks it sending.
   * `set` and `returning` are the outbox update's. Answers no row both when nothing is due and
   * when the candidate's domain filled up meanwhile: `raced` tells them apart.
   */
  claimSql(now: Date, set: string, returning: string): { sql: string; binds: Knex.RawBinding[] } {
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const rates = JSON.stringify(this.rates);
    const limit = (t: string) => `coalesce(${t}.per_minute, (?::jsonb ->> ${t}.domain)::int, ?)`;
    return {
      sql: `with cand as (
              select o.id, o.recipient_domain from mail_outbox o
               where o.status = 'queued' and o.next_attempt_at <= now()
                 and not exists (
                   select 1 from domain_throttles t
                    where t.domain = o.recipient_domain
                      and (t.backoff_until > ? or (t.window_start = ? and t.window_count >= ${limit('t')})))
               order by o.id
               limit 1
               for update skip locked),
            slot as (
              insert into domain_throttles (domain, window_start, window_count, updated_at)
              select recipient_domain, ?, 1, ? from cand
              on conflict (domain) do update set
                window_count = case when domain_throttles.window_start = excluded.window_start then domain_throttles.window_count + 1 else 1 end,
                window_start = excluded.window_start
              where (domain_throttles.backoff_until is null or domain_throttles.backoff_until <= ?)
                and (domain_throttles.window_start is distinct from excluded.window_start
                     or domain_throttles.window_count < ${limit('domain_throttles')})
              returning domain, backoff_level),
            claimed as (
              update mail_outbox set ${set}
               where id = (select id from cand) and exists (select 1 from slot)
              returning ${returning})
            select (select count(*) from cand)::int as candidates, (select backoff_level from slot) as domain_backoff, claimed.*
              from (select 1) one left join claimed on true`,
      binds: [now, minute, rates, this.defaultPerMinute, minute, now, now, rates, this.defaultPerMinute],
    };
  }

  /** A refusal that says the domain wants us slower (not one mailbox's problem). */
  static isDeferral(code: number | null, response: string): boolean {
    if (code === 421) return true;
    if (code === null || code < 400 || code >= 500) return false;
    // Not greylisting (451 4.7.1 "try again later"): that is one sender/recipient pair, retried alone.
    return /\b4\.7\.28\b|rate.?limit|too many (messages|connections|recipients)|throttl|sending rate/i.test(response);
  }

  /** Pauses the domain: 1 min, 2, 4 … up to an hour, for deferrals in a row. Returns until when. */
  async defer(db: Knex, domain: string, response: string, now: Date): Promise<Date> {
    const result = (await db.raw(
      `insert into domain_throttles (domain, backoff_level, backoff_until, last_deferral, updated_at)
       values (?, 1, ?::timestamptz + (? * interval '1 millisecond'), ?, ?)
       on conflict (domain) do update set
         backoff_level = least(domain_throttles.backoff_level + 1, 12),
         backoff_until = excluded.updated_at + (least(? * power(2, domain_throttles.backoff_level), ?) * interval '1 millisecond'),
         last_deferral = excluded.last_deferral,
         updated_at = excluded.updated_at
       returning backoff_until`,
      [domain, now, this.baseMs, response.slice(0, 500), now, this.baseMs, this.maxMs],
    )) as { rows: { backoff_until: Date }[] };
    const row = result.rows[0];
    return new Date(row!.backoff_until);
  }

  /**
   * A message went through to a domain that had been paused (its claim saw a back-off level,
   * whichever process paused it): the back-off starts over.
   */
  async accepted(db: Knex, domain: string): Promise<void> {
    await db('domain_throttles').where('domain', domain).where('backoff_level', '>', 0).update({ backoff_level: 0, backoff_until: null });
  }
}

/** `a.gr=60,gmail.com=300` → rates; invalid entries are refused by the config. */
export function parseDomainRates(v: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (v ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const [d, n] = part.split('=');
    out[d!.trim().toLowerCase()] = Number(n);
  }
  return out;
}
