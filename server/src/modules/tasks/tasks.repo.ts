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

/** The task with its assignee, creator and linked release (the spec's "with assignee, creator and press release"). */
function selectTasks(q: Q) {
  return q('tasks as t')
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

export async function listTasks(q: Q, workspaceId: string, f: TaskListQuery = {}): Promise<TaskRow[]> {
  const query = selectTasks(q).where('t.organisation_id', workspaceId);
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

/** Locks the task row for the rest of the transaction (concurrent PATCHes queue here). */
export async function lockTask(q: Q, id: string): Promise<{ id: string; organisation_id: string; version: number } | undefined> {
  return (await q('tasks').where('id', id).forUpdate().first('id', 'organisation_id', 'version')) as
    | { id: string; organisation_id: string; version: number }
    | undefined;
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

/** Applies the change only if the version still matches; returns false when someone was first. */
export async function updateTask(q: Q, id: string, version: number, patch: TaskWrite): Promise<boolean> {
  const rows = (await q('tasks')
    .where({ id, version })
    .update({ ...patch, version: q.raw('version + 1') })
    .returning('id')) as { id: string }[];
  return rows.length > 0;
}

/** A workspace's releases: filed under it, or written by its owner (as the collab editor admits them). */
function workspaceReleases(q: Q, workspaceId: string) {
  return q('press_releases as r').where((w) => {
    void w
      .where('r.organisation_id', workspaceId)
      .orWhereIn('r.client_id', q('organisations').where('id', workspaceId).select('created_by'));
  });
}

export async function releaseInWorkspace(q: Q, releaseId: string, workspaceId: string): Promise<boolean> {
  const row = (await workspaceReleases(q, workspaceId).andWhere('r.id', releaseId).first('r.id')) as { id: string } | undefined;
  return !!row;
}

export async function releaseOptions(q: Q, workspaceId: string): Promise<{ id: string; title: string }[]> {
  return (await workspaceReleases(q, workspaceId)
    .select('r.id', 'r.title')
    .orderBy('r.created_at', 'desc')
    .limit(200)) as { id: string; title: string }[];
}
