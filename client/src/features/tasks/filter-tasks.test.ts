import { describe, expect, it } from 'vitest';
import type { Task } from '@shared/schemas/tasks';
import { applyTaskChange, filterTasks, NO_FILTERS, upsertTask } from './filter-tasks';

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

describe('applyTaskChange', () => {
  const list = [task({ id: '1', version: 3 }), task({ id: '2', title: 'Άλλο', version: 1 })];
  const change = (over: { id?: string; version: number }) => ({ id: '1', organisation_id: 'w', updated_at: '2026-01-02T00:00:00Z', changes: { status: 'done' as const, title: 'Νέος' }, ...over });

  it('applies the columns written to the task at the version before, with the new version and time; the rest of the task and the other tasks stay', () => {
    const next = applyTaskChange(list, change({ version: 4 }))!;
    expect(next[0]).toEqual({ ...list[0], status: 'done', title: 'Νέος', version: 4, updated_at: '2026-01-02T00:00:00Z' });
    expect(next[1]).toBe(list[1]);
    expect(list[0]!.status).toBe('open');
  });

  it('leaves the list as it is when it has that version or a newer one (its own answer, a late event)', () => {
    expect(applyTaskChange(list, change({ version: 3 }))).toBe(list);
    expect(applyTaskChange(list, change({ version: 2 }))).toBe(list);
  });

  it('cannot apply a change after a missed one, nor to a task it does not have: null (the board is fetched again)', () => {
    expect(applyTaskChange(list, change({ version: 5 }))).toBeNull();
    expect(applyTaskChange(list, change({ id: '9', version: 2 }))).toBeNull();
  });
});
