import type { Knex } from 'knex';
import { rooms } from '../../../../shared/events';
import type { Realtime } from '../../realtime/index';
import { markReleaseRead } from './notifications.repo';

export interface NewNotification {
  userId: string;
  kind: string;
  title: string;
  body?: string | null;
  link?: string | null;
  data?: Record<string, unknown>;
  /** The organisation whose work this is about: the bell shows it while that organisation is active. */
  organisationId?: string | null;
}

export interface NotificationRow {
  id: number;
  user_id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  data: Record<string, unknown>;
  organisation_id: string | null;
  read_at: Date | null;
  created_at: Date;
}

export interface NotificationDto {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  link: string | null;
  data: Record<string, unknown>;
  organisationId: string | null;
  readAt: string | null;
  createdAt: string;
}

export function presentNotification(r: NotificationRow): NotificationDto {
  return {
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    data: r.data ?? {},
    organisationId: r.organisation_id ?? null,
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Stores notifications inside the caller's transaction; publish them after it commits. */
export async function createNotifications(q: Knex | Knex.Transaction, items: NewNotification[]): Promise<NotificationRow[]> {
  if (!items.length) return [];
  return (await q('notifications')
    .insert(
      items.map((n) => ({
        user_id: n.userId,
        kind: n.kind,
        title: n.title,
        body: n.body ?? null,
        link: n.link ?? null,
        data: JSON.stringify(n.data ?? {}),
        organisation_id: n.organisationId ?? null,
      })),
    )
    .returning('*')) as NotificationRow[];
}

/** After commit: push each notification to its user's room (the bell and a toast). */
export function publishNotifications(realtime: Realtime, rows: NotificationRow[]): void {
  for (const r of rows) realtime.broadcast(rooms.user(r.user_id), 'notification:new', presentNotification(r));
}

/**
 * Reading a received release settles its notification: marked read, and the user's other
 * tabs (their bells) told at once. Returns the ids marked.
 */
export async function markReleaseNotificationsRead(db: Knex, realtime: Realtime, userId: string, releaseId: string): Promise<number[]> {
  const ids = await markReleaseRead(db, userId, releaseId);
  if (ids.length) realtime.broadcast(rooms.user(userId), 'notification:read', { ids });
  return ids;
}
