import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import { taskSchema, tasksResponse, type Task, type TaskCreateBody, type TaskPatchBody, type TasksResponse } from '@shared/schemas/tasks';
import { api, ApiError } from '@client/api/http';
import { upsertTask } from './filter-tasks';

export const tasksKey = queryKeys.tasks;
/** The key under which the board of "the active organisation" is asked for: it holds that organisation's id. */
export const ACTIVE_BOARD = 'active';

/** The active organisation's board, kept under its organisation's key (where live task events land). */
async function fetchBoard(qc: QueryClient, signal?: AbortSignal): Promise<TasksResponse> {
  const board = await api('GET', '/tasks', { schema: tasksResponse, signal });
  qc.setQueryData(tasksKey(board.organisation.id), board);
  return board;
}

/**
 * Every task of the active organisation (the server decides which; filters apply in the
 * browser, so live events apply at once), with its members and releases and the caller's
 * right to change it. The board is asked for as "the active one" and kept under its
 * organisation's id: a task:changed event writes there, and a switch of organisation (which
 * refetches every query) moves the board to the new one.
 */
export function useTasks() {
  const qc = useQueryClient();
  const active = useQuery({
    queryKey: tasksKey(ACTIVE_BOARD),
    queryFn: async ({ signal }) => (await fetchBoard(qc, signal)).organisation.id,
  });
  const organisationId = active.data ?? null;
  const board = useQuery({
    queryKey: tasksKey(organisationId ?? ''),
    queryFn: async ({ signal }) => {
      const fresh = await fetchBoard(qc, signal);
      if (fresh.organisation.id === organisationId) return fresh;
      // Switched meanwhile (another tab): follow the new organisation; this key keeps what it had.
      qc.setQueryData(tasksKey(ACTIVE_BOARD), fresh.organisation.id);
      return qc.getQueryData<TasksResponse>(tasksKey(organisationId ?? '')) ?? fresh;
    },
    enabled: organisationId !== null,
    // Filled by the first request; later changes arrive live or through a refetch.
    staleTime: Infinity,
  });
  return {
    organisationId,
    data: board.data,
    isPending: active.isPending || (organisationId !== null && board.isPending),
    isError: active.isError || board.isError,
    error: active.error ?? board.error,
  };
}

function applyTask(qc: QueryClient, task: Task) {
  qc.setQueryData<TasksResponse>(tasksKey(task.organisation_id), (d) => (d ? { ...d, tasks: upsertTask(d.tasks, task) } : d));
}

/** A new task on the active organisation's board. */
export function useCreateTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskCreateBody) => api('POST', '/tasks', { body, schema: taskSchema }),
    onSuccess: (task) => applyTask(qc, task),
  });
}

/** Thrown when someone else changed the task first; carries the task as it is now. */
export class TaskConflict extends Error {
  constructor(readonly current: Task | undefined) {
    super('version_conflict');
  }
}

/**
 * PATCH with the version the user saw. The board moves at once (optimistic); on a stale
 * version the fresh task is fetched and shown, and TaskConflict is thrown for the message.
 */
export function useUpdateTask(organisationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ task, patch }: { task: Task; patch: Omit<TaskPatchBody, 'version'> }) => {
      try {
        return await api('PATCH', `/tasks/${task.id}`, { body: { ...patch, version: task.version }, schema: taskSchema });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'version_conflict') {
          const fresh = await fetchBoard(qc);
          throw new TaskConflict(fresh.tasks.find((t) => t.id === task.id));
        }
        throw err;
      }
    },
    onMutate: async ({ task, patch }) => {
      if (!('status' in patch) || Object.keys(patch).length !== 1) return undefined;
      await qc.cancelQueries({ queryKey: tasksKey(organisationId) });
      const before = qc.getQueryData<TasksResponse>(tasksKey(organisationId));
      qc.setQueryData<TasksResponse>(tasksKey(organisationId), (d) =>
        d ? { ...d, tasks: d.tasks.map((t) => (t.id === task.id ? { ...t, status: patch.status! } : t)) } : d,
      );
      return { before };
    },
    onError: (err, _vars, context) => {
      if (!(err instanceof TaskConflict) && context?.before) qc.setQueryData(tasksKey(organisationId), context.before);
    },
    onSuccess: (task) => applyTask(qc, task),
  });
}
