import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarDays, FileText, Pencil, User, UserPlus } from 'lucide-react';
import { TASK_STATUSES, type TaskStatus } from '@shared/constants';
import type { Task } from '@shared/schemas/tasks';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { dayjs, formatDate } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { PRIORITY_BADGE, STATUS_BADGE, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, TASK_STRINGS as S } from './strings';

interface TaskCardProps {
  task: Task;
  onStatus: (task: Task, status: TaskStatus) => void;
  onEdit: (task: Task) => void;
  /** The task a notification pointed to: outlined and scrolled into view. */
  highlighted?: boolean;
  /** The caller's role may not change tasks ('tasks.write'): status and edit are disabled. */
  readOnly?: boolean;
}

export function isOverdue(task: Task): boolean {
  return !!task.due_date && task.status !== 'done' && dayjs(task.due_date).isBefore(dayjs().startOf('day'));
}

/** One task: what, who, when, and a status dropdown that moves it to any other status. */
export function TaskCard({ task, onStatus, onEdit, highlighted = false, readOnly = false }: TaskCardProps) {
  const overdue = isOverdue(task);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <Card
      ref={ref}
      data-testid="task-card"
      data-task-id={task.id}
      className={cn('flex min-w-0 flex-col gap-3 p-4', highlighted && 'ring-2 ring-primary ring-offset-2')}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className={cn('min-w-0 break-words text-base font-semibold leading-snug', task.status === 'done' && 'text-muted-foreground line-through')}>
          {task.title}
        </h3>
        <Badge variant={PRIORITY_BADGE[task.priority]} className="shrink-0" title={S.fieldPriority}>
          {TASK_PRIORITY_LABELS[task.priority]}
        </Badge>
      </div>
      {task.description ? <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-muted-foreground">{task.description}</p> : null}
      <dl className="grid grid-cols-1 gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          {task.assignee ? <User className="h-4 w-4 shrink-0 text-slate-500" aria-hidden /> : <UserPlus className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />}
          <dt className="sr-only">{S.fieldAssignee}</dt>
          <dd className={cn('min-w-0 truncate', !task.assignee && 'text-muted-foreground')} data-testid="task-assignee">
            {task.assignee ? task.assignee.name || task.assignee.email : S.unassigned}
          </dd>
        </div>
        {task.due_date ? (
          <div className="flex items-center gap-2">
            <CalendarDays className={cn('h-4 w-4 shrink-0', overdue ? 'text-red-600' : 'text-slate-500')} aria-hidden />
            <dt className="text-muted-foreground">{S.due}:</dt>
            <dd className={cn(overdue && 'font-medium text-red-700')}>
              {formatDate(task.due_date)}
              {overdue ? ` (${S.overdue})` : ''}
            </dd>
          </div>
        ) : null}
        {task.press_release ? (
          <div className="flex items-center gap-2">
            <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <dt className="sr-only">{S.release}</dt>
            <dd className="min-w-0 flex-1 truncate">
              <Link to="/client/press-releases/$id" params={{ id: task.press_release.id }} className="block truncate text-primary hover:underline" title={task.press_release.title}>
                {task.press_release.title || '—'}
              </Link>
            </dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <dt>{S.creator}:</dt>
          <dd className="min-w-0 truncate">
            {task.creator ? task.creator.name || task.creator.email : '—'} · {formatDate(task.created_at)}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center gap-2 pt-1">
        <Select value={task.status} disabled={readOnly} onValueChange={(v) => v !== task.status && onStatus(task, v as TaskStatus)}>
          <SelectTrigger
            aria-label={`${S.fieldStatus}: ${task.title}`}
            data-testid="task-status"
            className={cn('h-9 flex-1 border font-medium', STATUS_BADGE[task.status])}
          >
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
        <Button variant="outline" size="icon" className="h-9 w-9" disabled={readOnly} onClick={() => onEdit(task)} aria-label={`${S.edit}: ${task.title}`}>
          <Pencil aria-hidden />
        </Button>
      </div>
    </Card>
  );
}
