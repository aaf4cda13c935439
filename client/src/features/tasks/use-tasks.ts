import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import { taskSchema, tasksResponse, type Task, type TaskCreateBody, type TaskPatchBody } from '@shared/schemas/tasks';
import { api, ApiError } from '@client/api/http';
import { upsertTask } from './filter-tasks';

export const tasksKey = queryKeys.tasks;
type TasksData = { tasks: Task[]; releases: { id: string; title: string }[] };

/** Every task of the workspace (filters apply in the browser, so live events apply at once). */
export function useTasks(workspaceId: string | null) {
  return useQuery({
    queryKey: tasksKey(workspaceId ?? ''),
    queryFn: ({ signal }) => api('GET', `/workspaces/${workspaceId}/tasks`, { schema: tasksResponse, signal }),
    enabled: !!workspaceId,
  });
}

function applyTask(qc: QueryClient, task: Task) {
  qc.setQueryData<TasksData>(tasksKey(task.organisation_id), (d) => (d ? { ...d, tasks: upsertTask(d.tasks, task) } : d));
}


export function useCreateTask(workspaceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TaskCreateBody) => api('POST', `/workspaces/${workspaceId}/tasks`, { body, schema: taskSchema }),
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
export function useUpdateTask(workspaceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ task, patch }: { task: Task; patch: Omit<TaskPatchBody, 'version'> }) => {
      try {
        return await api('PATCH', `/tasks/${task.id}`, { body: { ...patch, version: task.version }, schema: taskSchema });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'version_conflict') {
          const fresh = await qc.fetchQuery({
            queryKey: tasksKey(workspaceId),
            queryFn: () => api('GET', `/workspaces/${workspaceId}/tasks`, { schema: tasksResponse }),
            staleTime: 0,
          });
          throw new TaskConflict(fresh.tasks.find((t) => t.id === task.id));
        }
        throw err;
      }
    },
    onMutate: async ({ task, patch }) => {
      if (!('status' in patch) || Object.keys(patch).length !== 1) return undefined;
      await qc.cancelQueries({ queryKey: tasksKey(workspaceId) });
      const before = qc.getQueryData<TasksData>(tasksKey(workspaceId));
      qc.setQueryData<TasksData>(tasksKey(workspaceId), (d) =>
        d ? { ...d, tasks: d.tasks.map((t) => (t.id === task.id ? { ...t, status: patch.status! } : t)) } : d,
      );
      return { before };
    },
    onError: (err, _vars, context) => {
      if (!(err instanceof TaskConflict) && context?.before) qc.setQueryData(tasksKey(workspaceId), context.before);
    },
    onSuccess: (task) => applyTask(qc, task),
  });
}
