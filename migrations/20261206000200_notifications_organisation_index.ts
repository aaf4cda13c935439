import type { Knex } from 'knex';

/**
 * `notifications (user_id, organisation_id)` served no query: the bell reads a user's
 * notifications through `(user_id, created_at)` and counts the unread through `(user_id,
 * read_at)`, filtering the organisation there. It still took an entry for every row, so a send
 * to 1,000 journalists wrote 1,000 more index entries on 1,000 random pages (their release
 * notifications carry no organisation). What the organisation column does need is the foreign
 * key's cascade when an organisation is deleted, which that index could not serve (user_id
 * first): this one can, and holds only the rows that have an organisation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists notifications_user_id_organisation_id_idx');
  await knex.raw('create index notifications_organisation_id_idx on notifications (organisation_id) where organisation_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists notifications_organisation_id_idx');
  await knex.raw('create index notifications_user_id_organisation_id_idx on notifications (user_id, organisation_id)');
}
