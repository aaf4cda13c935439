import type { Knex } from 'knex';
import { PLAN_CODES } from '../../../../shared/constants';
import { rooms } from '../../../../shared/events';
import {
  DEFAULT_PLAN,
  PLAN_MESSAGES,
  TRIAL_DAYS,
  TRIAL_NOTICE_DAYS,
  inDays,
  planStateOf,
  trialDaysLeft,
  type PlanCode,
} from '../../../../shared/plans';
import type { AccountPlan, SetPlanBody } from '../../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { createNotifications, publishNotifications, type NotificationRow } from '../notifications/notifications.service';
import { trialEndedMail, trialEndingMail } from './plans.mail';
import * as repo from './plans.repo';

const DAY_MS = 86_400_000;
const TZ = 'Europe/Athens';

const dateFormat = new Intl.DateTimeFormat('el-GR', { timeZone: TZ, day: 'numeric', month: 'long', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('el-GR', { timeZone: TZ, month: 'long', year: 'numeric' });
/** "10 Δεκεμβρίου 2026", Athens time. */
export const greekDate = (d: Date) => dateFormat.format(d);

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A requested plan code (the pricing page's `?plan=`): a known, active plan, else the default. */
export async function chosenPlan(q: Knex | Knex.Transaction, requested: string | undefined | null): Promise<PlanCode> {
  const code = (PLAN_CODES as readonly string[]).includes(requested ?? '') ? (requested as PlanCode) : DEFAULT_PLAN;
  return (await repo.planExists(q, code)) ? code : DEFAULT_PLAN;
}

/** Starts the free trial of a new client account (called by sign-up, in its transaction). */
export async function startTrial(trx: Knex.Transaction, userId: string, requested: string | undefined | null, now = new Date()): Promise<repo.TrialStart> {
  const t = { plan_code: await chosenPlan(trx, requested), trial_started_at: now, trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) };
  await repo.startTrial(trx, userId, t);
  return t;
}

/** The signed-in client's plan, trial, limits and usage (their own workspace). */
export async function accountPlan(ctx: AppContext, actor: Actor, now = new Date()): Promise<AccountPlan> {
  const p = await repo.accountPlan(ctx.db, actor.userId);
  if (!p) throw notFound('Profile not found');
  const ws = await repo.ownWorkspaceId(ctx.db, actor.userId);
  const releases = await repo.releasesInMonth(ctx.db, { workspaceId: ws, clientId: actor.userId }, now);
  const members = ws ? await repo.workspaceMembers(ctx.db, ws) : 1;
  return {
    plan: p.plan_code ? { code: p.plan_code, name: p.plan_name ?? p.plan_code } : null,
    state: planStateOf(p, now),
    trial_started_at: iso(p.trial_started_at),
    trial_ends_at: iso(p.trial_ends_at),
    activated_at: iso(p.plan_activated_at),
    limits: p.limits,
    usage: { releases_this_month: releases, members },
  };
}

export interface SendCheck {
  /** The release being sent or scheduled. */
  release: { id: string; organisation_id: string | null; client_id: string };
  /** When it goes out: now, or the scheduled time. */
  at: Date;
  /** How many journalists it would reach. */
  recipients: number;
  now?: Date;
}

/**
 * Inside the send's (or schedule's) transaction: the plan of the release's workspace allows
 * it: the trial has not ended (and does not end before a scheduled time), the month's
 * releases are within the limit, and so are the recipients. Locks the plan owner's profile,
 * so concurrent sends of one workspace are counted one after the other.
 */
export async function assertMaySend(trx: Knex.Transaction, c: SendCheck): Promise<void> {
  const now = c.now ?? new Date();
  const ownerId = await repo.planOwnerOf(trx, c.release);
  const p = await repo.lockAccountPlan(trx, ownerId);
  const state = p ? planStateOf(p, now) : null;
  if (!p || state === null) return; // not a client's plan (no limits apply)
  const name = p.plan_name ?? p.plan_code ?? '';
  if (state === 'expired') throw new HttpError(403, 'trial_expired', PLAN_MESSAGES.trialExpired);
  if (state === 'trial' && p.trial_ends_at && c.at.getTime() > new Date(p.trial_ends_at).getTime()) {
    throw new HttpError(403, 'trial_expired', PLAN_MESSAGES.trialEndsBefore(greekDate(new Date(p.trial_ends_at))));
  }
  const { releases_per_month: perMonth, recipients_per_release: perRelease } = p.limits;
  if (perMonth !== null) {
    const used = await repo.releasesInMonth(trx, { workspaceId: c.release.organisation_id, clientId: c.release.client_id }, c.at, c.release.id);
    if (used >= perMonth) throw conflict('plan_limit_releases', PLAN_MESSAGES.releases(name, perMonth, monthFormat.format(c.at)));
  }
  if (perRelease !== null && c.recipients > perRelease) {
    throw conflict('plan_limit_recipients', PLAN_MESSAGES.recipients(name, perRelease, c.recipients));
  }
}

/**
 * Inside an invitation's transaction: the workspace owner's trial has not ended and a new
 * person (`newSeat`; a re-sent invitation takes no new seat) fits the plan's users.
 */
export async function assertMayInvite(trx: Knex.Transaction, workspaceId: string, o: { newSeat: boolean; now?: Date }): Promise<void> {
  const ownerId = await repo.workspaceOwner(trx, workspaceId);
  const p = ownerId ? await repo.lockAccountPlan(trx, ownerId) : undefined;
  const state = p ? planStateOf(p, o.now) : null;
  if (!p || state === null) return;
  if (state === 'expired') throw new HttpError(403, 'trial_expired', PLAN_MESSAGES.trialExpired);
  const limit = p.limits.members;
  if (o.newSeat && limit !== null && (await repo.seatsUsed(trx, workspaceId)) >= limit) {
    throw conflict('plan_limit_members', PLAN_MESSAGES.members(p.plan_name ?? p.plan_code ?? '', limit));
  }
}

/** Inside an acceptance's transaction: one more member fits the owner's plan (it may have changed since the invitation). */
export async function assertMayJoin(trx: Knex.Transaction, workspaceId: string): Promise<void> {
  const ownerId = await repo.workspaceOwner(trx, workspaceId);
  const p = ownerId ? await repo.lockAccountPlan(trx, ownerId) : undefined;
  const limit = p?.plan_code ? p.limits.members : null;
  if (p && limit !== null && (await repo.workspaceMembers(trx, workspaceId)) >= limit) {
    throw conflict('plan_limit_members', PLAN_MESSAGES.members(p.plan_name ?? p.plan_code ?? '', limit));
  }
}

/** After a plan change: the user's screens reload their plan, the superadmin's list refreshes. */
function announce(ctx: AppContext, userId: string, reason: string): void {
  ctx.realtime.broadcast(rooms.user(userId), 'profile:changed', { userId });
  ctx.realtime.broadcast(rooms.role('superadmin'), 'admin:users_changed', { userId, reason });
}

async function lockClient(trx: Knex.Transaction, userId: string) {
  const p = await repo.lockAccountPlan(trx, userId);
  if (!p) throw notFound('User not found');
  if (p.role !== 'client' || !p.plan_code) throw conflict('no_plan', 'Only client accounts have a plan and a trial');
  return p;
}

/**
 * Superadmin: extends the trial by `days`, counted from its end, or from now when it already
 * ended (an ended trial reopens for that many days). Audited.
 */
export async function extendTrial(ctx: AppContext, actor: Actor, userId: string, days: number, now = new Date()): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const p = await lockClient(trx, userId);
    if (p.plan_activated_at) throw conflict('plan_active', 'The plan is active; the trial needs no extension');
    const from = p.trial_ends_at && new Date(p.trial_ends_at).getTime() > now.getTime() ? new Date(p.trial_ends_at) : now;
    const endsAt = new Date(from.getTime() + days * DAY_MS);
    await repo.setTrialEnd(trx, userId, endsAt);
    await writeAudit(trx, ctx.logger, actor, {
      action: 'user.trial_extend',
      entityType: 'user',
      entityId: userId,
      metadata: { email: p.email, name: p.name, plan: p.plan_code, days, trial_ends_at: { from: iso(p.trial_ends_at), to: endsAt.toISOString() } },
    });
  });
  announce(ctx, userId, 'trial_extend');
  ctx.logger.info({ actor: actor.userId, userId, days }, 'plans: trial extended');
}

/** Superadmin: sets the plan, active (paid, arranged with the customer) or still on trial. Audited. */
export async function setPlan(ctx: AppContext, actor: Actor, userId: string, body: SetPlanBody, now = new Date()): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const p = await lockClient(trx, userId);
    if (!(await repo.planExists(trx, body.plan_code))) throw notFound('Plan not found');
    const activatedAt = body.active ? (p.plan_activated_at ?? now) : null;
    await repo.setPlan(trx, userId, body.plan_code, activatedAt);
    await writeAudit(trx, ctx.logger, actor, {
      action: 'user.plan_change',
      entityType: 'user',
      entityId: userId,
      metadata: {
        email: p.email,
        name: p.name,
        plan: { from: p.plan_code, to: body.plan_code },
        state: { from: planStateOf(p, now), to: body.active ? 'active' : planStateOf({ ...p, plan_activated_at: null }, now) },
      },
    });
  });
  announce(ctx, userId, 'plan_change');
  ctx.logger.info({ actor: actor.userId, userId, plan: body.plan_code, active: body.active }, 'plans: plan set');
}

/**
 * A client account that becomes a client (role change) without a plan gets the default
 * plan's trial from now, like a sign-up.
 */
export async function ensurePlan(trx: Knex.Transaction, userId: string, now = new Date()): Promise<void> {
  const p = await repo.accountPlan(trx, userId);
  if (p && !p.plan_code) await startTrial(trx, userId, null, now);
}

/**
 * The trial notices, in-app and by e-mail: TRIAL_NOTICE_DAYS before a trial ends, and when
 * it has ended. Each trial end is announced once (claimed in the same transaction as the
 * notification and the e-mail), whichever process runs the sweep; an extended trial is
 * announced again for its new end.
 */
export async function sendTrialNotices(ctx: AppContext, now = new Date()): Promise<{ ending: number; ended: number }> {
  const settingsUrl = `${ctx.config.publicUrl}/client/settings`;
  let ending = 0;
  let ended = 0;
  const notify = async (row: repo.TrialNoticeRow, kind: 'ending' | 'ended'): Promise<void> => {
    const plan = row.plan_name ?? 'σας';
    const endsAt = new Date(row.trial_ends_at);
    const notes = await ctx.db.transaction(async (trx): Promise<NotificationRow[]> => {
      if (!(await repo.claimNotice(trx, row.user_id, kind, endsAt))) return [];
      const daysText = inDays(trialDaysLeft(endsAt, now));
      const mail = kind === 'ending' ? trialEndingMail(plan, greekDate(endsAt), daysText, settingsUrl) : trialEndedMail(plan, settingsUrl);
      await ctx.mailer.enqueue({ to: row.email, ...mail }, trx);
      return createNotifications(trx, [
        kind === 'ending'
          ? {
              userId: row.user_id,
              kind: 'plan.trial_ending',
              title: 'Η δωρεάν δοκιμή σας λήγει σύντομα',
              body: `Η δοκιμή του πλάνου ${plan} λήγει ${daysText} (${greekDate(endsAt)}). Επικοινωνήστε μαζί μας για να συνεχίσετε χωρίς διακοπή.`,
              link: '/client/settings',
              data: { trial_ends_at: endsAt.toISOString() },
            }
          : {
              userId: row.user_id,
              kind: 'plan.trial_ended',
              title: 'Η δωρεάν δοκιμή σας έληξε',
              body: `Η δοκιμή του πλάνου ${plan} έληξε: η αποστολή δελτίων τύπου είναι απενεργοποιημένη μέχρι να ενεργοποιηθεί το πλάνο σας.`,
              link: '/client/settings',
              data: { trial_ends_at: endsAt.toISOString() },
            },
      ]);
    });
    if (!notes.length) return;
    if (kind === 'ending') ending++;
    else ended++;
    publishNotifications(ctx.realtime, notes);
    ctx.realtime.broadcast(rooms.user(row.user_id), 'profile:changed', { userId: row.user_id });
  };
  for (const row of await repo.trialsEnded(ctx.db, now)) await notify(row, 'ended');
  for (const row of await repo.trialsEndingSoon(ctx.db, now, TRIAL_NOTICE_DAYS)) await notify(row, 'ending');
  if (ending || ended) {
    ctx.mailer.kick();
    ctx.logger.info({ ending, ended }, 'plans: trial notices sent');
  }
  return { ending, ended };
}

const NOTICES_JOB = 'plans.trial_notices';

/** The notices' sweep: a durable job every hour (and at the first poll after a start). */
export function registerTrialNotices(ctx: AppContext): void {
  ctx.jobs.register(NOTICES_JOB, async () => {
    await sendTrialNotices(ctx);
  });
  let last = 0;
  ctx.jobs.onTick(async () => {
    if (Date.now() - last < 10 * 60_000) return;
    last = Date.now();
    const hour = Math.floor(Date.now() / 3600_000);
    await ctx.jobs.schedule(NOTICES_JOB, {}, { runAt: new Date(), dedupeKey: `${NOTICES_JOB}:${hour}`, onConflict: 'ignore' });
  });
}
