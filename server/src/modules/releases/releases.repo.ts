import type { Knex } from 'knex';
import type { Category, ReleaseStatus } from '../../../../shared/constants';
import { likeContains } from '../../../../shared/search-text';
import { openCommentsOf } from '../review/review-counts';
import { touchedSql } from './releases.lifecycle';

export interface ReleaseRow {
  id: string;
  title: string;
  content: string;
  content_text: string;
  search_text: string;
  category: Category | null;
  status: ReleaseStatus;
  /** Who created it (null once that user is deleted): shown, never an owner. */
  author_id: string | null;
  /** The organisation that owns it. */
  organisation_id: string;
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
  'author_id',
  'created_at',
  'updated_at',
  'scheduled_at',
  'sent_at',
] as const;

export type ReleaseListRow = Pick<ReleaseRow, (typeof LIST_COLUMNS)[number]> & {
  author_name: string | null;
  /** Everyone else who edited it (version authors and edits not yet in a version). */
  co_editors: { id: string; name: string }[] | null;
  /** Open review (review/review-counts.ts), read in the same query. */
  open_comments: number | string;
  pending_suggestions: number;
};

export interface ListFilter {
  organisationId: string;
  /** The caller: with `mine`, only what they wrote or co-edited. */
  userId: string;
  mine: boolean;
  /** Already normalised with normalizeSearch(); '' for no search. */
  search: string;
  category: Category | null;
  status: ReleaseStatus | null;
  limit: number;
  offset: number;
}

type Q = Knex | Knex.Transaction;

/** Who edited a release (`r`): the authors of its versions and of its edits since the last version. */
const editorsSql = (alias: string) => `(
  select distinct unnest(v.author_ids) from release_versions v where v.press_release_id = ${alias}.id
  union
  select distinct unnest(m.author_ids) from release_edit_marks m where m.press_release_id = ${alias}.id)`;

/**
 * The organisation's releases, without untouched empty drafts (a "new release" nobody wrote in);
 * archived ones only when asked for by the status filter; with `mine`, only those the caller
 * created or edited.
 */
function filtered(q: Q, f: Omit<ListFilter, 'limit' | 'offset'>) {
  const query = q('press_releases as r').where('r.organisation_id', f.organisationId).whereRaw(touchedSql('r'));
  if (f.mine) {
    query.andWhere((w) => void w.where('r.author_id', f.userId).orWhereRaw(`?::uuid in ${editorsSql('r')}`, [f.userId]));
  }
  if (f.search) query.andWhereRaw("r.search_text like ? escape '\\'", [likeContains(f.search)]);
  if (f.category) query.andWhere('r.category', f.category);
  if (f.status) query.andWhere('r.status', f.status);
  else query.andWhereNot('r.status', 'archived');
  return query;
}

export async function listReleases(q: Q, f: ListFilter): Promise<{ rows: ReleaseListRow[]; total: number }> {
  const [countRow] = (await filtered(q, f).select(q.raw('count(*)::int as n'))) as { n: number }[];
  const rows = (await filtered(q, f)
    .leftJoin('profiles as ap', 'ap.user_id', 'r.author_id')
    .select(
      ...LIST_COLUMNS.map((c) => `r.${c}`),
      q.raw("coalesce(nullif(btrim(ap.name), ''), ap.email) as author_name"),
      q.raw(`(select json_agg(json_build_object('id', p.user_id, 'name', coalesce(nullif(btrim(p.name), ''), p.email)) order by p.name)
                from profiles p
               where p.user_id in ${editorsSql('r')} and p.user_id is distinct from r.author_id) as co_editors`),
      'r.pending_suggestions',
      openCommentsOf(q, 'r').as('open_comments'),
    )
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(f.limit)
    .offset(f.offset)) as ReleaseListRow[];
  return { rows, total: Number(countRow?.n ?? 0) };
}

/** How many releases the list shows with no filter at all (the organisation's, or the caller's with `mine`). */
export async function countAll(q: Q, f: Pick<ListFilter, 'organisationId' | 'userId' | 'mine'>): Promise<number> {
  const [row] = (await filtered(q, { ...f, search: '', category: null, status: null }).select(q.raw('count(*)::int as n'))) as { n: number }[];
  return Number(row?.n ?? 0);
}

export async function findRelease(q: Q, id: string): Promise<ReleaseRow | undefined> {
  return q('press_releases').where('id', id).first<ReleaseRow | undefined>('*');
}

/** One release with its author's display name. */
export async function findDetail(q: Q, id: string): Promise<(ReleaseRow & { author_name: string | null }) | undefined> {
  return q('press_releases as r')
    .leftJoin('profiles as ap', 'ap.user_id', 'r.author_id')
    .where('r.id', id)
    .first<(ReleaseRow & { author_name: string | null }) | undefined>('r.*', q.raw("coalesce(nullif(btrim(ap.name), ''), ap.email) as author_name"));
}

export async function insertRelease(q: Q, values: Record<string, unknown>): Promise<ReleaseRow> {
  const [row] = (await q('press_releases').insert(values).returning('*')) as ReleaseRow[];
  if (!row) throw new Error('press release not inserted');
  return row;
}

/** The organisation's default category (ticked on a new release). */
export async function defaultCategoryOf(q: Q, organisationId: string): Promise<Category | null> {
  const row = await q('organisations').where('id', organisationId).first<{ default_category: Category | null } | undefined>('default_category');
  return row?.default_category ?? null;
}
