import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationList } from '@shared/schemas/notifications';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { useSession } from '@client/stores/session';
import { refreshQueries } from '@client/lib/refresh';

export const NOTIFICATIONS_KEY = queryKeys.notifications;

/** The bell's data: own notifications and the unread count (kept live by useLiveQueries). */
export function useNotifications() {
  const userId = useSession((s) => s.profile?.user_id ?? null);
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, userId],
    queryFn: () => api('GET', '/notifications', { schema: notificationList }),
    enabled: Boolean(userId),
  });


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
