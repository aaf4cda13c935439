import { rooms } from '../../../../shared/events';
import {
  TASK_PLAIN_FIELDS,
  TASK_STATUS_LABELS,
  type Task,
  type TaskChange,
  type TaskListQuery,
  type TaskMember,
  type TasksResponse,
  type taskCreateBody,
  type taskPatchBody,
} from '../../../../shared/schemas/tasks';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { auditRow, writeAudit } from '../audit/audit.service';
import { createNotifications, publishNotifications, type NewNotification, type NotificationRow } from '../notifications/notifications.service';
import { ORGANISATION_ACTIONS } from '../../../../shared/organisation-roles';
import { assertRoleMay, requireActive, type Membership } from '../organisations/access';
import { assertAssignable, assertReleaseLinkable, canEditTasks } from './tasks.policy';
import { presentTask } from './tasks.presenter';
import * as repo from './tasks.repo';

type CreateInput = z.output<typeof taskCreateBody>;
type PatchInput = z.output<typeof taskPatchBody>;

const EDITABLE = ['title', 'description', 'assignee_user_id', 'priority', 'due_date', 'status', 'press_release_id'] as const;
type Editable = (typeof EDITABLE)[number];

export class VersionConflict extends Error {
  constructor(readonly current: Task) {
    super('version_conflict');
  }
}

/** The board of the caller's active organisation: its tasks, members and releases (every member reads it). */
export async function listTasks(ctx: AppContext, actor: Actor, filters: TaskListQuery): Promise<TasksResponse> {
  const m = await requireActive(ctx.db, actor, 'read');
  const [rows, members, releases] = [
    await repo.listTasks(ctx.db, m.organisationId, filters),
    await repo.members(ctx.db, m.organisationId),
    await repo.releaseOptions(ctx.db, m.organisationId),
  ];
  return {
    organisation: { id: m.organisationId, name: m.name, role: m.role, canWrite: canEditTasks(m.role) },
    members: members as TaskMember[],
    tasks: rows.map(presentTask),
    releases,
  };
}

/** Opens the task on its organisation's board (the link says which, for a member of several). */
function link(task: Task): string {
  return `/client/tasks?organisation=${task.organisation_id}&task=${task.id}`;
}

/** A task on the active organisation's board ('tasks.write'): its assignee a member, its release one of the organisation's. */
export async function createTask(ctx: AppContext, actor: Actor, input: CreateInput): Promise<Task> {
  const { task, notes } = await ctx.db.transaction(async (trx) => {
    const { organisationId } = await requireActive(trx, actor, 'tasks.write');
    if (input.assignee_user_id) assertAssignable(await repo.isMember(trx, organisationId, input.assignee_user_id));
    if (input.press_release_id) assertReleaseLinkable(await repo.releaseInOrganisation(trx, input.press_release_id, organisationId));
    const id = await repo.insertTask(trx, { ...input, organisation_id: organisationId, created_by: actor.userId });
    const task = presentTask((await repo.findTask(trx, id))!);
    await writeAudit(trx, ctx.logger, actor, {
      action: 'task.create',
      entityType: 'task',
      entityId: id,
      metadata: { organisation_id: organisationId, title: task.title, assignee_user_id: task.assignee_user_id, priority: task.priority },
    });
    const items: NewNotification[] =
      task.assignee_user_id && task.assignee_user_id !== actor.userId
        ? [
            {
              userId: task.assignee_user_id,
              kind: 'task.assigned',
              title: 'Σας ανατέθηκε μια εργασία',
              body: `${actor.name || actor.email}: «${task.title}»`,
              link: link(task),
              data: { taskId: task.id, organisationId, workspaceId: organisationId },
              organisationId,
            },
          ]
        : [];
    return { task, notes: await createNotifications(trx, items) };
  });
  ctx.realtime.broadcast(rooms.organisation(task.organisation_id), 'task:changed', task);
  publishNotifications(ctx.realtime, notes);
  return task;
}

/**
 * The body of the assignee's notification of a change, as the text before and after the task's
 * title: `onlyStatus` is the new status when the status is all that changed.
 */
function describeChange(actorName: string, onlyStatus: Task['status'] | undefined): [string, string] {
  if (onlyStatus) return [`${actorName} άλλαξε την κατάσταση σε «${TASK_STATUS_LABELS[onlyStatus]}»: «`, '»'];
  return [`${actorName} ενημέρωσε την εργασία «`, '»'];
}

const UPDATED_TITLE = 'Ενημέρωση εργασίας';

/**
 * After the change is committed: the board's event, then the assignee's notification. The
 * event is the whole task, or with `written` (the task's own columns that the change wrote)
 * only those, as they now are (TaskChange).
 */
function announce(ctx: AppContext, written: { row: repo.TaskRow; notes: Record<string, unknown>[] }, plain?: readonly (typeof TASK_PLAIN_FIELDS)[number][]): Task {
  const task = presentTask(written.row);
  const event: Task | TaskChange = plain
    ? { id: task.id, organisation_id: task.organisation_id, version: task.version, updated_at: task.updated_at, changes: Object.fromEntries(plain.map((k) => [k, task[k]])) }
    : task;
  ctx.realtime.broadcast(rooms.organisation(task.organisation_id), 'task:changed', event);
  publishNotifications(ctx.realtime, written.notes as unknown as NotificationRow[]);
  return task;
}

/**
 * Changes any field of a task. Optimistic concurrency: the caller sends the version it saw;
 * if someone changed the task in the meantime, nothing is written and VersionConflict carries
 * the current task. The task is read (with the caller's membership) and then changed by one
 * statement that applies only if the version and the changed columns are still as read, so of
 * two PATCHes with the same version exactly one writes (the other's update waits for the
 * first's row lock, then finds a new version and matches nothing). No transaction: the change,
 * its audit row and the assignee's notification are that one statement, which commits alone —
 * three round trips with the session check, where BEGIN, a locking read, the update and
 * COMMIT made five.
 *
 * A change that needs no other table checked (not the assignee, not the release: a status
 * moved on the board, a title, a date...) is first tried without the read, as one statement
 * that checks the membership, the role and the version itself (repo.changeTask): two round
 * trips with the session check. When it writes nothing, the read below says why.
 */
export async function updateTask(ctx: AppContext, actor: Actor, taskId: string, input: PatchInput): Promise<Task> {
  if (actor.role === 'client' && input.assignee_user_id === undefined && input.press_release_id === undefined) {
    const who = actor.name || actor.email;
    const { title, description, priority, due_date, status } = input;
    const { metadata: _metadata, ...audit } = auditRow(actor, { action: 'task.update', entityType: 'task', entityId: taskId });
    const written = await repo.changeTask(
      ctx.db,
      taskId,
      { version: input.version, userId: actor.userId, roles: ORGANISATION_ACTIONS['tasks.write'] },
      { title, description, priority, due_date, status },
      audit,
      { actorUserId: actor.userId, title: UPDATED_TITLE, body: { status: describeChange(who, status), other: describeChange(who, undefined) } },
    );
    if (written) return announce(ctx, written, TASK_PLAIN_FIELDS.filter((k) => input[k] !== undefined));
  }
  const read = await repo.readTaskFor(ctx.db, taskId, actor.userId);
  if (!read) throw notFound('Task not found');
  // Outside its organisation: the same 404 as a task that does not exist; a role without 'tasks.write': 403.
  const membership: Membership | undefined =
    actor.role === 'client' && read.member_role
      ? {
          organisationId: read.organisation_id,
          role: read.member_role as Membership['role'],
          status: read.organisation_status as Membership['status'],
          name: read.organisation_name ?? '',
        }
      : undefined;
  if (!membership) throw notFound('Task not found');
  assertRoleMay(membership, 'tasks.write');
  // The task as it is, with its people and release: only when nothing is written.
  const current = async () => {
    const row = await repo.findTask(ctx.db, taskId);
    if (!row) throw notFound('Task not found');
    return presentTask(row);
  };
  if (Number(read.version) !== input.version) throw new VersionConflict(await current());

  const patch: repo.TaskWrite = {};
  const from: Partial<repo.TaskWrite> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of EDITABLE) {
    const next = input[key];
    if (next === undefined || next === read[key]) continue;
    (patch as Record<string, unknown>)[key] = next;
    (from as Record<string, unknown>)[key] = read[key];
    changes[key] = { from: read[key], to: next };
  }
  const changed = Object.keys(changes) as Editable[];
  if (!changed.length) return current();
  if (patch.assignee_user_id) assertAssignable(await repo.isMember(ctx.db, read.organisation_id, patch.assignee_user_id));
  if (patch.press_release_id) assertReleaseLinkable(await repo.releaseInOrganisation(ctx.db, patch.press_release_id, read.organisation_id));

  // The task as the change leaves it (the statement applies only to the task as read).
  const after = { ...read, ...patch } as repo.TaskForCaller;
  // The audit row is inserted without writeAudit's savepoint because the database cannot refuse
  // it: a constant action its check constraint lists, no foreign key, and text (the title, the
  // changed values) that is in the tasks table or was just written to it — the input guard
  // refused NUL bytes and unpaired surrogates before this ran. Its metadata is the task's as
  // written: the title after the change and the version after the read's (the update matches
  // only that version).
  const audit = auditRow(actor, {
    action: 'task.update',
    entityType: 'task',
    entityId: taskId,
    metadata: { organisation_id: read.organisation_id, title: after.title, version: input.version + 1, changes },
  });
  let note: repo.NoteValues | null = null;
  if (after.assignee_user_id && after.assignee_user_id !== actor.userId) {
    const who = actor.name || actor.email;
    const newlyAssigned = changed.includes('assignee_user_id');
    const task = { ...after, id: taskId } as unknown as Task;
    const [before, behind] = describeChange(who, changed.length === 1 && changed[0] === 'status' ? task.status : undefined);
    note = {
      user_id: after.assignee_user_id,
      kind: newlyAssigned ? 'task.assigned' : 'task.updated',
      title: newlyAssigned ? 'Σας ανατέθηκε μια εργασία' : UPDATED_TITLE,
      body: newlyAssigned ? `${who}: «${after.title}»` : `${before}${after.title}${behind}`,
      link: link(task),
      data: JSON.stringify({ taskId, organisationId: read.organisation_id, workspaceId: read.organisation_id, changed }),
      organisation_id: null,
    };
  }
  const written = await repo.updateTaskReturning(ctx.db, taskId, { version: input.version, from }, patch, audit, note);
  if (!written) throw new VersionConflict(await current());
  return announce(ctx, written);
}
