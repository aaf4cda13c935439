import type { Knex } from 'knex';
import type { AdminUsersQuery } from '../../../../shared/schemas/admin';
import { TRIAL_NOTICE_DAYS, type PlanCode } from '../../../../shared/plans';
import type { Db } from '../../db/knex';
import { whereFoldedContains } from '../../db/search';
import type { TargetUser, UserPatch } from './admin-users.policy';

type Q = Db | Knex.Transaction;

export const USER_COLUMNS = [
  'user_id',
  'name',
  'email',
  'role',
  'organization',
  'status',
  'is_active',
  'created_at',
  'plan_code',
  'trial_started_at',
  'trial_ends_at',
  'plan_activated_at',
] as const;

export interface AdminUserRow extends TargetUser {
  name: string;
  email: string;
  organization: string | null;
  created_at: Date | string;
  plan_code: PlanCode | null;
  trial_started_at: Date | string | null;
  trial_ends_at: Date | string | null;
  plan_activated_at: Date | string | null;
}

type Filters = Pick<AdminUsersQuery, 'role' | 'status'> & Partial<Pick<AdminUsersQuery, 'plan' | 'trial'>> & { q?: string };

function filtered(q: Q, f: Filters): Knex.QueryBuilder {
  let query = q('profiles');
  if (f.role !== 'all') query = query.where('role', f.role);
  if (f.status === 'inactive') query = query.where('is_active', false);
  else if (f.status !== 'all') query = query.where('status', f.status);
  if (f.plan === 'none') query = query.whereNull('plan_code');
  else if (f.plan && f.plan !== 'all') query = query.where('plan_code', f.plan);
  if (f.trial === 'active') query = query.whereNotNull('plan_activated_at');
  else if (f.trial && f.trial !== 'all') {
    query = query.whereNotNull('plan_code').whereNull('plan_activated_at');
    if (f.trial === 'expired') query = query.where((w) => void w.whereNull('trial_ends_at').orWhere('trial_ends_at', '<=', q.fn.now()));
    else query = query.where('trial_ends_at', '>', q.fn.now());
    if (f.trial === 'ending') query = query.whereRaw('trial_ends_at <= now() + make_interval(days => ?)', [TRIAL_NOTICE_DAYS]);
  }
  if (f.q) query = whereFoldedContains(query, ['name', 'email', 'organization'], f.q);
  return query;
}

/** One page of users, newest first (walks profiles_created_at_idx / profiles_role_created_at_idx). */
export async function listUsers(q: Q, f: Filters, page: number, pageSize: number): Promise<AdminUserRow[]> {
  return (await filtered(q, f)
    .select(...USER_COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'user_id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as AdminUserRow[];
}

/** The number of users matching the filters (a separate query, no ORDER BY). */
export async function countUsers(q: Q, f: Filters): Promise<number> {
  const row = (await filtered(q, f).first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
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
  return (await filtered(q, f)
    .select(...USER_COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'user_id', order: 'desc' },
    ])
    .limit(limit)) as AdminUserRow[];
}

export async function findUser(q: Q, userId: string): Promise<AdminUserRow | undefined> {
  return (await q('profiles').where('user_id', userId).first(...USER_COLUMNS)) as AdminUserRow | undefined;
}

export async function findForUpdate(trx: Knex.Transaction, userId: string): Promise<AdminUserRow | undefined> {
  return (await trx('profiles').where('user_id', userId).forUpdate().first(...USER_COLUMNS)) as AdminUserRow | undefined;
}

export async function findManyForUpdate(trx: Knex.Transaction, ids: string[]): Promise<AdminUserRow[]> {
  return (await trx('profiles').whereIn('user_id', ids).forUpdate().select(...USER_COLUMNS)) as AdminUserRow[];
}

export async function updateUser(trx: Knex.Transaction, userId: string, patch: UserPatch): Promise<AdminUserRow> {
  const rows = (await trx('profiles')
    .where('user_id', userId)
    .update(patch)
    .returning(USER_COLUMNS as unknown as string[])) as AdminUserRow[];
  return rows[0]!;
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
