import { rooms } from '../../../../shared/events';
import { NOTIFICATIONS_LIMIT, notificationIdParams } from '../../../../shared/schemas/notifications';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { valid, validate } from '../../http/validate';
import * as repo from './notifications.repo';
import { presentNotification } from './notifications.service';

/** The bell: own notifications (newest first) with the unread count; mark one or all read. */
export function notificationRoutes(api: ApiRouter, { db, realtime }: AppContext): void {
  api.get('/notifications', 'authenticated', async (_req, res) => {
    const { userId } = actorOf(res);
    const [rows, unreadCount] = [await repo.listForUser(db, userId, NOTIFICATIONS_LIMIT), await repo.unreadCount(db, userId)];
    res.json({ items: rows.map(presentNotification), unreadCount });
  });

  api.post('/notifications/read-all', 'authenticated', async (_req, res) => {
    const { userId } = actorOf(res);
    const updated = await repo.markAllRead(db, userId);
    if (updated > 0) realtime.broadcast(rooms.user(userId), 'notification:read', { ids: 'all' });
    res.json({ updated, unreadCount: 0 });
  });

  api.post('/notifications/:id/read', 'authenticated', validate('params', notificationIdParams), async (_req, res) => {
    const { userId } = actorOf(res);
    const { id } = valid(res, 'params', notificationIdParams);
    const row = await repo.markRead(db, userId, id);
    if (!row) throw notFound('Notification not found');
    realtime.broadcast(rooms.user(userId), 'notification:read', { ids: [id] });
    res.json({ notification: presentNotification(row), unreadCount: await repo.unreadCount(db, userId) });
  });
}
