import { rooms } from '../../../../shared/events';
import { NOTIFICATIONS_LIMIT, notificationIdParams } from '../../../../shared/schemas/notifications';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import { activeMembership } from '../organisations/access';
import type { Actor } from '../../http/authenticate';
import type { Db } from '../../db/knex';
import * as repo from './notifications.repo';

/** A client's bell follows the active organisation; a client of none sees only their own notices. */
async function bellScope(db: Db, actor: Actor): Promise<repo.BellScope> {
  if (actor.role !== 'client') return undefined;
  const m = await activeMembership(db, actor).catch(() => null);
  return { organisationId: m?.organisationId ?? null };
}
import { presentNotification } from './notifications.service';

/** The bell: own notifications (newest first) with the unread count; mark one or all read. */
export function notificationRoutes(api: ApiRouter, { db, realtime }: AppContext): void {
  api.get('/notifications', 'authenticated', async (_req, res) => {
    const actor = actorOf(res);
    const scope = await bellScope(db, actor);
    const [rows, unreadCount] = [await repo.listForUser(db, actor.userId, NOTIFICATIONS_LIMIT, scope), await repo.unreadCount(db, actor.userId, scope)];
    res.json({ items: rows.map(presentNotification), unreadCount });
  });

  api.post('/notifications/read-all', 'authenticated', async (_req, res) => {
    const actor = actorOf(res);
    const { userId } = actor;
    const updated = await repo.markAllRead(db, userId, await bellScope(db, actor));
    if (updated > 0) realtime.broadcast(rooms.user(userId), 'notification:read', { ids: 'all' });
    res.json({ updated, unreadCount: 0 });
  });

  api.post('/notifications/:id/read', 'authenticated', validate('params', notificationIdParams), async (_req, res) => {
    const actor = actorOf(res);
    const { userId } = actor;
    const { id } = valid(res, 'params', notificationIdParams);
    const row = await repo.markRead(db, userId, id);
    if (!row) throw notFound('Notification not found');
    realtime.broadcast(rooms.user(userId), 'notification:read', { ids: [id] });
    res.json({ notification: presentNotification(row), unreadCount: await repo.unreadCount(db, userId, await bellScope(db, actor)) });
  });
}
