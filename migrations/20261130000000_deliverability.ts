import type { Knex } from 'knex';
import { MAIL_EVENT_KINDS, MAIL_EVENT_SOURCES, MAIL_PURPOSES, SENDING_DOMAIN_STATUSES, SUPPRESSION_REASONS, SUPPRESSION_SOURCES } from '../shared/constants';
import { auditActions, enumColumn, jsonbColumn, nowColumn, setAuditActions, sqlList, tsColumn, uuidPk } from './lib/helpers';

const NEW_AUDIT_ACTIONS = [
  'sending_domain.added',
  'sending_domain.verified',
  'sending_domain.failed',
  'sending_domain.removed',
  'suppression.added',
  'suppression.removed',
  'suppression.imported',
  'suppression.exported',
  'bounce.suppressed',
];
const OLD_DELIVERY_STATES = ['queued', 'sent', 'failed', 'bounced'];
const DELIVERY_STATES = [...OLD_DELIVERY_STATES, 'suppressed', 'complained'];

/**
 * Deliverability: what receiving systems answer after the SMTP conversation, and what we do
 * about it.
 * - `bounce_events`: every bounce, complaint and delay however it arrived (the SMTP answer, a
 *   DSN or ARF report at the inbound listener, a provider's webhook), one model.
 * - `suppressions`: addresses no send reaches, global (organisation_id null: hard bounces, too
 *   many soft ones, complaints about platform mail) or one organisation's (complaints, manual).
 *   Keyed by address, not by user; a removed row stays as the trail.
 * - `sending_domains`: an organisation's own domain, its DKIM key (encrypted at rest) and the
 *   DNS checks.
 * - `domain_throttles`: per receiving domain, the rate and the back-off after a 421/4xx.
 * - `webhook_nonces`: a provider's signed token seen once (replays are refused).
 * - `mail_outbox` learns who sends (organisation_id), what for (purpose), its return path
 *   (VERP) and the receiving domain; `deliveries` learn `suppressed` and `complained`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bounce_events', (t) => {
    t.bigIncrements('id');
    enumColumn(t, 'received_via', MAIL_EVENT_SOURCES).notNullable();
    enumColumn(t, 'kind', MAIL_EVENT_KINDS).notNullable();
    t.text('email_lc').notNullable();
    t.uuid('organisation_id').nullable().references('id').inTable('organisations').onDelete('SET NULL');
    t.bigInteger('delivery_id').nullable().references('id').inTable('deliveries').onDelete('SET NULL');
    t.bigInteger('outbox_id').nullable().references('id').inTable('mail_outbox').onDelete('SET NULL');
    t.text('status_code').nullable();
    t.integer('smtp_code').nullable();
    t.text('diagnostic').nullable();
    t.text('remote_mta').nullable();
    // The provider's event id, or a hash of the report: the same event twice is recorded once.
    t.text('provider_event_id').nullable().unique();
    t.text('raw_excerpt').nullable();
    nowColumn(knex, t, 'created_at');
  });
  await knex.raw('create index bounce_events_email_kind_created_idx on bounce_events (email_lc, kind, created_at)');
  await knex.raw('create index bounce_events_created_idx on bounce_events (created_at)');
  await knex.raw('create index bounce_events_delivery_idx on bounce_events (delivery_id) where delivery_id is not null');

  await knex.schema.createTable('suppressions', (t) => {
    uuidPk(knex, t);
    t.text('email_lc').notNullable();
    t.uuid('organisation_id').nullable().references('id').inTable('organisations').onDelete('CASCADE');
    enumColumn(t, 'reason', SUPPRESSION_REASONS).notNullable();
    enumColumn(t, 'source', SUPPRESSION_SOURCES).notNullable();
    t.text('detail').nullable();
    t.bigInteger('bounce_event_id').nullable().references('id').inTable('bounce_events').onDelete('SET NULL');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    nowColumn(knex, t, 'created_at');
    tsColumn(t, 'removed_at');
    t.uuid('removed_by').nullable().references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.raw(
    `create unique index suppressions_active_unique on suppressions (email_lc, coalesce(organisation_id::text, '')) where removed_at is null`,
  );
  await knex.raw('create index suppressions_org_idx on suppressions (organisation_id, created_at desc)');

  await knex.schema.createTable('sending_domains', (t) => {
    uuidPk(knex, t);
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.text('domain').notNullable();
    t.text('from_local_part').notNullable().defaultTo('press');
    t.text('dkim_selector').notNullable();
    t.text('dkim_public_key').notNullable();
    t.text('dkim_private_key_enc').notNullable();
    t.text('key_id').notNullable();
    t.text('return_path_host').notNullable();
    enumColumn(t, 'status', SENDING_DOMAIN_STATUSES).notNullable().defaultTo('pending');
    jsonbColumn(knex, t, 'checks', {});
    tsColumn(t, 'verified_at');
    tsColumn(t, 'last_checked_at');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    nowColumn(knex, t, 'created_at');
  });
  await knex.raw('create unique index sending_domains_org_domain_unique on sending_domains (organisation_id, lower(domain))');

  await knex.schema.createTable('domain_throttles', (t) => {
    t.text('domain').primary();
    // Messages a minute to this receiving domain, across processes (null: the default).
    t.integer('per_minute').nullable();
    // The e-mails claimed for it in the current minute (window_start): the rate's counter.
    tsColumn(t, 'window_start');
    t.integer('window_count').notNullable().defaultTo(0);
    tsColumn(t, 'backoff_until');
    t.integer('backoff_level').notNullable().defaultTo(0);
    t.text('last_deferral').nullable();
    nowColumn(knex, t, 'updated_at');
  });

  await knex.schema.createTable('webhook_nonces', (t) => {
    t.text('provider').notNullable();
    t.text('token').notNullable();
    t.primary(['provider', 'token']);
    nowColumn(knex, t, 'seen_at');
  });

  await knex.raw('alter table mail_outbox drop constraint mail_outbox_status_check');
  await knex.raw(`alter table mail_outbox add constraint mail_outbox_status_check check (status in ('queued', 'sending', 'sent', 'failed', 'suppressed'))`);
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.uuid('organisation_id').nullable().references('id').inTable('organisations').onDelete('SET NULL');
    enumColumn(t, 'purpose', MAIL_PURPOSES).notNullable().defaultTo('notice');
    t.text('return_path').nullable();
  });
  await knex.raw(`alter table mail_outbox add column recipient_domain text generated always as (lower(split_part(to_email, '@', 2))) stored`);
  await knex.raw('create index mail_outbox_message_id_idx on mail_outbox (message_id) where message_id is not null');

  await knex('mail_outbox').whereNotNull('related_delivery_id').update({ purpose: 'release' });

  await knex.raw('alter table deliveries drop constraint deliveries_state_check');
  await knex.raw(`alter table deliveries add constraint deliveries_state_check check (state in (${sqlList(DELIVERY_STATES)}))`);
  await knex.schema.alterTable('deliveries', (t) => {
    t.text('bounce_type').nullable();
    t.check(`bounce_type is null or bounce_type in ('hard', 'soft')`, [], 'deliveries_bounce_type_check');
    tsColumn(t, 'bounced_at');
    tsColumn(t, 'complained_at');
  });

  await setAuditActions(knex, [...(await auditActions(knex)), ...NEW_AUDIT_ACTIONS]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', NEW_AUDIT_ACTIONS).delete();
  await setAuditActions(
    knex,
    (await auditActions(knex)).filter((a) => !NEW_AUDIT_ACTIONS.includes(a)),
  );
  await knex('deliveries').whereIn('state', ['suppressed', 'complained']).update({ state: 'failed' });
  await knex.schema.alterTable('deliveries', (t) => {
    t.dropChecks(['deliveries_bounce_type_check']);
    t.dropColumns('bounce_type', 'bounced_at', 'complained_at');
  });
  await knex.raw('alter table deliveries drop constraint deliveries_state_check');
  await knex.raw(`alter table deliveries add constraint deliveries_state_check check (state in (${sqlList(OLD_DELIVERY_STATES)}))`);
  await knex('mail_outbox').where('status', 'suppressed').update({ status: 'failed' });
  await knex.raw('alter table mail_outbox drop constraint mail_outbox_status_check');
  await knex.raw(`alter table mail_outbox add constraint mail_outbox_status_check check (status in ('queued', 'sending', 'sent', 'failed'))`);
  await knex.raw('drop index if exists mail_outbox_message_id_idx');
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumns('organisation_id', 'purpose', 'return_path', 'recipient_domain');
  });
  await knex.schema.dropTable('webhook_nonces');
  await knex.schema.dropTable('domain_throttles');
  await knex.schema.dropTable('sending_domains');
  await knex.schema.dropTable('suppressions');
  await knex.schema.dropTable('bounce_events');
}
