import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationList, type NotificationList } from '@shared/schemas/notifications';
import { api } from '@client/api/http';
import { toast } from '@client/components/ui/use-toast';
import { getSocket } from '@client/realtime/socket';
import { useSession } from '@client/stores/session';
import { refreshQueries } from '@client/lib/refresh';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** The bell's data: own notifications and the unread count, kept live over Socket.IO. */
export function useNotifications() {
  const userId = useSession((s) => s.profile?.user_id ?? null);
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, userId],
    queryFn: () => api('GET', '/notifications', { schema: notificationList }),
    enabled: Boolean(userId),
  });

  useEffect(() => {
    if (!userId) return;
    const socket = getSocket();
    const onNew = (n: NotificationList['items'][number]) => {
      qc.setQueryData<NotificationList>([...NOTIFICATIONS_KEY, userId], (old) =>
        old
          ? {
              items: [n, ...old.items.filter((i) => i.id !== n.id)].slice(0, 30),
              unreadCount: old.unreadCount + (n.readAt ? 0 : 1),
            }
          : old,
      );
      void refreshQueries(qc, NOTIFICATIONS_KEY);
      toast({ title: n.title, description: n.body ?? undefined });
    };
    const onRead = () => void refreshQueries(qc, NOTIFICATIONS_KEY);
    // After a reconnect we may have missed events.
    const onConnect = () => void refreshQueries(qc, NOTIFICATIONS_KEY);
    socket.on('notification:new', onNew);
    socket.on('notification:read', onRead);
    socket.on('connect', onConnect);
    return () => {
      socket.off('notification:new', onNew);
      socket.off('notification:read', onRead);
      socket.off('connect', onConnect);
    };
  }, [qc, userId]);

  const markRead = useMutation({
    mutationFn: (id: number) => api('POST', `/notifications/${id}/read`),
    onSuccess: () => refreshQueries(qc, NOTIFICATIONS_KEY),
    onError: (err) => console.error('Could not mark the notification read', err),
  });
  const markAll = useMutation({
    mutationFn: () => api('POST', '/notifications/read-all'),
    onSuccess: () => refreshQueries(qc, NOTIFICATIONS_KEY),
    onError: (err) => console.error('Could not mark the notifications read', err),
  });

  return { query, markRead, markAll };
}
