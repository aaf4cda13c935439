/** A release's pending suggested changes (kept fresh by 'release:review') and the calls that accept or reject them. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { suggestionListSchema, suggestionResolvedSchema } from '@shared/schemas/suggestions';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

export const useSuggestions = (releaseId: string) =>
  useQuery({
    queryKey: queryKeys.suggestions(releaseId),
    queryFn: ({ signal }) => api('GET', `/releases/${releaseId}/suggestions`, { schema: suggestionListSchema, signal }),
  });

/** One suggestion by its id, or 'all' of them. */
type Decision = { outcome: 'accept' | 'reject'; id: string };

export function useDecideSuggestion(releaseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ outcome, id }: Decision) =>
      api('POST', id === 'all' ? `/releases/${releaseId}/suggestions/${outcome}-all` : `/releases/${releaseId}/suggestions/${encodeURIComponent(id)}/${outcome}`, {
        schema: suggestionResolvedSchema,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.suggestions(releaseId) }),
  });
}
