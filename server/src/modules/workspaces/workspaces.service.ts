import type { Knex } from 'knex';
import { rooms } from '../../../../shared/events';
import { parseLimits } from '../../../../shared/plans';
import type { SessionResponse } from '../../../../shared/schemas/auth';
import type {
  Invitation,
  InvitationAccepted,
  InvitationJoinBody,
  InvitationPreview,
  MembersResponse,
  OrganisationSummary,
  Workspace,
  WorkspaceMember,
  WorkspaceRole,
} from '../../../../shared/schemas/workspaces';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { deleteDocument, releaseDocName } from '../../collab/persistence';
import { conflict, HttpError, notFound } from '../../http/errors';
import * as authRepo from '../auth/auth.repo';
import type { RequestMeta } from '../auth/auth.service';
import { hashToken, randomToken } from '../auth/auth.tokens';
import { assertMayMailOnBehalf } from '../auth/mail-on-behalf';
import { assertPasswordAllowed } from '../auth/password-policy';
import { writeAudit } from '../audit/audit.service';
import { createNotifications, publishNotifications, type NotificationRow } from '../notifications/notifications.service';
import { assertRoleMay, membershipOf, requireOrganisation } from '../organisations/access';
import { invitationMail } from './workspaces.mail';
import { assertMember } from './workspaces.policy';
import { presentInvitation, presentMember, presentWorkspace } from './workspaces.presenter';
import * as repo from './workspaces.repo';
import * as plans from '../plans/plans.service';
import { hashCostFor, hashPassword } from '../auth/password-hash';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Q = Knex | Knex.Transaction;

/** For other modules (tasks, releases, collab): the caller's role in a workspace, or undefined. */
export function workspaceRole(q: Q, workspaceId: string, userId: string): Promise<WorkspaceRole | undefined> {
  return repo.membership(q, workspaceId, userId);
}

/** For other modules: throws 404 unless the user is a member; returns their role. */
export async function requireMembership(q: Q, workspaceId: string, userId: string): Promise<WorkspaceRole> {
  const role = await repo.membership(q, workspaceId, userId);
  assertMember(role);
  return role;
}

/** The link of an invitation e-mail: the public invitation page, which joins in one step. */
export function invitationUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/invitation?token=${encodeURIComponent(token)}`;
}

// ---------------------------------------------------------------------------------------------
// The caller's organisations and the active one

/** The caller's organisations; `active` marks the one every screen, query and socket room is scoped to. */
export async function listMyOrganisations(q: Q, userId: string): Promise<OrganisationSummary[]> {
  return (await repo.organisationsOfUser(q, userId)).map((r) => ({ id: r.id, name: r.name, role: r.role, status: r.status, active: r.active }));
}

/** The socket room of the user's active organisation (none for other roles or a client of no organisation). */
export async function organisationRoomsOf(q: Q, actor: Actor): Promise<string[]> {
  if (actor.role !== 'client') return [];
  const active = (await repo.organisationsOfUser(q, actor.userId))[0];
  return active ? [rooms.organisation(active.id)] : [];
}

/**
 * Moves the user's live sockets to the organisation now active for them: out of every other
 * organisation's room they belong to (or just left), into the active one's.
 */
async function moveSockets(ctx: AppContext, userId: string, leaving: string[] = []): Promise<string | null> {
  const orgs = await repo.organisationsOfUser(ctx.db, userId);
  const active = orgs[0]?.id ?? null;
  for (const id of new Set([...orgs.map((o) => o.id), ...leaving])) {
    if (id !== active) ctx.realtime.removeUser(userId, rooms.organisation(id));
  }
  if (active) ctx.realtime.joinUser(userId, rooms.organisation(active));
  return active;
}

/** PUT /organisations/active: remembers the choice (404 outside the organisation), moves the sockets, tells the user's other tabs. */
export async function switchOrganisation(ctx: AppContext, actor: Actor, organisationId: string): Promise<OrganisationSummary[]> {
  const m = await membershipOf(ctx.db, actor.userId, organisationId);
  if (!m || actor.role !== 'client') throw notFound('Organisation not found');
  await repo.setActiveOrganisation(ctx.db, actor.userId, organisationId);
  await moveSockets(ctx, actor.userId);
  ctx.realtime.broadcast(rooms.user(actor.userId), 'organisation:membership', {
    organisationId,
    userId: actor.userId,
    role: m.role,
    reason: 'switched',
  });
  return listMyOrganisations(ctx.db, actor.userId);
}

// ---------------------------------------------------------------------------------------------
// Members and roles

export async function listMyWorkspaces(ctx: AppContext, actor: Actor): Promise<Workspace[]> {
  const rows = await repo.listForUser(ctx.db, actor.userId);
  const members = await repo.membersOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentWorkspace(r, members));
}

async function seatsOf(q: Q, workspaceId: string): Promise<MembersResponse['seats']> {
  const s = await repo.seats(q, workspaceId);
  const members = Number(s.members);
  const invited = Number(s.invited);
  return { members, invited, used: members + invited, allowed: s.plan_code ? parseLimits(s.limits).members : null };
}

/** Members with their roles, the caller's role and the seats of the plan. Any member may read them. */
export async function listMembers(ctx: AppContext, actor: Actor, workspaceId: string): Promise<MembersResponse> {
  const m = await requireOrganisation(ctx.db, actor, workspaceId, 'read');
  const [members, seats] = await Promise.all([repo.membersOf(ctx.db, [workspaceId]), seatsOf(ctx.db, workspaceId)]);
  return { members: members.map(presentMember), my_role: m.role, seats };
}

const lastOwner = () => conflict('last_owner', 'An organisation keeps at least one owner');

/** After a member's place changed: their screens refetch (and their sockets follow), the organisation's members list too. */
async function announceMembership(
  ctx: AppContext,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole | null,
  reason: 'joined' | 'role' | 'removed',
): Promise<void> {
  ctx.realtime.broadcast(rooms.user(userId), 'organisation:membership', { organisationId: workspaceId, userId, role, reason });
  if (reason === 'removed') await moveSockets(ctx, userId, [workspaceId]);
  else if (reason === 'joined') await moveSockets(ctx, userId);
  // What the member may do changed: open editors check it again (a reviewer's become read-only, a removed member's close).
  if (reason !== 'joined') await ctx.collab.recheckAccess(userId);
  ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:members_changed', { workspaceId });
}

/**
 * Removes a member: owners and admins remove others (an owner only by an owner); anyone may
 * leave. Their work stays: releases belong to the organisation. The organisation keeps an owner.
 */
export async function removeMember(ctx: AppContext, actor: Actor, workspaceId: string, userId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (trx) => {
    const me = await requireOrganisation(trx, actor, workspaceId, 'read');
    if (userId !== actor.userId) assertRoleMay(me, 'members.manage');
    await repo.lockOrganisation(trx, workspaceId);
    const target = await repo.membership(trx, workspaceId, userId);
    if (!target) return false; // already gone: nothing to announce
    if (target === 'owner') {
      if (userId !== actor.userId) assertRoleMay(me, 'owners.manage');
      if ((await repo.ownerCount(trx, workspaceId)) <= 1) throw lastOwner();
    }
    await repo.deleteMember(trx, workspaceId, userId);
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'workspace',
      entityId: workspaceId,
      action: 'organisation.member_removed',
      metadata: { userId, role: target, left: userId === actor.userId },
    });
    return true;
  });
  if (!removed) return;
  const payload = { workspaceId, userId };
  // Told first (their sockets still hear the organisation's room), then cut off.
  ctx.realtime.broadcast(rooms.user(userId), 'workspace:member_removed', payload);
  ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:member_removed', payload);
  await announceMembership(ctx, workspaceId, userId, null, 'removed');
  ctx.logger.info({ workspaceId, userId, by: actor.userId }, 'organisation member removed');
}

/** Greek answers of an organisation's deletion (the owner's form shows them). */
export const ORGANISATION_DELETE_MESSAGES = {
  mismatch: 'Πληκτρολογήστε το όνομα του οργανισμού ακριβώς όπως εμφανίζεται.',
  hasSent:
    'Ο οργανισμός έχει στείλει ή προγραμματίσει δελτία τύπου: τα αντίγραφα των δημοσιογράφων και το newsroom μένουν, άρα μένει και ο οργανισμός. Επικοινωνήστε μαζί μας για το κλείσιμό του.',
} as const;

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('el') === b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('el');

/**
 * DELETE /organisations/:id: an owner deletes the organisation with all its work (drafts, tasks,
 * words, invitations), confirmed by typing its name. Refused (409 organisation_has_sent) once
 * anything of it went out or is scheduled to: journalists keep their copies and the newsroom
 * its address. Every member is told at once; their screens move to their next organisation.
 */
export async function deleteOrganisation(ctx: AppContext, actor: Actor, organisationId: string, name: string): Promise<void> {
  const { members, drafts } = await ctx.db.transaction(async (trx) => {
    const me = await requireOrganisation(trx, actor, organisationId, 'organisation.delete');
    await repo.lockOrganisation(trx, organisationId);
    if (!sameName(name, me.name)) {
      throw new HttpError(422, 'confirmation_mismatch', 'The name typed is not the organisation’s name', { name: ORGANISATION_DELETE_MESSAGES.mismatch });
    }
    const published = ((await trx('press_releases').where('organisation_id', organisationId).whereNot('status', 'draft').first('id')) ??
      (await trx('release_sent_versions').where('organisation_id', organisationId).first('id'))) as { id: string } | undefined;
    if (published) throw conflict('organisation_has_sent', ORGANISATION_DELETE_MESSAGES.hasSent);
    const memberIds = (await trx('organisation_members').where('organisation_id', organisationId).pluck('user_id')) as string[];
    const draftIds = (await trx('press_releases').where('organisation_id', organisationId).pluck('id')) as string[];
    for (const id of draftIds) await deleteDocument(trx, releaseDocName(id));
    await trx('organisations').where('id', organisationId).delete();
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'organisation',
      entityId: organisationId,
      action: 'organisation.deleted',
      metadata: { name: me.name, members: memberIds.length, drafts: draftIds.length },
    });
    return { members: memberIds, drafts: draftIds };
  });
  for (const id of drafts) ctx.collab.closeDocument(id);
  for (const userId of members) await announceMembership(ctx, organisationId, userId, null, 'removed');
  ctx.logger.info({ organisationId, by: actor.userId, drafts: drafts.length }, 'organisation deleted');
}

/** Changes a member's role (members.manage; to or from 'owner' owners.manage; one owner stays). Audited. */
export async function changeMemberRole(
  ctx: AppContext,
  actor: Actor,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<WorkspaceMember> {
  const { member, changed } = await ctx.db.transaction(async (trx) => {
    const me = await requireOrganisation(trx, actor, workspaceId, 'members.manage');
    await repo.lockOrganisation(trx, workspaceId);
    const before = await repo.membership(trx, workspaceId, userId);
    if (!before) throw notFound('Member not found');
    if (before === 'owner' || role === 'owner') assertRoleMay(me, 'owners.manage');
    if (before === 'owner' && role !== 'owner' && (await repo.ownerCount(trx, workspaceId)) <= 1) throw lastOwner();
    if (before !== role) {
      await repo.setMemberRole(trx, workspaceId, userId, role);
      await writeAudit(trx, ctx.logger, actor, {
        entityType: 'workspace',
        entityId: workspaceId,
        action: 'workspace.member_role_changed',
        metadata: { userId, from: before, to: role },
      });
    }
    return { member: (await repo.membersOf(trx, [workspaceId])).find((m) => m.user_id === userId)!, changed: before !== role };
  });
  if (changed) await announceMembership(ctx, workspaceId, userId, role, 'role');
  return presentMember(member);
}

/** The owner turns "send only after approval" on or off (audited; every member's screens refetch). */
export async function updateSettings(ctx: AppContext, actor: Actor, workspaceId: string, approvalRequired: boolean): Promise<{ approval_required: boolean }> {
  const value = await ctx.db.transaction(async (trx) => {
    await requireOrganisation(trx, actor, workspaceId, 'settings.update');
    const v = await repo.setApprovalRequired(trx, workspaceId, approvalRequired);
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'workspace',
      entityId: workspaceId,
      action: 'workspace.settings_changed',
      metadata: { approval_required: v },
    });
    return v;
  });
  ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:members_changed', { workspaceId });
  return { approval_required: value };
}

// ---------------------------------------------------------------------------------------------
// Invitations

export async function listInvitations(ctx: AppContext, actor: Actor, workspaceId: string): Promise<Invitation[]> {
  return ctx.db.transaction(async (trx) => {
    await requireOrganisation(trx, actor, workspaceId, 'members.manage');
    const now = ctx.clock.now();
    await repo.expireOld(trx, workspaceId, now);
    return (await repo.listPendingInvitations(trx, workspaceId)).map((r) => presentInvitation(r, now));
  });
}

type InvitationCreated = Invitation & { resent: boolean; acceptUrl?: string };

/** Inviting an owner needs owners.manage; any other role members.manage. */
async function requireInviter(trx: Knex.Transaction, actor: Actor, workspaceId: string, role: WorkspaceRole) {
  const me = await requireOrganisation(trx, actor, workspaceId, 'members.manage');
  if (role === 'owner') assertRoleMay(me, 'owners.manage');
  return me;
}

/** Mails the invitation with its new link, after the checks every sending of it shares. */
async function mailInvitation(
  ctx: AppContext,
  trx: Knex.Transaction,
  actor: Actor,
  inv: { email: string; organisation_id: string; organisation_name: string },
  url: string,
): Promise<void> {
  await assertMayMailOnBehalf(trx, actor.userId, inv.organisation_id);
  await ctx.limiter.consume(
    [ctx.limiter.limit('invitationsPerUser', actor.userId), ctx.limiter.limit('invitationsPerRecipient', inv.email)],
    'Too many invitations; try again later',
    trx,
  );
  await ctx.mailer.enqueue({ to: inv.email, ...invitationMail(actor.name, inv.organisation_name, url), organisationId: inv.organisation_id }, trx);
}

function created(ctx: AppContext, invitation: Invitation, resent: boolean, acceptUrl: string): InvitationCreated {
  return {
    ...invitation,
    resent,
    // Never in production: the link is a secret that only the e-mail carries.
    ...(ctx.config.isProduction ? {} : { acceptUrl }),
  };
}

export async function invite(
  ctx: AppContext,
  actor: Actor,
  workspaceId: string,
  email: string,
  role: WorkspaceRole = 'editor',
): Promise<InvitationCreated> {
  const token = randomToken();
  const acceptUrl = invitationUrl(ctx, token);
  const result = await ctx.db.transaction(async (trx) => {
    await requireInviter(trx, actor, workspaceId, role);
    const ws = await repo.findWorkspace(trx, workspaceId);
    if (!ws) throw notFound('Organisation not found');
    if (await repo.isMemberByEmail(trx, workspaceId, email)) {
      throw new HttpError(409, 'already_member', 'This person is already a member of the organisation', { email: 'already a member' });
    }
    await repo.expireOld(trx, workspaceId, ctx.clock.now());
    const expiresAt = new Date(ctx.clock.now().getTime() + INVITATION_TTL_MS);
    const existing = await repo.findPendingByEmail(trx, workspaceId, email);
    // The organisation's plan: its trial, and its seats (a re-sent invitation takes no new seat).
    await plans.assertMayInvite(trx, workspaceId, { newSeat: !existing });
    await mailInvitation(ctx, trx, actor, { email, organisation_id: workspaceId, organisation_name: ws.name }, acceptUrl);
    // A second invitation to the same address re-sends it: a new link, a new expiry, the role asked now.
    const row = existing
      ? await repo.renewInvitation(trx, existing.id, { token_hash: hashToken(token), expires_at: expiresAt, invited_by: actor.userId, role })
      : await repo.insertInvitation(trx, {
          organisation_id: workspaceId,
          email,
          role,
          token_hash: hashToken(token),
          invited_by: actor.userId,
          expires_at: expiresAt,
        });
    return { invitation: presentInvitation({ ...row, invited_by_name: actor.name }, ctx.clock.now()), resent: !!existing };
  });
  ctx.mailer.kick();
  ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:members_changed', { workspaceId });
  ctx.logger.info({ workspaceId, invitationId: result.invitation.id, resent: result.resent }, 'organisation invitation sent');
  return created(ctx, result.invitation, result.resent, acceptUrl);
}

/** A pending or expired invitation again: a new link, a new expiry (the old link stops working). */
export async function resendInvitation(ctx: AppContext, actor: Actor, invitationId: string): Promise<InvitationCreated> {
  const token = randomToken();
  const acceptUrl = invitationUrl(ctx, token);
  const result = await ctx.db.transaction(async (trx) => {
    const inv = await repo.findInvitation(trx, invitationId);
    if (!inv || !(await membershipOf(trx, actor.userId, inv.organisation_id))) throw notFound('Invitation not found');
    await requireInviter(trx, actor, inv.organisation_id, inv.role);
    const expired = inv.status === 'expired' || (inv.status === 'pending' && new Date(inv.expires_at).getTime() <= ctx.clock.now().getTime());
    if (inv.status !== 'pending' && inv.status !== 'expired') throw conflict('invitation_not_pending', `The invitation is already ${inv.status}`);
    if (await repo.isMemberByEmail(trx, inv.organisation_id, inv.email)) {
      throw new HttpError(409, 'already_member', 'This person is already a member of the organisation', { email: 'already a member' });
    }
    // An expired invitation held no seat: sending it again takes one.
    await plans.assertMayInvite(trx, inv.organisation_id, { newSeat: expired });
    const ws = await repo.findWorkspace(trx, inv.organisation_id);
    await mailInvitation(ctx, trx, actor, { email: inv.email, organisation_id: inv.organisation_id, organisation_name: ws?.name ?? '' }, acceptUrl);
    const row = await repo.renewInvitation(trx, inv.id, {
      token_hash: hashToken(token),
      expires_at: new Date(ctx.clock.now().getTime() + INVITATION_TTL_MS),
      invited_by: actor.userId,
    });
    return presentInvitation({ ...row, invited_by_name: actor.name }, ctx.clock.now());
  });
  ctx.mailer.kick();
  ctx.realtime.broadcast(rooms.organisation(result.organisation_id), 'workspace:members_changed', { workspaceId: result.organisation_id });
  return created(ctx, result, true, acceptUrl);
}

export async function revokeInvitation(ctx: AppContext, actor: Actor, invitationId: string): Promise<void> {
  const workspaceId = await ctx.db.transaction(async (trx) => {
    const inv = await repo.findInvitation(trx, invitationId);
    if (!inv || !(await membershipOf(trx, actor.userId, inv.organisation_id))) throw notFound('Invitation not found');
    // As for sending it: an invitation to become an owner is the owners' to revoke.
    await requireInviter(trx, actor, inv.organisation_id, inv.role);
    if (inv.status === 'revoked') return null;
    if (inv.status !== 'pending' && inv.status !== 'expired') throw conflict('invitation_not_pending', `The invitation is already ${inv.status}`);
    await repo.setInvitationStatus(trx, inv.id, 'revoked');
    return inv.organisation_id;
  });
  if (workspaceId) ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:members_changed', { workspaceId });
}

/** Why a link does not open: unknown (404), or used, revoked, expired (410). */
type LinkRefusal = { error: HttpError };

async function usableInvitation(
  trx: Knex.Transaction,
  now: Date,
  token: string,
  status: { unknown: number; gone: number },
): Promise<repo.InvitationRow | LinkRefusal> {
  const inv = await repo.findInvitationByTokenHash(trx, hashToken(token));
  const err = (code: string, message: string, gone = true) =>
    ({ error: new HttpError(gone ? status.gone : status.unknown, code, message, { token: code.replace('invitation_', '') }) }) as LinkRefusal;
  if (!inv) return err('invitation_invalid', 'The invitation link is not valid', false);
  if (inv.status === 'accepted') return err('invitation_used', 'The invitation has already been used');
  if (inv.status === 'revoked') return err('invitation_revoked', 'The invitation was revoked');
  if (inv.status === 'expired' || new Date(inv.expires_at).getTime() <= now.getTime()) {
    if (inv.status === 'pending') await repo.setInvitationStatus(trx, inv.id, 'expired');
    return err('invitation_expired', 'The invitation has expired');
  }
  return inv;
}

/** The public preview of a link: the organisation, who invites, the address and the role. 404 unknown, 410 used/revoked/expired. */
export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const outcome = await ctx.db.transaction(async (trx) => {
    const inv = await usableInvitation(trx, ctx.clock.now(), token, { unknown: 404, gone: 410 });
    if ('error' in inv) return inv;
    const row = (await repo.invitationWithOrganisation(trx, inv.token_hash))!;
    return {
      preview: {
        organisation_id: row.organisation_id,
        organisation_name: row.organisation_name,
        inviter_name: row.inviter_name ?? null,
        email: row.email,
        role: row.role,
        expires_at: new Date(row.expires_at).toISOString(),
        account_exists: !!(await repo.userIdByEmail(trx, row.email)),
      },
    };
  });
  // The expiry is stored before the refusal is thrown.
  if ('error' in outcome) throw outcome.error;
  return outcome.preview;
}

function joinedNotes(trx: Knex.Transaction, managerIds: string[], who: string, ws: { id: string; name: string }, userId: string) {
  return createNotifications(
    trx,
    managerIds
      .filter((id) => id !== userId)
      .map((id) => ({
        userId: id,
        kind: 'workspace.member_joined',
        title: 'Νέο μέλος στην ομάδα',
        body: `${who} αποδέχθηκε την πρόσκληση στην ομάδα «${ws.name}».`,
        link: '/client/invitations',
        data: { workspaceId: ws.id, userId },
        organisationId: ws.id,
      })),
  );
}

/**
 * A new person joins from the link in one step: a client account inside the organisation
 * (address confirmed by the link itself, approved, onboarded, no organisation or trial of
 * their own), the invited role, and a session as a password sign-in's. An address that
 * already has an account signs in and accepts instead (409 account_exists).
 */
export async function joinWithInvitation(ctx: AppContext, body: InvitationJoinBody, meta: RequestMeta): Promise<SessionResponse> {
  await ctx.limiter.consume([ctx.limiter.limit('signupPerAddress', meta.ip ?? 'unknown')], 'Too many sign-ups from this address; try again later');
  assertPasswordAllowed(body.password);
  const hash = await hashPassword(body.password, hashCostFor(ctx.config));
  type Joined = { session: SessionResponse; ws: { id: string; name: string }; userId: string; role: WorkspaceRole; notes: NotificationRow[] };
  const outcome = await ctx.db.transaction(async (trx): Promise<Joined | LinkRefusal> => {
    const inv = await usableInvitation(trx, ctx.clock.now(), body.token, { unknown: 404, gone: 410 });
    if ('error' in inv) return inv;
    if (await repo.userIdByEmail(trx, inv.email)) {
      return { error: new HttpError(409, 'account_exists', 'This address already has an account: sign in to accept the invitation', { email: 'has an account' }) };
    }
    const ws = await repo.lockOrganisation(trx, inv.organisation_id);
    if (!ws) return { error: notFound('Organisation not found') };
    await plans.assertMayJoin(trx, ws.id);
    const user = await authRepo.insertUser(trx, {
      email: inv.email,
      encrypted_password: hash,
      user_metadata: { role: 'client', name: body.name },
      email_confirmed_at: new Date(),
    });
    await authRepo.insertProfile(trx, {
      user_id: user.id,
      email: inv.email,
      name: body.name,
      role: 'client',
      organization: null,
      description: null,
      status: 'approved',
      terms_version: body.terms_version,
      terms_accepted_at: new Date(),
    });
    await trx('profiles').where('user_id', user.id).update({ onboarded: true, active_organisation_id: ws.id });
    await repo.insertMember(trx, ws.id, user.id, inv.role);
    await repo.setInvitationStatus(trx, inv.id, 'accepted', new Date());
    const notes = await joinedNotes(trx, await repo.managers(trx, ws.id), body.name, ws, user.id);
    const session = await ctx.auth.openSession(trx, user.id, meta);
    return { session, ws, userId: user.id, role: inv.role, notes };
  });
  if ('error' in outcome) throw outcome.error;
  const { ws, userId, notes } = outcome;
  ctx.realtime.broadcast(rooms.organisation(ws.id), 'workspace:members_changed', { workspaceId: ws.id });
  ctx.realtime.broadcast(rooms.role('superadmin'), 'admin:users_changed', { userId, reason: 'signup' });
  publishNotifications(ctx.realtime, notes);
  ctx.logger.info({ workspaceId: ws.id, userId, role: outcome.role }, 'joined from an invitation');
  return outcome.session;
}

/** A signed-in client accepts in one click: a member with the invited role, and the organisation becomes their active one. */
export async function acceptInvitation(ctx: AppContext, actor: Actor, token: string): Promise<InvitationAccepted> {
  type Outcome = LinkRefusal | { ws: { id: string; name: string }; joined: boolean; notes: NotificationRow[]; role: WorkspaceRole };
  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const inv = await usableInvitation(trx, ctx.clock.now(), token, { unknown: 400, gone: 400 });
    if ('error' in inv) return inv;
    if (inv.email.trim().toLowerCase() !== actor.email.trim().toLowerCase()) {
      return { error: new HttpError(403, 'invitation_email_mismatch', 'The invitation was sent to another e-mail address') };
    }
    const ws = await repo.lockOrganisation(trx, inv.organisation_id);
    if (!ws) return { error: new HttpError(400, 'invitation_invalid', 'The organisation no longer exists', { token: 'invalid' }) };
    if (!(await repo.membership(trx, ws.id, actor.userId))) await plans.assertMayJoin(trx, ws.id);
    const joined = await repo.insertMember(trx, ws.id, actor.userId, inv.role);
    await repo.setInvitationStatus(trx, inv.id, 'accepted', new Date());
    await repo.setActiveOrganisation(trx, actor.userId, ws.id);
    const notes = joined ? await joinedNotes(trx, await repo.managers(trx, ws.id), actor.name || actor.email, ws, actor.userId) : [];
    const role = (await repo.membership(trx, ws.id, actor.userId)) ?? inv.role;
    return { ws, joined, notes, role };
  });
  // Errors that change state (expiry) must commit first, so they are thrown after the transaction.
  if ('error' in outcome) throw outcome.error;
  const { ws, joined, notes, role } = outcome;
  await announceMembership(ctx, ws.id, actor.userId, role, 'joined');
  publishNotifications(ctx.realtime, notes);
  ctx.logger.info({ workspaceId: ws.id, userId: actor.userId, joined }, 'organisation invitation accepted');
  return { organisation_id: ws.id, workspace_name: ws.name, role, already_member: !joined };
}
