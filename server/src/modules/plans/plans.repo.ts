import type { Knex } from 'knex';
import { parseLimits, type PlanCode, type PlanLimits } from '../../../../shared/plans';

type Q = Knex | Knex.Transaction;
const TZ = 'Europe/Athens';

/** An organisation's plan, trial and limits (the plan belongs to the organisation, never to a member). */
export interface OrganisationPlanRow {
  organisation_id: string;
  name: string;
  status: string;
  plan_code: PlanCode | null;
  plan_name: string | null;
  limits: PlanLimits;
  trial_started_at: Date | null;
  trial_ends_at: Date | null;
  plan_activated_at: Date | null;
}

const PLAN_COLUMNS = [
  'o.id as organisation_id',
  'o.name',
  'o.status',
  'o.plan_code',
  'pl.name as plan_name',
  'pl.limits',
  'o.trial_started_at',
  'o.trial_ends_at',
  'o.plan_activated_at',
];

function withPlan(q: Q) {
  return q('organisations as o').leftJoin('plans as pl', 'pl.code', 'o.plan_code');
}

function row(r: (Omit<OrganisationPlanRow, 'limits'> & { limits: unknown }) | undefined): OrganisationPlanRow | undefined {
  return r ? { ...r, limits: r.plan_code ? parseLimits(r.limits) : parseLimits(null) } : undefined;
}

export async function organisationPlan(q: Q, organisationId: string): Promise<OrganisationPlanRow | undefined> {
  return row(await withPlan(q).where('o.id', organisationId).first(...PLAN_COLUMNS));
}

/**
 * Locks the organisation's row for the rest of the transaction and reads its plan: the checks
 * of concurrent sends (or invitations) of one organisation, by any of its members, run one
 * after the other.
 */
export async function lockOrganisationPlan(trx: Knex.Transaction, organisationId: string): Promise<OrganisationPlanRow | undefined> {
  // One statement: the organisation's row locked (not the plan's) as its plan is read.
  return row(await withPlan(trx).where('o.id', organisationId).forUpdate('o').first(...PLAN_COLUMNS));
}

/** The organisations a user owns, oldest first (the superadmin's actions on a user act on the first). */
export async function ownedOrganisations(q: Q, userId: string): Promise<string[]> {
  const rows = (await q('organisation_members as m')
    .join('organisations as o', 'o.id', 'm.organisation_id')
    .where({ 'm.user_id': userId, 'm.role': 'owner' })
    .orderBy('o.created_at')
    .select('o.id')) as { id: string }[];
  return rows.map((r) => r.id);
}

/**
 * Releases of an organisation that use up the month of `at` (Athens calendar): sent that
 * month (archived ones included), or scheduled for it, whoever wrote them.
 */
export async function releasesInMonth(q: Q, organisationId: string, at: Date, exceptId: string | null = null): Promise<number> {
  const query = q('press_releases')
    .where('organisation_id', organisationId)
    .whereRaw(
      `date_trunc('month', (case when status = 'scheduled' then scheduled_at else sent_at end) at time zone '${TZ}')
         = date_trunc('month', ?::timestamptz at time zone '${TZ}')`,
      [at.toISOString()],
    )
    .where((w) => void w.whereIn('status', ['sent', 'archived']).orWhere('status', 'scheduled'));
  if (exceptId) void query.whereNot('id', exceptId);
  const r = (await query.first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(r?.n ?? 0);
}

/** Members of an organisation plus its pending invitations that have not expired. */
export async function seatsUsed(q: Q, organisationId: string): Promise<number> {
  const r = (await q
    .select(
      q.raw('(select count(*)::int from organisation_members where organisation_id = ?) as members', [organisationId]),
      q.raw(`(select count(*)::int from organisation_invitations where organisation_id = ? and status = 'pending' and expires_at > now()) as invited`, [
        organisationId,
      ]),
    )
    .first()) as { members: number; invited: number } | undefined;
  return Number(r?.members ?? 0) + Number(r?.invited ?? 0);
}

export async function organisationMembers(q: Q, organisationId: string): Promise<number> {
  const r = (await q('organisation_members').where('organisation_id', organisationId).first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(r?.n ?? 0);
}

export interface TrialStart {
  plan_code: PlanCode;
  trial_started_at: Date;
  trial_ends_at: Date;
}

export async function startTrial(q: Q, organisationId: string, t: TrialStart): Promise<void> {
  await q('organisations').where('id', organisationId).update({ ...t, plan_activated_at: null });
}

/** Moves the trial's end to `endsAt` (the notices are then due again for the new end). */
export async function setTrialEnd(trx: Knex.Transaction, organisationId: string, endsAt: Date): Promise<void> {
  await trx('organisations').where('id', organisationId).update({ trial_ends_at: endsAt });
}

export async function setPlan(trx: Knex.Transaction, organisationId: string, code: PlanCode, activatedAt: Date | null): Promise<void> {
  await trx('organisations').where('id', organisationId).update({ plan_code: code, plan_activated_at: activatedAt });
}

export async function planExists(q: Q, code: string): Promise<boolean> {
  return !!(await q('plans').where({ code, is_active: true }).first('id'));
}

export interface TrialNoticeRow {
  organisation_id: string;
  name: string;
  plan_name: string | null;
  trial_ends_at: Date;
}

const NOTICE_COLUMNS = ['o.id as organisation_id', 'o.name', 'pl.name as plan_name', 'o.trial_ends_at'];

/** Trials ending within `days` of `now` whose end was not announced yet (approved organisations only). */
export async function trialsEndingSoon(q: Q, now: Date, days: number): Promise<TrialNoticeRow[]> {
  return (await withPlan(q)
    .where('o.status', 'approved') // not to a pending or rejected organisation
    .whereNull('o.plan_activated_at')
    .whereNotNull('o.plan_code')
    .where('o.trial_ends_at', '>', now)
    .where('o.trial_ends_at', '<=', new Date(now.getTime() + days * 86_400_000))
    .whereRaw('o.trial_notice_for is distinct from o.trial_ends_at')
    .select(...NOTICE_COLUMNS)) as TrialNoticeRow[];
}

/** Trials that ended by `now` whose end was not announced yet. */
export async function trialsEnded(q: Q, now: Date): Promise<TrialNoticeRow[]> {
  return (await withPlan(q)
    .where('o.status', 'approved')
    .whereNull('o.plan_activated_at')
    .whereNotNull('o.plan_code')
    .where('o.trial_ends_at', '<=', now)
    .whereRaw('o.trial_ended_notice_for is distinct from o.trial_ends_at')
    .select(...NOTICE_COLUMNS)) as TrialNoticeRow[];
}

/** The owners of an organisation who can be told (active, approved accounts). */
export async function reachableOwners(q: Q, organisationId: string): Promise<{ user_id: string; email: string; name: string }[]> {
  return (await q('organisation_members as m')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where({ 'm.organisation_id': organisationId, 'm.role': 'owner', 'p.is_active': true, 'p.status': 'approved' })
    .orderBy('m.created_at')
    .select('p.user_id', 'p.email', 'p.name')) as { user_id: string; email: string; name: string }[];
}

/** Every member of an organisation (their screens reload the plan when it changes). */
export async function memberIds(q: Q, organisationId: string): Promise<string[]> {
  return (await q('organisation_members').where('organisation_id', organisationId).pluck('user_id')) as string[];
}

/**
 * Marks the notice of this trial end as sent; false when another process did already (or the
 * trial changed meanwhile), so each notice goes out once.
 */
export async function claimNotice(trx: Knex.Transaction, organisationId: string, kind: 'ending' | 'ended', endsAt: Date): Promise<boolean> {
  const column = kind === 'ending' ? 'trial_notice_for' : 'trial_ended_notice_for';
  const n = await trx('organisations')
    .where({ id: organisationId, trial_ends_at: endsAt })
    .whereNull('plan_activated_at')
    .whereRaw('?? is distinct from trial_ends_at', [column])
    .update({ [column]: endsAt });
  return Number(n) > 0;
}
