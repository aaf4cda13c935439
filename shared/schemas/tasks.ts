import { z } from 'zod';
import { ORGANISATION_ROLES, TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../constants';

export const taskStatusSchema = z.enum(TASK_STATUSES, {
  error: `status must be one of ${TASK_STATUSES.join(', ')}`,
});
export const taskPrioritySchema = z.enum(TASK_PRIORITIES, {
  error: `priority must be one of ${TASK_PRIORITIES.join(', ')}`,
});

export const TASK_LIMITS = { title: 200, description: 5000 } as const;

const personSchema = z.object({ user_id: z.string(), name: z.string(), email: z.string() });
export type TaskPerson = z.infer<typeof personSchema>;

export const taskSchema = z.object({
  id: z.string(),
  organisation_id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  assignee_user_id: z.string().nullable(),
  assignee: personSchema.nullable(),
  priority: taskPrioritySchema,
  /** Calendar date YYYY-MM-DD, or null. */
  due_date: z.string().nullable(),
  created_by: z.string().nullable(),
  creator: personSchema.nullable(),
  status: taskStatusSchema,
  press_release_id: z.string().nullable(),
  press_release: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** Optimistic-concurrency counter: send it back with every PATCH. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** The task's own columns that a change writes without touching its people or release. */
export const TASK_PLAIN_FIELDS = ['title', 'description', 'priority', 'due_date', 'status'] as const;

/**
 * A 'task:changed' event for a change of the task's own columns only (a status moved on the
 * board, a title...): the task, its new version and time, and the columns written, as they
 * now are; a client applies it to the task it has at the version before, and otherwise
 * refetches the board. About a third of the whole task's size, for each of an organisation's
 * sockets. A created task, or a change of its assignee or release, is sent whole.
 */
export interface TaskChange {
  id: string;
  organisation_id: string;
  version: number;
  updated_at: string;
  changes: Partial<Pick<Task, (typeof TASK_PLAIN_FIELDS)[number]>>;
}

export const releaseOptionSchema = z.object({ id: z.string(), title: z.string() });

export const taskMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ORGANISATION_ROLES),
});
export type TaskMember = z.infer<typeof taskMemberSchema>;

/** GET /tasks: the board of the caller's active organisation. */
export const tasksResponse = z.object({
  organisation: z.object({
    id: z.string(),
    name: z.string(),
    /** The caller's role there; `canWrite`: may create and change tasks ('tasks.write'). */
    role: z.enum(ORGANISATION_ROLES),
    canWrite: z.boolean(),
  }),
  /** The organisation's members: the people a task may be assigned to. */
  members: z.array(taskMemberSchema),
  tasks: z.array(taskSchema),
  /** The organisation's press releases a task may be linked to (newest first). */
  releases: z.array(releaseOptionSchema),
});
export type TasksResponse = z.infer<typeof tasksResponse>;

const uuid = (name: string) => z.uuid(`${name} must be a valid id`);
export const taskIdParams = z.object({ id: uuid('id') });

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'due_date must be a date (YYYY-MM-DD)')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    message: 'due_date must be a real date',
  });

/** Empty strings become null: description and due date are stored as null when empty. */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const title = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(TASK_LIMITS.title, `title must have at most ${TASK_LIMITS.title} characters`);
const description = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'description must be text' })
    .trim()
    .max(TASK_LIMITS.description, `description must have at most ${TASK_LIMITS.description} characters`)
    .nullable(),
);
const dueDate = z.preprocess(emptyToNull, dateOnly.nullable());
const assignee = z.preprocess(emptyToNull, uuid('assignee_user_id').nullable());
const release = z.preprocess(emptyToNull, uuid('press_release_id').nullable());

export const taskCreateBody = z.object({
  title,
  description: description.optional().transform((v) => v ?? null),
  assignee_user_id: assignee.optional().transform((v) => v ?? null),
  priority: taskPrioritySchema.default('normal'),
  due_date: dueDate.optional().transform((v) => v ?? null),
  press_release_id: release.optional().transform((v) => v ?? null),
});
export type TaskCreateBody = z.input<typeof taskCreateBody>;

const taskFormSchema = taskCreateBody.extend({ status: taskStatusSchema });
export type TaskFormValues = z.output<typeof taskFormSchema>;
/** What the task dialog holds: text fields as strings ('' for none), picks as ids or null. */
export interface TaskFormInput {
  title: string;
  description: string;
  assignee_user_id: string | null;
  priority: TaskPriority;
  due_date: string;
  press_release_id: string | null;
  status: TaskStatus;
}
/**
 * The task dialog (client): the create body's rules, plus the status when editing. Typed by
 * what the dialog holds (the body's preprocessors take any input and turn '' into null).
 */
export const taskForm = taskFormSchema as unknown as z.ZodType<TaskFormValues, TaskFormInput>;

export const taskPatchBody = z
  .object({
    version: z.number({ error: 'version is required' }).int('version must be an integer').min(1),
    title: title.optional(),
    description: description.optional(),
    assignee_user_id: assignee.optional(),
    priority: taskPrioritySchema.optional(),
    due_date: dueDate.optional(),
    status: taskStatusSchema.optional(),
    press_release_id: release.optional(),
  })
  .strict();
export type TaskPatchBody = z.input<typeof taskPatchBody>;

export const taskListQuery = z.object({
  q: z.string().trim().max(200, 'q is too long').optional(),
  status: z.union([taskStatusSchema, z.literal('all')]).optional(),
  priority: z.union([taskPrioritySchema, z.literal('all')]).optional(),
  /** A member's user id, 'unassigned', or 'all'. */
  assignee: z.union([z.literal('all'), z.literal('unassigned'), uuid('assignee')]).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** The body of a 409 on PATCH /tasks/:id when `version` is stale: the current task comes along. */
export const versionConflictBody = z.object({
  error: z.object({ code: z.literal('version_conflict'), message: z.string() }),
  task: taskSchema,
});

/** Greek labels of the task statuses and priorities (UI and notifications). */
export const TASK_STATUS_LABELS = {
  open: 'Ανοιχτή',
  in_progress: 'Σε εξέλιξη',
  done: 'Ολοκληρώθηκε',
  blocked: 'Μπλοκαρισμένη',
} as const satisfies Record<z.infer<typeof taskStatusSchema>, string>;

export const TASK_PRIORITY_LABELS = {
  low: 'Χαμηλή',
  normal: 'Κανονική',
  high: 'Υψηλή',
  urgent: 'Επείγουσα',
} as const satisfies Record<z.infer<typeof taskPrioritySchema>, string>;
