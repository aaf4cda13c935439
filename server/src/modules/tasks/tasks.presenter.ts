import type { Task } from '../../../../shared/schemas/tasks';
import type { TaskRow } from './tasks.repo';

const person = (id: string | null, name: string | null, email: string | null) =>
  id ? { user_id: id, name: name ?? '', email: email ?? '' } : null;

export function presentTask(r: TaskRow): Task {
  return {
    id: r.id,
    organisation_id: r.organisation_id,
    title: r.title,
    description: r.description,
    assignee_user_id: r.assignee_user_id,
    assignee: person(r.assignee_user_id, r.assignee_name, r.assignee_email),
    priority: r.priority,
    due_date: r.due_date,
    created_by: r.created_by,
    creator: person(r.created_by, r.creator_name, r.creator_email),
    status: r.status,
    press_release_id: r.press_release_id,
    press_release: r.press_release_id ? { id: r.press_release_id, title: r.press_release_title ?? '' } : null,
    version: Number(r.version),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
