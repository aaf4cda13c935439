import type { Knex } from 'knex';

/**
 * A received release's notice in the journalist's bell is read from its delivery, no longer
 * written as a notification of its own (issue 32, point 2). A send to 1,000 journalists wrote
 * 1,000 deliveries and 1,000 notifications saying the same thing (the release, its title, the
 * sender), the second with three index entries and a foreign-key check each: about a fifth of
 * the send's statement, and half the rows a send adds to the database.
 *
 * - `deliveries.notice_read_at`: when the journalist read the notice (in the bell, or by opening
 *   the release); null: unread. A held delivery (past the daily limit) has no notice.
 * - One sequence numbers both tables (`bell_item_ids`), so an id in the bell names one row of
 *   one of them: a delivery's id is its notice's id.
 * - The notices written so far move onto their deliveries (their read mark), then are deleted.
 *   A delivery that never had one (sent before notifications existed) counts as read. The other
 *   notifications are renumbered from the shared sequence (nothing stores their ids).
 * - The bell counts a journalist's unread notices through a partial index that holds only them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table deliveries add column notice_read_at timestamptz');
  await knex.raw('update deliveries set notice_read_at = created_at');
  await knex.raw(`update deliveries d
       set notice_read_at = n.read_at
      from (select user_id, data->>'press_release_id' as release_id,
                   case when bool_or(read_at is null) then null else max(read_at) end as read_at
              from notifications where kind = 'press_release.received' group by 1, 2) n
     where n.user_id = d.recipient_user_id and n.release_id = d.press_release_id::text`);
  await knex.raw(`delete from notifications where kind = 'press_release.received'`);

  await knex.raw(`create sequence bell_item_ids as bigint`);
  await knex.raw(`select setval('bell_item_ids', greatest(
      (select coalesce(max(id), 0) from deliveries), (select coalesce(max(id), 0) from notifications), 1))`);
  await knex.raw(`update notifications set id = nextval('bell_item_ids')`);
  await knex.raw(`alter table deliveries alter column id set default nextval('bell_item_ids')`);
  await knex.raw(`alter table notifications alter column id set default nextval('bell_item_ids')`);

  await knex.raw('create index deliveries_unread_notices_idx on deliveries (recipient_user_id) where notice_read_at is null and held_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists deliveries_unread_notices_idx');
  await knex.raw(`alter table deliveries alter column id set default nextval('deliveries_id_seq')`);
  await knex.raw(`alter table notifications alter column id set default nextval('notifications_id_seq')`);
  await knex.raw(`select setval('deliveries_id_seq', greatest((select coalesce(max(id), 0) from deliveries), 1))`);
  await knex.raw(`select setval('notifications_id_seq', greatest((select coalesce(max(id), 0) from notifications), 1))`);
  await knex.raw('drop sequence bell_item_ids');
  await knex.raw(`insert into notifications (user_id, kind, title, body, link, data, read_at, created_at)
    select d.recipient_user_id, 'press_release.received', v.title, 'Νέο δελτίο τύπου από ' || v.sender_name,
           '/media/press-releases/' || d.press_release_id,
           jsonb_build_object('press_release_id', d.press_release_id, 'delivery_id', d.id, 'category', v.category, 'organisation_id', v.organisation_id),
           d.notice_read_at, d.created_at
      from deliveries d join release_sent_versions v on v.press_release_id = d.press_release_id
     where d.held_at is null`);
  await knex.raw('alter table deliveries drop column notice_read_at');
}
