import type { Knex } from 'knex';
import { nowColumn, sqlList, uuidPk } from './lib/helpers';

/** The audit actions this migration adds (the workspace dictionary of the writing assistant). */
const WORD_ACTIONS = ['workspace_word.add', 'workspace_word.remove'];

/**
 * The actions the audit constraint allows now, read from the database: branches that add
 * actions in parallel each extend the list that is there, and none drops another's.
 */
async function allowedActions(knex: Knex): Promise<string[]> {
  const res = (await knex.raw(
    "select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'audit_logs_action_type_check'",
  )) as { rows: { def: string }[] };
  const def = res.rows[0]?.def ?? '';
  return [...def.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

async function setAllowedActions(knex: Knex, actions: string[]): Promise<void> {
  await knex.raw('alter table audit_logs drop constraint if exists audit_logs_action_type_check');
  await knex.raw(`alter table audit_logs add constraint audit_logs_action_type_check check (action_type in (${sqlList(actions)}))`);
}

/** The words a workspace taught the speller (names, brands): one row per word, unique regardless of case. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workspace_words', (t) => {
    uuidPk(knex, t);
    t.uuid('workspace_id').notNullable().references('id').inTable('workspaces').onDelete('CASCADE');
    t.text('word').notNullable();
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    nowColumn(knex, t, 'created_at');
    t.index(['created_by'], 'workspace_words_created_by_idx');
  });
  await knex.raw('create unique index workspace_words_workspace_id_word_unique on workspace_words (workspace_id, lower(word))');
  await knex.raw("alter table workspace_words add constraint workspace_words_word_check check (char_length(word) between 2 and 60)");
  const actions = await allowedActions(knex);
  await setAllowedActions(knex, [...new Set([...actions, ...WORD_ACTIONS])]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', WORD_ACTIONS).delete();
  const actions = await allowedActions(knex);
  await setAllowedActions(knex, actions.filter((a) => !WORD_ACTIONS.includes(a)));
  await knex.schema.dropTable('workspace_words');
}
