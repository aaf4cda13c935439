/**
 * The writing assistant's data: the review of the live text (spelling and checks), the
 * suggestions, and the organisation's dictionary (kept fresh live by realtime/live-queries.ts
 * through `workspace:dictionary_changed`), parsed with the shared schemas.
 */
import { useQuery } from '@tanstack/react-query';
import { dictionaryResponse, dictionaryWord, reviewResponse, suggestionsResponse, type ReviewBody } from '@shared/schemas/assistant';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

export const useWorkspaceDictionary = (workspaceId: string | null) =>
  useQuery({
    queryKey: queryKeys.workspaceDictionary(workspaceId ?? 'none'),
    queryFn: ({ signal }) => api('GET', `/organisations/${workspaceId}/dictionary`, { schema: dictionaryResponse, signal }),
    enabled: workspaceId !== null,
  });

export const assistantCalls = {
  review: (body: ReviewBody, signal?: AbortSignal) => api('POST', '/assistant/review', { body, schema: reviewResponse, signal }),
  suggestions: (title: string, text: string) => api('POST', '/assistant/suggestions', { body: { title, text }, schema: suggestionsResponse }),
  addWord: (workspaceId: string, word: string) => api('POST', `/organisations/${workspaceId}/dictionary`, { body: { word }, schema: dictionaryWord }),
  removeWord: (workspaceId: string, wordId: string) => api('DELETE', `/organisations/${workspaceId}/dictionary/${wordId}`),
};
