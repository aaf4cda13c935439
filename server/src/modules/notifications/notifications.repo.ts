import type { Knex } from 'knex';
import type { NotificationRow } from './notifications.service';
import { markAllNoticesRead, markNoticeRead, newestNotices, unreadNotices } from './release-notices';

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

/** Newest first (by time, then id): the two lists merged and cut to the limit. */
const newestFirst = (a: NotificationRow, b: NotificationRow) =>
  new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || Number(b.id) - Number(a.id);

/**
 * The user's bell, newest first: their notifications and the notices of the releases they
 * received (release-notices.ts: read from the deliveries, not stored twice).
 */
export async function listForUser(q: Knex | Knex.Transaction, userId: string, limit: number, scope?: BellScope): Promise<NotificationRow[]> {
  const stored = (await inScope(q('notifications'), scope)
    .where('user_id', userId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select('*')) as NotificationRow[];
  const notices = await newestNotices(q, userId, limit);
  return [...stored, ...notices].sort(newestFirst).slice(0, limit);
}

export async function unreadCount(q: Knex | Knex.Transaction, userId: string, scope?: BellScope): Promise<number> {
  const [row] = (await inScope(q('notifications'), scope)
    .where('user_id', userId)
    .whereNull('read_at')
    .select(q.raw('count(*)::int as n'))) as { n: number }[];
  return Number(row?.n ?? 0) + (await unreadNotices(q, userId));
}

/** Marks one of the user's notifications (or release notices) read; undefined when it is not theirs. */
export async function markRead(q: Knex | Knex.Transaction, userId: string, id: number): Promise<NotificationRow | undefined> {
  const existing = await q('notifications').where({ id, user_id: userId }).first<NotificationRow | undefined>('*');
  if (!existing) return markNoticeRead(q, userId, id);
  if (existing.read_at) return existing;
  const [row] = (await q('notifications')
    .where({ id, user_id: userId })
    .update({ read_at: q.fn.now() })
    .returning('*')) as NotificationRow[];
  return row;
}

export async function markAllRead(q: Knex | Knex.Transaction, userId: string, scope?: BellScope): Promise<number> {
  const stored = await inScope(q('notifications'), scope).where('user_id', userId).whereNull('read_at').update({ read_at: q.fn.now() });
  return stored + (await markAllNoticesRead(q, userId));
}
