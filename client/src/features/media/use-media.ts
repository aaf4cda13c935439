import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import type { Category } from '@shared/constants';
import {
  INBOX_PAGE_SIZE,
  inboxList,
  inboxRelease,
  inboxStateResponse,
  mediaOverview,
  mediaPreferences,
  type InboxList,
  type ReadFilter,
} from '@shared/schemas/media';
import { api, ApiError } from '@client/api/http';
import { refreshQueries } from '@client/lib/refresh';

/** Every media-area query lives under this key, so one refresh brings all of them up to date. */
export const MEDIA_KEY = queryKeys.media;
const OVERVIEW_KEY = [...MEDIA_KEY, 'overview'] as const;
const INBOX_KEY = [...MEDIA_KEY, 'inbox'] as const;
const RELEASE_KEY = [...MEDIA_KEY, 'release'] as const;
const PREFERENCES_KEY = [...MEDIA_KEY, 'preferences'] as const;

export interface InboxFilters {
  q: string;
  category: Category | 'all';
  read: ReadFilter;
  bookmarked: boolean;
}

export const NO_FILTERS: InboxFilters = { q: '', category: 'all', read: 'all', bookmarked: false };

export function useMediaOverview() {
  return useQuery({ queryKey: OVERVIEW_KEY, queryFn: ({ signal }) => api('GET', '/media/overview', { schema: mediaOverview, signal }) });
}

/** The inbox, a page at a time ("load more" fetches the next page). */
export function useInbox(f: InboxFilters, pageSize: number = INBOX_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...INBOX_KEY, f, pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q: f.q, category: f.category, read: f.read, limit: String(pageSize) });
      if (pageParam) params.set('cursor', pageParam);
      if (f.bookmarked) params.set('bookmarked', 'true');
      return api('GET', `/media/inbox?${params.toString()}`, { schema: inboxList, signal });
    },
    // Keyset pagination: the next page starts after the last one's end, whatever arrived meanwhile.
    getNextPageParam: (last: InboxList) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useInboxRelease(releaseId: string) {
  return useQuery({
    queryKey: [...RELEASE_KEY, releaseId],
    queryFn: ({ signal }) => api('GET', `/media/inbox/${releaseId}`, { schema: inboxRelease, signal }),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}

export function useMediaPreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: ({ signal }) => api('GET', '/media/preferences', { schema: mediaPreferences, signal }) });
}

/** After any change: refetch everything of the media area (counters, lists, the open release). */
function useRefreshMedia() {
  const qc = useQueryClient();
  return () => refreshQueries(qc, MEDIA_KEY);
}

export function useBookmark() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: ({ releaseId, on }: { releaseId: string; on: boolean }) =>
      api(on ? 'PUT' : 'DELETE', `/media/inbox/${releaseId}/bookmark`, { schema: inboxStateResponse }),
    onSettled: refresh,
  });
}

export function useReadState() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: ({ releaseId, read }: { releaseId: string; read: boolean }) =>
      api(read ? 'POST' : 'DELETE', `/media/inbox/${releaseId}/read`, { schema: inboxStateResponse }),
    onSettled: refresh,
  });
}

/** A preferences write; the answer is the new preferences. */
export function usePreferenceChange<V>(send: (value: V) => Promise<unknown>) {
  const refresh = useRefreshMedia();
  return useMutation({ mutationFn: send, onSettled: refresh });
}

export const preferenceCalls = {
  categories: (categories: Category[]) => api('PUT', '/media/preferences/categories', { body: { categories }, schema: mediaPreferences }),
  dailyLimit: (dailyLimit: number | null) => api('PUT', '/media/preferences/daily-limit', { body: { dailyLimit }, schema: mediaPreferences }),
  digest: (digest: 'none' | 'daily' | 'weekly') => api('PUT', '/media/preferences/digest', { body: { digest }, schema: mediaPreferences }),
  block: (senderId: string) => api('POST', '/media/blocked-senders', { body: { senderId }, schema: mediaPreferences }),
  unblock: (senderId: string) => api('DELETE', `/media/blocked-senders/${senderId}`, { schema: mediaPreferences }),
  resubscribe: () => api('DELETE', '/media/preferences/unsubscribe-all', { schema: mediaPreferences }),
};


/**
 * While a release is under embargo: the media area refetches once the embargo's end has
 * passed (a second later), should the server's live word (inbox:changed, reason 'embargo')
 * not arrive, so its banner never outlives the embargo.
 */
export function useEmbargoLift(embargoed: boolean, until: string | null) {
  const refresh = useRefreshMedia();
  useEffect(() => {
    if (!embargoed || !until) return;
    const wait = Date.parse(until) - Date.now() + 1_000;
    // setTimeout holds at most ~24.8 days; a later embargo is refetched by the page's next visit.
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refresh(), Math.max(0, wait));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [embargoed, until]);
}
