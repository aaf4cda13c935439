/** A release's version history: the list, compares, and the calls of the history panel. */
import { useQuery } from '@tanstack/react-query';
import { compareSchema, restoreResultSchema, versionListSchema, versionSchema } from '@shared/schemas/versions';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

export const useVersions = (releaseId: string) =>
  useQuery({
    queryKey: queryKeys.versions(releaseId),
    queryFn: ({ signal }) => api('GET', `/releases/${releaseId}/versions`, { schema: versionListSchema, signal }),
  });

export const useVersionCompare = (releaseId: string, pair: { a: string; b: string } | null) =>
  useQuery({
    queryKey: queryKeys.versionCompare(releaseId, pair?.a ?? '', pair?.b ?? ''),
    queryFn: ({ signal }) => api('GET', `/releases/${releaseId}/versions/compare?a=${pair!.a}&b=${pair!.b}`, { schema: compareSchema, signal }),
    enabled: pair !== null,
    staleTime: 0,
  });

export const versionCalls = {
  save: (releaseId: string, name: string) => api('POST', `/releases/${releaseId}/versions`, { body: { name }, schema: versionSchema }),
  restore: (releaseId: string, versionId: string) => api('POST', `/releases/${releaseId}/versions/${versionId}/restore`, { schema: restoreResultSchema }),
};
