import type { Knex } from 'knex';
import { rooms } from '../../../../shared/events';
import type { Push, Realtime } from '../../realtime/index';
import { markReleaseNoticeRead } from './release-notices';

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

/**
 * Stores notifications inside the caller's transaction; publish them after it commits. One
 * statement whatever their number, with one array parameter per column (a send's 1,000 or
 * 10,000 notifications are not 7 parameters each).
 */
export async function createNotifications(q: Knex | Knex.Transaction, items: NewNotification[]): Promise<NotificationRow[]> {
  if (!items.length) return [];
  const result = (await q.raw(
    `insert into notifications (user_id, kind, title, body, link, data, organisation_id)
     select * from unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::uuid[])
     returning *`,
    [
      items.map((n) => n.userId),
      items.map((n) => n.kind),
      items.map((n) => n.title),
      items.map((n) => n.body ?? null),
      items.map((n) => n.link ?? null),
      items.map((n) => JSON.stringify(n.data ?? {})),
      items.map((n) => n.organisationId ?? null),
    ] as unknown as Knex.RawBinding[],
  )) as { rows: NotificationRow[] };
  return result.rows;
}

/** A notification's push to its user's room (the bell and a toast). */
export function notificationPush(r: NotificationRow): Push {
  return { room: rooms.user(r.user_id), event: 'notification:new', args: [presentNotification(r)] };
}

/** Each notification's push to its user's room (the bell and a toast). */
export function notificationPushes(rows: NotificationRow[]): Push[] {
  return rows.map((r) => notificationPush(r));
}

/** After commit: push each notification to its user's room, all in one batch. */
export function publishNotifications(realtime: Realtime, rows: NotificationRow[]): void {
  realtime.broadcastMany(notificationPushes(rows));
}

/**
 * Reading a received release settles its notification: marked read, and the user's other
 * tabs (their bells) told at once. Returns the ids marked.
 */
export async function markReleaseNotificationsRead(db: Knex, realtime: Realtime, userId: string, releaseId: string): Promise<number[]> {
  const ids = await markReleaseNoticeRead(db, userId, releaseId);
  if (ids.length) realtime.broadcast(rooms.user(userId), 'notification:read', { ids });
  return ids;
}
