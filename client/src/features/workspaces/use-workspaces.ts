import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import {
  invitationAcceptedSchema,
  invitationCreatedSchema,
  invitationsResponse,
  workspacesResponse,
} from '@shared/schemas/workspaces';
import { api } from '@client/api/http';
import { refreshQueries } from '@client/lib/refresh';

export const WORKSPACES_KEY = queryKeys.workspaces;
export const invitationsKey = queryKeys.invitations;

/** The workspaces the signed-in client belongs to, with their members and the caller's role. */
export function useWorkspaces() {
  return useQuery({
    queryKey: WORKSPACES_KEY,
    queryFn: ({ signal }) => api('GET', '/workspaces', { schema: workspacesResponse, signal }),
    select: (d) => d.workspaces,
  });
}

export function useInvitations(workspaceId: string | null) {
  return useQuery({
    queryKey: invitationsKey(workspaceId ?? ''),
    queryFn: ({ signal }) => api('GET', `/workspaces/${workspaceId}/invitations`, { schema: invitationsResponse, signal }),
    select: (d) => d.invitations,
    enabled: !!workspaceId,
  });
}

export function useInvite(workspaceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api('POST', `/workspaces/${workspaceId}/invitations`, { body: { email }, schema: invitationCreatedSchema }),
    onSettled: () => refreshQueries(qc, invitationsKey(workspaceId)),
  });
}

export function useRevokeInvitation(workspaceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api('DELETE', `/invitations/${invitationId}`),
    onSettled: () => refreshQueries(qc, invitationsKey(workspaceId)),
  });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, userId }: { workspaceId: string; userId: string }) =>
      api('DELETE', `/workspaces/${workspaceId}/members/${userId}`),
    onSettled: () => refreshQueries(qc, WORKSPACES_KEY),
  });
}

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('POST', '/invitations/accept', { body: { token }, schema: invitationAcceptedSchema }),
    onSuccess: () => refreshQueries(qc, WORKSPACES_KEY),
  });
}

