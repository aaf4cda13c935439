import type { Knex } from 'knex';
import { auditActions, nowColumn, setAuditActions, sqlList, tsColumn, uuidPk } from './lib/helpers';

const ACTIONS = ['comment.created', 'comment.replied', 'comment.edited', 'comment.deleted', 'comment.resolved', 'comment.reopened'];
const FIELDS = ['title', 'content'];

/**
 * Comments on the text of a release: threads anchored to words of the title or the body by
 * Yjs relative positions (never written into the document). A root comment (thread_id null)
 * carries the anchor, the quoted words and the thread's state; replies point at their root.
 * Deleting is soft, so counts and the audit trail remain.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('release_comments', (t) => {
    uuidPk(knex, t);
    t.uuid('press_release_id').notNullable().references('id').inTable('press_releases').onDelete('CASCADE');
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.uuid('thread_id').nullable().references('id').inTable('release_comments').onDelete('CASCADE');
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('body').notNullable();
    t.specificType('mentions', 'uuid[]').notNullable().defaultTo(knex.raw("'{}'::uuid[]"));
    // The root's anchor: which field, where the words start and end, and the words themselves.
    t.text('field').nullable();
    t.binary('anchor_start').nullable();
    t.binary('anchor_end').nullable();
    t.text('quote').nullable();
    tsColumn(t, 'detached_at');
    tsColumn(t, 'resolved_at');
    t.uuid('resolved_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    tsColumn(t, 'edited_at');
    tsColumn(t, 'deleted_at');
    nowColumn(knex, t, 'created_at');
    t.check(`field is null or field in (${sqlList(FIELDS)})`, [], 'release_comments_field_check');
    // A root has its anchor; a reply has none and is never resolved or detached itself.
    t.check(
      `(thread_id is null and field is not null and anchor_start is not null and anchor_end is not null and quote is not null)
       or (thread_id is not null and field is null and anchor_start is null and anchor_end is null and quote is null
           and resolved_at is null and detached_at is null)`,
      [],
      'release_comments_root_check',
    );
    t.index(['press_release_id', 'created_at'], 'release_comments_release_idx');
    t.index(['thread_id'], 'release_comments_thread_idx');
  });
  // The open count (unresolved, not deleted roots) of a release, and of many for the lists.
  await knex.raw(
    'create index release_comments_open_idx on release_comments (press_release_id) where thread_id is null and resolved_at is null and deleted_at is null',
  );
  await setAuditActions(knex, [...(await auditActions(knex)), ...ACTIONS]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', ACTIONS).delete();
  await setAuditActions(knex, (await auditActions(knex)).filter((a) => !ACTIONS.includes(a)));
  await knex.schema.dropTable('release_comments');
}
