/**
 * A release's comment threads: read with the shared schema under queryKeys.comments (kept fresh
 * live by the 'release:comments' event), and the calls that change them. Every call answers
 * with what changed; the list refetches for the caller at once, the others on the event.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commentListSchema, commentSchema, threadSchema, type CommentTextBody, type CreateCommentBody } from '@shared/schemas/review';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

export const useComments = (releaseId: string) =>
  useQuery({
    queryKey: queryKeys.comments(releaseId),
    queryFn: ({ signal }) => api('GET', `/releases/${releaseId}/comments`, { schema: commentListSchema, signal }),
  });

export const commentCalls = {
  create: (releaseId: string, body: CreateCommentBody) => api('POST', `/releases/${releaseId}/comments`, { body, schema: threadSchema }),
  reply: (commentId: string, body: CommentTextBody) => api('POST', `/comments/${commentId}/replies`, { body, schema: commentSchema }),
  edit: (commentId: string, body: CommentTextBody) => api('PATCH', `/comments/${commentId}`, { body, schema: commentSchema }),
  remove: (commentId: string) => api('DELETE', `/comments/${commentId}`),
  resolve: (threadId: string) => api('POST', `/comments/${threadId}/resolve`, { schema: threadSchema }),
  reopen: (threadId: string) => api('POST', `/comments/${threadId}/reopen`, { schema: threadSchema }),
};

/** A comment call that refetches the release's threads once it is done (the caller's own screen does not wait for the event). */
export function useCommentAction<A extends unknown[], R>(releaseId: string, call: (...args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => call(...args),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.comments(releaseId) }),
  });
}
