import type { Knex } from 'knex';
import { addUpdatedAtTrigger, nowColumn } from './lib/helpers';

/** Durable Yjs state: one snapshot per document plus the append-only updates since. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('yjs_documents', (t) => {
    t.text('name').primary(); // e.g. 'release:<uuid>'
    t.binary('snapshot').nullable();
    t.bigInteger('snapshot_seq').notNullable().defaultTo(0); // last yjs_updates.id merged
    nowColumn(knex, t, 'created_at');
    nowColumn(knex, t, 'updated_at');
  });
  await addUpdatedAtTrigger(knex, 'yjs_documents');

  await knex.schema.createTable('yjs_updates', (t) => {
    t.bigIncrements('id');
    t.text('document_name')
      .notNullable()
      .references('name')
      .inTable('yjs_documents')
      .onDelete('CASCADE');
    t.binary('update').notNullable();
    nowColumn(knex, t, 'created_at');
    t.index(['document_name', 'id'], 'yjs_updates_document_name_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('yjs_updates');
  await knex.schema.dropTable('yjs_documents');
}
