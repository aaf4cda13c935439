import type { Knex } from 'knex';
import { CATEGORIES, DELIVERY_STATES, RELEASE_STATUSES } from '../shared/constants';
import {
  addUpdatedAtTrigger,
  enumColumn,
  nowColumn,
  textArrayColumn,
  timestamps,
  tsColumn,
  uuidPk,
} from './lib/helpers';

/** Press releases, attachments, reporting, per-recipient deliveries and unsubscribes. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('press_releases', (t) => {
    uuidPk(knex, t);
    t.text('title').notNullable().defaultTo('');
    t.text('content').notNullable().defaultTo(''); // sanitized HTML
    t.text('content_text').notNullable().defaultTo(''); // plain text
    t.text('search_text').notNullable().defaultTo(''); // lower-case, accent-free title + text
    enumColumn(t, 'category', CATEGORIES).nullable();
    enumColumn(t, 'status', RELEASE_STATUSES).notNullable().defaultTo('draft');
    t.uuid('client_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('workspace_id').nullable().references('id').inTable('workspaces').onDelete('SET NULL');
    textArrayColumn(knex, t, 'press_releases', 'media_list_categories', CATEGORIES);
    tsColumn(t, 'scheduled_at');
    tsColumn(t, 'sent_at');
    timestamps(knex, t);
  });
  await knex.raw(
    'create index press_releases_client_id_created_at_idx on press_releases (client_id, created_at desc)',
  );
  await knex.raw(
    'create index press_releases_status_scheduled_at_idx on press_releases (status, scheduled_at)',
  );
  await knex.raw('create index press_releases_created_at_idx on press_releases (created_at desc)');
  await knex.raw('create index press_releases_category_idx on press_releases (category)');
  await knex.raw('create index press_releases_workspace_id_idx on press_releases (workspace_id)');
  await knex.raw('create index press_releases_sent_at_idx on press_releases (sent_at desc)');
  await addUpdatedAtTrigger(knex, 'press_releases');

  await knex.schema.createTable('release_attachments', (t) => {
    uuidPk(knex, t);
    t.uuid('press_release_id')
      .notNullable()
      .references('id')
      .inTable('press_releases')
      .onDelete('CASCADE');
    t.text('file_name').notNullable();
    t.text('mime_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('storage_key').notNullable();
    t.uuid('uploaded_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    nowColumn(knex, t, 'created_at');
    t.check('size_bytes >= 0', [], 'release_attachments_size_bytes_check');
    t.index(['press_release_id'], 'release_attachments_press_release_id_idx');
    t.index(['uploaded_by'], 'release_attachments_uploaded_by_idx');
  });

  await knex.schema.createTable('reporting', (t) => {
    uuidPk(knex, t);
    t.uuid('press_release_id')
      .notNullable()
      .unique({ indexName: 'reporting_press_release_id_unique' })
      .references('id')
      .inTable('press_releases')
      .onDelete('CASCADE');
    textArrayColumn(knex, t, 'reporting', 'opened_by'); // recipient user ids (unique openers)
    textArrayColumn(knex, t, 'reporting', 'clicked_links'); // one entry per click
    textArrayColumn(knex, t, 'reporting', 'coverage_links'); // added by hand
    timestamps(knex, t);
  });
  await addUpdatedAtTrigger(knex, 'reporting');

  await knex.schema.createTable('reporting_events', (t) => {
    t.bigIncrements('id');
    t.uuid('press_release_id')
      .notNullable()
      .references('id')
      .inTable('press_releases')
      .onDelete('CASCADE');
    t.uuid('recipient_user_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    enumColumn(t, 'kind', ['open', 'click']).notNullable();
    enumColumn(t, 'channel', ['email', 'in_app']).notNullable();
    t.text('link').nullable();
    t.boolean('is_proxy').notNullable().defaultTo(false);
    nowColumn(knex, t, 'created_at');
    t.index(['press_release_id', 'created_at'], 'reporting_events_press_release_id_created_at_idx');
    t.index(['recipient_user_id'], 'reporting_events_recipient_user_id_idx');
  });

  await knex.schema.createTable('deliveries', (t) => {
    t.bigIncrements('id');
    t.uuid('press_release_id')
      .notNullable()
      .references('id')
      .inTable('press_releases')
      .onDelete('CASCADE');
    t.uuid('recipient_user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('email').notNullable();
    enumColumn(t, 'state', DELIVERY_STATES).notNullable().defaultTo('queued');
    t.text('error').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    tsColumn(t, 'read_at');
    tsColumn(t, 'bookmarked_at');
    nowColumn(knex, t, 'created_at');
    tsColumn(t, 'sent_at');
    t.unique(['press_release_id', 'recipient_user_id'], {
      indexName: 'deliveries_press_release_id_recipient_user_id_unique',
    });
  });
  await knex.raw(
    'create index deliveries_recipient_user_id_created_at_idx on deliveries (recipient_user_id, created_at desc)',
  );
  await knex.raw(
    'create index deliveries_recipient_bookmarked_idx on deliveries (recipient_user_id, bookmarked_at desc) where bookmarked_at is not null',
  );

  await knex.schema.createTable('unsubscribes', (t) => {
    uuidPk(knex, t);
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    enumColumn(t, 'scope', ['sender', 'category', 'all']).notNullable();
    t.uuid('sender_client_id').nullable().references('id').inTable('users').onDelete('CASCADE');
    enumColumn(t, 'category', CATEGORIES).nullable();
    nowColumn(knex, t, 'created_at');
    t.check(
      "(scope = 'sender') = (sender_client_id is not null) and (scope = 'category') = (category is not null)",
      [],
      'unsubscribes_scope_target_check',
    );
    t.index(['sender_client_id'], 'unsubscribes_sender_client_id_idx');
  });
  await knex.raw(
    "create unique index unsubscribes_target_unique on unsubscribes (user_id, scope, coalesce(sender_client_id::text, ''), coalesce(category, ''))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('unsubscribes');
  await knex.schema.dropTable('deliveries');
  await knex.schema.dropTable('reporting_events');
  await knex.schema.dropTable('reporting');
  await knex.schema.dropTable('release_attachments');
  await knex.schema.dropTable('press_releases');
}
