import type { Knex } from 'knex';
import type { TaskListQuery } from '../../../../shared/schemas/tasks';
import { whereFoldedContains } from '../../db/search';

type Q = Knex | Knex.Transaction;

export interface TaskRow {
  id: string;
  organisation_id: string;
  title: string;
  description: string | null;
  assignee_user_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  due_date: string | null;
  created_by: string | null;
  creator_name: string | null;
  creator_email: string | null;
  status: 'open' | 'in_progress' | 'done' | 'blocked';
  press_release_id: string | null;
  press_release_title: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * The task with its assignee, creator and linked release (the spec's "with assignee, creator and
 * press release"), from `tasks` or from a CTE of task rows named `from`.
 */
function selectTasks(q: Q, from = 'tasks') {
  return q(`${from} as t`)
    .leftJoin('profiles as a', 'a.user_id', 't.assignee_user_id')
    .leftJoin('profiles as c', 'c.user_id', 't.created_by')
    .leftJoin('press_releases as pr', 'pr.id', 't.press_release_id')
    .select(
      't.id',
      't.organisation_id',
      't.title',
      't.description',
      't.assignee_user_id',
      'a.name as assignee_name',
      'a.email as assignee_email',
      't.priority',
      // A calendar date: as text, so no time zone can shift it.
      q.raw("to_char(t.due_date, 'YYYY-MM-DD') as due_date"),
      't.created_by',
      'c.name as creator_name',
      'c.email as creator_email',
      't.status',
      't.press_release_id',
      'pr.title as press_release_title',
      't.version',
      't.created_at',
      't.updated_at',
    );
}

export async function listTasks(q: Q, organisationId: string, f: TaskListQuery = {}): Promise<TaskRow[]> {
  const query = selectTasks(q).where('t.organisation_id', organisationId);
  if (f.status && f.status !== 'all') void query.andWhere('t.status', f.status);
  if (f.priority && f.priority !== 'all') void query.andWhere('t.priority', f.priority);
  if (f.assignee === 'unassigned') void query.whereNull('t.assignee_user_id');
  else if (f.assignee && f.assignee !== 'all') void query.andWhere('t.assignee_user_id', f.assignee);
  if (f.q) void whereFoldedContains(query, ['t.title', 't.description'], f.q);
  return (await query.orderBy('t.created_at', 'desc').orderBy('t.id', 'asc')) as TaskRow[];
}

export async function findTask(q: Q, id: string): Promise<TaskRow | undefined> {
  return (await selectTasks(q).where('t.id', id).first()) as TaskRow | undefined;
}

export interface LockedTask extends TaskRow {
  /** The caller's role in the task's organisation, its status and name; null outside it. */
  member_role: string | null;
  organisation_status: string | null;
  organisation_name: string | null;
}

/**
 * Locks the task row for the rest of the transaction (concurrent PATCHes queue here) and reads
 * it, with the caller's membership of its organisation, in one round trip. A PATCH that waited
 * for the lock reads the row as the one before it left it.
 */
export async function lockTaskFor(q: Q, id: string, userId: string): Promise<LockedTask | undefined> {
  return (await selectTasks(q)
    .leftJoin('organisation_members as m', (j) => {
      void j.on('m.organisation_id', 't.organisation_id').andOn('m.user_id', q.raw('?', [userId]));
    })
    .leftJoin('organisations as o', 'o.id', 'm.organisation_id')
    .select('m.role as member_role', 'o.status as organisation_status', 'o.name as organisation_name')
    .where('t.id', id)
    .forUpdate('t')
    .first()) as LockedTask | undefined;
}

export interface TaskWrite {
  title?: string;
  description?: string | null;
  assignee_user_id?: string | null;
  priority?: string;
  due_date?: string | null;
  status?: string;
  press_release_id?: string | null;
}

export async function insertTask(
  q: Q,
  row: TaskWrite & { organisation_id: string; title: string; created_by: string },
): Promise<string> {
  const [created] = (await q('tasks')
    .insert({ ...row, status: 'open', version: 1 })
    .returning('id')) as { id: string }[];
  return created!.id;
}

/**
 * Applies the change only if the version still matches, and reads the task as it is now in the
 * same statement; undefined when someone was first.
 */
export async function updateTaskReturning(q: Q, id: string, version: number, patch: TaskWrite): Promise<TaskRow | undefined> {
  return (await selectTasks(q, 'changed')
    .with('changed', (u) => {
      void u
        .from('tasks')
        .where({ id, version })
        .update({ ...patch, version: q.raw('version + 1') })
        .returning('*');
    })
    .first()) as TaskRow | undefined;
}

/** The releases of an organisation (every release belongs to exactly one). */
function organisationReleases(q: Q, organisationId: string) {
  return q('press_releases as r').where('r.organisation_id', organisationId);
}

export async function releaseInOrganisation(q: Q, releaseId: string, organisationId: string): Promise<boolean> {
  const row = (await organisationReleases(q, organisationId).andWhere('r.id', releaseId).first('r.id')) as { id: string } | undefined;
  return !!row;
}

export async function releaseOptions(q: Q, organisationId: string): Promise<{ id: string; title: string }[]> {
  return (await organisationReleases(q, organisationId)
    .select('r.id', 'r.title')
    .orderBy('r.created_at', 'desc')
    .limit(200)) as { id: string; title: string }[];
}

export async function isMember(q: Q, organisationId: string, userId: string): Promise<boolean> {
  return !!(await q('organisation_members').where({ organisation_id: organisationId, user_id: userId }).first('user_id'));
}

/** The organisation's members, the people a task may be assigned to (by name). */
export async function members(q: Q, organisationId: string): Promise<{ user_id: string; name: string; email: string; role: string }[]> {
  return (await q('organisation_members as m')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.organisation_id', organisationId)
    .orderByRaw("lower(coalesce(nullif(btrim(p.name), ''), p.email))")
    .select('m.user_id', q.raw("coalesce(p.name, '') as name"), 'p.email', 'm.role')) as { user_id: string; name: string; email: string; role: string }[];
}
