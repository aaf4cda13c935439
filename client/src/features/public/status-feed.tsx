import { useEffect } from 'react';
import { withQueryClient } from '@client/api/query-client';
import { useStatus } from './public-api';
import { viewOf, type StatusView } from './status-labels';
import { useStatusLive } from './use-status-live';

/**
 * The status page's live part, loaded once the page is up: reads the status (parsed with
 * the shared schema) and refetches it whenever the server says it changed and after a
 * reconnect (the events→keys map, realtime/live-queries.ts). Loading it once more after a
 * server-rendered page also covers a change made between the render and the subscription.
 * Renders nothing; hands each answer to the page: the status, or "unavailable" when it
 * could not be read (the live connection dropping makes it read the status again, so a
 * server that went away shows as unavailable rather than as it was).
 */
export const StatusFeed = withQueryClient(function StatusFeed({
  onChange,
}: {
  onChange: (view: StatusView) => void;
}) {
  const { data, isFetched } = useStatus();
  useStatusLive();
  useEffect(() => {
    if (isFetched && data !== undefined) onChange(viewOf(data));
  }, [data, isFetched, onChange]);
  return null;
});
