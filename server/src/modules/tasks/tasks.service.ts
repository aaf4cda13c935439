import { rooms } from '../../../../shared/events';
import {
  TASK_STATUS_LABELS,
  type Task,
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
import { createNotifications, publishNotifications, type NewNotification } from '../notifications/notifications.service';
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

function describeChange(actorName: string, task: Task, changed: Editable[]): string {
  if (changed.length === 1 && changed[0] === 'status') {
    return `${actorName} άλλαξε την κατάσταση σε «${TASK_STATUS_LABELS[task.status]}»: «${task.title}»`;
  }
  return `${actorName} ενημέρωσε την εργασία «${task.title}»`;
}

/**
 * Changes any field of a task. Optimistic concurrency: the caller sends the version it saw;
 * if someone changed the task in the meantime, nothing is written and VersionConflict carries
 * the current task. Concurrent requests queue on the row lock, so exactly one of two PATCHes
 * with the same version wins.
 */
export async function updateTask(ctx: AppContext, actor: Actor, taskId: string, input: PatchInput): Promise<Task> {
  type Outcome =
    | { conflict: Task }
    | { task: Task; notes: Awaited<ReturnType<typeof createNotifications>>; changed: Editable[] };
  const result = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    // The row locked and read with the caller's membership in one round trip.
    const locked = await repo.lockTaskFor(trx, taskId, actor.userId);
    if (!locked) throw notFound('Task not found');
    // Outside its organisation: the same 404 as a task that does not exist; a role without 'tasks.write': 403.
    const membership: Membership | undefined =
      actor.role === 'client' && locked.member_role
        ? {
            organisationId: locked.organisation_id,
            role: locked.member_role as Membership['role'],
            status: locked.organisation_status as Membership['status'],
            name: locked.organisation_name ?? '',
          }
        : undefined;
    if (!membership) throw notFound('Task not found');
    assertRoleMay(membership, 'tasks.write');
    // The task as it is, with its people and release: only when nothing is written.
    const current = async () => presentTask((await repo.findTask(trx, taskId))!);
    if (Number(locked.version) !== input.version) return { conflict: await current() };

    const patch: repo.TaskWrite = {};
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of EDITABLE) {
      const next = input[key];
      if (next === undefined || next === locked[key]) continue;
      (patch as Record<string, unknown>)[key] = next;
      changes[key] = { from: locked[key], to: next };
    }
    const changed = Object.keys(changes) as Editable[];
    if (!changed.length) return { task: await current(), notes: [], changed };
    if (patch.assignee_user_id) assertAssignable(await repo.isMember(trx, locked.organisation_id, patch.assignee_user_id));
    if (patch.press_release_id) assertReleaseLinkable(await repo.releaseInOrganisation(trx, patch.press_release_id, locked.organisation_id));

    // Written, audited and read back (with its people and release) in one statement. The audit
    // row is inserted without writeAudit's savepoint because the database cannot refuse it: a
    // constant action its check constraint lists, no foreign key, and text (the title, the
    // changed values) that is in the tasks table or was just written to it — the input guard
    // refused NUL bytes and unpaired surrogates before this ran. Its metadata is the task's as
    // written: the title after the change and the version after the lock's (the update matches
    // only that version).
    const title = patch.title ?? locked.title;
    const audit = auditRow(actor, {
      action: 'task.update',
      entityType: 'task',
      entityId: taskId,
      metadata: { organisation_id: locked.organisation_id, title, version: input.version + 1, changes },
    });
    const row = await repo.updateTaskReturning(trx, taskId, input.version, patch, audit);
    if (!row) return { conflict: await current() };
    const task = presentTask(row);
    const items: NewNotification[] = [];
    const who = actor.name || actor.email;
    if (task.assignee_user_id && task.assignee_user_id !== actor.userId) {
      const newlyAssigned = changed.includes('assignee_user_id');
      items.push({
        userId: task.assignee_user_id,
        kind: newlyAssigned ? 'task.assigned' : 'task.updated',
        title: newlyAssigned ? 'Σας ανατέθηκε μια εργασία' : 'Ενημέρωση εργασίας',
        body: newlyAssigned ? `${who}: «${task.title}»` : describeChange(who, task, changed),
        link: link(task),
        data: { taskId: task.id, organisationId: task.organisation_id, workspaceId: task.organisation_id, changed },
      });
    }
    return { task, notes: await createNotifications(trx, items), changed };
  });
  if ('conflict' in result) throw new VersionConflict(result.conflict);
  if (result.changed.length) {
    ctx.realtime.broadcast(rooms.organisation(result.task.organisation_id), 'task:changed', result.task);
    publishNotifications(ctx.realtime, result.notes);
  }
  return result.task;
}
