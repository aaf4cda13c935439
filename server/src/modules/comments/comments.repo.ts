import type { Knex } from 'knex';
import type { CommentField } from '../../../../shared/schemas/review';

type Q = Knex | Knex.Transaction;

export interface CommentRow {
  id: string;
  press_release_id: string;
  organisation_id: string;
  thread_id: string | null;
  author_id: string | null;
  body: string;
  mentions: string[];
  field: CommentField | null;
  anchor_start: Buffer | null;
  anchor_end: Buffer | null;
  quote: string | null;
  detached_at: Date | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  edited_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
}

/** A root comment: the thread's anchor and state. */
export type RootRow = CommentRow & { thread_id: null; field: CommentField; anchor_start: Buffer; anchor_end: Buffer; quote: string };

export const isRoot = (c: CommentRow): c is RootRow => c.thread_id === null;

/** Every comment of a release (deleted ones included: a deleted root with replies still shows), oldest first. */
export async function listForRelease(q: Q, releaseId: string): Promise<CommentRow[]> {
  return (await q('release_comments').where('press_release_id', releaseId).orderBy([{ column: 'created_at' }, { column: 'id' }]).select('*')) as CommentRow[];
}

export async function findComment(q: Q, id: string): Promise<CommentRow | undefined> {
  return (await q('release_comments').where('id', id).first('*')) as CommentRow | undefined;
}

/** The comment, locked for the rest of the transaction. */
export async function lockComment(trx: Knex.Transaction, id: string): Promise<CommentRow | undefined> {
  return (await trx('release_comments').where('id', id).forUpdate().first('*')) as CommentRow | undefined;
}

export async function insertComment(
  trx: Knex.Transaction,
  values: Pick<CommentRow, 'press_release_id' | 'organisation_id' | 'thread_id' | 'author_id' | 'body' | 'mentions'> &
    Partial<Pick<CommentRow, 'field' | 'anchor_start' | 'anchor_end' | 'quote'>>,
): Promise<CommentRow> {
  const [row] = (await trx('release_comments').insert(values).returning('*')) as CommentRow[];
  return row!;
}

export async function updateComment(
  trx: Knex.Transaction,
  id: string,
  patch: Partial<Pick<CommentRow, 'body' | 'mentions' | 'edited_at' | 'deleted_at' | 'resolved_at' | 'resolved_by'>>,
): Promise<CommentRow> {
  const [row] = (await trx('release_comments').where('id', id).update(patch).returning('*')) as CommentRow[];
  return row!;
}

/** Whether a thread still has a reply that is not deleted. */
export async function hasLiveReplies(q: Q, threadId: string): Promise<boolean> {
  return Boolean(await q('release_comments').where('thread_id', threadId).whereNull('deleted_at').first('id'));
}

/** The status of a release, read under a share lock (a send cannot commit in between). */
export async function lockReleaseStatus(trx: Knex.Transaction, releaseId: string): Promise<string | undefined> {
  const row = (await trx('press_releases').where('id', releaseId).forShare().first('status')) as { status: string } | undefined;
  return row?.status;
}


/**
 * Records which roots are detached now (their words were deleted) or attached again (an undo,
 * a restore). Returns the ids whose state flipped here (another request may have flipped them first).
 */
export async function setDetached(q: Q, detached: string[], attached: string[]): Promise<string[]> {
  const flipped: string[] = [];
  if (detached.length) {
    const rows = (await q('release_comments').whereIn('id', detached).whereNull('detached_at').update({ detached_at: q.fn.now() }).returning('id')) as { id: string }[];
    flipped.push(...rows.map((r) => r.id));
  }
  if (attached.length) {
    const rows = (await q('release_comments').whereIn('id', attached).whereNotNull('detached_at').update({ detached_at: null }).returning('id')) as { id: string }[];
    flipped.push(...rows.map((r) => r.id));
  }
  return flipped;
}

export interface MemberContact {
  user_id: string;
  email: string;
  name: string;
}

/** Those of `ids` who are members of the organisation, with their address and display name. */
export async function membersAmong(q: Q, organisationId: string, ids: string[]): Promise<MemberContact[]> {
  if (!ids.length) return [];
  const rows = (await q('organisation_members as m')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.organisation_id', organisationId)
    .whereIn('m.user_id', [...new Set(ids)])
    .select('m.user_id', 'p.email', 'p.name')) as { user_id: string; email: string; name: string | null }[];
  return rows.map((r) => ({ user_id: r.user_id, email: r.email, name: r.name?.trim() || r.email }));
}

