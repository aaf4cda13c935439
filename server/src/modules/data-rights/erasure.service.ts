import { ERASURE_GRACE_DAYS } from '../../../../shared/constants';
import type { ErasureState, PendingErasure } from '../../../../shared/schemas/data-rights';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { erasureCancelledMail, erasureConfirmMail } from '../../mail/templates';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import { hashToken, randomToken } from '../auth/auth.tokens';
import { verifyPassword } from '../auth/password-hash';
import { runErasureHandlers } from './erasure.registry';
import * as repo from './erasure.repo';
import { registerOwnErasureSteps } from './erasure.steps';

export const ERASE_JOB = 'account.erase';
export const eraseJobKey = (erasureId: string) => `${ERASE_JOB}:${erasureId}`;
const DAY_MS = 24 * 3600_000;
const LINK_TTL_MS = DAY_MS;

/** Roles that may ask for their own erasure: a superadmin account is removed by another superadmin. */
const MAY_REQUEST = new Set(['client', 'media']);

const settingsPath = (role: string) => (role === 'client' ? '/client/settings' : '/media/settings');

/** The refusal of an account that is the last owner of an organisation where others work. */
export function lastOwnerError(blockers: { organisationId: string; name: string }[]): HttpError {
  const names = blockers.map((b) => `«${b.name}»`).join(', ');
  return new HttpError(
    409,
    'last_owner',
    `You are the last owner of ${names}: make another member owner before deleting your account`,
    { organisation: names },
    { organisations: blockers },
  );
}

export async function erasureState(ctx: AppContext, actor: Actor): Promise<ErasureState> {
  const [row, blockers] = await Promise.all([repo.openErasure(ctx.db, actor.userId), repo.lastOwnerBlockers(ctx.db, actor.userId)]);
  return {
    request: row ? { id: row.id, status: row.status, requestedAt: row.requested_at.toISOString(), dueAt: row.due_at?.toISOString() ?? null } : null,
    blockers,
    allowed: MAY_REQUEST.has(actor.role),
  };
}

/**
 * Step one: the password. A wrong one is a 400 naming the field (counted per account); the last
 * owner of an organisation with other members is refused (409 last_owner). Otherwise a link
 * goes to the account's address; the erasure is scheduled only when it is opened.
 */
export async function requestErasure(ctx: AppContext, actor: Actor, password: string): Promise<{ status: 'requested'; confirmUrl?: string }> {
  const { db, limiter, mailer, clock, logger, config } = ctx;
  if (!MAY_REQUEST.has(actor.role)) {
    throw new HttpError(403, 'erasure_not_allowed', 'A superadmin account is removed by another superadmin');
  }
  await limiter.consume([limiter.limit('erasurePerAccount', actor.userId)], 'Too many attempts; try again later');
  const hash = await repo.passwordHashOf(db, actor.userId);
  const ok = hash ? await verifyPassword(hash, password) : false;
  if (!ok) throw badRequest('invalid_password', 'The password is not correct', { password: 'is not correct' });
  const blockers = await repo.lastOwnerBlockers(db, actor.userId);
  if (blockers.length) throw lastOwnerError(blockers);
  const existing = await repo.openErasure(db, actor.userId);
  if (existing?.status === 'scheduled') throw new HttpError(409, 'erasure_scheduled', 'The erasure of this account is already scheduled');

  const token = randomToken();
  const now = clock.now();
  const url = `${config.publicUrl}${settingsPath(actor.role)}?erasure=${encodeURIComponent(token)}`;
  await db.transaction(async (trx) => {
    const row = await repo.insertRequest(trx, {
      user_id: actor.userId,
      token_hash: hashToken(token),
      token_expires_at: new Date(now.getTime() + LINK_TTL_MS),
      requested_at: now,
    });
    await mailer.enqueue({ to: actor.email, ...erasureConfirmMail(url, ERASURE_GRACE_DAYS), purpose: 'account' }, trx);
    await writeAudit(trx, logger, actor, { action: 'account.erasure_requested', entityType: 'account_erasure', entityId: row.id });
  });
  mailer.kick();
  // Never in production: the link is a secret only the e-mail carries (the e2e tests read it here).
  return { status: 'requested', ...(config.isProduction ? {} : { confirmUrl: url }) };
}

/**
 * Step two: the e-mailed link, opened by the signed-in owner. The erasure is scheduled
 * ERASURE_GRACE_DAYS later (ctx.clock), every session of the account ends (a sign-in from now
 * on cancels the erasure), and the erasure job is queued for the due time.
 */
export async function confirmErasure(ctx: AppContext, actor: Actor, token: string): Promise<{ status: 'scheduled'; dueAt: string }> {
  const { db, clock, logger, jobs, auth, realtime } = ctx;
  const now = clock.now();
  const dueAt = new Date(now.getTime() + ERASURE_GRACE_DAYS * DAY_MS);
  let ended: string[] = [];
  await db.transaction(async (trx) => {
    const row = await repo.requestByToken(trx, actor.userId, hashToken(token), now);
    if (!row) throw badRequest('invalid_token', 'The link has expired or is not valid', { token: 'has expired or is not valid' });
    const blockers = await repo.lastOwnerBlockers(trx, actor.userId);
    if (blockers.length) throw lastOwnerError(blockers);
    await repo.markScheduled(trx, row.id, now, dueAt);
    await jobs.schedule(ERASE_JOB, { erasureId: row.id }, { runAt: dueAt, dedupeKey: eraseJobKey(row.id), maxAttempts: 10 }, trx);
    await writeAudit(trx, logger, actor, {
      action: 'account.erasure_scheduled',
      entityType: 'account_erasure',
      entityId: row.id,
      metadata: { dueAt: dueAt.toISOString() },
    });
    ended = await auth.revokeAllSessions(actor.userId, 'erasure_scheduled', trx);
  });
  realtime.endSessions(ended, 'erasure_scheduled');
  jobs.kick();
  return { status: 'scheduled', dueAt: dueAt.toISOString() };
}

/** The owner withdraws a request not confirmed yet (a scheduled one is cancelled by signing in). */
export async function withdrawErasure(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const row = await repo.cancelOpen(trx, { userId: actor.userId }, 'user', ctx.clock.now());
    if (!row) throw notFound('No open erasure request');
    await ctx.jobs.cancel(eraseJobKey(row.id), trx);
    await writeAudit(trx, ctx.logger, actor, { action: 'account.erasure_cancelled', entityType: 'account_erasure', entityId: row.id, metadata: { by: 'user' } });
  });
}

/**
 * Erases one account: personal data erased or anonymised (repo.anonymiseAccount, then every
 * module's handler from the registry), the organisation's releases and the journalists'
 * received copies kept. Runs when due (the job, by ctx.clock) or at once by the superadmin;
 * idempotent: a request no longer scheduled, or not due yet for the job, is left alone.
 */
export async function eraseAccount(ctx: AppContext, erasureId: string, by: { actor: AuditActor; force: boolean }): Promise<boolean> {
  const { db, clock, logger } = ctx;
  const now = clock.now();
  const done = await db.transaction(async (trx) => {
    const row = await repo.erasureById(trx, erasureId, true);
    if (!row || row.status !== 'scheduled') return false;
    if (!by.force && row.due_at && row.due_at.getTime() > now.getTime()) return false;
    const before = await repo.anonymiseAccount(trx, row.user_id);
    const handlers = await runErasureHandlers(trx, { userId: row.user_id, at: now });
    await repo.markErased(trx, row.id, now, by.actor?.userId ?? null);
    await writeAudit(trx, logger, by.actor, {
      action: 'account.erased',
      entityType: 'account_erasure',
      entityId: row.id,
      metadata: { userId: row.user_id, role: before?.role ?? null, requestedAt: row.requested_at, dueAt: row.due_at, early: by.force, handlers },
    });
    return true;
  });
  if (done) logger.info({ erasureId }, 'account erased');
  return done;
}

export async function listPending(ctx: AppContext): Promise<{ items: PendingErasure[] }> {
  const rows = await repo.listOpen(ctx.db);
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      name: r.name,
      email: r.email,
      role: r.role,
      status: r.status,
      requestedAt: r.requested_at.toISOString(),
      dueAt: r.due_at?.toISOString() ?? null,
    })),
  };
}

/** The superadmin erases a scheduled request now, before its due date. */
export async function adminErase(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const row = await repo.erasureById(ctx.db, id);
  if (!row) throw notFound('Erasure request not found');
  if (row.status !== 'scheduled') throw new HttpError(409, 'not_scheduled', 'Only a confirmed (scheduled) erasure can be carried out');
  await eraseAccount(ctx, id, { actor, force: true });
  await ctx.jobs.cancel(eraseJobKey(id));
}

/** The superadmin cancels an open request; the person is told by e-mail. */
export async function adminCancel(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { db, mailer, logger, clock, config } = ctx;
  await db.transaction(async (trx) => {
    const row = await repo.cancelOpen(trx, { id }, 'superadmin', clock.now());
    if (!row) {
      const exists = await repo.erasureById(trx, id);
      if (!exists) throw notFound('Erasure request not found');
      throw new HttpError(409, 'not_open', 'This erasure request is no longer open');
    }
    await ctx.jobs.cancel(eraseJobKey(id), trx);
    const contact = await repo.contactOf(trx, row.user_id);
    if (contact) await mailer.enqueue({ to: contact.email, ...erasureCancelledMail(`${config.publicUrl}/login`, false), purpose: 'account' }, trx);
    await writeAudit(trx, logger, actor, {
      action: 'account.erasure_cancelled',
      entityType: 'account_erasure',
      entityId: row.id,
      metadata: { by: 'superadmin', userId: row.user_id, dueAt: row.due_at },
    });
  });
  mailer.kick();
}

export function registerErasureJob(ctx: AppContext): void {
  registerOwnErasureSteps();
  ctx.jobs.register(ERASE_JOB, async (job) => {
    const erasureId = typeof job.payload.erasureId === 'string' ? job.payload.erasureId : '';
    if (erasureId) await eraseAccount(ctx, erasureId, { actor: null, force: false });
  });
}
