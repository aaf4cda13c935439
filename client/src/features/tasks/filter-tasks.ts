import type { Task, TaskChange } from '@shared/schemas/tasks';
import type { TaskPriority, TaskStatus } from '@shared/constants';
import { normalizeSearch } from '@shared/search-text';

export interface TaskFilters {
  q: string;
  status: TaskStatus | 'all';
  priority: TaskPriority | 'all';
  /** A member's user id, 'unassigned' or 'all'. */
  assignee: string;
}

export const NO_FILTERS: TaskFilters = { q: '', status: 'all', priority: 'all', assignee: 'all' };


/**
 * The board filters in the browser, so live changes apply without a round trip; the search
 * uses the platform's one fold (shared/search-text.ts): «συνταξη» finds «Σύνταξη».
 */
export function filterTasks(tasks: readonly Task[], f: TaskFilters): Task[] {
  const q = normalizeSearch(f.q.trim());
  return tasks.filter(
    (t) =>
      (f.status === 'all' || t.status === f.status) &&
      (f.priority === 'all' || t.priority === f.priority) &&
      (f.assignee === 'all' || (f.assignee === 'unassigned' ? !t.assignee_user_id : t.assignee_user_id === f.assignee)) &&
      (!q || normalizeSearch(t.title).includes(q) || normalizeSearch(t.description ?? '').includes(q)),
  );
}

export function isFiltered(f: TaskFilters): boolean {
  return f.q.trim() !== '' || f.status !== 'all' || f.priority !== 'all' || f.assignee !== 'all';
}

/**
 * A change of a task's own columns (TaskChange) applied to the board's tasks: to the task at
 * the version before it. The same list when the board already has that version or a newer one
 * (its own answer or a late event); null when it cannot be applied (the board does not have the
 * task, or missed a change in between): then the board is fetched again.
 */
export function applyTaskChange(tasks: readonly Task[], change: TaskChange): readonly Task[] | null {
  const i = tasks.findIndex((t) => t.id === change.id);
  if (i === -1) return null;
  const current = tasks[i]!;
  if (current.version >= change.version) return tasks;
  if (current.version !== change.version - 1) return null;
  const next = [...tasks];
  next[i] = { ...current, ...change.changes, version: change.version, updated_at: change.updated_at };
  return next;
}

/** Newest first, as the server sends them. */
export function upsertTask(tasks: readonly Task[], task: Task): Task[] {
  const i = tasks.findIndex((t) => t.id === task.id);
  if (i === -1) return [task, ...tasks];
  if (tasks[i]!.version > task.version) return [...tasks]; // an older event arriving late
  const next = [...tasks];
  next[i] = task;
  return next;
}
