import type { Knex } from 'knex';

/**
 * A browser's push subscription belongs to the session it was opted in during: when that session
 * ends (a sign-out, a ban, a password change ending the others), the browser is forgotten, so a
 * signed-out device shows no more releases on its lock screen. Rows stored before keep no session
 * and stay until the journalist turns them off.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('web_push_subscriptions', (t) => {
    t.uuid('session_id').nullable();
    t.index(['session_id'], 'web_push_subscriptions_session_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('web_push_subscriptions', (t) => {
    t.dropIndex(['session_id'], 'web_push_subscriptions_session_idx');
    t.dropColumn('session_id');
  });
}
