import { useEffect, useState, type FormEvent } from 'react';
import { AlertTriangle } from 'lucide-react';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '@shared/constants';
import { TASK_LIMITS, type Task } from '@shared/schemas/tasks';
import type { WorkspaceMember } from '@shared/schemas/workspaces';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { DateField } from '@client/components/ui/date-field';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, TASK_STRINGS as S } from './strings';

const NONE = 'none';

export interface TaskFormValues {
  title: string;
  description: string | null;
  assignee_user_id: string | null;
  priority: TaskPriority;
  due_date: string | null;
  press_release_id: string | null;
  status: TaskStatus;
}

interface TaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task being edited; null creates a new one. */
  task: Task | null;
  members: WorkspaceMember[];
  releases: { id: string; title: string }[];
  pending: boolean;
  /** Shown above the form, e.g. after a version conflict. */
  notice?: string | null;
  onSubmit: (values: TaskFormValues) => void;
}

function initial(task: Task | null): TaskFormValues {
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

/** Create or edit a task. The title is required after trimming; empty description and date are sent as null. */
export function TaskDialog({ open, onOpenChange, task, members, releases, pending, notice, onSubmit }: TaskDialogProps) {
  const [values, setValues] = useState<TaskFormValues>(() => initial(task));
  // A fresh task (another task, or the current version after a conflict) resets the form.
  useEffect(() => {
    if (open) setValues(initial(task));
  }, [open, task]);

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const canSubmit = values.title.trim() !== '' && !pending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    onSubmit({
      ...values,
      title: values.title.trim(),
      description: values.description?.trim() ? values.description.trim() : null,
      due_date: values.due_date ? values.due_date : null,
    });
  };
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
              value={values.title}
              maxLength={TASK_LIMITS.title}
              placeholder={S.fieldTitlePlaceholder}
              onChange={(e) => set('title', e.target.value)}
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
              value={values.description ?? ''}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="task-assignee">{S.fieldAssignee}</Label>
              <Select value={values.assignee_user_id ?? NONE} onValueChange={(v) => set('assignee_user_id', v === NONE ? null : v)}>
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
              <Select value={values.priority} onValueChange={(v) => set('priority', v as TaskPriority)}>
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
              <DateField id="task-due" value={values.due_date ?? ''} onChange={(v) => set('due_date', v)} />
            </div>
            {editing ? (
              <div className="grid gap-1.5">
                <Label htmlFor="task-status-field">{S.fieldStatus}</Label>
                <Select value={values.status} onValueChange={(v) => set('status', v as TaskStatus)}>
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
                <Select value={values.press_release_id ?? NONE} onValueChange={(v) => set('press_release_id', v === NONE ? null : v)}>
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
