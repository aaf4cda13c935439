import type { Knex } from 'knex';

/**
 * Web Push for journalists (issue 33, point 1).
 *
 * - `web_push_subscriptions`: one row per browser a journalist opted in on (the push service's
 *   endpoint and the keys its messages are encrypted with). Deleted when the push service answers
 *   404/410, when the journalist turns it off, or with the account.
 * - `web_push_sends`: which subscription was sent which release, written before the push goes
 *   out, so a fan-out run again (a crash, a retry) sends nobody a release twice.
 * - `web_push_vapid_keys`: the VAPID key pair generated on the first start in development and
 *   tests (one row), so the browsers' subscriptions stay valid across restarts. Production takes
 *   its keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY instead.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('web_push_subscriptions', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('endpoint').notNullable().unique();
    t.text('p256dh').notNullable();
    t.text('auth').notNullable();
    t.text('user_agent').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_sent_at', { useTz: true }).nullable();
    t.index(['user_id'], 'web_push_subscriptions_user_idx');
  });
  await knex.schema.createTable('web_push_sends', (t) => {
    t.uuid('press_release_id').notNullable().references('id').inTable('press_releases').onDelete('CASCADE');
    t.bigInteger('subscription_id').notNullable().references('id').inTable('web_push_subscriptions').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['press_release_id', 'subscription_id']);
    t.index(['subscription_id'], 'web_push_sends_subscription_idx');
  });
  await knex.schema.createTable('web_push_vapid_keys', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.text('public_key').notNullable();
    t.text('private_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table web_push_vapid_keys add constraint web_push_vapid_keys_one_row check (id = 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('web_push_vapid_keys');
  await knex.schema.dropTableIfExists('web_push_sends');
  await knex.schema.dropTableIfExists('web_push_subscriptions');
}
