import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationAcceptedSchema,
  invitationCreatedSchema,
  invitationsResponse,
  workspacesResponse,
} from '@shared/schemas/workspaces';
import { api } from '@client/api/http';
import { getSocket } from '@client/realtime/socket';
import { toast } from '@client/components/ui/use-toast';
import { useSession } from '@client/stores/session';
import { refreshQueries } from '@client/lib/refresh';

export const WORKSPACES_KEY = ['workspaces'] as const;
export const invitationsKey = (workspaceId: string) => ['workspaces', workspaceId, 'invitations'] as const;

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

/**
 * Membership changes from anywhere: lists refresh; a user removed from a workspace is told
 * and loses its board at once (the server has already taken their sockets out of its room).
 */
export function useWorkspacesLive() {
  const qc = useQueryClient();
  const me = useSession((s) => s.profile?.user_id ?? null);
  useEffect(() => {
    const socket = getSocket();
    const onChanged = ({ workspaceId }: { workspaceId: string }) => {
      void refreshQueries(qc, WORKSPACES_KEY);
      void refreshQueries(qc, invitationsKey(workspaceId));
    };
    const onRemoved = ({ workspaceId, userId }: { workspaceId: string; userId: string }) => {
      if (userId === me) {
        qc.removeQueries({ queryKey: ['tasks', workspaceId] });
        toast({ title: 'Προσοχή', description: 'Αφαιρεθήκατε από έναν χώρο εργασίας. Δεν έχετε πλέον πρόσβαση σε αυτόν.', variant: 'destructive' });
      }
      void refreshQueries(qc, WORKSPACES_KEY);
    };
    socket.on('workspace:members_changed', onChanged);
    socket.on('workspace:member_removed', onRemoved);
    return () => {
      socket.off('workspace:members_changed', onChanged);
      socket.off('workspace:member_removed', onRemoved);
    };
  }, [qc, me]);
}
