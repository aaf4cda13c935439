import type { Knex } from 'knex';
import { parseLimits, type PlanCode, type PlanLimits } from '../../../../shared/plans';

type Q = Knex | Knex.Transaction;
const TZ = 'Europe/Athens';

export interface AccountPlanRow {
  user_id: string;
  role: string;
  status: string;
  is_active: boolean;
  email: string;
  name: string;
  plan_code: PlanCode | null;
  plan_name: string | null;
  limits: PlanLimits;
  trial_started_at: Date | null;
  trial_ends_at: Date | null;
  plan_activated_at: Date | null;
}

const PLAN_COLUMNS = [
  'p.user_id',
  'p.role',
  'p.status',
  'p.is_active',
  'p.email',
  'p.name',
  'p.plan_code',
  'pl.name as plan_name',
  'pl.limits',
  'p.trial_started_at',
  'p.trial_ends_at',
  'p.plan_activated_at',
];

function withPlan(q: Q) {
  return q('profiles as p').leftJoin('plans as pl', 'pl.code', 'p.plan_code');
}

function row(r: (Omit<AccountPlanRow, 'limits'> & { limits: unknown }) | undefined): AccountPlanRow | undefined {
  return r ? { ...r, limits: r.plan_code ? parseLimits(r.limits) : parseLimits(null) } : undefined;
}

export async function accountPlan(q: Q, userId: string): Promise<AccountPlanRow | undefined> {
  return row(await withPlan(q).where('p.user_id', userId).first(...PLAN_COLUMNS));
}

/**
 * Locks the account's profile row for the rest of the transaction and reads its plan: the
 * checks of concurrent sends (or invitations) of one account run one after the other.
 */
export async function lockAccountPlan(trx: Knex.Transaction, userId: string): Promise<AccountPlanRow | undefined> {
  await trx('profiles').where('user_id', userId).forUpdate().first('user_id');
  return accountPlan(trx, userId);
}

/** Whose plan governs a release: its workspace's owner, else its author. */
export async function planOwnerOf(q: Q, r: { organisation_id: string | null; client_id: string }): Promise<string> {
  if (!r.organisation_id) return r.client_id;
  const ws = (await q('organisations').where('id', r.organisation_id).first('created_by')) as { created_by: string } | undefined;
  return ws?.created_by ?? r.client_id;
}

export async function ownWorkspaceId(q: Q, userId: string): Promise<string | null> {
  const ws = (await q('organisations').where('created_by', userId).orderBy('created_at').first('id')) as { id: string } | undefined;
  return ws?.id ?? null;
}

/**
 * Releases of a workspace (or, without one, of an author) that use up the month of `at`
 * (Athens calendar): sent that month (archived ones included), or scheduled for it.
 */
export async function releasesInMonth(
  q: Q,
  scope: { workspaceId: string | null; clientId: string },
  at: Date,
  exceptId: string | null = null,
): Promise<number> {
  const query = q('press_releases')
    .whereRaw(
      `date_trunc('month', (case when status = 'scheduled' then scheduled_at else sent_at end) at time zone '${TZ}')
         = date_trunc('month', ?::timestamptz at time zone '${TZ}')`,
      [at.toISOString()],
    )
    .where((w) => void w.whereIn('status', ['sent', 'archived']).orWhere('status', 'scheduled'));
  if (scope.workspaceId) void query.where('organisation_id', scope.workspaceId);
  else void query.whereNull('organisation_id').where('client_id', scope.clientId);
  if (exceptId) void query.whereNot('id', exceptId);
  const r = (await query.first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(r?.n ?? 0);
}

/** Users of a workspace plus its pending invitations that have not expired. */
export async function seatsUsed(q: Q, workspaceId: string): Promise<number> {
  const r = (await q
    .select(
      q.raw('(select count(*)::int from organisation_members where organisation_id = ?) as members', [workspaceId]),
      q.raw(`(select count(*)::int from organisation_invitations where organisation_id = ? and status = 'pending' and expires_at > now()) as invited`, [
        workspaceId,
      ]),
    )
    .first()) as { members: number; invited: number } | undefined;
  return Number(r?.members ?? 0) + Number(r?.invited ?? 0);
}

export async function workspaceMembers(q: Q, workspaceId: string): Promise<number> {
  const r = (await q('organisation_members').where('organisation_id', workspaceId).first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(r?.n ?? 0);
}

export async function workspaceOwner(q: Q, workspaceId: string): Promise<string | null> {
  const ws = (await q('organisations').where('id', workspaceId).first('created_by')) as { created_by: string } | undefined;
  return ws?.created_by ?? null;
}

export interface TrialStart {
  plan_code: PlanCode;
  trial_started_at: Date;
  trial_ends_at: Date;
}

export async function startTrial(q: Q, userId: string, t: TrialStart): Promise<void> {
  await q('profiles').where('user_id', userId).update({ ...t, plan_activated_at: null });
}

/** Moves the trial's end to `endsAt` (the notices are then due again for the new end). */
export async function setTrialEnd(trx: Knex.Transaction, userId: string, endsAt: Date): Promise<void> {
  await trx('profiles').where('user_id', userId).update({ trial_ends_at: endsAt });
}

export async function setPlan(trx: Knex.Transaction, userId: string, code: PlanCode, activatedAt: Date | null): Promise<void> {
  await trx('profiles').where('user_id', userId).update({ plan_code: code, plan_activated_at: activatedAt });
}

export async function planExists(q: Q, code: string): Promise<boolean> {
  return !!(await q('plans').where({ code, is_active: true }).first('id'));
}

export interface TrialNoticeRow {
  user_id: string;
  email: string;
  name: string;
  plan_name: string | null;
  trial_ends_at: Date;
}

const NOTICE_COLUMNS = ['p.user_id', 'p.email', 'p.name', 'pl.name as plan_name', 'p.trial_ends_at'];

/** Trials ending within `days` of `now` whose end was not announced yet. */
export async function trialsEndingSoon(q: Q, now: Date, days: number): Promise<TrialNoticeRow[]> {
  return (await withPlan(q)
    .where({ 'p.role': 'client', 'p.is_active': true })
    .where('p.status', 'approved') // not to a pending, rejected or banned account
    .whereNull('p.plan_activated_at')
    .whereNotNull('p.plan_code')
    .where('p.trial_ends_at', '>', now)
    .where('p.trial_ends_at', '<=', new Date(now.getTime() + days * 86_400_000))
    .whereRaw('p.trial_notice_for is distinct from p.trial_ends_at')
    .select(...NOTICE_COLUMNS)) as TrialNoticeRow[];
}

/** Trials that ended by `now` whose end was not announced yet. */
export async function trialsEnded(q: Q, now: Date): Promise<TrialNoticeRow[]> {
  return (await withPlan(q)
    .where({ 'p.role': 'client', 'p.is_active': true })
    .where('p.status', 'approved') // not to a pending, rejected or banned account
    .whereNull('p.plan_activated_at')
    .whereNotNull('p.plan_code')
    .where('p.trial_ends_at', '<=', now)
    .whereRaw('p.trial_ended_notice_for is distinct from p.trial_ends_at')
    .select(...NOTICE_COLUMNS)) as TrialNoticeRow[];
}

/**
 * Marks the notice of this trial end as sent; false when another process did already (or the
 * trial changed meanwhile), so each notice goes out once.
 */
export async function claimNotice(trx: Knex.Transaction, userId: string, kind: 'ending' | 'ended', endsAt: Date): Promise<boolean> {
  const column = kind === 'ending' ? 'trial_notice_for' : 'trial_ended_notice_for';
  const n = await trx('profiles')
    .where({ user_id: userId, trial_ends_at: endsAt })
    .whereNull('plan_activated_at')
    .whereRaw('?? is distinct from trial_ends_at', [column])
    .update({ [column]: endsAt });
  return Number(n) > 0;
}
