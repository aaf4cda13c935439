import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import { z } from 'zod';
import { releaseDetail, releaseListResponse } from '@shared/schemas/releases';
import type { Category, ReleaseStatus } from '@shared/constants';
import { api } from '@client/api/http';
import { refreshQueries } from '@client/lib/refresh';

export const RELEASES_KEY = queryKeys.releases;

export interface ReleaseFilters {
  q: string;
  category: Category | 'all';
  status: ReleaseStatus | 'all';
  page: number;
  /** Only the releases I created or edited («Μόνο δικά μου»); else the whole organisation's. */
  mine: boolean;
}

export function useReleaseList(f: ReleaseFilters) {
  const params = new URLSearchParams({ q: f.q, category: f.category, status: f.status, page: String(f.page), mine: String(f.mine) });
  return useQuery({
    queryKey: [...RELEASES_KEY, 'list', f],
    queryFn: ({ signal }) => api('GET', `/releases?${params.toString()}`, { schema: releaseListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}


export function useDuplicateRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST', `/releases/${id}/duplicate`, { schema: releaseDetail }),
    onSettled: () => refreshQueries(qc, RELEASES_KEY),
  });
}

/** DELETE /releases/:id: a draft (or a scheduled release) is deleted for good, a sent one archived. */
export const removeOutcome = z.object({ outcome: z.enum(['deleted', 'archived']) });

export function useDeleteRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `/releases/${id}`, { schema: removeOutcome }),
    onSettled: () => refreshQueries(qc, RELEASES_KEY),
  });
}
