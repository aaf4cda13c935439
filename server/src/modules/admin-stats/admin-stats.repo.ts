import type { Category, Role } from '../../../../shared/constants';
import type { Db } from '../../db/knex';
import { touchedSql } from '../releases/releases.lifecycle';

export const TZ = 'Europe/Athens';

/** Start of a YYYY-MM-DD day in the platform's time zone, as SQL. */
const dayStart = (db: Db, day: string) => db.raw(`(?::date)::timestamp at time zone '${TZ}'`, [day]);
const dayEnd = (db: Db, day: string) => db.raw(`((?::date) + 1)::timestamp at time zone '${TZ}'`, [day]);

export async function countProfilesSince(db: Db, days: number): Promise<{ role: Role; n: number }[]> {
  return (await db('profiles')
    .whereIn('role', ['client', 'media'])
    .where('created_at', '>=', db.raw(`now() - make_interval(days => ?)`, [days]))
    .select('role')
    .select(db.raw('count(*)::int as n'))
    .groupBy('role')) as { role: Role; n: number }[];
}

export async function countReleasesSince(db: Db, days: number): Promise<number> {
  const row = (await db('press_releases')
    .whereRaw(touchedSql('press_releases'))
    .where('created_at', '>=', db.raw(`now() - make_interval(days => ?)`, [days]))
    .first(db.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(row?.n ?? 0);
}

export async function countPending(db: Db): Promise<number> {
  const row = (await db('profiles').where('status', 'pending').first(db.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(row?.n ?? 0);
}

export async function roleCounts(db: Db): Promise<{ role: Role; n: number }[]> {
  return (await db('profiles').select('role').select(db.raw('count(*)::int as n')).groupBy('role')) as { role: Role; n: number }[];
}

export async function releasesByCategory(db: Db): Promise<{ category: Category | null; n: number }[]> {
  return (await db('press_releases').whereRaw(touchedSql('press_releases')).select('category').select(db.raw('count(*)::int as n')).groupBy('category')) as {
    category: Category | null;
    n: number;
  }[];
}

/** Today in the platform's time zone (YYYY-MM-DD), from the database clock. */
export async function today(db: Db): Promise<string> {
  const r = (await db.raw(`select to_char((now() at time zone '${TZ}')::date, 'YYYY-MM-DD') as d`)) as
    | { rows: { d: string }[] }
    | { d: string }[];
  const rows = Array.isArray(r) ? r : r.rows;
  return rows[0]!.d;
}

/** Rows per day of one table between two days (inclusive), optionally filtered. */
export async function perDay(
  db: Db,
  table: string,
  column: string,
  from: string,
  to: string,
  filter?: Record<string, string>,
  groupBy?: string,
): Promise<{ d: string; g?: string; n: number }[]> {
  let q = db(table)
    .where(column, '>=', dayStart(db, from))
    .where(column, '<', dayEnd(db, to))
    .select(db.raw(`to_char((${column} at time zone '${TZ}')::date, 'YYYY-MM-DD') as d`))
    .select(db.raw('count(*)::int as n'))
    .groupByRaw('1');
  if (filter) q = q.where(filter);
  if (groupBy) q = q.select(db.raw(`${groupBy} as g`)).groupBy(groupBy);
  return (await q) as { d: string; g?: string; n: number }[];
}

export interface MailOutcomes {
  /** E-mails sent, plus those refused at the door for good (never sent). */
  attempted: number;
  /** Hard bounces, and soft ones reported after the server had taken the mail (a deferral the mailer retries is not one). */
  bounced: number;
  complaints: number;
}

/** Mail outcomes since `since`, across the platform. */
export async function mailOutcomesSince(db: Db, since: Date): Promise<MailOutcomes> {
  const res = (await db.raw(
    `select (select count(*) from mail_outbox where status = 'sent' and sent_at >= ?)::int as sent,
            (select count(distinct coalesce(outbox_id::text, 'event:' || id)) from bounce_events
              where created_at >= ? and kind = 'hard' and received_via = 'smtp_session')::int as refused,
            (select count(*) from bounce_events
              where created_at >= ? and (kind = 'hard' or (kind = 'soft' and received_via <> 'smtp_session')))::int as bounced,
            (select count(*) from bounce_events where created_at >= ? and kind = 'complaint')::int as complaints`,
    [since, since, since, since],
  )) as { rows: { sent: number; refused: number; bounced: number; complaints: number }[] };
  const r = res.rows[0]!;
  return { attempted: Number(r.sent) + Number(r.refused), bounced: Number(r.bounced), complaints: Number(r.complaints) };
}
