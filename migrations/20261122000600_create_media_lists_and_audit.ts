import type { Knex } from 'knex';
import { AUDIT_ACTIONS, CATEGORIES } from '../shared/constants';
import { enumColumn, jsonbColumn, nowColumn, uuidPk } from './lib/helpers';

/** Category media lists (superadmin) and the audit log. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media_lists', (t) => {
    uuidPk(knex, t);
    enumColumn(t, 'category', CATEGORIES).notNullable();
    t.uuid('media_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    nowColumn(knex, t, 'created_at');
    t.unique(['category', 'media_id'], { indexName: 'media_lists_category_media_id_unique' });
    t.index(['category'], 'media_lists_category_idx');
    t.index(['media_id'], 'media_lists_media_id_idx');
  });

  // No foreign key on actor_user_id: the log outlives the accounts it mentions.
  await knex.schema.createTable('audit_logs', (t) => {
    t.bigIncrements('id');
    t.uuid('actor_user_id').nullable();
    t.text('actor_email').nullable();
    t.text('actor_role').notNullable().defaultTo('unknown');
    enumColumn(t, 'action_type', AUDIT_ACTIONS).notNullable();
    t.text('entity_type').nullable();
    t.text('entity_id').nullable();
    jsonbColumn(knex, t, 'metadata', {});
    nowColumn(knex, t, 'created_at');
    t.index(['action_type'], 'audit_logs_action_type_idx');
    t.index(['actor_user_id'], 'audit_logs_actor_user_id_idx');
    t.index(['entity_type', 'entity_id'], 'audit_logs_entity_idx');
  });
  await knex.raw('create index audit_logs_created_at_idx on audit_logs (created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_logs');
  await knex.schema.dropTable('media_lists');
}
