import type { Knex } from 'knex';

/**
 * An approval covers the embargo and the attachments as well as the text and the lists
 * (issue 33): `scope_hash` is the fingerprint of the release's embargo and attachments when
 * the approval was asked for; a change to either makes the approval stale. Requests made
 * before this keep null and are judged on the text alone, as they were.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('release_approvals', (t) => {
    t.text('scope_hash').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('release_approvals', (t) => {
    t.dropColumn('scope_hash');
  });
}
