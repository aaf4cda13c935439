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
import { requireActive } from '../organisations/access';
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

/**
 * Starts the free trial of a new organisation (called by a company's sign-up, in its
 * transaction). A person who joins an organisation by invitation gets no trial of their own.
 */
export async function startTrial(
  trx: Knex.Transaction,
  organisationId: string,
  requested: string | undefined | null,
  now = new Date(),
): Promise<repo.TrialStart> {
  const t = { plan_code: await chosenPlan(trx, requested), trial_started_at: now, trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) };
  await repo.startTrial(trx, organisationId, t);
  return t;
}

/** The plan, trial, limits and usage of the organisation the signed-in client works in now. */
export async function accountPlan(ctx: AppContext, actor: Actor, now = ctx.clock.now()): Promise<AccountPlan> {
  const { organisationId } = await requireActive(ctx.db, actor, 'read');
  return organisationPlanOf(ctx, organisationId, now);
}

/** An organisation's plan, trial, limits and usage (its releases this month, its seats taken). */
export async function organisationPlanOf(ctx: AppContext, organisationId: string, now = ctx.clock.now()): Promise<AccountPlan> {
  const p = await repo.organisationPlan(ctx.db, organisationId);
  if (!p) throw notFound('Organisation not found');
  const releases = await repo.releasesInMonth(ctx.db, organisationId, now);
  const members = await repo.seatsUsed(ctx.db, organisationId);
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
  /** The release being sent or scheduled (its organisation's plan governs it). */
  release: { id: string; organisation_id: string };
  /** When it goes out: now, or the scheduled time. */
  at: Date;
  now?: Date;
}

/**
 * The plan's limit on the journalists one release reaches, checked on their count (a 409 in
 * Greek past it); null when the plan sets none, so nobody needs counting.
 */
export type RecipientsCheck = ((recipients: number) => void) | null;

/**
 * Inside the send's (or schedule's) transaction: the plan of the release's organisation allows
 * it: the trial has not ended (and does not end before a scheduled time) and the organisation's
 * releases of the month are within the limit. Returns the check of the recipients, which the
 * caller runs on their count: a send on the deliveries it has just written (the recipients are
 * then counted once, by that insert, and a refusal rolls them back), a schedule on a count.
 * Locks the organisation's row, so concurrent sends of its members are counted one after the other.
 */
export async function assertMaySend(trx: Knex.Transaction, c: SendCheck): Promise<RecipientsCheck> {
  const now = c.now ?? new Date();
  const p = await repo.lockOrganisationPlan(trx, c.release.organisation_id);
  const state = p ? planStateOf(p, now) : null;
  if (!p || state === null) return null; // an organisation without a plan (no limits apply)
  const name = p.plan_name ?? p.plan_code ?? '';
  if (state === 'expired') throw new HttpError(403, 'trial_expired', PLAN_MESSAGES.trialExpired);
  if (state === 'trial' && p.trial_ends_at && c.at.getTime() > new Date(p.trial_ends_at).getTime()) {
    throw new HttpError(403, 'trial_expired', PLAN_MESSAGES.trialEndsBefore(greekDate(new Date(p.trial_ends_at))));
  }
  const { releases_per_month: perMonth, recipients_per_release: perRelease } = p.limits;
  if (perMonth !== null) {
    const used = await repo.releasesInMonth(trx, c.release.organisation_id, c.at, c.release.id);
    if (used >= perMonth) throw conflict('plan_limit_releases', PLAN_MESSAGES.releases(name, perMonth, monthFormat.format(c.at)));
  }
  if (perRelease === null) return null;
  return (recipients) => {
    if (recipients > perRelease) throw conflict('plan_limit_recipients', PLAN_MESSAGES.recipients(name, perRelease, recipients));
  };
}

/**
 * Inside an invitation's transaction: the organisation's trial has not ended and a new person
 * (`newSeat`; a re-sent invitation takes no new seat) fits the plan's users (its members and
 * pending invitations).
 */
export async function assertMayInvite(trx: Knex.Transaction, organisationId: string, o: { newSeat: boolean; now?: Date }): Promise<void> {
  const p = await repo.lockOrganisationPlan(trx, organisationId);
  const state = p ? planStateOf(p, o.now) : null;
  if (!p || state === null) return;
  if (state === 'expired') throw new HttpError(403, 'trial_expired', PLAN_MESSAGES.trialExpired);
  const limit = p.limits.members;
  if (o.newSeat && limit !== null && (await repo.seatsUsed(trx, organisationId)) >= limit) {
    throw conflict('plan_limit_members', PLAN_MESSAGES.members(p.plan_name ?? p.plan_code ?? '', limit));
  }
}

/**
 * Inside an acceptance's transaction (before the new member row): one more member fits the
 * organisation's plan (it may have changed since the invitation). The invitation being accepted
 * already holds a seat, so the members alone are counted.
 */
export async function assertMayJoin(trx: Knex.Transaction, organisationId: string): Promise<void> {
  const p = await repo.lockOrganisationPlan(trx, organisationId);
  const limit = p?.plan_code ? p.limits.members : null;
  if (p && limit !== null && (await repo.organisationMembers(trx, organisationId)) >= limit) {
    throw conflict('plan_limit_members', PLAN_MESSAGES.members(p.plan_name ?? p.plan_code ?? '', limit));
  }
}

/** After a plan change: the members' screens reload their plan, the superadmin's list refreshes. */
async function announce(ctx: AppContext, organisationId: string, reason: string): Promise<void> {
  const members = await repo.memberIds(ctx.db, organisationId);
  for (const userId of members) ctx.realtime.broadcast(rooms.user(userId), 'profile:changed', { userId });
  ctx.realtime.broadcast(rooms.role('superadmin'), 'admin:users_changed', { userId: members[0] ?? organisationId, reason });
}

async function lockOrganisation(trx: Knex.Transaction, organisationId: string) {
  const p = await repo.lockOrganisationPlan(trx, organisationId);
  if (!p) throw notFound('Organisation not found');
  if (!p.plan_code) throw conflict('no_plan', 'Only client organisations have a plan and a trial');
  return p;
}

/**
 * The organisation a superadmin's plan action on a user means: the oldest one the user owns.
 * 409 `no_plan` for a user who owns none (a journalist, or a member invited into a team: the
 * team's plan is changed on its organisation).
 */
export async function organisationOfUser(q: Knex | Knex.Transaction, userId: string): Promise<string> {
  const [id] = await repo.ownedOrganisations(q, userId);
  if (!id) {
    const exists = (await q('profiles').where('user_id', userId).first('user_id')) as { user_id: string } | undefined;
    if (!exists) throw notFound('User not found');
    throw conflict('no_plan', 'Only client organisations have a plan and a trial');
  }
  return id;
}

/**
 * Superadmin: extends the organisation's trial by `days`, counted from its end, or from now
 * when it already ended (an ended trial reopens for that many days). Audited.
 */
export async function extendTrial(ctx: AppContext, actor: Actor, organisationId: string, days: number, now = ctx.clock.now()): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const p = await lockOrganisation(trx, organisationId);
    if (p.plan_activated_at) throw conflict('plan_active', 'The plan is active; the trial needs no extension');
    const from = p.trial_ends_at && new Date(p.trial_ends_at).getTime() > now.getTime() ? new Date(p.trial_ends_at) : now;
    const endsAt = new Date(from.getTime() + days * DAY_MS);
    await repo.setTrialEnd(trx, organisationId, endsAt);
    await writeAudit(trx, ctx.logger, actor, {
      action: 'user.trial_extend',
      entityType: 'organisation',
      entityId: organisationId,
      metadata: { organisation: p.name, plan: p.plan_code, days, trial_ends_at: { from: iso(p.trial_ends_at), to: endsAt.toISOString() } },
    });
  });
  await announce(ctx, organisationId, 'trial_extend');
  ctx.logger.info({ actor: actor.userId, organisationId, days }, 'plans: trial extended');
}

/** Superadmin: sets the organisation's plan, active (paid, arranged with the customer) or still on trial. Audited. */
export async function setPlan(ctx: AppContext, actor: Actor, organisationId: string, body: SetPlanBody, now = ctx.clock.now()): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const p = await lockOrganisation(trx, organisationId);
    if (!(await repo.planExists(trx, body.plan_code))) throw notFound('Plan not found');
    const activatedAt = body.active ? (p.plan_activated_at ?? now) : null;
    await repo.setPlan(trx, organisationId, body.plan_code, activatedAt);
    await writeAudit(trx, ctx.logger, actor, {
      action: 'user.plan_change',
      entityType: 'organisation',
      entityId: organisationId,
      metadata: {
        organisation: p.name,
        plan: { from: p.plan_code, to: body.plan_code },
        state: { from: planStateOf(p, now), to: body.active ? 'active' : planStateOf({ ...p, plan_activated_at: null }, now) },
      },
    });
  });
  await announce(ctx, organisationId, 'plan_change');
  ctx.logger.info({ actor: actor.userId, organisationId, plan: body.plan_code, active: body.active }, 'plans: plan set');
}

/** An organisation without a plan (made by the superadmin for a new client) gets the default plan's trial from now. */
export async function ensurePlan(trx: Knex.Transaction, organisationId: string, now = new Date()): Promise<void> {
  const p = await repo.organisationPlan(trx, organisationId);
  if (p && !p.plan_code) await startTrial(trx, organisationId, null, now);
}

/**
 * The trial notices, in-app and by e-mail: TRIAL_NOTICE_DAYS before a trial ends, and when
 * it has ended. Each trial end is announced once (claimed in the same transaction as the
 * notification and the e-mail), whichever process runs the sweep; an extended trial is
 * announced again for its new end.
 */
export async function sendTrialNotices(ctx: AppContext, now = ctx.clock.now()): Promise<{ ending: number; ended: number }> {
  const settingsUrl = `${ctx.config.publicUrl}/client/settings`;
  let ending = 0;
  let ended = 0;
  const notify = async (row: repo.TrialNoticeRow, kind: 'ending' | 'ended'): Promise<void> => {
    const plan = row.plan_name ?? 'σας';
    const endsAt = new Date(row.trial_ends_at);
    // The organisation's trial is told to its owners (the ones who can arrange the plan).
    const notes = await ctx.db.transaction(async (trx): Promise<NotificationRow[]> => {
      if (!(await repo.claimNotice(trx, row.organisation_id, kind, endsAt))) return [];
      const daysText = inDays(trialDaysLeft(endsAt, now));
      const mail = kind === 'ending' ? trialEndingMail(plan, greekDate(endsAt), daysText, settingsUrl) : trialEndedMail(plan, settingsUrl);
      const owners = await repo.reachableOwners(trx, row.organisation_id);
      for (const o of owners) await ctx.mailer.enqueue({ to: o.email, ...mail }, trx);
      const data = { trial_ends_at: endsAt.toISOString(), organisation_id: row.organisation_id };
      return createNotifications(
        trx,
        owners.map((o) =>
          kind === 'ending'
            ? {
                userId: o.user_id,
                kind: 'plan.trial_ending',
                title: 'Η δωρεάν δοκιμή σας λήγει σύντομα',
                body: `Η δοκιμή του πλάνου ${plan} για τον οργανισμό ${row.name} λήγει ${daysText} (${greekDate(endsAt)}). Επικοινωνήστε μαζί μας για να συνεχίσετε χωρίς διακοπή.`,
                link: '/client/settings',
                data,
                organisationId: row.organisation_id,
              }
            : {
                userId: o.user_id,
                kind: 'plan.trial_ended',
                title: 'Η δωρεάν δοκιμή σας έληξε',
                body: `Η δοκιμή του πλάνου ${plan} για τον οργανισμό ${row.name} έληξε: η αποστολή δελτίων τύπου είναι απενεργοποιημένη μέχρι να ενεργοποιηθεί το πλάνο σας.`,
                link: '/client/settings',
                data,
                organisationId: row.organisation_id,
              },
        ),
      );
    });
    if (!notes.length) return;
    if (kind === 'ending') ending++;
    else ended++;
    publishNotifications(ctx.realtime, notes);
    for (const userId of await repo.memberIds(ctx.db, row.organisation_id)) {
      ctx.realtime.broadcast(rooms.user(userId), 'profile:changed', { userId });
    }
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

/**
 * The notices' sweep: a durable job every hour (and at the first poll after a start), by the
 * context's clock (a test moves it a day on and the next poll sweeps).
 */
export function registerTrialNotices(ctx: AppContext): void {
  ctx.jobs.register(NOTICES_JOB, async () => {
    await sendTrialNotices(ctx);
  });
  let last: number | undefined;
  ctx.jobs.onTick(async () => {
    const now = ctx.clock.now();
    if (last !== undefined && Math.abs(now.getTime() - last) < 10 * 60_000) return;
    last = now.getTime();
    const hour = Math.floor(now.getTime() / 3600_000);
    await ctx.jobs.schedule(NOTICES_JOB, {}, { runAt: now, dedupeKey: `${NOTICES_JOB}:${hour}`, onConflict: 'ignore' });
  });
}
