import type { Knex } from 'knex';

/**
 * The inbox's search stays cheap for a term common on the platform but rare in one inbox
 * (issue 32, point 1). Before, such a term matched more sent versions than the rare-term path
 * reads (2,000), so the journalist's deliveries were scanned newest first for it: the whole
 * inbox when it holds few matches (450 ms at 100,000 received releases).
 *
 * Each sent version now carries the ids of its recipients (`recipient_ids`), and one GIN index
 * holds both its text's trigrams and those ids. A search reads the versions that match the term
 * AND went to the journalist by intersecting the two inside the index, so its cost follows the
 * matches in that inbox, not in the platform.
 *
 * The array is a superset of the deliveries: a delivery inserted adds its recipient (one
 * aggregate per statement: a send to 1,000 is one insert, one update of the version), a sent
 * version inserted after its deliveries (fixtures, the demo seed) starts with theirs (no code
 * moves a delivery to another recipient or release). A delivery
 * deleted (an account removed) leaves its id behind: the search confirms every match against
 * the journalist's delivery row, and the id of a deleted user refers to nothing.
 */
async function trgmSchema(knex: Knex): Promise<string> {
  const r = (await knex.raw(
    `select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`,
  )) as { rows: { nspname: string }[] };
  return r.rows[0]?.nspname ?? 'trgm';
}

export async function up(knex: Knex): Promise<void> {
  const schema = await trgmSchema(knex);
  await knex.raw(`alter table release_sent_versions add column recipient_ids uuid[] not null default '{}'`);
  await knex.raw(`update release_sent_versions v
       set recipient_ids = d.ids
      from (select press_release_id, array_agg(recipient_user_id order by recipient_user_id) as ids from deliveries group by 1) d
     where d.press_release_id = v.press_release_id`);
  await knex.raw('drop index if exists release_sent_versions_search_text_trgm_idx');
  await knex.raw(
    `create index release_sent_versions_search_recipients_idx on release_sent_versions using gin (search_text "${schema}".gin_trgm_ops, recipient_ids)`,
  );

  await knex.raw(`create function deliveries_to_sent_recipients() returns trigger language plpgsql as $$
    begin
      update release_sent_versions v
         set recipient_ids = v.recipient_ids || n.ids
        from (select press_release_id, array_agg(recipient_user_id) as ids from recipients_new group by 1) n
       where v.press_release_id = n.press_release_id;
      return null;
    end $$`);
  await knex.raw(
    'create trigger deliveries_to_sent_recipients after insert on deliveries referencing new table as recipients_new for each statement execute function deliveries_to_sent_recipients()',
  );

  await knex.raw(`create function release_sent_versions_recipients() returns trigger language plpgsql as $$
    begin
      new.recipient_ids := array(select recipient_user_id from deliveries where press_release_id = new.press_release_id);
      return new;
    end $$`);
  await knex.raw(
    'create trigger release_sent_versions_recipients before insert on release_sent_versions for each row execute function release_sent_versions_recipients()',
  );
}

export async function down(knex: Knex): Promise<void> {
  const schema = await trgmSchema(knex);
  await knex.raw('drop trigger if exists release_sent_versions_recipients on release_sent_versions');
  await knex.raw('drop function if exists release_sent_versions_recipients()');
  await knex.raw('drop trigger if exists deliveries_to_sent_recipients on deliveries');
  await knex.raw('drop function if exists deliveries_to_sent_recipients()');
  await knex.raw('drop index if exists release_sent_versions_search_recipients_idx');
  await knex.raw(`create index release_sent_versions_search_text_trgm_idx on release_sent_versions using gin (search_text "${schema}".gin_trgm_ops)`);
  await knex.raw('alter table release_sent_versions drop column recipient_ids');
}
