import type { Knex } from 'knex';

/**
 * Lists that read in their order (issue 32, point 1; bench/scale.bench.ts, lists at 100× the
 * demo): a media list's page (newest places first) walks its category's places by time and
 * stops at the page, instead of joining and sorting the whole list; the audit log filtered by
 * one action does the same for that action's entries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index media_lists_category_created_at_idx on media_lists (category, created_at desc, id desc)');
  await knex.raw('create index audit_logs_action_type_created_at_idx on audit_logs (action_type, created_at desc, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists audit_logs_action_type_created_at_idx');
  await knex.raw('drop index if exists media_lists_category_created_at_idx');
}
