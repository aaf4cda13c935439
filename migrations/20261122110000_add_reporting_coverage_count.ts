import type { Knex } from 'knex';

/**
 * Reports sort and total by the number of distinct coverage links of a release: clicked
 * links starting with http plus links added by hand (shared/reports.ts coverageLinks()).
 * Counting them per query costs an unnest per release; the count is stored with the row
 * instead, as a generated column that Postgres keeps right on every tracking write.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function reporting_coverage_count(clicked text[], manual text[]) returns integer
    language sql immutable parallel safe
    as $$ select count(distinct l)::int
            from (select c as l from unnest(clicked) as c where c like 'http%'
                  union all select m from unnest(manual) as m) as links $$`);
  await knex.raw(
    'alter table reporting add column coverage_count integer not null generated always as (reporting_coverage_count(clicked_links, coverage_links)) stored',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table reporting drop column coverage_count');
  await knex.raw('drop function reporting_coverage_count(text[], text[])');
}
