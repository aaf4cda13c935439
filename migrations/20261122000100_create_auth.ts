import type { Knex } from 'knex';
import { CATEGORIES, DIGEST_FREQUENCIES, ROLES, USER_STATUSES } from '../shared/constants';
import {
  addUpdatedAtTrigger,
  enumColumn,
  jsonbColumn,
  nowColumn,
  textArrayColumn,
  timestamps,
  tsColumn,
  uuidPk,
} from './lib/helpers';

const DEFAULT_EMAIL_NOTIFICATIONS = {
  press_release_sent: true,
  reporting_updates: true,
  weekly_summary: false,
  system_updates: true,
};

/** Accounts, sessions, one-time tokens, rate limiting, profiles and cookie consent. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function set_updated_at() returns trigger
    language plpgsql as $$
    begin
      if new.updated_at is not distinct from old.updated_at then
        new.updated_at := now();
      end if;
      return new;
    end
    $$`);

  await knex.schema.createTable('users', (t) => {
    uuidPk(knex, t);
    t.text('email').notNullable();
    t.text('encrypted_password').nullable(); // argon2id hash
    jsonbColumn(knex, t, 'user_metadata', {});
    tsColumn(t, 'email_confirmed_at');
    tsColumn(t, 'last_sign_in_at');
    timestamps(knex, t);
  });
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');
  await addUpdatedAtTrigger(knex, 'users');

  await knex.schema.createTable('auth_sessions', (t) => {
    uuidPk(knex, t);
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('user_agent').nullable();
    t.text('ip').nullable();
    nowColumn(knex, t, 'created_at');
    nowColumn(knex, t, 'refreshed_at');
    tsColumn(t, 'revoked_at');
    t.text('revoked_reason').nullable();
    t.index(['user_id'], 'auth_sessions_user_id_idx');
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.bigIncrements('id');
    t.uuid('session_id')
      .notNullable()
      .references('id')
      .inTable('auth_sessions')
      .onDelete('CASCADE');
    t.text('token_hash').notNullable().unique({ indexName: 'refresh_tokens_token_hash_unique' });
    t.bigInteger('parent_id')
      .nullable()
      .references('id')
      .inTable('refresh_tokens')
      .onDelete('SET NULL');
    tsColumn(t, 'used_at');
    tsColumn(t, 'revoked_at');
    nowColumn(knex, t, 'created_at');
    t.index(['session_id'], 'refresh_tokens_session_id_idx');
    t.index(['parent_id'], 'refresh_tokens_parent_id_idx');
  });

  await knex.schema.createTable('auth_tokens', (t) => {
    uuidPk(knex, t);
    t.uuid('user_id').nullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('email').notNullable();
    enumColumn(t, 'purpose', ['confirm', 'recover']).notNullable();
    t.text('token_hash').notNullable().unique({ indexName: 'auth_tokens_token_hash_unique' });
    t.timestamp('expires_at', { useTz: true }).notNullable();
    tsColumn(t, 'used_at');
    nowColumn(knex, t, 'created_at');
    t.index(['user_id'], 'auth_tokens_user_id_idx');
  });

  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id');
    t.text('key').notNullable();
    t.boolean('succeeded').notNullable().defaultTo(false);
    nowColumn(knex, t, 'created_at');
    t.index(['key', 'created_at'], 'login_attempts_key_created_at_idx');
    t.index(['created_at'], 'login_attempts_created_at_idx');
  });

  await knex.schema.createTable('profiles', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('name').notNullable().defaultTo('');
    t.text('email').notNullable();
    enumColumn(t, 'role', ROLES).notNullable();
    t.text('organization').nullable();
    t.text('description').nullable();
    enumColumn(t, 'status', USER_STATUSES).notNullable().defaultTo('pending');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('onboarded').notNullable().defaultTo(false);
    enumColumn(t, 'default_category', CATEGORIES).nullable();
    t.text('company_logo_url').nullable();
    t.text('website').nullable();
    jsonbColumn(knex, t, 'email_notifications', DEFAULT_EMAIL_NOTIFICATIONS);
    textArrayColumn(knex, t, 'profiles', 'categories', CATEGORIES);
    enumColumn(t, 'digest_frequency', DIGEST_FREQUENCIES).notNullable().defaultTo('none');
    tsColumn(t, 'last_digest_at');
    timestamps(knex, t);
  });
  await knex.raw('create index profiles_role_created_at_idx on profiles (role, created_at desc)');
  await knex.raw('create index profiles_created_at_idx on profiles (created_at desc)');
  await knex.raw('create index profiles_status_idx on profiles (status)');
  await knex.raw('create index profiles_email_idx on profiles (email)');
  await knex.raw('create index profiles_email_lower_idx on profiles (lower(email))');
  await knex.raw('create index profiles_categories_idx on profiles using gin (categories)');
  await addUpdatedAtTrigger(knex, 'profiles');

  await knex.schema.createTable('cookie_consents', (t) => {
    uuidPk(knex, t);
    t.uuid('user_id')
      .notNullable()
      .unique({ indexName: 'cookie_consents_user_id_unique' })
      .references('id')
      .inTable('users')
      .onDelete('CASCADE');
    t.text('version').notNullable().defaultTo('v1');
    t.boolean('necessary').notNullable().defaultTo(true);
    t.boolean('functional').notNullable().defaultTo(false);
    t.boolean('performance').notNullable().defaultTo(false);
    t.boolean('marketing').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.check('necessary = true', [], 'cookie_consents_necessary_check');
  });
  await addUpdatedAtTrigger(knex, 'cookie_consents');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cookie_consents');
  await knex.schema.dropTable('profiles');
  await knex.schema.dropTable('login_attempts');
  await knex.schema.dropTable('auth_tokens');
  await knex.schema.dropTable('refresh_tokens');
  await knex.schema.dropTable('auth_sessions');
  await knex.schema.dropTable('users');
  await knex.raw('drop function set_updated_at()');
}
