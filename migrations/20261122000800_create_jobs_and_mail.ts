import type { Knex } from 'knex';
import { addUpdatedAtTrigger, enumColumn, jsonbColumn, nowColumn, tsColumn } from './lib/helpers';

/** Durable jobs, the e-mail outbox, in-app notifications and platform settings. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('id');
    enumColumn(t, 'kind', ['email', 'newsletter']).notNullable().defaultTo('email');
    t.text('to_email').notNullable();
    t.text('subject').notNullable();
    t.text('html').nullable();
    t.text('text').nullable();
    enumColumn(t, 'status', ['queued', 'sending', 'sent', 'failed'])
      .notNullable()
      .defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error').nullable();
    nowColumn(knex, t, 'next_attempt_at');
    tsColumn(t, 'locked_at');
    t.bigInteger('related_delivery_id')
      .nullable()
      .references('id')
      .inTable('deliveries')
      .onDelete('SET NULL');
    nowColumn(knex, t, 'created_at');
    tsColumn(t, 'sent_at');
    t.index(['status', 'next_attempt_at'], 'mail_outbox_status_next_attempt_at_idx');
    t.index(['related_delivery_id'], 'mail_outbox_related_delivery_id_idx');
  });
  await knex.raw('create index mail_outbox_created_at_idx on mail_outbox (created_at desc)');

  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable();
    jsonbColumn(knex, t, 'payload', {});
    nowColumn(knex, t, 'run_at');
    enumColumn(t, 'status', ['queued', 'running', 'done', 'failed'])
      .notNullable()
      .defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable().defaultTo(5);
    t.text('last_error').nullable();
    t.text('locked_by').nullable();
    tsColumn(t, 'locked_at');
    t.text('dedupe_key').nullable().unique({ indexName: 'jobs_dedupe_key_unique' });
    nowColumn(knex, t, 'created_at');
    tsColumn(t, 'finished_at');
    t.index(['status', 'run_at'], 'jobs_status_run_at_idx');
    t.index(['kind', 'status'], 'jobs_kind_status_idx');
  });

  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('title').notNullable();
    t.text('body').nullable();
    t.text('link').nullable();
    jsonbColumn(knex, t, 'data', {});
    tsColumn(t, 'read_at');
    nowColumn(knex, t, 'created_at');
    t.index(['user_id', 'read_at'], 'notifications_user_id_read_at_idx');
  });
  await knex.raw(
    'create index notifications_user_id_created_at_idx on notifications (user_id, created_at desc)',
  );

  await knex.schema.createTable('platform_settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    nowColumn(knex, t, 'updated_at');
  });
  await addUpdatedAtTrigger(knex, 'platform_settings');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('platform_settings');
  await knex.schema.dropTable('notifications');
  await knex.schema.dropTable('jobs');
  await knex.schema.dropTable('mail_outbox');
}
