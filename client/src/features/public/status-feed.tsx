import { useEffect } from 'react';
import type { StatusResponse } from '@shared/schemas/public-site';
import { withQueryClient } from '@client/api/query-client';
import { useStatus } from './public-api';
import { useStatusLive } from './use-status-live';

/**
 * The status page's live part, loaded once the page is up: reads the status (parsed with
 * the shared schema) and refetches it whenever the server says it changed and after a
 * reconnect (the events→keys map, realtime/live-queries.ts). Loading it once more after a
 * server-rendered page also covers a change made between the render and the subscription.
 * Renders nothing; hands each answer to the page (a failed load keeps what it shows).
 */
export const StatusFeed = withQueryClient(function StatusFeed({
  onChange,
}: {
  onChange: (status: StatusResponse) => void;
}) {
  const { data } = useStatus();
  useStatusLive();
  useEffect(() => {
    if (data) onChange(data);
  }, [data, onChange]);
  return null;
});
