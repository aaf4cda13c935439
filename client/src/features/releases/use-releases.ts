import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { releaseDetail, releaseListResponse } from '@shared/schemas/releases';
import type { Category, ReleaseStatus } from '@shared/constants';
import { api } from '@client/api/http';
import { getSocket } from '@client/realtime/socket';
import { refreshQueries } from '@client/lib/refresh';

export const RELEASES_KEY = ['releases'] as const;

export interface ReleaseFilters {
  q: string;
  category: Category | 'all';
  status: ReleaseStatus | 'all';
  page: number;
}

export function useReleaseList(f: ReleaseFilters) {
  const params = new URLSearchParams({ q: f.q, category: f.category, status: f.status, page: String(f.page) });
  return useQuery({
    queryKey: [...RELEASES_KEY, 'list', f],
    queryFn: ({ signal }) => api('GET', `/releases?${params.toString()}`, { schema: releaseListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Any change to the client's releases (this tab or another) refreshes lists and the dashboard. */
export function useReleasesLive() {
  const qc = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onChange = () => {
      void refreshQueries(qc, RELEASES_KEY);
      void refreshQueries(qc, ['client-dashboard']);
    };
    socket.on('releases:changed', onChange);
    return () => {
      socket.off('releases:changed', onChange);
    };
  }, [qc]);
}

export function useDuplicateRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST', `/releases/${id}/duplicate`, { schema: releaseDetail }),
    onSettled: () => refreshQueries(qc, RELEASES_KEY),
  });
}

export function useDeleteRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `/releases/${id}`),
    onSettled: () => refreshQueries(qc, RELEASES_KEY),
  });
}
