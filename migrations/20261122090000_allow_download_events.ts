import type { Knex } from 'knex';

/** Attachment downloads by recipients are reporting events too (the dashboard counts them). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table reporting_events drop constraint reporting_events_kind_check');
  await knex.raw("alter table reporting_events add constraint reporting_events_kind_check check (kind in ('open', 'click', 'download'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex('reporting_events').where('kind', 'download').delete();
  await knex.raw('alter table reporting_events drop constraint reporting_events_kind_check');
  await knex.raw("alter table reporting_events add constraint reporting_events_kind_check check (kind in ('open', 'click'))");
}
