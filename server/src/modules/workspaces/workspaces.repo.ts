import type { Knex } from 'knex';
import type { WorkspaceRole } from '../../../../shared/schemas/workspaces';

type Q = Knex | Knex.Transaction;

export interface WorkspaceRow {
  id: string;
  name: string;
  created_by: string;
  owner_name: string | null;
  my_role: WorkspaceRole;
  approval_required: boolean;
  task_count: number;
  created_at: Date;
  last_activity_at: Date | null;
}

export interface MemberRow {
  organisation_id: string;
  user_id: string;
  role: WorkspaceRole;
  name: string | null;
  email: string | null;
  created_at: Date;
}

export interface InvitationRow {
  id: string;
  organisation_id: string;
  email: string;
  role: WorkspaceRole;
  token_hash: string;
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  invited_by: string | null;
  invited_by_name?: string | null;
  expires_at: Date;
  accepted_at: Date | null;
  created_at: Date;
}

/** Workspaces the user belongs to, with their role, task count and latest task change. */
export async function listForUser(q: Q, userId: string): Promise<WorkspaceRow[]> {
  return (await q('organisation_members as m')
    .join('organisations as w', 'w.id', 'm.organisation_id')
    .leftJoin('profiles as o', 'o.user_id', 'w.created_by')
    .where('m.user_id', userId)
    .select(
      'w.id',
      'w.name',
      'w.created_by',
      'o.name as owner_name',
      'm.role as my_role',
      'w.approval_required',
      'w.created_at',
      q.raw('(select count(*)::int from tasks t where t.organisation_id = w.id) as task_count'),
      q.raw('(select max(t.updated_at) from tasks t where t.organisation_id = w.id) as last_activity_at'),
    )
    .orderBy('w.created_at', 'asc')) as WorkspaceRow[];
}

export async function findWorkspace(q: Q, id: string): Promise<{ id: string; name: string; created_by: string } | undefined> {
  return (await q('organisations').where('id', id).first('id', 'name', 'created_by')) as
    | { id: string; name: string; created_by: string }
    | undefined;
}

export async function membersOf(q: Q, workspaceIds: string[]): Promise<MemberRow[]> {
  if (!workspaceIds.length) return [];
  return (await q('organisation_members as m')
    .leftJoin('profiles as p', 'p.user_id', 'm.user_id')
    .whereIn('m.organisation_id', workspaceIds)
    .select('m.organisation_id', 'm.user_id', 'm.role', 'p.name', 'p.email', 'm.created_at')
    .orderByRaw("case when m.role = 'owner' then 0 else 1 end")
    .orderBy('m.created_at', 'asc')) as MemberRow[];
}

export async function membership(q: Q, workspaceId: string, userId: string): Promise<WorkspaceRole | undefined> {
  const row = (await q('organisation_members').where({ organisation_id: workspaceId, user_id: userId }).first('role')) as
    | { role: WorkspaceRole }
    | undefined;
  return row?.role;
}

export async function isMemberByEmail(q: Q, workspaceId: string, email: string): Promise<boolean> {
  const row = (await q('organisation_members as m')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.organisation_id', workspaceId)
    .whereRaw('lower(p.email) = lower(?)', [email])
    .first('m.user_id')) as { user_id: string } | undefined;
  return !!row;
}

export async function insertMember(q: Q, workspaceId: string, userId: string, role: WorkspaceRole): Promise<boolean> {
  const rows = (await q('organisation_members')
    .insert({ organisation_id: workspaceId, user_id: userId, role })
    .onConflict(['organisation_id', 'user_id'])
    .ignore()
    .returning('user_id')) as { user_id: string }[];
  return rows.length > 0;
}

export async function deleteMember(q: Q, workspaceId: string, userId: string): Promise<number> {
  const rows = (await q('organisation_members')
    .where({ organisation_id: workspaceId, user_id: userId })
    .del()
    .returning('user_id')) as { user_id: string }[];
  return rows.length;
}

const INVITATION_COLUMNS = [
  'i.id',
  'i.organisation_id',
  'i.email',
  'i.role',
  'i.token_hash',
  'i.status',
  'i.invited_by',
  'i.expires_at',
  'i.accepted_at',
  'i.created_at',
];

/** Pending invitations (expired ones are marked first so the list stays honest). */
export async function listPendingInvitations(q: Q, workspaceId: string): Promise<InvitationRow[]> {
  return (await q('organisation_invitations as i')
    .leftJoin('profiles as p', 'p.user_id', 'i.invited_by')
    .where('i.organisation_id', workspaceId)
    .andWhere('i.status', 'pending')
    .andWhere('i.expires_at', '>', q.fn.now())
    .select([...INVITATION_COLUMNS, 'p.name as invited_by_name'])
    .orderBy('i.created_at', 'desc')) as InvitationRow[];
}

export async function expireOld(q: Q, workspaceId: string): Promise<void> {
  await q('organisation_invitations')
    .where({ organisation_id: workspaceId, status: 'pending' })
    .andWhere('expires_at', '<=', q.fn.now())
    .update({ status: 'expired' });
}

export async function findPendingByEmail(q: Q, workspaceId: string, email: string): Promise<InvitationRow | undefined> {
  return (await q('organisation_invitations as i')
    .where('i.organisation_id', workspaceId)
    .andWhere('i.status', 'pending')
    .whereRaw('lower(i.email) = lower(?)', [email])
    .forUpdate()
    .first(INVITATION_COLUMNS)) as InvitationRow | undefined;
}

export async function insertInvitation(
  q: Q,
  row: { organisation_id: string; email: string; token_hash: string; invited_by: string; expires_at: Date },
): Promise<InvitationRow> {
  const [created] = (await q('organisation_invitations')
    .insert({ ...row, role: 'member', status: 'pending' })
    .returning('*')) as InvitationRow[];
  return created!;
}

export async function renewInvitation(
  q: Q,
  id: string,
  patch: { token_hash: string; expires_at: Date; invited_by: string },
): Promise<InvitationRow> {
  const [row] = (await q('organisation_invitations').where('id', id).update(patch).returning('*')) as InvitationRow[];
  return row!;
}

export async function findInvitation(q: Q, id: string): Promise<InvitationRow | undefined> {
  return (await q('organisation_invitations as i').where('i.id', id).forUpdate().first(INVITATION_COLUMNS)) as
    | InvitationRow
    | undefined;
}

export async function findInvitationByTokenHash(q: Q, tokenHash: string): Promise<InvitationRow | undefined> {
  return (await q('organisation_invitations as i').where('i.token_hash', tokenHash).forUpdate().first(INVITATION_COLUMNS)) as
    | InvitationRow
    | undefined;
}

export async function setInvitationStatus(
  q: Q,
  id: string,
  status: InvitationRow['status'],
  acceptedAt: Date | null = null,
): Promise<void> {
  await q('organisation_invitations')
    .where('id', id)
    .update({ status, ...(acceptedAt ? { accepted_at: acceptedAt } : {}) });
}

export async function profileName(q: Q, userId: string): Promise<string | null> {
  const row = (await q('profiles').where('user_id', userId).first('name')) as { name: string } | undefined;
  return row?.name ?? null;
}

/** Sends only after approval, or not (issue 19). */
export async function setApprovalRequired(q: Q, workspaceId: string, required: boolean): Promise<boolean> {
  const [row] = (await q('organisations').where('id', workspaceId).update({ approval_required: required }).returning('approval_required')) as {
    approval_required: boolean;
  }[];
  return row?.approval_required ?? required;
}

/** Changes a member's role (never the owner's); returns the previous role, or undefined when not a member. */
export async function setMemberRole(q: Q, workspaceId: string, userId: string, role: WorkspaceRole): Promise<WorkspaceRole | undefined> {
  const before = await membership(q, workspaceId, userId);
  if (!before || before === 'owner') return before;
  await q('organisation_members').where({ organisation_id: workspaceId, user_id: userId }).update({ role });
  return before;
}
