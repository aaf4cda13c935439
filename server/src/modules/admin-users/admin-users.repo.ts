import type { Knex } from 'knex';
import type { AdminUsersQuery } from '../../../../shared/schemas/admin';
import { TRIAL_NOTICE_DAYS, type PlanCode } from '../../../../shared/plans';
import type { Db } from '../../db/knex';
import { whereFoldedContains } from '../../db/search';
import { PLAN_IN_FORCE_ORGANISATION, PLAN_IN_FORCE_STATUSES, type TargetUser, type UserPatch } from './admin-users.policy';

type Q = Db | Knex.Transaction;

/**
 * A user's row in the console: the person (profile), with the plan and trial of the oldest
 * organisation they own (`own`: a client's company; none for a journalist or an invited member).
 */
export const USER_COLUMNS = [
  'p.user_id',
  'p.name',
  'p.email',
  'p.role',
  'p.status',
  'p.is_active',
  'p.created_at',
  'own.id as organisation_id',
  'own.status as organisation_status',
  'own.plan_code',
  'own.trial_started_at',
  'own.trial_ends_at',
  'own.plan_activated_at',
] as const;

/** A client's company name is their organisation's; a journalist's outlet is on their profile. */
const ORGANIZATION = "coalesce(own.name, (select o.name from organisation_members m join organisations o on o.id = m.organisation_id where m.user_id = p.user_id order by m.created_at limit 1), p.organization) as organization";

const OWN_ORGANISATION = `left join lateral (
    select o.id, o.name, o.status, o.plan_code, o.trial_started_at, o.trial_ends_at, o.plan_activated_at
      from organisation_members m join organisations o on o.id = m.organisation_id
     where m.user_id = p.user_id and m.role = 'owner'
     order by o.created_at limit 1
  ) own on true`;

export interface AdminUserRow extends TargetUser {
  name: string;
  email: string;
  organization: string | null;
  created_at: Date | string;
  /** The organisation whose plan the row shows (the oldest one the user owns), if any. */
  organisation_id: string | null;
  /** That organisation's approval (the plan is in force only once it is approved: planInForce). */
  organisation_status: string | null;
  plan_code: PlanCode | null;
  trial_started_at: Date | string | null;
  trial_ends_at: Date | string | null;
  plan_activated_at: Date | string | null;
  /** Every organisation the user belongs to, with their role there (filled by withOrganisations). */
  organisations?: UserOrganisation[];
}

export interface UserOrganisation {
  id: string;
  name: string;
  role: string;
  status: string;
}

type Filters = Pick<AdminUsersQuery, 'role' | 'status'> & Partial<Pick<AdminUsersQuery, 'plan' | 'trial'>> & { q?: string };

function base(q: Q): Knex.QueryBuilder {
  return q('profiles as p').joinRaw(OWN_ORGANISATION);
}

/** Whether the filters read the owned organisation (its plan or trial); the others read the profile alone. */
const readsOwn = (f: Filters) => (f.plan !== undefined && f.plan !== 'all') || (f.trial !== undefined && f.trial !== 'all');

const columns = (q: Q) => [...USER_COLUMNS, q.raw(ORGANIZATION)];

/** The filtered users; `own` (the owned organisation) is joined when the rows or the filters need it. */
function filtered(q: Q, f: Filters, withOwn = true): Knex.QueryBuilder {
  let query = withOwn ? base(q) : q('profiles as p');
  if (f.role !== 'all') query = query.where('p.role', f.role);
  if (f.status === 'inactive') query = query.where('p.is_active', false);
  else if (f.status !== 'all') query = query.where('p.status', f.status);
  if (f.plan === 'none') query = query.whereNull('own.plan_code');
  else if (f.plan && f.plan !== 'all') query = query.where('own.plan_code', f.plan);
  // The plan-state filters read the state the list shows: only plans in force have one (planInForce).
  if (f.trial && f.trial !== 'all') query = query.whereIn('p.status', PLAN_IN_FORCE_STATUSES).where('own.status', PLAN_IN_FORCE_ORGANISATION);
  if (f.trial === 'active') query = query.whereNotNull('own.plan_activated_at');
  else if (f.trial && f.trial !== 'all') {
    query = query.whereNotNull('own.plan_code').whereNull('own.plan_activated_at');
    if (f.trial === 'expired') query = query.where((w) => void w.whereNull('own.trial_ends_at').orWhere('own.trial_ends_at', '<=', q.fn.now()));
    else query = query.where('own.trial_ends_at', '>', q.fn.now());
    if (f.trial === 'ending') query = query.whereRaw('own.trial_ends_at <= now() + make_interval(days => ?)', [TRIAL_NOTICE_DAYS]);
  }
  if (f.q) {
    // A user is found by their name, address, outlet, or the name of any organisation they belong to.
    const text = f.q;
    query = query.where((w) => {
      void whereFoldedContains(w as Knex.QueryBuilder, ['p.name', 'p.email', 'p.organization'], text);
      void w.orWhereExists((x) => {
        void whereFoldedContains(
          x.select(1).from('organisation_members as fm').join('organisations as fo', 'fo.id', 'fm.organisation_id').whereRaw('fm.user_id = p.user_id'),
          ['fo.name'],
          text,
        );
      });
    });
  }
  return query;
}

/** Each row with every organisation its user belongs to (name, role, approval), oldest membership first. */
export async function withOrganisations(q: Q, rows: AdminUserRow[]): Promise<AdminUserRow[]> {
  if (!rows.length) return rows;
  const found = (await q('organisation_members as m')
    .join('organisations as o', 'o.id', 'm.organisation_id')
    .whereIn(
      'm.user_id',
      rows.map((r) => r.user_id),
    )
    .orderBy('m.created_at')
    .select('m.user_id', 'o.id', 'o.name', 'm.role', 'o.status')) as (UserOrganisation & { user_id: string })[];
  const byUser = new Map<string, UserOrganisation[]>();
  for (const { user_id, ...o } of found) byUser.set(user_id, [...(byUser.get(user_id) ?? []), o]);
  return rows.map((r) => ({ ...r, organisations: byUser.get(r.user_id) ?? [] }));
}

/** One page of users, newest first (walks profiles_created_at_idx / profiles_role_created_at_idx). */
export async function listUsers(q: Q, f: Filters, page: number, pageSize: number): Promise<AdminUserRow[]> {
  const rows = (await filtered(q, f)
    .select(columns(q))
    .orderBy([
      { column: 'p.created_at', order: 'desc' },
      { column: 'p.user_id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as AdminUserRow[];
  return withOrganisations(q, rows);
}

/**
 * The number of users matching the filters (a separate query, no ORDER BY). Without a plan or
 * trial filter it counts profiles alone: the lateral join to the owned organisation, one lookup
 * per user, made the unfiltered count grow with every user (bench/scale.bench.ts, lists).
 */
export async function countUsers(q: Q, f: Filters): Promise<number> {
  const row = (await filtered(q, f, readsOwn(f)).first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(row?.n ?? 0);
}

export async function countPending(q: Q): Promise<number> {
  const row = (await q('profiles').where('status', 'pending').first(q.raw('count(*)::int as n'))) as
    | { n: number }
    | undefined;
  return Number(row?.n ?? 0);
}

/** Every matching user for the CSV export, newest first. */
export async function exportUsers(q: Q, f: Filters, limit: number): Promise<AdminUserRow[]> {
  const rows = (await filtered(q, f)
    .select(columns(q))
    .orderBy([
      { column: 'p.created_at', order: 'desc' },
      { column: 'p.user_id', order: 'desc' },
    ])
    .limit(limit)) as AdminUserRow[];
  return withOrganisations(q, rows);
}

export async function findUser(q: Q, userId: string): Promise<AdminUserRow | undefined> {
  const row = (await base(q).where('p.user_id', userId).first(columns(q))) as AdminUserRow | undefined;
  return row && (await withOrganisations(q, [row]))[0];
}

export async function findForUpdate(trx: Knex.Transaction, userId: string): Promise<AdminUserRow | undefined> {
  await trx('profiles').where('user_id', userId).forUpdate().first('user_id');
  return findUser(trx, userId);
}

export async function findManyForUpdate(trx: Knex.Transaction, ids: string[]): Promise<AdminUserRow[]> {
  await trx('profiles').whereIn('user_id', ids).forUpdate().select('user_id');
  return (await base(trx).whereIn('p.user_id', ids).select(columns(trx))) as AdminUserRow[];
}

export async function updateUser(trx: Knex.Transaction, userId: string, patch: UserPatch): Promise<AdminUserRow> {
  await trx('profiles').where('user_id', userId).update(patch);
  return (await findUser(trx, userId))!;
}

export async function approveMany(trx: Knex.Transaction, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = (await trx('profiles')
    .whereIn('user_id', ids)
    .where('status', 'pending')
    .update({ status: 'approved' })
    .returning('user_id')) as { user_id: string }[];
  return rows.map((r) => r.user_id);
}

/**
 * The superadmin approves organisations: approving (rejecting) a client approves (rejects) the
 * pending organisations they own. Returns those organisations.
 */
export async function decideOwnedOrganisations(trx: Knex.Transaction, userIds: string[], status: 'approved' | 'rejected'): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = (await trx('organisations')
    .where('status', 'pending')
    .whereIn('id', (w) => void w.select('organisation_id').from('organisation_members').whereIn('user_id', userIds).where('role', 'owner'))
    .update({ status })
    .returning('id')) as { id: string }[];
  return rows.map((r) => r.id);
}

/** Whether the user belongs to any organisation. */
export async function hasOrganisation(q: Q, userId: string): Promise<boolean> {
  return Boolean(await q('organisation_members').where('user_id', userId).first('user_id'));
}

/**
 * A client the superadmin made (a journalist turned client) gets an organisation of their own,
 * approved, named after their outlet or themselves, as its owner.
 */
export async function createOwnOrganisation(trx: Knex.Transaction, userId: string): Promise<string> {
  const p = (await trx('profiles').where('user_id', userId).first('name', 'organization')) as { name: string; organization: string | null };
  const [row] = (await trx('organisations')
    .insert({ created_by: userId, name: p.organization?.trim() || p.name, status: 'approved' })
    .returning('id')) as { id: string }[];
  await trx('organisation_members').insert({ organisation_id: row!.id, user_id: userId, role: 'owner' });
  await trx('profiles').where('user_id', userId).update({ active_organisation_id: row!.id });
  return row!.id;
}
