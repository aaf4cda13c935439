import type { Knex } from 'knex';
import { rooms } from '../../../../shared/events';
import type { Invitation, InvitationAccepted, Workspace, WorkspaceMember, WorkspaceRole } from '../../../../shared/schemas/workspaces';
import type { ASSIGNABLE_MEMBER_ROLES } from '../../../../shared/constants';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { hashToken, randomToken } from '../auth/auth.tokens';
import { assertMayMailOnBehalf } from '../auth/mail-on-behalf';
import { writeAudit } from '../audit/audit.service';
import { createNotifications, publishNotifications } from '../notifications/notifications.service';
import { invitationMail } from './workspaces.mail';
import { assertMember, assertOwner, canRemoveMember } from './workspaces.policy';
import { presentInvitation, presentMember, presentWorkspace } from './workspaces.presenter';
import * as repo from './workspaces.repo';
import * as plans from '../plans/plans.service';

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

export async function listMyWorkspaces(ctx: AppContext, actor: Actor): Promise<Workspace[]> {
  const rows = await repo.listForUser(ctx.db, actor.userId);
  const members = await repo.membersOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentWorkspace(r, members));
}

export async function listMembers(ctx: AppContext, actor: Actor, workspaceId: string): Promise<WorkspaceMember[]> {
  await requireMembership(ctx.db, workspaceId, actor.userId);
  return (await repo.membersOf(ctx.db, [workspaceId])).map(presentMember);
}

export async function removeMember(ctx: AppContext, actor: Actor, workspaceId: string, userId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (trx) => {
    const role = await repo.membership(trx, workspaceId, actor.userId);
    assertMember(role);
    const decision = canRemoveMember(role, actor.userId, userId);
    if (decision === 'forbidden') throw forbidden('Only the owner of the workspace may remove members');
    if (decision === 'owner') throw badRequest('cannot_remove_owner', 'The owner cannot leave their own workspace', { userId: 'is the owner' });
    return (await repo.deleteMember(trx, workspaceId, userId)) > 0;
  });
  if (!removed) return; // already gone: nothing to announce
  const room = rooms.organisation(workspaceId);
  const payload = { workspaceId, userId };
  // Tell the removed user first (their sockets still hear the workspace room), then cut them off.
  ctx.realtime.broadcast(rooms.user(userId), 'workspace:member_removed', payload);
  ctx.realtime.removeUser(userId, room);
  // Their open editors of this workspace's releases close too (their own releases stay open).
  await ctx.collab.recheckAccess(userId);
  ctx.realtime.broadcast(room, 'workspace:member_removed', payload);
  ctx.realtime.broadcast(room, 'workspace:members_changed', { workspaceId });
  ctx.logger.info({ workspaceId, userId, by: actor.userId }, 'workspace member removed');
}

export async function listInvitations(ctx: AppContext, actor: Actor, workspaceId: string): Promise<Invitation[]> {
  return ctx.db.transaction(async (trx) => {
    assertOwner(await repo.membership(trx, workspaceId, actor.userId));
    await repo.expireOld(trx, workspaceId);
    return (await repo.listPendingInvitations(trx, workspaceId)).map(presentInvitation);
  });
}

export async function invite(
  ctx: AppContext,
  actor: Actor,
  workspaceId: string,
  email: string,
): Promise<Invitation & { resent: boolean; acceptUrl?: string }> {
  const token = randomToken();
  const base = ctx.config.publicUrl;
  const acceptUrl = `${base}/client/invitations?accept=${encodeURIComponent(token)}`;
  const result = await ctx.db.transaction(async (trx) => {
    assertOwner(await repo.membership(trx, workspaceId, actor.userId));
    await assertMayMailOnBehalf(trx, actor.userId);
    await ctx.limiter.consume(
      [ctx.limiter.limit('invitationsPerUser', actor.userId), ctx.limiter.limit('invitationsPerRecipient', email)],
      'Too many invitations; try again later',
      trx,
    );
    const ws = await repo.findWorkspace(trx, workspaceId);
    if (!ws) throw notFound('Workspace not found');
    if (await repo.isMemberByEmail(trx, workspaceId, email)) {
      throw new HttpError(409, 'already_member', 'This person is already a member of the workspace', { email: 'already a member' });
    }
    await repo.expireOld(trx, workspaceId);
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    const existing = await repo.findPendingByEmail(trx, workspaceId, email);
    // The owner's plan: its trial, and its users (a re-sent invitation takes no new seat).
    await plans.assertMayInvite(trx, workspaceId, { newSeat: !existing });
    // A second invitation to the same address re-sends it: a new link, a new expiry; the old link stops working.
    const row = existing
      ? await repo.renewInvitation(trx, existing.id, { token_hash: hashToken(token), expires_at: expiresAt, invited_by: actor.userId })
      : await repo.insertInvitation(trx, {
          organisation_id: workspaceId,
          email,
          token_hash: hashToken(token),
          invited_by: actor.userId,
          expires_at: expiresAt,
        });
    await ctx.mailer.enqueue({ to: email, ...invitationMail(actor.name, ws.name, acceptUrl) }, trx);
    return { invitation: presentInvitation({ ...row, invited_by_name: actor.name }), resent: !!existing };
  });
  ctx.mailer.kick();
  ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:members_changed', { workspaceId });
  ctx.logger.info({ workspaceId, invitationId: result.invitation.id, resent: result.resent }, 'workspace invitation sent');
  return {
    ...result.invitation,
    resent: result.resent,
    // Never in production: the link is a secret that only the e-mail carries.
    ...(ctx.config.isProduction ? {} : { acceptUrl }),
  };
}

export async function revokeInvitation(ctx: AppContext, actor: Actor, invitationId: string): Promise<void> {
  const workspaceId = await ctx.db.transaction(async (trx) => {
    const inv = await repo.findInvitation(trx, invitationId);
    if (!inv) throw notFound('Invitation not found');
    const role = await repo.membership(trx, inv.organisation_id, actor.userId);
    if (!role) throw notFound('Invitation not found');
    assertOwner(role);
    if (inv.status === 'revoked') return null;
    if (inv.status !== 'pending') throw conflict('invitation_not_pending', `The invitation is already ${inv.status}`);
    await repo.setInvitationStatus(trx, inv.id, 'revoked');
    return inv.organisation_id;
  });
  if (workspaceId) ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:members_changed', { workspaceId });
}

export async function acceptInvitation(ctx: AppContext, actor: Actor, token: string): Promise<InvitationAccepted> {
  type Outcome =
    | { error: HttpError }
    | { ws: { id: string; name: string; created_by: string }; joined: boolean; notes: Awaited<ReturnType<typeof createNotifications>>; role: WorkspaceRole };
  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const inv = await repo.findInvitationByTokenHash(trx, hashToken(token));
    if (!inv) return { error: badRequest('invitation_invalid', 'The invitation link is not valid', { token: 'unknown' }) };
    if (inv.status === 'accepted') return { error: badRequest('invitation_used', 'The invitation has already been used', { token: 'already used' }) };
    if (inv.status === 'revoked') return { error: badRequest('invitation_revoked', 'The invitation was revoked', { token: 'revoked' }) };
    if (inv.status === 'expired' || new Date(inv.expires_at).getTime() <= Date.now()) {
      if (inv.status === 'pending') await repo.setInvitationStatus(trx, inv.id, 'expired');
      return { error: badRequest('invitation_expired', 'The invitation has expired', { token: 'expired' }) };
    }
    if (inv.email.trim().toLowerCase() !== actor.email.trim().toLowerCase()) {
      return { error: new HttpError(403, 'invitation_email_mismatch', 'The invitation was sent to another e-mail address') };
    }
    const ws = await repo.findWorkspace(trx, inv.organisation_id);
    if (!ws) return { error: badRequest('invitation_invalid', 'The workspace no longer exists', { token: 'unknown' }) };
    if (!(await repo.membership(trx, ws.id, actor.userId))) await plans.assertMayJoin(trx, ws.id);
    const joined = await repo.insertMember(trx, ws.id, actor.userId, inv.role);
    await repo.setInvitationStatus(trx, inv.id, 'accepted', new Date());
    const notes = joined
      ? await createNotifications(trx, [
          {
            userId: ws.created_by,
            kind: 'workspace.member_joined',
            title: 'Νέο μέλος στον χώρο εργασίας',
            body: `${actor.name || actor.email} αποδέχθηκε την πρόσκληση στον χώρο εργασίας «${ws.name}».`,
            link: '/client/invitations',
            data: { workspaceId: ws.id, userId: actor.userId },
          },
        ])
      : [];
    const role = (await repo.membership(trx, ws.id, actor.userId)) ?? inv.role;
    return { ws, joined, notes, role };
  });
  // Errors that change state (expiry) must commit first, so they are thrown after the transaction.
  if ('error' in outcome) throw outcome.error;
  const { ws, joined, notes, role } = outcome;
  ctx.realtime.joinUser(actor.userId, rooms.organisation(ws.id));
  ctx.realtime.broadcast(rooms.organisation(ws.id), 'workspace:members_changed', { workspaceId: ws.id });
  publishNotifications(ctx.realtime, notes);
  ctx.logger.info({ workspaceId: ws.id, userId: actor.userId, joined }, 'workspace invitation accepted');
  return { organisation_id: ws.id, workspace_name: ws.name, role, already_member: !joined };
}

/** The owner turns "send only after approval" on or off (audited; every member's screens refetch). */
export async function updateSettings(ctx: AppContext, actor: Actor, workspaceId: string, approvalRequired: boolean): Promise<{ approval_required: boolean }> {
  const value = await ctx.db.transaction(async (trx) => {
    assertOwner(await repo.membership(trx, workspaceId, actor.userId));
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

/** The owner makes a member an approver, or a plain member again (audited). */
export async function changeMemberRole(
  ctx: AppContext,
  actor: Actor,
  workspaceId: string,
  userId: string,
  role: (typeof ASSIGNABLE_MEMBER_ROLES)[number],
): Promise<WorkspaceMember> {
  const member = await ctx.db.transaction(async (trx) => {
    assertOwner(await repo.membership(trx, workspaceId, actor.userId));
    const before = await repo.setMemberRole(trx, workspaceId, userId, role);
    if (!before) throw notFound('Member not found');
    if (before === 'owner') throw badRequest('cannot_change_owner', 'The owner keeps the owner role', { userId: 'is the owner' });
    if (before !== role) {
      await writeAudit(trx, ctx.logger, actor, {
        entityType: 'workspace',
        entityId: workspaceId,
        action: 'workspace.member_role_changed',
        metadata: { userId, from: before, to: role },
      });
    }
    return (await repo.membersOf(trx, [workspaceId])).find((m) => m.user_id === userId)!;
  });
  ctx.realtime.broadcast(rooms.organisation(workspaceId), 'workspace:members_changed', { workspaceId });
  return presentMember(member);
}
