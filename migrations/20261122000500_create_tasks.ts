import type { Knex } from 'knex';
import { TASK_PRIORITIES, TASK_STATUSES } from '../shared/constants';
import { addUpdatedAtTrigger, enumColumn, timestamps, uuidPk } from './lib/helpers';

/** The task board of a client workspace. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tasks', (t) => {
    uuidPk(knex, t);
    t.uuid('workspace_id').notNullable().references('id').inTable('workspaces').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description').nullable();
    t.uuid('assignee_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    enumColumn(t, 'priority', TASK_PRIORITIES).notNullable().defaultTo('normal');
    t.date('due_date').nullable();
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    enumColumn(t, 'status', TASK_STATUSES).notNullable().defaultTo('open');
    t.uuid('press_release_id')
      .nullable()
      .references('id')
      .inTable('press_releases')
      .onDelete('SET NULL');
    t.integer('version').notNullable().defaultTo(1);
    timestamps(knex, t);
    t.check("btrim(title) <> ''", [], 'tasks_title_check');
    t.index(['assignee_user_id'], 'tasks_assignee_user_id_idx');
    t.index(['created_by'], 'tasks_created_by_idx');
    t.index(['press_release_id'], 'tasks_press_release_id_idx');
  });
  await knex.raw(
    'create index tasks_workspace_id_created_at_idx on tasks (workspace_id, created_at desc)',
  );
  await addUpdatedAtTrigger(knex, 'tasks');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tasks');
}
