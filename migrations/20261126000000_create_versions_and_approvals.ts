import type { Knex } from 'knex';
import { APPROVAL_STATUSES, VERSION_KINDS } from '../shared/constants';
import { auditActions, enumColumn, nowColumn, setAuditActions, sqlList, tsColumn, uuidPk } from './lib/helpers';

/** Workspace roles before and after this migration (the constraint `down` puts back). */
const ROLES_BEFORE = ['owner', 'member'];
const ROLES_AFTER = ['owner', 'member', 'approver'];
const NEW_AUDIT_ACTIONS = [
  'press_release.version_saved',
  'press_release.version_restored',
  'approval.requested',
  'approval.approved',
  'approval.rejected',
  'approval.stale',
  'workspace.settings_changed',
  'workspace.member_role_changed',
];

async function setRoles(knex: Knex, roles: string[]): Promise<void> {
  for (const table of ['workspace_members', 'workspace_invitations']) {
    await knex.raw(`alter table ${table} drop constraint ${table}_role_check`);
    await knex.raw(`alter table ${table} add constraint ${table}_role_check check (role in (${sqlList(roles)}))`);
  }
}

/**
 * Version history and approval before sending.
 * - `release_versions`: a release's stored versions, each the whole encoded Yjs state of its
 *   document (never HTML), with who edited since the previous one, the size of the change,
 *   and for a restore which version it brought back and which one undoes it.
 * - `release_edit_marks`: a release edited since its last version (when the editing began and
 *   last happened, and by whom); the automatic versions are made from it, once, by whichever
 *   process takes the row.
 * - `workspaces.approval_required` and the member role `approver`.
 * - `release_approvals`: a request for approval of one version and its decision; at most one
 *   pending or approved request per release. `release_sent_versions.approval_id` records the
 *   approval a send went out under.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('release_versions', (t) => {
    uuidPk(knex, t);
    t.uuid('press_release_id').notNullable().references('id').inTable('press_releases').onDelete('CASCADE');
    t.integer('seq').notNullable();
    enumColumn(t, 'kind', VERSION_KINDS).notNullable();
    t.text('name').nullable();
    t.text('title').notNullable().defaultTo('');
    t.binary('doc_state').notNullable(); // Y.encodeStateAsUpdate of the document
    t.text('content_hash').notNullable(); // what would be sent: title, HTML, category, lists
    t.specificType('author_ids', 'uuid[]').notNullable().defaultTo(knex.raw("'{}'::uuid[]"));
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('chars_added').notNullable().defaultTo(0);
    t.integer('chars_removed').notNullable().defaultTo(0);
    t.uuid('restored_from').nullable().references('id').inTable('release_versions').onDelete('SET NULL');
    t.uuid('undo_version_id').nullable().references('id').inTable('release_versions').onDelete('SET NULL');
    nowColumn(knex, t, 'created_at');
    t.unique(['press_release_id', 'seq'], { indexName: 'release_versions_press_release_id_seq_unique' });
  });

  await knex.schema.createTable('release_edit_marks', (t) => {
    t.uuid('press_release_id').primary().references('id').inTable('press_releases').onDelete('CASCADE');
    nowColumn(knex, t, 'first_edit_at');
    nowColumn(knex, t, 'last_edit_at');
    t.specificType('author_ids', 'uuid[]').notNullable().defaultTo(knex.raw("'{}'::uuid[]"));
    t.index(['last_edit_at'], 'release_edit_marks_last_edit_at_idx');
  });

  await knex.schema.alterTable('workspaces', (t) => {
    t.boolean('approval_required').notNullable().defaultTo(false);
  });
  await setRoles(knex, ROLES_AFTER);

  await knex.schema.createTable('release_approvals', (t) => {
    uuidPk(knex, t);
    t.uuid('press_release_id').notNullable().references('id').inTable('press_releases').onDelete('CASCADE');
    t.uuid('workspace_id').notNullable().references('id').inTable('workspaces').onDelete('CASCADE');
    t.uuid('version_id').notNullable().references('id').inTable('release_versions').onDelete('CASCADE');
    enumColumn(t, 'status', APPROVAL_STATUSES).notNullable().defaultTo('pending');
    t.boolean('stale').notNullable().defaultTo(false);
    t.uuid('requested_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    nowColumn(knex, t, 'requested_at');
    t.text('note').notNullable().defaultTo('');
    t.uuid('decided_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    tsColumn(t, 'decided_at');
    t.text('comment').notNullable().defaultTo('');
    tsColumn(t, 'sent_at');
    t.index(['workspace_id', 'status', 'requested_at'], 'release_approvals_workspace_status_idx');
    t.index(['requested_by', 'requested_at'], 'release_approvals_requested_by_idx');
    t.index(['version_id'], 'release_approvals_version_id_idx');
  });
  await knex.raw(
    "create unique index release_approvals_active_unique on release_approvals (press_release_id) where status in ('pending', 'approved')",
  );
  await knex.schema.alterTable('release_sent_versions', (t) => {
    t.uuid('approval_id').nullable().references('id').inTable('release_approvals').onDelete('SET NULL');
  });

  await setAuditActions(knex, [...(await auditActions(knex)), ...NEW_AUDIT_ACTIONS]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', NEW_AUDIT_ACTIONS).delete();
  await setAuditActions(
    knex,
    (await auditActions(knex)).filter((a) => !NEW_AUDIT_ACTIONS.includes(a)),
  );
  await knex.schema.alterTable('release_sent_versions', (t) => {
    t.dropColumn('approval_id');
  });
  await knex.schema.dropTable('release_approvals');
  await knex('workspace_members').where('role', 'approver').update({ role: 'member' });
  await knex('workspace_invitations').where('role', 'approver').update({ role: 'member' });
  await setRoles(knex, ROLES_BEFORE);
  await knex.schema.alterTable('workspaces', (t) => {
    t.dropColumn('approval_required');
  });
  await knex.schema.dropTable('release_edit_marks');
  await knex.schema.dropTable('release_versions');
}
