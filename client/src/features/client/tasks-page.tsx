import { useEffect, useMemo, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { ListChecks, Plus, Search } from 'lucide-react';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '@shared/constants';
import type { Task } from '@shared/schemas/tasks';
import { ApiError } from '@client/api/http';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { PageSpinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { filterTasks, isFiltered, NO_FILTERS, type TaskFilters } from '@client/features/tasks/filter-tasks';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, TASK_STRINGS as S } from '@client/features/tasks/strings';
import { TaskCard } from '@client/features/tasks/task-card';
import { TaskDialog, type TaskFormValues } from '@client/features/tasks/task-dialog';
import { TaskConflict, useCreateTask, useTasks, useUpdateTask } from '@client/features/tasks/use-tasks';

function errorToast(description: string, err: unknown) {
  console.error(description, err);
  toast({ title: S.error, description, variant: 'destructive' });
}

function updateErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === 'assignee_not_member') return `${S.updateError}. ${S.assigneeNotMember}`;
  return S.updateError;
}

/** The task board of the active organisation (the shell's organisation switcher decides which). */
export function TasksPage() {
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const linkOrganisation = typeof search.organisation === 'string' ? search.organisation : undefined;
  const linkTask = typeof search.task === 'string' ? search.task : undefined;
  const tasks = useTasks();
  const organisationId = tasks.organisationId;
  const create = useCreateTask();
  const update = useUpdateTask(organisationId ?? '');

  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  // `task` is a snapshot taken when the dialog opens: the edit is sent with its version.
  const [dialog, setDialog] = useState<{ open: boolean; task: Task | null; notice: string | null }>({
    open: false,
    task: null,
    notice: null,
  });

  // A client who belongs to no organisation gets 404 no_organisation: the empty state says so, no error toast.
  const noOrganisation = tasks.error instanceof ApiError && tasks.error.code === 'no_organisation';
  useEffect(() => {
    if (tasks.isError && !noOrganisation) errorToast(S.loadError, tasks.error);
  }, [tasks.isError, tasks.error, noOrganisation]);

  const all = useMemo(() => tasks.data?.tasks ?? [], [tasks.data]);
  const shown = useMemo(() => filterTasks(all, filters), [all, filters]);
  const members = tasks.data?.members ?? [];
  const canWrite = tasks.data?.organisation.canWrite ?? false;
  // A notification's link to a task of another organisation than the active one.
  const elsewhere = !!linkOrganisation && !!organisationId && linkOrganisation !== organisationId;
  const editing = dialog.task;
  // Someone else changed the task while it is open here: say so before the save is refused.
  const live = editing ? all.find((t) => t.id === editing.id) : undefined;
  const notice = dialog.notice ?? (live && editing && live.version !== editing.version ? S.changedMeanwhile : null);

  const onStatus = (task: Task, status: TaskStatus) => {
    update.mutate(
      { task, patch: { status } },
      {
        onSuccess: () => toast({ title: S.success, description: S.updated, variant: 'success' }),
        onError: (err) =>
          err instanceof TaskConflict ? errorToast(`${S.updateError}. ${S.conflict}`, err) : errorToast(updateErrorMessage(err), err),
      },
    );
  };

  const onSubmit = (values: TaskFormValues) => {
    if (!editing) {
      create.mutate(
        {
          title: values.title,
          description: values.description,
          assignee_user_id: values.assignee_user_id,
          priority: values.priority,
          due_date: values.due_date,
          press_release_id: values.press_release_id,
        },
        {
          onSuccess: () => {
            setDialog({ open: false, task: null, notice: null });
            toast({ title: S.success, description: S.created, variant: 'success' });
          },
          onError: (err) =>
            errorToast(err instanceof ApiError && err.code === 'assignee_not_member' ? `${S.createError}. ${S.assigneeNotMember}` : S.createError, err),
        },
      );
      return;
    }
    const patch: Record<string, unknown> = {};
    for (const key of ['title', 'description', 'assignee_user_id', 'priority', 'due_date', 'press_release_id', 'status'] as const) {
      if (values[key] !== editing[key]) patch[key] = values[key];
    }
    if (!Object.keys(patch).length) {
      setDialog({ open: false, task: null, notice: null });
      return;
    }
    update.mutate(
      { task: editing, patch },
      {
        onSuccess: () => {
          setDialog({ open: false, task: null, notice: null });
          toast({ title: S.success, description: S.updated, variant: 'success' });
        },
        onError: (err) => {
          if (err instanceof TaskConflict) {
            // Keep the dialog open on the task as it is now, and say why.
            setDialog((d) => ({ ...d, task: err.current ?? d.task, notice: S.conflict }));
            errorToast(S.updateError, err);
            return;
          }
          errorToast(updateErrorMessage(err), err);
        },
      },
    );
  };

  const header = (
    <PageHeader
      description="Οι εργασίες της ομάδας σας, με αναζήτηση και φίλτρα κατάστασης, προτεραιότητας και υπευθύνου. Οι αλλαγές των συνεργατών σας εμφανίζονται αμέσως."
      actions={
        tasks.data && canWrite ? (
          <Button onClick={() => setDialog({ open: true, task: null, notice: null })}>
            <Plus aria-hidden />
            {S.newTask}
          </Button>
        ) : null
      }
    />
  );

  if (tasks.isPending && !noOrganisation) return (
    <>
      {header}
      <PageSpinner />
    </>
  );
  if (!tasks.data) {
    return (
      <>
        {header}
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{noOrganisation ? S.noWorkspace : S.loadError}</p>
      </>
    );
  }

  const filtered = isFiltered(filters);
  return (
    <>
      {header}
      <div className="space-y-4">
        {elsewhere ? (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {S.otherOrganisation}
          </p>
        ) : null}
        {!canWrite ? (
          <p role="status" className="rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground" data-testid="tasks-read-only">
            {S.readOnly}
          </p>
        ) : null}
        <div className="grid gap-3 rounded-lg border bg-background p-3 sm:grid-cols-3 xl:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]">
          <div className="relative sm:col-span-3 xl:col-span-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <Input
              type="search"
              aria-label={S.search}
              placeholder={S.searchPlaceholder}
              className="pl-9"
              value={filters.q}
              onChange={(e) => setFilters((f) => ({ ...f, q: e.target.value }))}
            />
          </div>
          <Select value={filters.status} onValueChange={(v) => setFilters((f) => ({ ...f, status: v as TaskStatus | 'all' }))}>
            <SelectTrigger aria-label={S.fieldStatus} data-testid="filter-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{S.allStatuses}</SelectItem>
              {TASK_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {TASK_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={filters.priority} onValueChange={(v) => setFilters((f) => ({ ...f, priority: v as TaskPriority | 'all' }))}>
            <SelectTrigger aria-label={S.fieldPriority} data-testid="filter-priority">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{S.allPriorities}</SelectItem>
              {TASK_PRIORITIES.map((p) => (
                <SelectItem key={p} value={p}>
                  {TASK_PRIORITY_LABELS[p]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={filters.assignee} onValueChange={(v) => setFilters((f) => ({ ...f, assignee: v }))}>
            <SelectTrigger aria-label={S.fieldAssignee} data-testid="filter-assignee">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{S.allAssignees}</SelectItem>
              <SelectItem value="unassigned">{S.unassigned}</SelectItem>
              {members.map((m) => (
                <SelectItem key={m.user_id} value={m.user_id}>
                  {m.name || m.email}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        {!tasks.data ? (
          <PageSpinner />
        ) : (
          <>
            <div className="flex items-center justify-between text-sm text-muted-foreground">
              <span aria-live="polite">{S.count(shown.length, all.length)}</span>
              {filtered ? (
                <Button variant="link" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                  {S.clearFilters}
                </Button>
              ) : null}
            </div>
            {shown.length ? (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="task-list">
                {shown.map((t) => (
                  <TaskCard
                    key={t.id}
                    task={t}
                    highlighted={t.id === linkTask}
                    readOnly={!canWrite}
                    onStatus={onStatus}
                    onEdit={(task) => setDialog({ open: true, task, notice: null })}
                  />
                ))}
              </div>
            ) : (
              <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
                <ListChecks className="h-8 w-8 text-slate-400" aria-hidden />
                <p className="text-muted-foreground">{filtered || tasks.isError ? S.emptyFiltered : S.empty}</p>
                {filtered ? (
                  <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                    {S.clearFilters}
                  </Button>
                ) : canWrite ? (
                  <Button onClick={() => setDialog({ open: true, task: null, notice: null })}>
                    <Plus aria-hidden />
                    {S.newTask}
                  </Button>
                ) : null}
              </div>
            )}
          </>
        )}
      </div>
      <TaskDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => (open ? { ...d, open } : { open: false, task: null, notice: null }))}
        task={editing}
        members={members}
        releases={tasks.data?.releases ?? []}
        pending={create.isPending || update.isPending}
        notice={notice}
        onSubmit={onSubmit}
      />
    </>
  );
}
