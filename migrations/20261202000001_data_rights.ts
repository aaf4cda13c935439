import type { Knex } from 'knex';
import { ERASURE_STATUSES } from '../shared/constants';
import { auditActions, enumColumn, nowColumn, setAuditActions, tsColumn, uuidPk } from './lib/helpers';

const NEW_AUDIT_ACTIONS = [
  'account.data_exported',
  'account.erasure_requested',
  'account.erasure_scheduled',
  'account.erasure_cancelled',
  'account.erased',
];

/**
 * Data rights (GDPR): a person asks for their account to be erased.
 *
 * `account_erasures` is one request's life: requested (the password was given; a link went to
 * the address) → scheduled (the link was opened; erased at due_at, 14 days later, unless the
 * person signs in) → erased, or cancelled (a sign-in within the grace period, the person, or the
 * superadmin). At most one open request (requested or scheduled) per account. The row outlives
 * the erasure as the record that it happened; it holds no personal data of its own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_erasures', (t) => {
    uuidPk(knex, t);
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    enumColumn(t, 'status', ERASURE_STATUSES).notNullable().defaultTo('requested');
    /** sha-256 of the e-mailed confirmation link's token; cleared once used. */
    t.text('token_hash').nullable().unique({ indexName: 'account_erasures_token_hash_unique' });
    tsColumn(t, 'token_expires_at');
    nowColumn(knex, t, 'requested_at');
    tsColumn(t, 'confirmed_at');
    tsColumn(t, 'due_at');
    tsColumn(t, 'cancelled_at');
    enumColumn(t, 'cancelled_by', ['sign_in', 'user', 'superadmin']).nullable();
    tsColumn(t, 'erased_at');
    /** The superadmin who erased ahead of time; null when the job did at due_at. */
    t.uuid('erased_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.index(['user_id'], 'account_erasures_user_id_idx');
  });
  await knex.raw(
    `create unique index account_erasures_one_open on account_erasures (user_id) where status in ('requested', 'scheduled')`,
  );
  // The superadmin's list of pending erasures, soonest first.
  await knex.raw(`create index account_erasures_open_due_idx on account_erasures (status, due_at) where status in ('requested', 'scheduled')`);
  await setAuditActions(knex, [...(await auditActions(knex)), ...NEW_AUDIT_ACTIONS]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', NEW_AUDIT_ACTIONS).delete();
  await setAuditActions(
    knex,
    (await auditActions(knex)).filter((a) => !NEW_AUDIT_ACTIONS.includes(a)),
  );
  await knex.schema.dropTable('account_erasures');
}
