import type { Knex } from 'knex';
import { touchedSql } from '../releases/releases.lifecycle';
import type { Category, ReleaseStatus, TaskPriority, TaskStatus } from '../../../../shared/constants';

type Q = Knex | Knex.Transaction;
export interface Window {
  from: Date | null;
  to: Date | null;
}

function inWindow(w: Window, column: string): { sql: string; bindings: Date[] } {
  const parts: string[] = [];
  const bindings: Date[] = [];
  if (w.from) {
    parts.push(`${column} >= ?`);
    bindings.push(w.from);
  }
  if (w.to) {
    parts.push(`${column} < ?`);
    bindings.push(w.to);
  }
  return { sql: parts.length ? ` and ${parts.join(' and ')}` : '', bindings };
}

async function one(q: Q, sql: string, bindings: unknown[]): Promise<number> {
  const res = (await q.raw(sql, bindings as Knex.RawBinding[])) as { rows: { n: number | string | null }[] };
  return Number(res.rows[0]?.n ?? 0);
}

export async function releasesCreated(q: Q, organisationId: string, w: Window): Promise<number> {
  const win = inWindow(w, 'created_at');
  return one(q, `select count(*)::int as n from press_releases p where p.organisation_id = ? and ${touchedSql('p')}${win.sql}`, [organisationId, ...win.bindings]);
}

export interface Engagement {
  sentReleases: number;
  deliveries: number;
  openers: number;
  clickers: number;
  engaged: number;
}

/** Deliveries, unique openers, unique clickers and engaged recipients of sent releases (sent_at in w). */
export async function engagement(q: Q, organisationId: string, w: Window): Promise<Engagement> {
  const win = inWindow(w, 'p.sent_at');
  const base = `from press_releases p where p.organisation_id = ? and p.status in ('sent', 'archived')${win.sql}`;
  const args = [organisationId, ...win.bindings];
  const sentReleases = await one(q, `select count(*)::int as n ${base}`, args);
  const deliveries = await one(
    q,
    `select count(*)::int as n from deliveries d where d.state = 'sent' and d.press_release_id in (select p.id ${base})`,
    args,
  );
  const openers = await one(
    q,
    `select coalesce(sum(cardinality(r.opened_by)), 0)::int as n from reporting r where r.press_release_id in (select p.id ${base})`,
    args,
  );
  const clickers = await one(
    q,
    `select count(*)::int as n from (select distinct e.press_release_id, e.recipient_user_id from reporting_events e
       where e.kind = 'click' and e.recipient_user_id is not null and e.press_release_id in (select p.id ${base})) c`,
    args,
  );
  const engaged = await one(
    q,
    `select count(*)::int as n from deliveries d where d.state = 'sent' and d.press_release_id in (select p.id ${base})
       and (d.bookmarked_at is not null or exists (select 1 from reporting_events e where e.kind = 'click'
            and e.press_release_id = d.press_release_id and e.recipient_user_id = d.recipient_user_id))`,
    args,
  );
  return { sentReleases, deliveries, openers, clickers, engaged };
}

export interface RecentRow {
  id: string;
  title: string;
  category: Category | null;
  status: ReleaseStatus;
  created_at: Date;
  scheduled_at: Date | null;
  sent_at: Date | null;
}

export async function recentReleases(q: Q, organisationId: string, limit: number): Promise<RecentRow[]> {
  return (await q('press_releases')
    .where('organisation_id', organisationId)
    .whereRaw(touchedSql('press_releases'))
    .whereNot('status', 'archived')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('id', 'title', 'category', 'status', 'created_at', 'scheduled_at', 'sent_at')) as RecentRow[];
}

export async function scheduledReleases(q: Q, organisationId: string, limit: number) {
  return (await q('press_releases')
    .where({ organisation_id: organisationId, status: 'scheduled' })
    .whereNotNull('scheduled_at')
    .orderBy('scheduled_at', 'asc')
    .limit(limit)
    .select('id', 'title', 'category', 'scheduled_at')) as {
    id: string;
    title: string;
    category: Category | null;
    scheduled_at: Date;
  }[];
}

/** Open tasks with a due date of the organisation, soonest first. */
export async function dueTasks(q: Q, organisationId: string, limit: number) {
  return (await q('tasks as t')
    .where('t.organisation_id', organisationId)
    .whereNot('t.status', 'done')
    .whereNotNull('t.due_date')
    .orderBy([
      { column: 't.due_date', order: 'asc' },
      { column: 't.created_at', order: 'asc' },
    ])
    .limit(limit)
    .select(
      't.id',
      't.title',
      't.status',
      't.priority',
      q.raw(`to_char(t.due_date, 'YYYY-MM-DD') as due_date`),
      q.raw('(t.due_date < current_date) as overdue'),
    )) as { id: string; title: string; status: TaskStatus; priority: TaskPriority; due_date: string; overdue: boolean }[];
}

/** Attachment downloads by recipients of the organisation's releases (reporting events of kind 'download'). */
export async function downloads(q: Q, organisationId: string, w: Window): Promise<number> {
  let query = q('reporting_events as e')
    .join('press_releases as r', 'r.id', 'e.press_release_id')
    .where('r.organisation_id', organisationId)
    .andWhere('e.kind', 'download')
    .andWhere('e.is_proxy', false); // a mail scanner's fetch is not a reader's download
  if (w.from) query = query.andWhere('e.created_at', '>=', w.from);
  if (w.to) query = query.andWhere('e.created_at', '<', w.to);
  const row = (await query.first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(row?.n ?? 0);
}
