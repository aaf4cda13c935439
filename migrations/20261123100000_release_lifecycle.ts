import type { Knex } from 'knex';
import { CATEGORIES } from '../shared/constants';
import { enumColumn, jsonbColumn, nowColumn, sqlList, textArrayColumn, uuidPk } from './lib/helpers';

/** The audit actions before this migration (the constraint that `down` puts back). */
const AUDIT_ACTIONS_BEFORE = [
  'user.approve',
  'user.reject',
  'user.ban',
  'user.unban',
  'user.role_change',
  'user.deactivate',
  'user.activate',
  'media_list.add',
  'media_list.remove',
  'media_list.bulk_import',
  'press_release.sent',
  'newsletter.daily.run',
  'newsletter.weekly.run',
  'email.sent',
  'task.create',
  'task.update',
];
const LIFECYCLE_ACTIONS = [
  'press_release.scheduled',
  'press_release.unscheduled',
  'press_release.schedule_failed',
  'press_release.archived',
  'press_release.deleted',
  'email.test',
];

/**
 * The release lifecycle (releases.lifecycle.ts owns every status change):
 * - `archived`: a sent release that its client deleted. It keeps its tracking and stays
 *   readable by the journalists who received it.
 * - `release_sent_versions`: what was sent, frozen at the moment of sending (title, HTML,
 *   text, category, lists, attachments with content hashes, the sender as it was, the
 *   Yjs state). Inboxes, e-mails, digests and reports read it, never the live row.
 * - `edited_at`: the first real edit (title, text or a file). A draft that never had one
 *   is an untouched empty draft: it is not counted anywhere and housekeeping removes it.
 * - `render_error`: why the live document could not be rendered, when it cannot; sending
 *   and scheduling refuse while it is set.
 * - `release_attachments.sha256`: the content hash recorded with the sent version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table press_releases drop constraint press_releases_status_check');
  await knex.raw(`alter table press_releases add constraint press_releases_status_check check (status in ('draft', 'scheduled', 'sent', 'archived'))`);
  await knex.schema.alterTable('press_releases', (t) => {
    t.timestamp('edited_at', { useTz: true }).nullable();
    t.text('render_error').nullable();
  });
  // Everything that exists already and has content counts as edited.
  await knex.raw(`update press_releases set edited_at = updated_at where title <> '' or content_text <> '' or status <> 'draft'
                   or exists (select 1 from release_attachments a where a.press_release_id = press_releases.id)`);
  await knex.raw(`create index press_releases_untouched_idx on press_releases (created_at) where status = 'draft' and edited_at is null`);

  await knex.schema.alterTable('release_attachments', (t) => {
    t.text('sha256').nullable();
  });

  await knex.schema.createTable('release_sent_versions', (t) => {
    uuidPk(knex, t);
    // RESTRICT: a release that was sent can never be deleted (it is archived instead).
    t.uuid('press_release_id').notNullable().unique({ indexName: 'release_sent_versions_press_release_id_unique' }).references('id').inTable('press_releases').onDelete('RESTRICT');
    t.text('title').notNullable();
    t.text('content').notNullable(); // sanitized HTML
    t.text('content_text').notNullable();
    t.text('search_text').notNullable().defaultTo('');
    enumColumn(t, 'category', CATEGORIES).nullable();
    textArrayColumn(knex, t, 'release_sent_versions', 'media_list_categories', CATEGORIES);
    jsonbColumn(knex, t, 'attachments', []); // [{ id, fileName, mimeType, sizeBytes, sha256 }]
    t.uuid('sender_user_id').nullable();
    t.text('sender_name').notNullable();
    t.text('sender_logo_url').nullable();
    t.binary('doc_state').nullable(); // the Yjs state that was sent
    t.timestamp('sent_at', { useTz: true }).notNullable();
    nowColumn(knex, t, 'created_at');
  });

  // Releases sent before this migration: freeze what they hold now.
  await knex.raw(`
    insert into release_sent_versions (press_release_id, title, content, content_text, search_text, category, media_list_categories,
                                       attachments, sender_user_id, sender_name, sender_logo_url, sent_at)
    select p.id, p.title, p.content, p.content_text, p.search_text, p.category, p.media_list_categories,
           coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'fileName', a.file_name, 'mimeType', a.mime_type,
                                                         'sizeBytes', a.size_bytes, 'sha256', a.sha256) order by a.created_at)
                       from release_attachments a where a.press_release_id = p.id), '[]'::jsonb),
           s.user_id, coalesce(nullif(btrim(s.organization), ''), nullif(btrim(s.name), ''), 'Deltio'), s.company_logo_url,
           coalesce(p.sent_at, p.updated_at)
      from press_releases p
      left join workspaces w on w.id = p.workspace_id
      left join profiles s on s.user_id = coalesce(w.owner_user_id, p.client_id)
     where p.status = 'sent'`);

  await knex.raw('alter table audit_logs drop constraint audit_logs_action_type_check');
  await knex.raw(`alter table audit_logs add constraint audit_logs_action_type_check check (action_type in (${sqlList([...AUDIT_ACTIONS_BEFORE, ...LIFECYCLE_ACTIONS])}))`);

  // Only the lifecycle changes the status, the schedule and the sent time: it marks its
  // transactions (set_config('deltio.lifecycle', 'on', true)); any other writer is refused.
  await knex.raw(`create function press_releases_lifecycle_guard() returns trigger language plpgsql as $$
    begin
      if (new.status is distinct from old.status or new.sent_at is distinct from old.sent_at
          or new.scheduled_at is distinct from old.scheduled_at)
         and coalesce(current_setting('deltio.lifecycle', true), '') <> 'on' then
        raise exception 'press_releases: status, scheduled_at and sent_at change only through the releases lifecycle';
      end if;
      return new;
    end $$`);
  await knex.raw(
    'create trigger press_releases_lifecycle_guard before update on press_releases for each row execute function press_releases_lifecycle_guard()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger press_releases_lifecycle_guard on press_releases');
  await knex.raw('drop function press_releases_lifecycle_guard()');
  await knex('audit_logs').whereIn('action_type', LIFECYCLE_ACTIONS).delete();
  await knex.raw('alter table audit_logs drop constraint audit_logs_action_type_check');
  await knex.raw(`alter table audit_logs add constraint audit_logs_action_type_check check (action_type in (${sqlList(AUDIT_ACTIONS_BEFORE)}))`);
  await knex.schema.dropTable('release_sent_versions');
  await knex.schema.alterTable('release_attachments', (t) => {
    t.dropColumn('sha256');
  });
  await knex.raw('drop index press_releases_untouched_idx');
  await knex.schema.alterTable('press_releases', (t) => {
    t.dropColumn('render_error');
    t.dropColumn('edited_at');
  });
  await knex('press_releases').where('status', 'archived').update({ status: 'sent' });
  await knex.raw('alter table press_releases drop constraint press_releases_status_check');
  await knex.raw(`alter table press_releases add constraint press_releases_status_check check (status in ('draft', 'scheduled', 'sent'))`);
}
