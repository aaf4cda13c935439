import type { Knex } from 'knex';

/**
 * A journalist's own limit of releases per day, across all senders: past it, a
 * release still reaches the app inbox, but without an e-mail or a notification, and goes
 * into the next daily digest instead. `held_at` marks such a delivery, `digested_at` the
 * digest run that listed it (each held delivery is listed once).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.integer('daily_release_limit').nullable();
  });
  await knex.raw('alter table profiles add constraint profiles_daily_release_limit_check check (daily_release_limit between 1 and 1000)');
  await knex.schema.alterTable('deliveries', (t) => {
    t.timestamp('held_at', { useTz: true }).nullable();
    t.timestamp('digested_at', { useTz: true }).nullable();
  });
  // The next daily run finds the held deliveries not yet listed.
  await knex.raw('create index deliveries_held_undigested_idx on deliveries (held_at) where held_at is not null and digested_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists deliveries_held_undigested_idx');
  await knex.schema.alterTable('deliveries', (t) => {
    t.dropColumn('digested_at');
    t.dropColumn('held_at');
  });
  await knex.raw('alter table profiles drop constraint profiles_daily_release_limit_check');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('daily_release_limit');
  });
}
