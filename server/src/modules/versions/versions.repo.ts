import type { Knex } from 'knex';
import type { VersionKind } from '../../../../shared/schemas/versions';

type Q = Knex | Knex.Transaction;

export interface VersionRow {
  id: string;
  press_release_id: string;
  seq: number;
  kind: VersionKind;
  name: string | null;
  title: string;
  content_hash: string;
  author_ids: string[];
  created_by: string | null;
  chars_added: number;
  chars_removed: number;
  restored_from: string | null;
  undo_version_id: string | null;
  created_at: Date;
}

export interface VersionWithState extends VersionRow {
  doc_state: Buffer;
}

const COLUMNS = [
  'id',
  'press_release_id',
  'seq',
  'kind',
  'name',
  'title',
  'content_hash',
  'author_ids',
  'created_by',
  'chars_added',
  'chars_removed',
  'restored_from',
  'undo_version_id',
  'created_at',
] as const;

export interface EditMark {
  press_release_id: string;
  first_edit_at: Date;
  last_edit_at: Date;
  author_ids: string[];
}

/**
 * A batch of a release's updates was stored (inside that transaction): the release is marked
 * edited since its last version, by these users. Nothing for a release that is gone or sent.
 */
export async function recordEdits(trx: Knex.Transaction, releaseId: string, authors: string[]): Promise<void> {
  await trx.raw(
    `insert into release_edit_marks (press_release_id, author_ids)
     select r.id, ?::uuid[] from press_releases r where r.id = ? and r.status in ('draft', 'scheduled')
     on conflict (press_release_id) do update
       set last_edit_at = now(),
           author_ids = array(select distinct unnest(release_edit_marks.author_ids || excluded.author_ids))`,
    [authors, releaseId],
  );
}

/** Releases whose editing paused for idleMs, or has gone on for maxMs since the last version. */
export async function dueMarks(q: Q, idleMs: number, maxMs: number, limit = 50): Promise<string[]> {
  const rows = (await q('release_edit_marks')
    .where('last_edit_at', '<=', q.raw(`now() - (? * interval '1 millisecond')`, [idleMs]))
    .orWhere('first_edit_at', '<=', q.raw(`now() - (? * interval '1 millisecond')`, [maxMs]))
    .orderBy('first_edit_at')
    .limit(limit)
    .select('press_release_id')) as { press_release_id: string }[];
  return rows.map((r) => r.press_release_id);
}

/** Takes a release's edit mark (locked; a mark another process holds is skipped): who edited since the last version. */
export async function takeMark(trx: Knex.Transaction, releaseId: string, o: { skipLocked: boolean }): Promise<EditMark | null> {
  if (!o.skipLocked) {
    // Waits for the row like `for update`, and takes it in the same statement.
    const [taken] = (await trx('release_edit_marks').where('press_release_id', releaseId).delete().returning('*')) as EditMark[];
    return taken ?? null;
  }
  const q = trx('release_edit_marks').where('press_release_id', releaseId).forUpdate();
  q.skipLocked();
  const mark = (await q.first()) as EditMark | undefined;
  if (!mark) return null;
  await trx('release_edit_marks').where('press_release_id', releaseId).delete();
  return mark;
}

/** Versions of one release are numbered one after the other, even when two are made at once. */
export async function lockVersions(trx: Knex.Transaction, releaseId: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('release_versions:' || ?))`, [releaseId]);
}

export async function latestVersion(q: Q, releaseId: string): Promise<VersionWithState | undefined> {
  return (await q('release_versions')
    .where('press_release_id', releaseId)
    .orderBy('seq', 'desc')
    .first([...COLUMNS, 'doc_state'])) as VersionWithState | undefined;
}

export async function insertVersion(trx: Knex.Transaction, values: Omit<VersionRow, 'id' | 'seq' | 'created_at'> & { doc_state: Buffer }): Promise<VersionRow> {
  const [row] = (await trx('release_versions')
    .insert({
      ...values,
      seq: trx.raw('(select coalesce(max(seq), 0) + 1 from release_versions where press_release_id = ?)', [values.press_release_id]),
    })
    .returning(COLUMNS)) as VersionRow[];
  return row!;
}

export async function listVersions(q: Q, releaseId: string, limit = 200): Promise<VersionRow[]> {
  return (await q('release_versions').where('press_release_id', releaseId).orderBy('seq', 'desc').limit(limit).select(COLUMNS)) as VersionRow[];
}

export async function findVersion(q: Q, releaseId: string, versionId: string): Promise<VersionWithState | undefined> {
  return (await q('release_versions').where({ id: versionId, press_release_id: releaseId }).first([...COLUMNS, 'doc_state'])) as
    | VersionWithState
    | undefined;
}

/** Sequence numbers of the versions given by id (what a restore brought back). */
export async function seqsOf(q: Q, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = (await q('release_versions').whereIn('id', ids).select('id', 'seq')) as { id: string; seq: number }[];
  return new Map(rows.map((r) => [r.id, r.seq]));
}

/** Display names of users (name, else e-mail). */
export async function namesOf(q: Q, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = (await q('profiles').whereIn('user_id', [...new Set(ids)]).select('user_id', 'name', 'email')) as {
    user_id: string;
    name: string | null;
    email: string | null;
  }[];
  return new Map(rows.map((r) => [r.user_id, r.name?.trim() || r.email || 'Χρήστης']));
}

/**
 * A release someone saved or restored a version of has been worked on: it is no longer an
 * untouched draft that housekeeping (or its last editor leaving) removes.
 */
export async function markWorkedOn(q: Q, releaseId: string): Promise<void> {
  await q('press_releases').where('id', releaseId).whereNull('edited_at').update({ edited_at: q.fn.now() });
}

export interface ResolvedSuggestionRow {
  id: string;
  kind: 'insertion' | 'deletion' | 'replace';
  excerpt: string;
  author_id: string | null;
  author_name: string | null;
  resolved_by: string | null;
  resolved_by_name: string | null;
  outcome: 'accepted' | 'rejected' | 'withdrawn' | 'edited';
  resolved_at: Date;
}

/** The release's suggested changes that ended in (from, to] (to null: until now): the review trail between two versions. */
export async function resolvedSuggestions(q: Q, releaseId: string, from: Date, to: Date | null, limit = 500): Promise<ResolvedSuggestionRow[]> {
  const query = q('release_suggestions as s');
  if (to) query.where('s.resolved_at', '<=', to);
  return (await query
    .leftJoin('profiles as ap', 'ap.user_id', 's.author_id')
    .leftJoin('profiles as dp', 'dp.user_id', 's.resolved_by')
    .where('s.press_release_id', releaseId)
    .whereNotNull('s.outcome')
    .where('s.resolved_at', '>', from)
    .select(
      's.id',
      's.kind',
      's.excerpt',
      's.author_id',
      's.resolved_by',
      's.outcome',
      's.resolved_at',
      q.raw("coalesce(nullif(btrim(ap.name), ''), ap.email) as author_name"),
      q.raw("coalesce(nullif(btrim(dp.name), ''), dp.email) as resolved_by_name"),
    )
    .orderBy([
      { column: 's.resolved_at', order: 'asc' },
      { column: 's.id', order: 'asc' },
    ])
    .limit(limit)) as ResolvedSuggestionRow[];
}
