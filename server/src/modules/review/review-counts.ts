import type { Knex } from 'knex';

type Q = Knex | Knex.Transaction;

export interface ReviewCount {
  /** Unresolved comment threads (their first comment not deleted; detached ones included). */
  openComments: number;
  /** Suggested changes in the text not yet accepted or rejected. */
  pendingSuggestions: number;
}

/**
 * The open comment threads of the release aliased `alias` in the outer query, as a subquery
 * (for lists that read the counts in their own select: the approval views, the release list).
 */
export function openCommentsOf(q: Q, alias: string): Knex.QueryBuilder {
  return q('release_comments as c')
    .whereRaw(`c.press_release_id = ${alias}.id`)
    .whereNull('c.thread_id')
    .whereNull('c.resolved_at')
    .whereNull('c.deleted_at')
    .count('*');
}

/**
 * How much review is open on each release: one read over the comments and the release rows,
 * for the editor's badges, the release list, the approval queue and the approval gate (the
 * comments and suggestions modules write these; neither calls the other).
 */
export async function reviewCounts(q: Q, releaseIds: string[]): Promise<Map<string, ReviewCount>> {
  const ids = [...new Set(releaseIds)];
  const out = new Map<string, ReviewCount>(ids.map((id) => [id, { openComments: 0, pendingSuggestions: 0 }]));
  if (!ids.length) return out;
  const rows = (await q('press_releases as p')
    .whereIn('p.id', ids)
    .select(
      'p.id',
      'p.pending_suggestions',
      openCommentsOf(q, 'p').as('open_comments'),
    )) as { id: string; pending_suggestions: number; open_comments: string | number }[];
  for (const r of rows) out.set(r.id, { openComments: Number(r.open_comments), pendingSuggestions: Number(r.pending_suggestions) });
  return out;
}

export async function reviewCountOf(q: Q, releaseId: string): Promise<ReviewCount> {
  return (await reviewCounts(q, [releaseId])).get(releaseId) ?? { openComments: 0, pendingSuggestions: 0 };
}
