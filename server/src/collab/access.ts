import type { Knex } from 'knex';

/**
 * Who may open a release's document: its owner, and the members of the owner's workspace.
 * Returns the release row when allowed, undefined otherwise (unknown and forbidden look alike).
 */
export async function editableRelease(
  q: Knex | Knex.Transaction,
  userId: string,
  releaseId: string,
): Promise<{ id: string; client_id: string; status: string; title: string; content_text: string; category: string | null; media_list_categories: string[] } | undefined> {
  return q('press_releases as r')
    .where('r.id', releaseId)
    .andWhere((w) => {
      void w.where('r.client_id', userId).orWhereExists(
        q('organisation_members as m')
          .join('organisations as ws', 'ws.id', 'm.organisation_id')
          .where('m.user_id', userId)
          .andWhere((x) => {
            void x.whereRaw('ws.id = r.organisation_id').orWhereRaw('ws.created_by = r.client_id');
          })
          .select(q.raw('1')),
      );
    })
    .first('r.id', 'r.client_id', 'r.status', 'r.title', 'r.content_text', 'r.category', 'r.media_list_categories');
}
