import type { Knex } from 'knex';
import { auditActions, nowColumn, setAuditActions, tsColumn } from './lib/helpers';

const NEW_AUDIT_ACTIONS = ['suggestion.accepted', 'suggestion.rejected'];

/**
 * Suggested changes (track changes) in the editor. The suggestions themselves live in the
 * document as marks; `release_suggestions` is their trail, kept in step with the document by
 * collab/derive.ts: a row per suggestion id as it first appeared, with its author (the id's
 * prefix), kind and words, and how it ended (accepted or rejected through the routes, withdrawn
 * or edited away in the editor). `press_releases.pending_suggestions` counts the open ones, for
 * the release list, the approval queue and the review gate.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('press_releases', (t) => {
    t.integer('pending_suggestions').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('release_suggestions', (t) => {
    t.uuid('press_release_id').notNullable().references('id').inTable('press_releases').onDelete('CASCADE');
    // The mark's id: `<author uuid>:<random>`.
    t.text('id').notNullable();
    t.primary(['press_release_id', 'id']);
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.check(`kind in ('insertion', 'deletion', 'replace')`, [], 'release_suggestions_kind_check');
    t.text('excerpt').notNullable().defaultTo('');
    nowColumn(knex, t, 'first_seen_at');
    tsColumn(t, 'resolved_at');
    t.uuid('resolved_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('outcome').nullable();
    t.check(`outcome is null or outcome in ('accepted', 'rejected', 'withdrawn', 'edited')`, [], 'release_suggestions_outcome_check');
  });
  await knex.raw('create index release_suggestions_open_idx on release_suggestions (press_release_id) where resolved_at is null');
  await setAuditActions(knex, [...(await auditActions(knex)), ...NEW_AUDIT_ACTIONS]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', NEW_AUDIT_ACTIONS).delete();
  await setAuditActions(
    knex,
    (await auditActions(knex)).filter((a) => !NEW_AUDIT_ACTIONS.includes(a)),
  );
  await knex.schema.dropTable('release_suggestions');
  await knex.schema.alterTable('press_releases', (t) => {
    t.dropColumn('pending_suggestions');
  });
}
