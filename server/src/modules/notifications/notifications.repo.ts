import type { Knex } from 'knex';
import type { NotificationRow } from './notifications.service';

/**
 * What a user's bell shows: their own notifications, and of those about an organisation's work
 * only the active organisation's (`scope`; undefined: no organisation filter, e.g. a journalist).
 */
export type BellScope = { organisationId: string | null } | undefined;

function inScope(query: Knex.QueryBuilder, scope: BellScope): Knex.QueryBuilder {
  if (!scope) return query;
  return query.where((w) => {
    void w.whereNull('organisation_id');
    if (scope.organisationId) void w.orWhere('organisation_id', scope.organisationId);
  });
}

export async function listForUser(q: Knex | Knex.Transaction, userId: string, limit: number, scope?: BellScope): Promise<NotificationRow[]> {
  return (await inScope(q('notifications'), scope)
    .where('user_id', userId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('*')) as NotificationRow[];
}

export async function unreadCount(q: Knex | Knex.Transaction, userId: string, scope?: BellScope): Promise<number> {
  const [row] = (await inScope(q('notifications'), scope)
    .where('user_id', userId)
    .whereNull('read_at')
    .select(q.raw('count(*)::int as n'))) as { n: number }[];
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; undefined when it is not theirs. */
export async function markRead(q: Knex | Knex.Transaction, userId: string, id: number): Promise<NotificationRow | undefined> {
  const existing = await q('notifications').where({ id, user_id: userId }).first<NotificationRow | undefined>('*');
  if (!existing) return undefined;
  if (existing.read_at) return existing;
  const [row] = (await q('notifications')
    .where({ id, user_id: userId })
    .update({ read_at: q.fn.now() })
    .returning('*')) as NotificationRow[];
  return row;
}

/** Marks read the user's unread notifications of a received release; the ids changed. */
export async function markReleaseRead(q: Knex | Knex.Transaction, userId: string, releaseId: string): Promise<number[]> {
  const rows = (await q('notifications')
    .where({ user_id: userId, kind: 'press_release.received' })
    .whereNull('read_at')
    .whereRaw("data->>'press_release_id' = ?", [releaseId])
    .update({ read_at: q.fn.now() })
    .returning('id')) as { id: number | string }[];
  return rows.map((r) => Number(r.id));
}

export async function markAllRead(q: Knex | Knex.Transaction, userId: string, scope?: BellScope): Promise<number> {
  return inScope(q('notifications'), scope).where('user_id', userId).whereNull('read_at').update({ read_at: q.fn.now() });
}
