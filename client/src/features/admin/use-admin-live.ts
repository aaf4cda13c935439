import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@shared/events';
import { getSocket } from '@client/realtime/socket';
import { refreshQueries } from '@client/lib/refresh';

type AdminEvent = 'admin:users_changed' | 'admin:media_lists_changed';

/**
 * Refetches the given queries whenever one of the events arrives (the server sends them
 * to every superadmin socket after a sign-up or an action), and after a reconnect.
 */
export function useAdminLive(events: AdminEvent[], queryKeys: readonly (readonly unknown[])[]): void {
  const qc = useQueryClient();
  const key = JSON.stringify([events, queryKeys]);
  useEffect(() => {
    const socket = getSocket();
    const refresh = () => {
      for (const k of queryKeys) void refreshQueries(qc, k);
    };
    for (const e of events) socket.on(e, refresh as ServerToClientEvents[typeof e]);
    socket.on('connect', refresh);
    return () => {
      for (const e of events) socket.off(e, refresh as ServerToClientEvents[typeof e]);
      socket.off('connect', refresh);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, qc]);
}
