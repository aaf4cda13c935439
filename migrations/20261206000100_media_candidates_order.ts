import type { Knex } from 'knex';

/**
 * The superadmin's candidates to add to a media list come 50 at a time in (name, user id) order
 * (keyset pagination, `media-lists.repo.ts` `candidates`). This index holds the eligible media
 * (active, approved) in that order, so a page reads its rows from where the last one ended and
 * stops, instead of reading and sorting every eligible journalist.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index profiles_media_candidates_idx on profiles (name, user_id) where role = 'media' and status = 'approved' and is_active`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists profiles_media_candidates_idx');
}
