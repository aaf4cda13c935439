import type { Knex } from 'knex';
import type { Category } from '../../../../shared/constants';
import type { Db } from '../../db/knex';
import { whereFoldedContains } from '../../db/search';

type Q = Db | Knex.Transaction;

export interface MemberRow {
  id: string;
  category: Category;
  media_id: string;
  created_at: Date | string;
  name: string;
  email: string;
  organization: string | null;
  status: 'pending' | 'approved' | 'rejected' | 'banned';
  is_active: boolean;
}

export interface MediaProfileRow {
  user_id: string;
  name: string;
  email: string;
  organization: string | null;
  status: MemberRow['status'];
  is_active: boolean;
}

const PROFILE_COLS = ['p.user_id', 'p.name', 'p.email', 'p.organization', 'p.status', 'p.is_active'];
/** What the search box looks in (accent- and case-insensitive). */
const SEARCHED = ['p.name', 'p.email', 'p.organization'];

function members(q: Q, category: Category, search: string | undefined): Knex.QueryBuilder {
  let query = q('media_lists as m').join('profiles as p', 'p.user_id', 'm.media_id').where('m.category', category);
  if (search) query = whereFoldedContains(query, SEARCHED, search);
  return query;
}

export async function listMembers(
  q: Q,
  category: Category,
  search: string | undefined,
  page: number,
  pageSize: number | null,
): Promise<MemberRow[]> {
  let query = members(q, category, search)
    .select('m.id', 'm.category', 'm.media_id', 'm.created_at', 'p.name', 'p.email', 'p.organization', 'p.status', 'p.is_active')
    .orderBy([
      { column: 'm.created_at', order: 'desc' },
      { column: 'm.id', order: 'desc' },
    ]);
  if (pageSize !== null) query = query.limit(pageSize).offset((page - 1) * pageSize);
  return (await query) as MemberRow[];
}

export async function countMembers(q: Q, category: Category, search: string | undefined): Promise<number> {
  const row = (await members(q, category, search).first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(row?.n ?? 0);
}

export async function countsByCategory(q: Q): Promise<{ category: Category; n: number }[]> {
  return (await q('media_lists').select('category').select(q.raw('count(*)::int as n')).groupBy('category')) as {
    category: Category;
    n: number;
  }[];
}

/**
 * Active, approved media not yet in the category, in (name, user id) order: at most `limit`
 * of them, starting after `after` (keyset pagination: the row comparison is the order's own).
 */
export async function candidates(
  q: Q,
  category: Category,
  search: string | undefined,
  after: { name: string; userId: string } | undefined,
  limit: number,
): Promise<MediaProfileRow[]> {
  let query = q('profiles as p')
    .where({ 'p.role': 'media', 'p.status': 'approved', 'p.is_active': true })
    .whereNotExists(q('media_lists as m').where('m.category', category).whereRaw('m.media_id = p.user_id'));
  if (search) query = whereFoldedContains(query, SEARCHED, search);
  if (after) query = query.whereRaw('(p.name, p.user_id) > (?, ?::uuid)', [after.name, after.userId]);
  return (await query.select(...PROFILE_COLS).orderBy('p.name').orderBy('p.user_id').limit(limit)) as MediaProfileRow[];
}

/** Of the given ids, the ones that are active, approved media. */
export async function eligibleMedia(q: Q, ids: string[]): Promise<MediaProfileRow[]> {
  if (!ids.length) return [];
  return (await q('profiles as p')
    .whereIn('p.user_id', ids)
    .where({ 'p.role': 'media', 'p.status': 'approved', 'p.is_active': true })
    .select(...PROFILE_COLS)) as MediaProfileRow[];
}

/** Active, approved media whose e-mail (case-insensitive) is in the list. */
export async function mediaByEmails(q: Q, emails: string[]): Promise<MediaProfileRow[]> {
  if (!emails.length) return [];
  return (await q('profiles as p')
    .whereRaw('lower(p.email) = any(?::text[])', [emails.map((e) => e.toLowerCase())])
    .where({ 'p.role': 'media', 'p.status': 'approved', 'p.is_active': true })
    .select(...PROFILE_COLS)) as MediaProfileRow[];
}

export async function existingIn(q: Q, category: Category, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = (await q('media_lists').where('category', category).whereIn('media_id', ids).select('media_id')) as {
    media_id: string;
  }[];
  return new Set(rows.map((r) => r.media_id));
}

/** Inserts the rows; existing pairs are skipped by the unique index. Returns the media ids added. */
export async function insertMembers(trx: Knex.Transaction, category: Category, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = (await trx('media_lists')
    .insert(ids.map((media_id) => ({ category, media_id })))
    .onConflict(['category', 'media_id'])
    .ignore()
    .returning('media_id')) as { media_id: string }[];
  return rows.map((r) => r.media_id);
}

export async function removeMember(trx: Knex.Transaction, category: Category, mediaId: string): Promise<MemberRow | undefined> {
  const row = (await members(trx, category, undefined)
    .where('m.media_id', mediaId)
    .first('m.id', 'm.category', 'm.media_id', 'm.created_at', 'p.name', 'p.email', 'p.organization', 'p.status', 'p.is_active')) as
    | MemberRow
    | undefined;
  if (!row) return undefined;
  await trx('media_lists').where({ category, media_id: mediaId }).del();
  return row;
}
