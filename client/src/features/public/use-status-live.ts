import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getSocket } from '@client/realtime/socket';
import { statusQueryKey } from './public-api';
import { refreshQueries } from '@client/lib/refresh';

/** Refetches the status page whenever the server says it changed. */
export function useStatusLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onChanged = () => void refreshQueries(queryClient, statusQueryKey);
    socket.on('status:changed', onChanged);
    // After a reconnect we may have missed an event.
    socket.on('connect', onChanged);
    return () => {
      socket.off('status:changed', onChanged);
      socket.off('connect', onChanged);
    };
  }, [queryClient]);
}
