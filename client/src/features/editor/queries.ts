/**
 * The editor's data: the release's state, its attachments, the media lists it can go to,
 * the send preview and the test e-mail, each parsed with the shared schemas, with keys from
 * api/query-keys.ts (kept fresh live by realtime/live-queries.ts), and the calls its actions make.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { attachmentListSchema, attachmentSchema } from '@shared/schemas/attachments';
import { mediaListSummarySchema, releaseStateSchema, sendPreviewSchema, testEmailSchema, type TestEmail } from '@shared/schemas/editor';
import { releaseCreated, releaseDetail } from '@shared/schemas/releases';
import { ApiError, api, uploadFile } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { authClient } from '@client/auth/client';

const fetchState = (releaseId: string) => api('GET', `/releases/${releaseId}/state`, { schema: releaseStateSchema });

export const useReleaseState = (releaseId: string) => useQuery({ queryKey: queryKeys.releaseState(releaseId), queryFn: () => fetchState(releaseId) });

/** The state as the server has it now (not from the cache), stored for the screen too. */
export const fetchFreshState = (qc: QueryClient, releaseId: string) =>
  qc.fetchQuery({ queryKey: queryKeys.releaseState(releaseId), queryFn: () => fetchState(releaseId), staleTime: 0 });

/**
 * The release as its organisation's member opens it (with `my_role`, the caller's role there,
 * which decides what the editor lets them do). A 404 is an answer, not a failure to retry.
 */
export const useReleaseExists = (releaseId: string) =>
  useQuery({
    queryKey: queryKeys.releaseExists(releaseId),
    queryFn: () => api('GET', `/releases/${releaseId}`, { schema: releaseDetail }),
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  });

export const useAttachments = (releaseId: string) =>
  useQuery({ queryKey: queryKeys.attachments(releaseId), queryFn: () => api('GET', `/releases/${releaseId}/attachments`, { schema: attachmentListSchema }) });

export const useMediaListsSummary = () =>
  useQuery({ queryKey: queryKeys.mediaListsSummary, queryFn: () => api('GET', '/media-lists/summary', { schema: mediaListSummarySchema }) });

/** Recipients and preview as they are now: every opening of the send dialog loads it afresh. */
export const useSendPreview = (releaseId: string) =>
  useQuery({
    queryKey: queryKeys.sendPreview(releaseId),
    queryFn: ({ signal }) => api('GET', `/releases/${releaseId}/send-preview`, { schema: sendPreviewSchema, signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const testEmailDone = (m: TestEmail | undefined | null) => m?.status === 'sent' || m?.status === 'failed' || m?.status === 'suppressed';

/** Follows a test e-mail once a second until it is sent or failed. */
export const useTestEmail = (releaseId: string, mail: TestEmail | null) =>
  useQuery({
    queryKey: queryKeys.testEmail(releaseId, mail?.id),
    queryFn: ({ signal }) => api('GET', `/releases/${releaseId}/test-email/${mail!.id}`, { schema: testEmailSchema, signal }),
    enabled: mail !== null && !testEmailDone(mail),
    refetchInterval: (q) => (testEmailDone(q.state.data) ? false : 1000),
    gcTime: 0,
  });

/**
 * The session the live document's connections authenticate with: its access token, sent as
 * each connection's first message (no ticket round trip). `current` is read as a socket opens,
 * so y-websocket's own reconnects take the latest token; `valid` refreshes one about to expire
 * first (before connecting); `refreshed` is a new one after the server said 4401 (null: the
 * session is over, and the app signs out).
 */
export const collabSession = {
  current: (): string | null => authClient.getSession()?.access_token ?? null,
  valid: (): Promise<string | null> => authClient.getAccessToken(),
  refreshed: (): Promise<string | null> => authClient.refresh().then((s) => s?.access_token ?? null),
};

/** What the editor's actions change. */
export const editorCalls = {
  createDraft: () => api('POST', '/releases', { schema: releaseCreated }),
  transition: (releaseId: string, path: 'save' | 'send' | 'schedule', scheduledAt?: string) =>
    api('POST', `/releases/${releaseId}/${path}`, { body: scheduledAt ? { scheduledAt } : undefined, schema: releaseStateSchema }),
  sendTestEmail: (releaseId: string) => api('POST', `/releases/${releaseId}/test-email`, { schema: testEmailSchema }),
  addAttachment: (releaseId: string, file: File) => uploadFile(`/releases/${releaseId}/attachments`, file, attachmentSchema),
  removeAttachment: (releaseId: string, attachmentId: string) => api('DELETE', `/releases/${releaseId}/attachments/${attachmentId}`),
};
