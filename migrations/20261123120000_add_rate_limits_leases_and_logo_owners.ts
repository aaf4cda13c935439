import type { Knex } from 'knex';

/**
 * Security hardening:
 * - rate_limits: fixed-window counters, bumped with one upsert per request before any
 *   slow work, so parallel requests cannot all pass a read-then-write check.
 * - logo_uploads: who uploaded each stored logo; a profile may only point at its own.
 * - auth_sessions.recovery_until: a session opened by a recovery link may set a new
 *   password without the old one, once, until then.
 * - jobs.lease_until, mail_outbox.lease_until: work held by a process is leased; the holder
 *   renews the lease, and another process takes the work over once it lapses.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('hits').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
    t.index(['window_start'], 'rate_limits_window_start_idx');
  });

  await knex.schema.createTable('logo_uploads', (t) => {
    t.text('file').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id'], 'logo_uploads_user_id_idx');
  });
  // Logos uploaded before: the profile that points at one owns it (the first, if several).
  await knex.raw(`insert into logo_uploads (file, user_id)
    select distinct on (file) substr(company_logo_url, length('/api/profile/logo/') + 1) as file, user_id
      from profiles
     where company_logo_url like '/api/profile/logo/%'
     order by file, created_at
    on conflict do nothing`);

  await knex.schema.alterTable('auth_sessions', (t) => {
    t.timestamp('recovery_until', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('jobs', (t) => {
    t.timestamp('lease_until', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.timestamp('lease_until', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => t.dropColumn('lease_until'));
  await knex.schema.alterTable('jobs', (t) => t.dropColumn('lease_until'));
  await knex.schema.alterTable('auth_sessions', (t) => t.dropColumn('recovery_until'));
  await knex.schema.dropTable('logo_uploads');
  await knex.schema.dropTable('rate_limits');
}
