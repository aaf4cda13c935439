import type { Knex } from 'knex';
import { INVITATION_STATUSES } from '../shared/constants';

/** The roles of that time (20261128000000_organisations replaced them). */
const WORKSPACE_MEMBER_ROLES = ['owner', 'member', 'approver'] as const;
import { enumColumn, nowColumn, tsColumn, uuidPk } from './lib/helpers';

/** Client workspaces (one per owner), their members and invitations. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspaces', (t) => {
    uuidPk(knex, t);
    t.uuid('owner_user_id')
      .notNullable()
      .unique({ indexName: 'workspaces_owner_user_id_unique' })
      .references('id')
      .inTable('users')
      .onDelete('CASCADE');
    t.text('name').notNullable().defaultTo('');
    nowColumn(knex, t, 'created_at');
  });

  await knex.schema.createTable('workspace_members', (t) => {
    t.uuid('workspace_id').notNullable().references('id').inTable('workspaces').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    enumColumn(t, 'role', WORKSPACE_MEMBER_ROLES).notNullable().defaultTo('member');
    nowColumn(knex, t, 'created_at');
    t.primary(['workspace_id', 'user_id'], { constraintName: 'workspace_members_pkey' });
    t.index(['user_id'], 'workspace_members_user_id_idx');
  });

  await knex.schema.createTable('workspace_invitations', (t) => {
    uuidPk(knex, t);
    t.uuid('workspace_id').notNullable().references('id').inTable('workspaces').onDelete('CASCADE');
    t.text('email').notNullable();
    enumColumn(t, 'role', WORKSPACE_MEMBER_ROLES).notNullable().defaultTo('member');
    t.text('token_hash')
      .notNullable()
      .unique({ indexName: 'workspace_invitations_token_hash_unique' });
    enumColumn(t, 'status', INVITATION_STATUSES).notNullable().defaultTo('pending');
    t.uuid('invited_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    tsColumn(t, 'accepted_at');
    nowColumn(knex, t, 'created_at');
    t.index(['workspace_id', 'created_at'], 'workspace_invitations_workspace_id_created_at_idx');
    t.index(['invited_by'], 'workspace_invitations_invited_by_idx');
  });
  // One open invitation per address and workspace; lookups by address on sign-up / accept.
  await knex.raw(
    "create unique index workspace_invitations_pending_unique on workspace_invitations (workspace_id, lower(email)) where status = 'pending'",
  );
  await knex.raw(
    'create index workspace_invitations_email_lower_idx on workspace_invitations (lower(email))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('workspace_invitations');
  await knex.schema.dropTable('workspace_members');
  await knex.schema.dropTable('workspaces');
}
