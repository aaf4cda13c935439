import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { AlertTriangle } from 'lucide-react';
import { TASK_PRIORITIES, TASK_STATUSES } from '@shared/constants';
import { TASK_LIMITS, taskForm, type Task, type TaskFormInput, type TaskFormValues, type TaskMember } from '@shared/schemas/tasks';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { DateField } from '@client/components/ui/date-field';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { useSchemaForm } from '@client/lib/schema-form';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, TASK_STRINGS as S } from './strings';

const NONE = 'none';

export type { TaskFormValues };

interface TaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task being edited; null creates a new one. */
  task: Task | null;
  members: TaskMember[];
  releases: { id: string; title: string }[];
  pending: boolean;
  /** Shown above the form, e.g. after a version conflict. */
  notice?: string | null;
  onSubmit: (values: TaskFormValues) => void;
}

function initial(task: Task | null): TaskFormInput {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    assignee_user_id: task?.assignee_user_id ?? null,
    priority: task?.priority ?? 'normal',
    due_date: task?.due_date ?? '',
    press_release_id: task?.press_release_id ?? null,
    status: task?.status ?? 'open',
  };
}

/** Create or edit a task, checked against the shared taskForm: the title is required after trimming; empty description and date are sent as null. */
export function TaskDialog({ open, onOpenChange, task, members, releases, pending, notice, onSubmit }: TaskDialogProps) {
  const { form, message, onSubmit: checked } = useSchemaForm(taskForm, initial(task));
  // A fresh task (another task, or the current version after a conflict) resets the form.
  useEffect(() => {
    if (open) form.reset(initial(task));
  }, [open, task, form]);

  const values = form.watch();
  const canSubmit = (values.title ?? '').trim() !== '' && !pending;
  const submit = checked((valid) => {
    if (!pending) onSubmit(valid);
  });
  const editing = !!task;
  const assigneeKnown = !values.assignee_user_id || members.some((m) => m.user_id === values.assignee_user_id);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? S.editTitle : S.createTitle}</DialogTitle>
          <DialogDescription>{editing ? S.editDescription : S.createDescription}</DialogDescription>
        </DialogHeader>
        {notice ? (
          <div role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <p>{notice}</p>
          </div>
        ) : null}
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="task-title">{S.fieldTitle} *</Label>
            <Input
              id="task-title"
              {...form.register('title')}
              maxLength={TASK_LIMITS.title}
              placeholder={S.fieldTitlePlaceholder}
              autoFocus
              required
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="task-description">{S.fieldDescription}</Label>
            <Textarea
              id="task-description"
              rows={3}
              maxLength={TASK_LIMITS.description}
              {...form.register('description')}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="task-assignee">{S.fieldAssignee}</Label>
              <Select value={values.assignee_user_id ?? NONE} onValueChange={(v) => form.setValue('assignee_user_id', v === NONE ? null : v)}>
                <SelectTrigger id="task-assignee">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>{S.unassigned}</SelectItem>
                  {!assigneeKnown && task?.assignee ? <SelectItem value={task.assignee.user_id}>{task.assignee.name}</SelectItem> : null}
                  {members.map((m) => (
                    <SelectItem key={m.user_id} value={m.user_id}>
                      {m.name || m.email}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="task-priority">{S.fieldPriority}</Label>
              <Select value={values.priority} onValueChange={(v) => form.setValue('priority', v as TaskFormValues['priority'])}>
                <SelectTrigger id="task-priority">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_PRIORITIES.map((p) => (
                    <SelectItem key={p} value={p}>
                      {TASK_PRIORITY_LABELS[p]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="task-due">{S.fieldDueDate}</Label>
              <Controller
                control={form.control}
                name="due_date"
                render={({ field, fieldState }) => (
                  <DateField
                    id="task-due"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    aria-invalid={fieldState.invalid || undefined}
                  />
                )}
              />
            </div>
            {editing ? (
              <div className="grid gap-1.5">
                <Label htmlFor="task-status-field">{S.fieldStatus}</Label>
                <Select value={values.status} onValueChange={(v) => form.setValue('status', v as TaskFormValues['status'])}>
                  <SelectTrigger id="task-status-field">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TASK_STATUSES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {TASK_STATUS_LABELS[s]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ) : null}
            {releases.length || values.press_release_id ? (
              <div className="grid gap-1.5 sm:col-span-2">
                <Label htmlFor="task-release">{S.fieldRelease}</Label>
                <Select value={values.press_release_id ?? NONE} onValueChange={(v) => form.setValue('press_release_id', v === NONE ? null : v)}>
                  <SelectTrigger id="task-release">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NONE}>{S.noRelease}</SelectItem>
                    {values.press_release_id && !releases.some((r) => r.id === values.press_release_id) && task?.press_release ? (
                      <SelectItem value={task.press_release.id}>{task.press_release.title}</SelectItem>
                    ) : null}
                    {releases.map((r) => (
                      <SelectItem key={r.id} value={r.id}>
                        {r.title || '—'}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            ) : null}
          </div>
          {message ? (
            <p role="alert" className="text-sm text-destructive">
              {message}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {S.cancel}
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {pending ? <Spinner size="sm" /> : null}
              {editing ? S.save : S.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
