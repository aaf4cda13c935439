import { describe, expect, it } from 'vitest';
import type { Task } from '@shared/schemas/tasks';
import { filterTasks, NO_FILTERS, upsertTask } from './filter-tasks';

const task = (over: Partial<Task>): Task => ({
  id: 'a',
  organisation_id: 'w',
  title: 'Σύνταξη δελτίου',
  description: null,
  assignee_user_id: null,
  assignee: null,
  priority: 'normal',
  due_date: null,
  created_by: null,
  creator: null,
  status: 'open',
  press_release_id: null,
  press_release: null,
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('filterTasks', () => {
  const list = [
    task({ id: '1' }),
    task({ id: '2', title: 'Άλλο', description: 'ΣΥΝΤΑΞΗ κειμένου', assignee_user_id: 'u1', status: 'done', priority: 'urgent' }),
  ];
  it('searches title and description without case or accents', () => {
    expect(filterTasks(list, { ...NO_FILTERS, q: 'συνταξη' }).map((t) => t.id)).toEqual(['1', '2']);
    expect(filterTasks(list, { ...NO_FILTERS, q: 'αλλο' }).map((t) => t.id)).toEqual(['2']);
  });
  it('filters by status, priority and assignee, including unassigned', () => {
    expect(filterTasks(list, { ...NO_FILTERS, status: 'done' }).map((t) => t.id)).toEqual(['2']);
    expect(filterTasks(list, { ...NO_FILTERS, priority: 'normal' }).map((t) => t.id)).toEqual(['1']);
    expect(filterTasks(list, { ...NO_FILTERS, assignee: 'unassigned' }).map((t) => t.id)).toEqual(['1']);
    expect(filterTasks(list, { ...NO_FILTERS, assignee: 'u1' }).map((t) => t.id)).toEqual(['2']);
  });
  it('upserts live changes and ignores a stale event', () => {
    const next = upsertTask(list, task({ id: '1', version: 2, status: 'blocked' }));
    expect(next[0]!.status).toBe('blocked');
    expect(upsertTask(next, task({ id: '1', version: 1 }))[0]!.status).toBe('blocked');
    expect(upsertTask(list, task({ id: '3' })).map((t) => t.id)).toEqual(['3', '1', '2']);
  });
});
