import type { Knex } from 'knex';
import type { Category, ReleaseStatus } from '../../../../shared/constants';
import { likeContains } from '../../../../shared/search-text';
import { touchedSql } from './releases.lifecycle';

export interface ReleaseRow {
  id: string;
  title: string;
  content: string;
  content_text: string;
  search_text: string;
  category: Category | null;
  status: ReleaseStatus;
  client_id: string;
  organisation_id: string | null;
  media_list_categories: Category[];
  scheduled_at: Date | null;
  sent_at: Date | null;
  edited_at: Date | null;
  render_error: string | null;
  created_at: Date;
  updated_at: Date;
}

const LIST_COLUMNS = [
  'id',
  'title',
  'content',
  'category',
  'status',
  'client_id',
  'created_at',
  'updated_at',
  'scheduled_at',
  'sent_at',
] as const;

export type ReleaseListRow = Pick<ReleaseRow, (typeof LIST_COLUMNS)[number]>;

export interface ListFilter {
  clientId: string;
  /** Already normalised with normalizeSearch(); '' for no search. */
  search: string;
  category: Category | null;
  status: ReleaseStatus | null;
  limit: number;
  offset: number;
}


/**
 * The client's releases, without untouched empty drafts (a "new release" nobody wrote in);
 * archived ones only when asked for by the status filter.
 */
function filtered(q: Knex | Knex.Transaction, f: Omit<ListFilter, 'limit' | 'offset'>) {
  const query = q('press_releases').where('client_id', f.clientId).whereRaw(touchedSql('press_releases'));
  if (f.search) query.andWhereRaw("search_text like ? escape '\\'", [likeContains(f.search)]);
  if (f.category) query.andWhere('category', f.category);
  if (f.status) query.andWhere('status', f.status);
  else query.andWhereNot('status', 'archived');
  return query;
}

export async function listReleases(q: Knex | Knex.Transaction, f: ListFilter): Promise<{ rows: ReleaseListRow[]; total: number }> {
  const [countRow] = (await filtered(q, f).select(q.raw('count(*)::int as n'))) as { n: number }[];
  const rows = (await filtered(q, f)
    .select(...LIST_COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(f.limit)
    .offset(f.offset)) as ReleaseListRow[];
  return { rows, total: Number(countRow?.n ?? 0) };
}

export async function countOwn(q: Knex | Knex.Transaction, clientId: string): Promise<number> {
  const [row] = (await filtered(q, { clientId, search: '', category: null, status: null }).select(q.raw('count(*)::int as n'))) as { n: number }[];
  return Number(row?.n ?? 0);
}

export async function findRelease(q: Knex | Knex.Transaction, id: string): Promise<ReleaseRow | undefined> {
  return q('press_releases').where('id', id).first<ReleaseRow | undefined>('*');
}

/** Whether userId belongs to the workspace of the release's owner (or the release's own workspace). */
export async function isWorkspaceMember(q: Knex | Knex.Transaction, release: ReleaseRow, userId: string): Promise<boolean> {
  const row = await q('organisation_members as m')
    .join('organisations as w', 'w.id', 'm.organisation_id')
    .where('m.user_id', userId)
    .andWhere((w) => {
      w.where('w.created_by', release.client_id);
      if (release.organisation_id) w.orWhere('w.id', release.organisation_id);
    })
    .first<{ one: number } | undefined>(q.raw('1 as one'));
  return Boolean(row);
}

export async function ownedWorkspaceId(q: Knex | Knex.Transaction, userId: string): Promise<string | null> {
  const row = await q('organisations').where('created_by', userId).first<{ id: string } | undefined>('id');
  return row?.id ?? null;
}

export async function insertRelease(q: Knex | Knex.Transaction, values: Record<string, unknown>): Promise<ReleaseRow> {
  const [row] = (await q('press_releases').insert(values).returning('*')) as ReleaseRow[];
  if (!row) throw new Error('press release not inserted');
  return row;
}


export async function defaultCategoryOf(q: Knex | Knex.Transaction, userId: string): Promise<Category | null> {
  const row = await q('profiles').where('user_id', userId).first<{ default_category: Category | null } | undefined>('default_category');
  return row?.default_category ?? null;
}
