import type { Invitation, Workspace, WorkspaceMember } from '../../../../shared/schemas/workspaces';
import type { InvitationRow, MemberRow, WorkspaceRow } from './workspaces.repo';

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentMember(r: MemberRow): WorkspaceMember {
  return { user_id: r.user_id, role: r.role, name: r.name ?? '', email: r.email ?? '', joined_at: iso(r.created_at) };
}

export function presentWorkspace(r: WorkspaceRow, members: MemberRow[]): Workspace {
  return {
    id: r.id,
    name: r.name,
    created_by: r.created_by ?? '',
    owner_name: r.owner_name ?? '',
    my_role: r.my_role,
    approval_required: Boolean(r.approval_required),
    members: members.filter((m) => m.organisation_id === r.id).map(presentMember),
    task_count: Number(r.task_count),
    last_activity_at: iso(r.last_activity_at ?? r.created_at),
  };
}

/** `now` is the server's clock (ctx.clock): an invitation past its expiry reads expired before the sweep marks it. */
export function presentInvitation(r: InvitationRow, now: Date): Invitation {
  const expired = r.status === 'pending' && new Date(r.expires_at).getTime() <= now.getTime();
  return {
    id: r.id,
    organisation_id: r.organisation_id,
    email: r.email,
    role: r.role,
    status: expired ? 'expired' : r.status,
    invited_by: r.invited_by,
    invited_by_name: r.invited_by_name ?? null,
    expires_at: iso(r.expires_at),
    created_at: iso(r.created_at),
  };
}
