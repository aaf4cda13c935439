import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import {
  invitationAcceptedSchema,
  invitationCreatedSchema,
  invitationPreviewSchema,
  invitationsResponse,
  membersResponse,
  organisationsResponse,
  workspaceMemberSchema,
  workspacesResponse,
  type WorkspaceRole,
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
    queryFn: ({ signal }) => api('GET', `/organisations/${workspaceId}/invitations`, { schema: invitationsResponse, signal }),
    select: (d) => d.invitations,
    enabled: !!workspaceId,
  });
}

export function useInvite(workspaceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: WorkspaceRole }) =>
      api('POST', `/organisations/${workspaceId}/invitations`, { body: { email, role }, schema: invitationCreatedSchema }),
    onSettled: () => refreshQueries(qc, [...WORKSPACES_KEY, workspaceId]),
  });
}

export function useRevokeInvitation(workspaceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api('DELETE', `/invitations/${invitationId}`),
    // The list, and the seats it held (on the members query).
    onSettled: () => refreshQueries(qc, [...WORKSPACES_KEY, workspaceId]),
  });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, userId }: { workspaceId: string; userId: string }) =>
      api('DELETE', `/organisations/${workspaceId}/members/${userId}`),
    onSettled: () => refreshQueries(qc, WORKSPACES_KEY),
  });
}

/** A signed-in client accepts: the organisation becomes their active one, so every query refetches. */
export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('POST', '/invitations/accept', { body: { token }, schema: invitationAcceptedSchema }),
    onSuccess: async () => {
      await qc.cancelQueries();
      await qc.invalidateQueries();
    },
  });
}


/** Under queryKeys.workspaces: every membership event refreshes them. */
export const ORGANISATIONS_KEY = queryKeys.myOrganisations;
export const membersKey = (organisationId: string) => [...WORKSPACES_KEY, organisationId, 'members'] as const;

/** The signed-in client's organisations; `active` marks the one every screen works in. */
export function useOrganisations(enabled = true) {
  return useQuery({
    queryKey: ORGANISATIONS_KEY,
    queryFn: ({ signal }) => api('GET', '/organisations', { schema: organisationsResponse, signal }),
    select: (d) => d.organisations,
    enabled,
  });
}

/** The active organisation (undefined while loading). */
export function useActiveOrganisation() {
  const q = useOrganisations();
  return { ...q, organisation: q.data?.find((o) => o.active) };
}

/**
 * Switches the active organisation (remembered by the server). Every query belongs to the
 * active organisation, so every one of them refetches.
 */
export function useSwitchOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (organisationId: string) =>
      api('PUT', '/organisations/active', { body: { organisation_id: organisationId }, schema: organisationsResponse }),
    onSuccess: async (d) => {
      qc.setQueryData(ORGANISATIONS_KEY, d);
      await qc.cancelQueries();
      await qc.invalidateQueries();
    },
  });
}

/** Members with roles, the caller's role and the plan's seats. */
export function useMembers(organisationId: string | undefined) {
  return useQuery({
    queryKey: membersKey(organisationId ?? ''),
    queryFn: ({ signal }) => api('GET', `/organisations/${organisationId}/members`, { schema: membersResponse, signal }),
    enabled: !!organisationId,
  });
}

export function useChangeRole(organisationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
      api('PATCH', `/organisations/${organisationId}/members/${userId}`, { body: { role }, schema: workspaceMemberSchema }),
    onSettled: () => refreshQueries(qc, WORKSPACES_KEY),
  });
}

export function useResendInvitation(organisationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api('POST', `/invitations/${invitationId}/resend`, { schema: invitationCreatedSchema }),
    onSettled: () => refreshQueries(qc, [...WORKSPACES_KEY, organisationId]),
  });
}

/** What an invitation link says (public: the token is the key). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => api('POST', '/invitations/preview', { body: { token }, schema: invitationPreviewSchema, signal }),
    enabled: !!token,
    retry: false,
  });
}
