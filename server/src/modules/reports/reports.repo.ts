import type { Knex } from 'knex';
import { touchedSql } from '../releases/releases.lifecycle';
import type { Category, ReleaseStatus } from '../../../../shared/constants';
import { REPORT_TIME_ZONE, type ReportRowFigures, type SentCopies } from '../../../../shared/reports';

type Q = Knex | Knex.Transaction;

export interface RowFilter {
  /** The organisation whose releases are reported (all of them, whoever wrote them). */
  organisationId: string;
  /** Calendar days in Europe/Athens, both included. */
  from: string;
  to: string;
  category: Category | 'all';
  status: ReleaseStatus | 'all';
}

const TZ = REPORT_TIME_ZONE;
/** Start of a calendar day in Europe/Athens, and the start of the day after another. */
const DAY_START = `((?::date)::timestamp at time zone '${TZ}')`;
const DAY_AFTER = `((?::date + 1)::timestamp at time zone '${TZ}')`;

/**
 * The category a release is reported under (shown in the table, charted, filtered on): the one
 * it was sent with (its frozen sent version), else its current one. `v` is its sent version.
 */
const REPORTED_CATEGORY = 'coalesce(v.category, p.category)';
const SENT_VERSION = 'left join release_sent_versions v on v.press_release_id = p.id';

interface RawRow {
  id: string;
  title: string;
  category: Category | null;
  status: ReleaseStatus;
  created_at: Date | string;
  updated_at: Date | string;
  opens: number | string;
  clicks: number | string;
  downloads: number | string;
  coverage: number | string;
  newsroom_views: number | string;
}

/** The conditions of the report's rows (`p` a release, `v` its sent version) and their bindings. */
function rowWhere(f: RowFilter): { sql: string; args: Knex.RawBinding[] } {
  const where: string[] = ['p.organisation_id = ?', touchedSql('p'), `p.created_at >= ${DAY_START}`, `p.created_at < ${DAY_AFTER}`];
  const args: Knex.RawBinding[] = [f.organisationId, f.from, f.to];
  if (f.category !== 'all') {
    where.push(`${REPORTED_CATEGORY} = ?`);
    args.push(f.category);
  }
  if (f.status !== 'all') {
    where.push('p.status = ?');
    args.push(f.status);
  }
  return { sql: where.join(' and '), args };
}

/** A release's attachment downloads by recipients, and the views of its newsroom page (robots not counted). */
const DOWNLOADS = `(select count(*)::int from reporting_events e
              where e.press_release_id = p.id and e.kind = 'download' and not e.is_proxy)`;
const NEWSROOM_VIEWS = `(select count(*)::int from reporting_events e
              where e.press_release_id = p.id and e.channel = 'newsroom' and not e.is_proxy)`;
const OPENS = 'coalesce(cardinality(r.opened_by), 0)::int';
const CLICKS = 'coalesce(cardinality(r.clicked_links), 0)::int';
const COVERAGE = 'coalesce(r.coverage_count, 0)::int';
const UPDATED_AT = 'greatest(p.updated_at, coalesce(r.updated_at, p.updated_at))';

/** The columns of a row of the table, over `p`, its reporting row `r` and its sent version `v`. */
const ROW_COLUMNS = `p.id, coalesce(v.title, p.title) as title, ${REPORTED_CATEGORY} as category, p.status, p.created_at,
            ${UPDATED_AT} as updated_at, ${OPENS} as opens, ${CLICKS} as clicks,
            ${DOWNLOADS} as downloads, ${COVERAGE} as coverage, ${NEWSROOM_VIEWS} as newsroom_views`;
const ROW_FROM = `press_releases p left join reporting r on r.press_release_id = p.id ${SENT_VERSION}`;

function figuresOf(r: RawRow): ReportRowFigures {
  return {
    id: r.id,
    title: r.title,
    category: r.category,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    opens: Number(r.opens),
    clicks: Number(r.clicks),
    downloads: Number(r.downloads),
    coverage: Number(r.coverage),
    newsroomViews: Number(r.newsroom_views),
  };
}

/**
 * The organisation's releases created between From and the end of the To day (with the optional
 * category and status), newest first, with the figures of their reporting row: unique opens
 * and clicks counted in SQL so that only numbers travel (no per-click strings), and the
 * distinct coverage links from the stored `coverage_count` (kept by Postgres on each write).
 * Every row of the range: the exports' table. The screen reads one page (`reportPage`).
 */
export async function reportRows(q: Q, f: RowFilter): Promise<ReportRowFigures[]> {
  const w = rowWhere(f);
  const res = (await q.raw(`select ${ROW_COLUMNS} from ${ROW_FROM} where ${w.sql} order by p.created_at desc, p.id desc`, w.args)) as { rows: RawRow[] };
  return res.rows.map(figuresOf);
}

/** The figures of one category of the report (null: releases without one). */
export interface CategoryTotals {
  category: Category | null;
  releases: number;
  opens: number;
  clicks: number;
  downloads: number;
}

/**
 * The report's rows added up per reported category in SQL (releases, unique opens, clicks,
 * downloads): the summary's totals and the category charts, without reading the rows.
 */
export async function reportTotals(q: Q, f: RowFilter): Promise<CategoryTotals[]> {
  const w = rowWhere(f);
  const res = (await q.raw(
    `with rows as materialized (
       select p.id, ${REPORTED_CATEGORY} as category, ${OPENS} as opens, ${CLICKS} as clicks
         from ${ROW_FROM} where ${w.sql}),
     downloads as (
       select e.press_release_id as id, count(*)::bigint as n from reporting_events e
        where e.press_release_id in (select id from rows) and e.kind = 'download' and not e.is_proxy
        group by e.press_release_id)
     select x.category, count(*)::int as releases, sum(x.opens)::bigint as opens, sum(x.clicks)::bigint as clicks,
            coalesce(sum(d.n), 0)::bigint as downloads
       from rows x left join downloads d on d.id = x.id
      group by x.category`,
    w.args,
  )) as { rows: { category: Category | null; releases: number | string; opens: number | string; clicks: number | string; downloads: number | string }[] };
  return res.rows.map((r) => ({
    category: r.category,
    releases: Number(r.releases),
    opens: Number(r.opens),
    clicks: Number(r.clicks),
    downloads: Number(r.downloads),
  }));
}

/**
 * The table's order for each sortable figure, as `sortRows` (shared/reports.ts) orders rows:
 * by the figure in the asked direction, ties newest first (created_at desc, id desc) in either
 * direction. Times compare to the millisecond, as the answer's ISO strings do (the drivers
 * truncate microseconds, and so does date_trunc). Title and category are compared by the Greek
 * collator in the server (`reportKeys`), not here: the database's collation is not the same.
 */
export type SqlSort = 'created_at' | 'updated_at' | 'opens' | 'clicks' | 'downloads' | 'coverage' | 'newsroom';
const SORT_KEYS: Record<SqlSort, string> = {
  created_at: "date_trunc('milliseconds', p.created_at)",
  updated_at: `date_trunc('milliseconds', ${UPDATED_AT})`,
  opens: OPENS,
  clicks: CLICKS,
  downloads: DOWNLOADS,
  coverage: COVERAGE,
  newsroom: NEWSROOM_VIEWS,
};

/**
 * One page of the table in the order of a figure: the page's ids are found first (the joins
 * the order does not need are left out by Postgres; newest first walks the organisation's
 * (organisation_id, created_at) index), then only those rows are read with their figures.
 */
export async function reportPage(q: Q, f: RowFilter, sort: SqlSort, dir: 'asc' | 'desc', offset: number, limit: number): Promise<ReportRowFigures[]> {
  const w = rowWhere(f);
  // Newest first: the same order without the millisecond key (ties of the key are ordered newest first anyway).
  const order =
    sort === 'created_at' && dir === 'desc' ? 'p.created_at desc, p.id desc' : `${SORT_KEYS[sort]} ${dir === 'asc' ? 'asc' : 'desc'}, p.created_at desc, p.id desc`;
  const res = (await q.raw(
    `select ${ROW_COLUMNS}
       from unnest(array(select p.id from ${ROW_FROM} where ${w.sql} order by ${order} limit ? offset ?)) with ordinality as page(id, n)
       join press_releases p on p.id = page.id
       left join reporting r on r.press_release_id = p.id
       ${SENT_VERSION}
      order by page.n`,
    [...w.args, limit, offset],
  )) as { rows: RawRow[] };
  return res.rows.map(figuresOf);
}

/** The rows' ids with their titles and categories, newest first: what the table sorts by text (no figures). */
export async function reportKeys(q: Q, f: RowFilter): Promise<{ id: string; title: string; category: Category | null; created_at: string }[]> {
  const w = rowWhere(f);
  const res = (await q.raw(
    `select p.id, coalesce(v.title, p.title) as title, ${REPORTED_CATEGORY} as category, p.created_at
       from press_releases p ${SENT_VERSION} where ${w.sql} order by p.created_at desc, p.id desc`,
    w.args,
  )) as { rows: { id: string; title: string; category: Category | null; created_at: Date | string }[] };
  return res.rows.map((r) => ({ id: r.id, title: r.title, category: r.category, created_at: new Date(r.created_at).toISOString() }));
}

/** Some rows of the table by id, with their figures (in no particular order). */
export async function reportRowsById(q: Q, ids: string[]): Promise<ReportRowFigures[]> {
  if (!ids.length) return [];
  const res = (await q.raw(`select ${ROW_COLUMNS} from ${ROW_FROM} where p.id = any(?::uuid[])`, [ids])) as { rows: RawRow[] };
  return res.rows.map(figuresOf);
}

/**
 * The organisation's sent releases with sent_at between the `fromDay` and the end of the `toDay`
 * (Europe/Athens), for the weekly open rate: the day sent, delivered copies, unique openers.
 */
export async function sentCopies(q: Q, organisationId: string, fromDay: string, toDay: string, category: Category | 'all'): Promise<SentCopies[]> {
  const args: Knex.RawBinding[] = [organisationId, fromDay, toDay];
  let cat = '';
  if (category !== 'all') {
    cat = ` and ${REPORTED_CATEGORY} = ?`;
    args.push(category);
  }
  const res = (await q.raw(
    `select to_char(p.sent_at at time zone '${TZ}', 'YYYY-MM-DD') as sent_day,
            coalesce(cardinality(r.opened_by), 0)::int as openers,
            (select count(*)::int from deliveries d where d.press_release_id = p.id and d.state = 'sent') as delivered
       from press_releases p left join reporting r on r.press_release_id = p.id
       ${SENT_VERSION}
      where p.organisation_id = ? and p.status in ('sent', 'archived') and p.sent_at >= ${DAY_START} and p.sent_at < ${DAY_AFTER}${cat}`,
    args,
  )) as { rows: { sent_day: string; openers: number | string; delivered: number | string }[] };
  return res.rows.map((r) => ({ sentDay: r.sent_day, openers: Number(r.openers), delivered: Number(r.delivered) }));
}

export interface LinkArrays {
  press_release_id: string;
  clicked_links: string[];
  coverage_links: string[];
}

/** The clicked and hand-added links of some releases (one page of the table, or an export). */
export async function linkArrays(q: Q, releaseIds: string[]): Promise<Map<string, LinkArrays>> {
  if (!releaseIds.length) return new Map();
  const rows = (await q('reporting')
    .whereIn('press_release_id', releaseIds)
    .select('press_release_id', 'clicked_links', 'coverage_links')) as LinkArrays[];
  return new Map(rows.map((r) => [r.press_release_id, r]));
}

export interface OwnedRelease {
  id: string;
  organisation_id: string;
  status: ReleaseStatus;
}

/** A release's title as sent (or as it stands, before it is sent). */
export async function releaseTitle(q: Q, id: string): Promise<string> {
  const row = (await q('press_releases as p')
    .leftJoin('release_sent_versions as v', 'v.press_release_id', 'p.id')
    .where('p.id', id)
    .first(q.raw('coalesce(v.title, p.title) as title'))) as { title: string | null } | undefined;
  return row?.title ?? '';
}

export async function addCoverage(trx: Knex.Transaction, releaseId: string, url: string): Promise<void> {
  await trx.raw('insert into reporting (press_release_id) values (?) on conflict (press_release_id) do nothing', [releaseId]);
  await trx.raw(
    `update reporting set coverage_links = array_append(coverage_links, ?::text)
      where press_release_id = ? and not (?::text = any(coverage_links))`,
    [url, releaseId, url],
  );
}

/** Removes a hand-added link; true when it was there. */
export async function removeCoverage(trx: Knex.Transaction, releaseId: string, url: string): Promise<boolean> {
  const r = await trx.raw<{ rowCount: number | null }>(
    `update reporting set coverage_links = array_remove(coverage_links, ?::text)
      where press_release_id = ? and ?::text = any(coverage_links)`,
    [url, releaseId, url],
  );
  return (r.rowCount ?? 0) > 0;
}

export interface EmbargoFigures {
  embargoUntil: Date;
  before: number;
  after: number;
}

/**
 * Opens before and after the embargo of the embargoed releases among `releaseIds`: each
 * recipient once, by their first human open or click (in the e-mail or the app).
 */
export async function embargoFigures(q: Q, releaseIds: string[]): Promise<Map<string, EmbargoFigures>> {
  if (!releaseIds.length) return new Map();
  const res = (await q.raw(
    `select v.press_release_id as id, v.embargo_until,
            count(f.first_at) filter (where f.first_at < v.embargo_until)::int as before,
            count(f.first_at) filter (where f.first_at >= v.embargo_until)::int as after
       from release_sent_versions v
       left join lateral (
         select min(e.created_at) as first_at from reporting_events e
          where e.press_release_id = v.press_release_id and e.kind in ('open', 'click') and e.channel in ('email', 'in_app')
            and not e.is_proxy and e.recipient_user_id is not null
          group by e.recipient_user_id
       ) f on true
      where v.press_release_id = any(?::uuid[]) and v.embargo_until is not null
      group by v.press_release_id, v.embargo_until`,
    [releaseIds],
  )) as { rows: { id: string; embargo_until: Date; before: number | string; after: number | string }[] };
  return new Map(res.rows.map((r) => [r.id, { embargoUntil: new Date(r.embargo_until), before: Number(r.before), after: Number(r.after) }]));
}

/** The comment threads of each release (not deleted), and how many of them are still open. */
export async function commentFigures(q: Q, releaseIds: string[]): Promise<Map<string, { total: number; open: number }>> {
  if (!releaseIds.length) return new Map();
  const rows = (await q('release_comments')
    .whereIn('press_release_id', releaseIds)
    .whereNull('thread_id')
    .whereNull('deleted_at')
    .groupBy('press_release_id')
    .select('press_release_id as id', q.raw('count(*)::int as total'), q.raw('(count(*) filter (where resolved_at is null))::int as open'))) as {
    id: string;
    total: number | string;
    open: number | string;
  }[];
  return new Map(rows.map((r) => [r.id, { total: Number(r.total), open: Number(r.open) }]));
}

/**
 * Views of the organisation's newsroom pages in each Monday-week of `weekStarts` (Mondays, in
 * order, Europe/Athens) up to the end of the `toDay`: one count per week over the index of the
 * organisation's counted newsroom views (no time-zone arithmetic on each event).
 */
export async function newsroomViewsByWeek(q: Q, organisationId: string, weekStarts: string[], toDay: string): Promise<{ weekStart: string; views: number }[]> {
  const res = (await q.raw(
    `select to_char(w.d, 'YYYY-MM-DD') as week_start,
            (select count(*)::int from reporting_events e
              where e.organisation_id = ? and e.channel = 'newsroom' and not e.is_proxy
                and e.created_at >= (w.d::timestamp at time zone '${TZ}')
                and e.created_at < (least(w.d + 7, ?::date + 1)::timestamp at time zone '${TZ}')) as views
       from unnest(?::date[]) as w(d)`,
    [organisationId, toDay, weekStarts],
  )) as { rows: { week_start: string; views: number | string }[] };
  return res.rows.map((r) => ({ weekStart: r.week_start, views: Number(r.views) }));
}

/** Views of the organisation's newsroom pages between the `fromDay` and the end of the `toDay` (Europe/Athens). */
export async function newsroomViews(q: Q, organisationId: string, fromDay: string, toDay: string): Promise<number> {
  const res = (await q.raw(
    `select count(*)::int as n from reporting_events e
      where e.organisation_id = ? and e.channel = 'newsroom' and not e.is_proxy
        and e.created_at >= ${DAY_START} and e.created_at < ${DAY_AFTER}`,
    [organisationId, fromDay, toDay],
  )) as { rows: { n: number | string }[] };
  return Number(res.rows[0]?.n ?? 0);
}

export interface DeliveryFigures {
  delivered: number;
  bouncedHard: number;
  bouncedSoft: number;
  complained: number;
  suppressed: number;
}

/**
 * The e-mail copies of each release by outcome: delivered (accepted by the receiving server and
 * not bounced since), bounced hard or soft (a bounce without a type was refused during the
 * conversation: hard), complained about, and suppressed (left out at the last check).
 */
export async function deliveryFigures(q: Q, releaseIds: string[]): Promise<Map<string, DeliveryFigures>> {
  if (!releaseIds.length) return new Map();
  const rows = (await q('deliveries')
    .whereIn('press_release_id', releaseIds)
    .groupBy('press_release_id')
    .select(
      'press_release_id as id',
      q.raw(`(count(*) filter (where state = 'sent'))::int as delivered`),
      q.raw(`(count(*) filter (where state = 'bounced' and coalesce(bounce_type, 'hard') = 'hard'))::int as bounced_hard`),
      q.raw(`(count(*) filter (where state = 'bounced' and bounce_type = 'soft'))::int as bounced_soft`),
      q.raw(`(count(*) filter (where state = 'complained'))::int as complained`),
      q.raw(`(count(*) filter (where state = 'suppressed'))::int as suppressed`),
    )) as { id: string; delivered: number | string; bounced_hard: number | string; bounced_soft: number | string; complained: number | string; suppressed: number | string }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        delivered: Number(r.delivered),
        bouncedHard: Number(r.bounced_hard),
        bouncedSoft: Number(r.bounced_soft),
        complained: Number(r.complained),
        suppressed: Number(r.suppressed),
      },
    ]),
  );
}
