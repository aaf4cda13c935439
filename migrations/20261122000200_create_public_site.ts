import type { Knex } from 'knex';
import {
  DEMO_ROLES,
  DEMO_STATUSES,
  DEMO_TIME_SLOTS,
  INCIDENT_IMPACTS,
  INCIDENT_STATUSES,
  LEAD_SOURCES,
  PLAN_CODES,
  SYSTEM_STATES,
} from '../shared/constants';
import {
  addUpdatedAtTrigger,
  enumColumn,
  jsonbColumn,
  nowColumn,
  timestamps,
  tsColumn,
  uuidPk,
} from './lib/helpers';

/** Status page, incidents, plans, leads and demo requests. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('status_pages', (t) => {
    uuidPk(knex, t);
    enumColumn(t, 'overall', SYSTEM_STATES).notNullable().defaultTo('operational');
    t.jsonb('components').notNullable();
    nowColumn(knex, t, 'updated_at');
  });
  await knex.raw('create index status_pages_updated_at_idx on status_pages (updated_at desc)');
  await addUpdatedAtTrigger(knex, 'status_pages');

  await knex.schema.createTable('incidents', (t) => {
    uuidPk(knex, t);
    t.text('title').notNullable();
    enumColumn(t, 'status', INCIDENT_STATUSES).notNullable().defaultTo('investigating');
    enumColumn(t, 'impact', INCIDENT_IMPACTS).notNullable().defaultTo('none');
    nowColumn(knex, t, 'started_at');
    tsColumn(t, 'resolved_at');
    jsonbColumn(knex, t, 'updates', []);
    timestamps(knex, t);
  });
  await knex.raw('create index incidents_started_at_idx on incidents (started_at desc)');
  await addUpdatedAtTrigger(knex, 'incidents');

  await knex.schema.createTable('plans', (t) => {
    uuidPk(knex, t);
    enumColumn(t, 'code', PLAN_CODES).notNullable().unique({ indexName: 'plans_code_unique' });
    t.text('name').notNullable();
    t.text('description').nullable();
    t.integer('monthly_price').nullable(); // cents, excl. VAT; null = on request
    t.integer('yearly_price').nullable(); // cents, excl. VAT; null = on request
    t.boolean('is_active').notNullable().defaultTo(true);
    jsonbColumn(knex, t, 'features', {});
    nowColumn(knex, t, 'created_at');
    t.check(
      '(monthly_price is null or monthly_price >= 0) and (yearly_price is null or yearly_price >= 0)',
      [],
      'plans_prices_check',
    );
    t.index(['is_active', 'monthly_price'], 'plans_is_active_monthly_price_idx');
  });

  await knex.schema.createTable('leads', (t) => {
    uuidPk(knex, t);
    t.text('full_name').notNullable();
    t.text('email').notNullable();
    t.text('company').nullable();
    t.text('message').nullable();
    enumColumn(t, 'source', LEAD_SOURCES).notNullable();
    nowColumn(knex, t, 'created_at');
  });
  await knex.raw('create index leads_created_at_idx on leads (created_at desc)');

  await knex.schema.createTable('demo_requests', (t) => {
    uuidPk(knex, t);
    t.text('full_name').notNullable();
    t.text('email').notNullable();
    t.text('company').notNullable();
    enumColumn(t, 'role', DEMO_ROLES).notNullable();
    t.date('preferred_date').nullable();
    enumColumn(t, 'preferred_time', DEMO_TIME_SLOTS).nullable();
    t.text('notes').nullable();
    enumColumn(t, 'status', DEMO_STATUSES).notNullable().defaultTo('new');
    nowColumn(knex, t, 'created_at');
  });
  await knex.raw(
    'create index demo_requests_status_created_at_idx on demo_requests (status, created_at desc)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('demo_requests');
  await knex.schema.dropTable('leads');
  await knex.schema.dropTable('plans');
  await knex.schema.dropTable('incidents');
  await knex.schema.dropTable('status_pages');
}
