import type { Knex } from 'knex';

/**
 * Lists that read in their order (issue 32, point 1; bench/scale.bench.ts, lists at 100× the
 * demo): a media list's page (newest places first) walks its category's places by time and
 * stops at the page, instead of joining and sorting the whole list; the audit log filtered by
 * one action does the same for that action's entries. The client's report counts each release's
 * downloads and newsroom views: two partial indexes by release make each count a probe of that
 * release's few such events (before, every event of the release was read, and the newsroom count
 * walked the newsroom index of every organisation's views once per release: 63 ms for a 30-day
 * report of 900 releases with 20,000 views, 12 ms with these).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index media_lists_category_created_at_idx on media_lists (category, created_at desc, id desc)');
  await knex.raw('create index audit_logs_action_type_created_at_idx on audit_logs (action_type, created_at desc, id desc)');
  await knex.raw(`create index reporting_events_downloads_idx on reporting_events (press_release_id) where kind = 'download' and not is_proxy`);
  await knex.raw(`create index reporting_events_newsroom_release_idx on reporting_events (press_release_id) where channel = 'newsroom' and not is_proxy`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists reporting_events_newsroom_release_idx');
  await knex.raw('drop index if exists reporting_events_downloads_idx');
  await knex.raw('drop index if exists audit_logs_action_type_created_at_idx');
  await knex.raw('drop index if exists media_lists_category_created_at_idx');
}
