import { rooms } from '../../../../shared/events';
import {
  ADMIN_PAGE_SIZE,
  type AdminUsersPage,
  type AdminUsersQuery,
  type UserActionBody,
} from '../../../../shared/schemas/admin';
import type { AuditAction } from '../../../../shared/constants';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as plans from '../plans/plans.service';
import { approvedMail } from './admin-users.mail';
import { canBulkApprove, decideUserAction } from './admin-users.policy';
import { presentUser } from './admin-users.presenter';
import * as repo from './admin-users.repo';

const EXPORT_LIMIT = 100_000;

export async function listUsers(ctx: AppContext, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const pageSize = ADMIN_PAGE_SIZE.users;
  // Sequential on purpose: the embedded database has one connection.
  const items = await repo.listUsers(ctx.db, query, query.page, pageSize);
  const total = await repo.countUsers(ctx.db, query);
  const pending = await repo.countPending(ctx.db);
  return { items: items.map(presentUser), total, page: query.page, pageSize, pending };
}

export async function getUser(ctx: AppContext, userId: string) {
  const row = await repo.findUser(ctx.db, userId);
  if (!row) throw notFound('User not found');
  return presentUser(row);
}

export async function exportUsers(ctx: AppContext, query: Omit<AdminUsersQuery, 'page'>) {
  return repo.exportUsers(ctx.db, query, EXPORT_LIMIT);
}

const AUDIT_OF: Record<UserActionBody['action'], AuditAction> = {
  approve: 'user.approve',
  reject: 'user.reject',
  ban: 'user.ban',
  unban: 'user.unban',
  activate: 'user.activate',
  deactivate: 'user.deactivate',
  role_change: 'user.role_change',
};

/** Applies one action of the spec's user state machine, with its audit row, in one transaction. */
export async function applyUserAction(ctx: AppContext, actor: Actor, userId: string, body: UserActionBody) {
  let ended: { ids: string[]; reason: string } | null = null;
  let roleMove: { from: string; to: string } | null = null;
  let decided: string[] = [];
  const updated = await ctx.db.transaction(async (trx) => {
    const target = await repo.findForUpdate(trx, userId);
    if (!target) throw notFound('User not found');
    const patch = decideUserAction(actor.userId, target, body);
    if (patch instanceof HttpError) throw patch;
    const row = await repo.updateUser(trx, userId, patch);
    const metadata: Record<string, unknown> = { email: target.email, name: target.name };
    if (patch.status !== undefined) metadata.status = { from: target.status, to: patch.status };
    if (patch.is_active !== undefined) metadata.is_active = { from: target.is_active, to: patch.is_active };
    if (patch.role !== undefined) {
      metadata.role = { from: target.role, to: patch.role };
      roleMove = { from: target.role, to: patch.role };
      // A new client owns an organisation (their own, approved) with the default plan's trial, as a sign-up does.
      if (patch.role === 'client' && !(await repo.hasOrganisation(trx, userId))) {
        await plans.ensurePlan(trx, await repo.createOwnOrganisation(trx, userId));
      }
    }
    // The superadmin approves organisations: approving or rejecting a company's owner decides the
    // organisation they signed up with (its invited members follow it, with no approval of their own).
    if (body.action === 'approve' || body.action === 'reject' || (body.action === 'role_change' && patch.role === 'client')) {
      decided = await repo.decideOwnedOrganisations(trx, [userId], body.action === 'reject' ? 'rejected' : 'approved');
      if (decided.length) metadata.organisations = decided;
    }
    if (body.action === 'ban' || body.action === 'deactivate') {
      const reason = body.action === 'ban' ? 'banned' : 'deactivated';
      const ids = await ctx.auth.revokeAllSessions(userId, reason, trx);
      metadata.sessions_revoked = ids.length;
      ended = { ids, reason };
    }
    // The sign-up confirmation promised an e-mail at approval.
    if (body.action === 'approve') await ctx.mailer.enqueue({ to: target.email, ...approvedMail(target.role, `${ctx.config.publicUrl}/login`), purpose: 'account' }, trx);
    await writeAudit(trx, ctx.logger, actor, {
      action: AUDIT_OF[body.action],
      entityType: 'user',
      entityId: userId,
      metadata,
    });
    return (await repo.findUser(trx, userId)) ?? row;
  });
  const end = ended as { ids: string[]; reason: string } | null;
  if (end) ctx.realtime.endSessions(end.ids, end.reason);
  if (body.action === 'approve') ctx.mailer.kick();
  const move = roleMove as { from: string; to: string } | null;
  if (move) {
    ctx.realtime.removeUser(userId, rooms.role(move.from));
    ctx.realtime.joinUser(userId, rooms.role(move.to));
  }
  ctx.realtime.broadcast(rooms.user(userId), 'profile:changed', { userId });
  // Every member of a decided organisation sees it approved (or rejected) without a reload.
  for (const id of decided) ctx.realtime.broadcast(rooms.organisation(id), 'profile:changed', { userId });
  ctx.realtime.broadcast(rooms.role('superadmin'), 'admin:users_changed', { userId, reason: body.action });
  ctx.logger.info({ actor: actor.userId, userId, action: body.action }, 'admin: user action');
  return presentUser(updated);
}

/**
 * Approves the selected users that are pending, and the pending organisations they own; the
 * others are skipped. One audit row per user.
 */
export async function bulkApprove(ctx: AppContext, actor: Actor, ids: string[]) {
  const unique = [...new Set(ids)];
  let decided: string[] = [];
  const approved = await ctx.db.transaction(async (trx) => {
    const rows = await repo.findManyForUpdate(trx, unique);
    const eligible = rows.filter((r) => canBulkApprove(actor.userId, r));
    const done = await repo.approveMany(
      trx,
      eligible.map((r) => r.user_id),
    );
    decided = await repo.decideOwnedOrganisations(trx, done, 'approved');
    for (const r of eligible.filter((e) => done.includes(e.user_id))) {
      await writeAudit(trx, ctx.logger, actor, {
        action: 'user.approve',
        entityType: 'user',
        entityId: r.user_id,
        metadata: { email: r.email, name: r.name, status: { from: 'pending', to: 'approved' }, bulk: true },
      });
      await ctx.mailer.enqueue({ to: r.email, ...approvedMail(r.role, `${ctx.config.publicUrl}/login`), purpose: 'account' }, trx);
    }
    return done;
  });
  if (approved.length) ctx.mailer.kick();
  for (const id of decided) ctx.realtime.broadcast(rooms.organisation(id), 'profile:changed', { userId: actor.userId });
  for (const id of approved) {
    ctx.realtime.broadcast(rooms.user(id), 'profile:changed', { userId: id });
    ctx.realtime.broadcast(rooms.role('superadmin'), 'admin:users_changed', { userId: id, reason: 'approve' });
  }
  return { approved: approved.length, skipped: unique.length - approved.length };
}
