import type { Knex } from 'knex';

/**
 * Distribution: per-message headers in the outbox (List-Unsubscribe of release e-mails)
 * and the indexes of the unsubscribe check and the delivery states.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table mail_outbox add column headers jsonb not null default '{}'::jsonb");
  await knex.raw('create index if not exists unsubscribes_user_id_idx on unsubscribes (user_id)');
  await knex.raw('create index if not exists deliveries_press_release_id_state_idx on deliveries (press_release_id, state)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists deliveries_press_release_id_state_idx');
  await knex.raw('drop index if exists unsubscribes_user_id_idx');
  await knex.raw('alter table mail_outbox drop column headers');
}
