import type { Knex } from 'knex';
import type { Version } from '../../../../shared/schemas/versions';
import { namesOf, seqsOf, type VersionRow } from './versions.repo';

export const formatSeqLabel = (v: Pick<VersionRow, 'seq'>) => `Έκδοση ${v.seq}`;

/** Versions as the history panel shows them: authors by name, and which version a restore brought back. */
export async function presentVersions(q: Knex | Knex.Transaction, rows: VersionRow[]): Promise<Version[]> {
  const names = await namesOf(
    q,
    rows.flatMap((r) => [...r.author_ids, ...(r.created_by ? [r.created_by] : [])]),
  );
  const seqs = await seqsOf(
    q,
    rows.flatMap((r) => (r.restored_from ? [r.restored_from] : [])),
  );
  return rows.map((r) => {
    const ids = r.author_ids.length ? r.author_ids : r.created_by ? [r.created_by] : [];
    return {
      id: r.id,
      seq: r.seq,
      kind: r.kind,
      name: r.name,
      title: r.title,
      authors: ids.map((id) => ({ id, name: names.get(id) ?? 'Χρήστης' })),
      createdAt: new Date(r.created_at).toISOString(),
      charsAdded: r.chars_added,
      charsRemoved: r.chars_removed,
      restoredFrom: r.restored_from ? { id: r.restored_from, seq: seqs.get(r.restored_from) ?? 0 } : null,
      undoVersionId: r.undo_version_id,
    };
  });
}
