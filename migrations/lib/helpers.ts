/**
 * Small helpers shared by the migrations. Not a migration itself (migrations/index.ts
 * lists the real ones explicitly).
 */
import type { Knex } from 'knex';

/** Quotes a list of plain string literals for a SQL array/IN list (values come from shared/constants). */
export function sqlList(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}

/** A text column restricted to `values` by a CHECK constraint (named `<table>_<column>_check`). */
export function enumColumn(
  t: Knex.CreateTableBuilder,
  column: string,
  values: readonly string[],
): Knex.ColumnBuilder {
  // Knex's types ask for enumName even when no native type is created.
  return t.enu(column, values, { useNative: false } as Knex.EnumOptions);
}

/** A `text[]` column, not null, default empty, optionally restricted to a set of values. */
export function textArrayColumn(
  knex: Knex,
  t: Knex.CreateTableBuilder,
  table: string,
  column: string,
  allowed?: readonly string[],
): void {
  t.specificType(column, 'text[]').notNullable().defaultTo(knex.raw("'{}'::text[]"));
  if (allowed) {
    t.check(`"${column}" <@ array[${sqlList(allowed)}]::text[]`, [], `${table}_${column}_check`);
  }
}

/** `timestamptz not null default now()` */
export function nowColumn(
  knex: Knex,
  t: Knex.CreateTableBuilder,
  column: string,
): Knex.ColumnBuilder {
  return t.timestamp(column, { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

/** Nullable `timestamptz`. */
export function tsColumn(t: Knex.CreateTableBuilder, column: string): Knex.ColumnBuilder {
  return t.timestamp(column, { useTz: true }).nullable();
}

/** created_at and updated_at, both `timestamptz not null default now()`. */
export function timestamps(knex: Knex, t: Knex.CreateTableBuilder): void {
  nowColumn(knex, t, 'created_at');
  nowColumn(knex, t, 'updated_at');
}

/** A jsonb column, not null, with a JSON default. */
export function jsonbColumn(
  knex: Knex,
  t: Knex.CreateTableBuilder,
  column: string,
  defaultValue: unknown,
): Knex.ColumnBuilder {
  const literal = JSON.stringify(defaultValue).replace(/'/g, "''");
  return t
    .jsonb(column)
    .notNullable()
    .defaultTo(knex.raw(`'${literal}'::jsonb`));
}

/** `uuid primary key default gen_random_uuid()` */
export function uuidPk(knex: Knex, t: Knex.CreateTableBuilder, column = 'id'): void {
  t.uuid(column).primary().defaultTo(knex.raw('gen_random_uuid()'));
}

/**
 * Keeps `updated_at` current: a BEFORE UPDATE trigger sets it to now() unless the
 * statement itself changed updated_at. The function is created by the first migration.
 */
export async function addUpdatedAtTrigger(knex: Knex, table: string): Promise<void> {
  await knex.raw(
    `create trigger "${table}_set_updated_at" before update on "${table}" ` +
      'for each row execute function set_updated_at()',
  );
}

/** The values of the audit action check as it stands (read from the database, so migrations compose in any order). */
export async function auditActions(knex: Knex): Promise<string[]> {
  const res = (await knex.raw(
    `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'audit_logs_action_type_check'`,
  )) as { rows: { def: string }[] };
  const def = res.rows[0]?.def ?? '';
  return [...def.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

export async function setAuditActions(knex: Knex, actions: readonly string[]): Promise<void> {
  await knex.raw('alter table audit_logs drop constraint audit_logs_action_type_check');
  await knex.raw(`alter table audit_logs add constraint audit_logs_action_type_check check (action_type in (${sqlList([...new Set(actions)])}))`);
}
