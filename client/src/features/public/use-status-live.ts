import { useLiveQueries } from '@client/realtime/use-live-queries';

/** The status page refetches whenever the server says it changed (status:changed), and after a reconnect. */
export const useStatusLive = useLiveQueries;
