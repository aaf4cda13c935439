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

export async function expireOld(q: Q, workspaceId: string, now: Date): Promise<void> {
  await q('organisation_invitations')
    .where({ organisation_id: workspaceId, status: 'pending' })
    .andWhere('expires_at', '<=', now)
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
  row: { organisation_id: string; email: string; role: WorkspaceRole; token_hash: string; invited_by: string; expires_at: Date },
): Promise<InvitationRow> {
  const [created] = (await q('organisation_invitations')
    .insert({ ...row, status: 'pending' })
    .returning('*')) as InvitationRow[];
  return created!;
}

/** A new link and a new expiry (pending again if it had expired); the old link stops working. */
export async function renewInvitation(
  q: Q,
  id: string,
  patch: { token_hash: string; expires_at: Date; invited_by: string; role?: WorkspaceRole },
): Promise<InvitationRow> {
  const [row] = (await q('organisation_invitations')
    .where('id', id)
    .update({ ...patch, status: 'pending' })
    .returning('*')) as InvitationRow[];
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

/** Sends only after approval, or not. */
export async function setApprovalRequired(q: Q, workspaceId: string, required: boolean): Promise<boolean> {
  const [row] = (await q('organisations').where('id', workspaceId).update({ approval_required: required }).returning('approval_required')) as {
    approval_required: boolean;
  }[];
  return row?.approval_required ?? required;
}

export async function setMemberRole(q: Q, workspaceId: string, userId: string, role: WorkspaceRole): Promise<void> {
  await q('organisation_members').where({ organisation_id: workspaceId, user_id: userId }).update({ role });
}

/** Locks the organisation's row: role changes and removals of one organisation run one after the other (it keeps an owner). */
export async function lockOrganisation(trx: Knex.Transaction, id: string): Promise<{ id: string; name: string } | undefined> {
  return (await trx('organisations').where('id', id).forUpdate().first('id', 'name')) as { id: string; name: string } | undefined;
}

export async function ownerCount(q: Q, workspaceId: string): Promise<number> {
  const r = (await q('organisation_members').where({ organisation_id: workspaceId, role: 'owner' }).first(q.raw('count(*)::int as n'))) as
    | { n: number }
    | undefined;
  return Number(r?.n ?? 0);
}

/** Owners and admins of an organisation (told in the bell when someone joins). */
export async function managers(q: Q, workspaceId: string): Promise<string[]> {
  return (await q('organisation_members')
    .where('organisation_id', workspaceId)
    .whereIn('role', ['owner', 'admin'])
    .pluck('user_id')) as string[];
}

export interface OrganisationOfUserRow {
  id: string;
  name: string;
  role: WorkspaceRole;
  status: 'pending' | 'approved' | 'rejected';
  active: boolean;
}

/**
 * The user's organisations, the active one first: the one they chose last while they still
 * belong to it, else the oldest membership, an owner's first (the order of access.ts activeMembership).
 */
export async function organisationsOfUser(q: Q, userId: string): Promise<OrganisationOfUserRow[]> {
  const rows = (await q('organisation_members as m')
    .join('organisations as o', 'o.id', 'm.organisation_id')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.user_id', userId)
    .orderByRaw('(m.organisation_id = p.active_organisation_id) desc nulls last')
    .orderByRaw("(m.role = 'owner') desc")
    .orderBy('m.created_at')
    .select('o.id', 'o.name', 'm.role', 'o.status')) as Omit<OrganisationOfUserRow, 'active'>[];
  return rows.map((r, i) => ({ ...r, active: i === 0 }));
}

export async function setActiveOrganisation(q: Q, userId: string, organisationId: string | null): Promise<void> {
  await q('profiles').where('user_id', userId).update({ active_organisation_id: organisationId });
}

/** Members, pending invitations and the plan's limit of members (null: none). */
export async function seats(q: Q, workspaceId: string): Promise<{ members: number; invited: number; limits: unknown; plan_code: string | null }> {
  const r = (await q('organisations as o')
    .leftJoin('plans as pl', 'pl.code', 'o.plan_code')
    .where('o.id', workspaceId)
    .first(
      'o.plan_code',
      'pl.limits',
      q.raw('(select count(*)::int from organisation_members m where m.organisation_id = o.id) as members'),
      q.raw(`(select count(*)::int from organisation_invitations i where i.organisation_id = o.id and i.status = 'pending' and i.expires_at > now()) as invited`),
    )) as { members: number; invited: number; limits: unknown; plan_code: string | null } | undefined;
  return r ?? { members: 0, invited: 0, limits: null, plan_code: null };
}

export interface InvitationPreviewRow extends InvitationRow {
  organisation_name: string;
  inviter_name: string | null;
}

export async function invitationWithOrganisation(q: Q, tokenHash: string): Promise<InvitationPreviewRow | undefined> {
  return (await q('organisation_invitations as i')
    .join('organisations as o', 'o.id', 'i.organisation_id')
    .leftJoin('profiles as p', 'p.user_id', 'i.invited_by')
    .where('i.token_hash', tokenHash)
    .first([...INVITATION_COLUMNS, 'o.name as organisation_name', 'p.name as inviter_name'])) as InvitationPreviewRow | undefined;
}

export async function userIdByEmail(q: Q, email: string): Promise<string | undefined> {
  const row = (await q('users').whereRaw('lower(email) = lower(?)', [email]).first('id')) as { id: string } | undefined;
  return row?.id;
}
