import type { Knex } from 'knex';

/**
 * Flat cost as data grows (issue 32): the journalist's inbox and the public newsroom.
 *
 * - `deliveries` carries what the inbox sorts and filters on, copied from the release's sent
 *   version (frozen at send, so the copy never goes stale): `release_sent_at`,
 *   `release_category`, `sender_organisation_id`. A delivery is in the inbox when its
 *   `release_sent_at` is set (its release has a sent version). Fan-out writes them; a trigger
 *   fills them for any other insert, and a sent version inserted (or corrected) after its
 *   deliveries fills them in.
 * - Indexes serve the inbox's pages in order (all, one category, unread, bookmarks), so a page
 *   reads its 20 rows and stops (keyset pagination).
 * - `inbox_counters`: per journalist and category, the inbox's total, unread, bookmarked and
 *   bookmarked-unread counts, kept by triggers on `deliveries` (one aggregate per fan-out
 *   statement; one row per read/bookmark change), so the counters and the list's total cost
 *   the same at 100 or 100,000 received releases.
 * - `release_sent_versions_newsroom_idx`: an organisation's public releases in publication
 *   order (send time, or the end of the embargo), so the newsroom page and feed read 20 or 50
 *   rows instead of sorting all of them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table deliveries
    add column release_sent_at timestamptz null,
    add column release_category text null,
    add column sender_organisation_id uuid null`);
  await knex.raw(`update deliveries d
       set release_sent_at = v.sent_at, release_category = v.category, sender_organisation_id = v.organisation_id
      from release_sent_versions v
     where v.press_release_id = d.press_release_id`);

  await knex.raw('create index deliveries_inbox_idx on deliveries (recipient_user_id, release_sent_at, id) where release_sent_at is not null');
  await knex.raw(
    'create index deliveries_inbox_category_idx on deliveries (recipient_user_id, release_category, release_sent_at, id) where release_sent_at is not null',
  );
  await knex.raw(
    'create index deliveries_inbox_unread_idx on deliveries (recipient_user_id, release_sent_at, id) where release_sent_at is not null and read_at is null',
  );
  await knex.raw(
    'create index deliveries_inbox_bookmarks_idx on deliveries (recipient_user_id, bookmarked_at, id) where release_sent_at is not null and bookmarked_at is not null',
  );

  // Any insert that does not give the inbox columns (fixtures, the demo seed) gets them here.
  await knex.raw(`create function deliveries_fill_inbox() returns trigger language plpgsql as $$
    begin
      if new.release_sent_at is null then
        select v.sent_at, v.category, v.organisation_id into new.release_sent_at, new.release_category, new.sender_organisation_id
          from release_sent_versions v where v.press_release_id = new.press_release_id;
      end if;
      return new;
    end $$`);
  await knex.raw('create trigger deliveries_fill_inbox before insert on deliveries for each row execute function deliveries_fill_inbox()');

  // A sent version written after its deliveries (or corrected) carries its values to them.
  await knex.raw(`create function release_sent_versions_to_inbox() returns trigger language plpgsql as $$
    begin
      update deliveries
         set release_sent_at = new.sent_at, release_category = new.category, sender_organisation_id = new.organisation_id
       where press_release_id = new.press_release_id
         and (release_sent_at is distinct from new.sent_at or release_category is distinct from new.category
              or sender_organisation_id is distinct from new.organisation_id);
      return null;
    end $$`);
  await knex.raw(
    'create trigger release_sent_versions_to_inbox after insert or update of sent_at, category, organisation_id on release_sent_versions for each row execute function release_sent_versions_to_inbox()',
  );

  await knex.raw(`create table inbox_counters (
    user_id uuid not null references users(id) on delete cascade,
    category text not null default '',
    total integer not null default 0,
    unread integer not null default 0,
    bookmarked integer not null default 0,
    bookmarked_unread integer not null default 0,
    primary key (user_id, category))`);
  await knex.raw(`insert into inbox_counters (user_id, category, total, unread, bookmarked, bookmarked_unread)
    select recipient_user_id, coalesce(release_category, ''), count(*), count(*) filter (where read_at is null),
           count(*) filter (where bookmarked_at is not null), count(*) filter (where bookmarked_at is not null and read_at is null)
      from deliveries where release_sent_at is not null
     group by 1, 2`);

  // Fan-out: one aggregate per statement (a send to 1,000 is one insert), in key order.
  await knex.raw(`create function deliveries_inbox_counters_insert() returns trigger language plpgsql as $$
    begin
      insert into inbox_counters as c (user_id, category, total, unread, bookmarked, bookmarked_unread)
      select recipient_user_id, coalesce(release_category, ''), count(*), count(*) filter (where read_at is null),
             count(*) filter (where bookmarked_at is not null), count(*) filter (where bookmarked_at is not null and read_at is null)
        from inbox_new where release_sent_at is not null
       group by 1, 2 order by 1, 2
      on conflict (user_id, category) do update
        set total = c.total + excluded.total, unread = c.unread + excluded.unread,
            bookmarked = c.bookmarked + excluded.bookmarked, bookmarked_unread = c.bookmarked_unread + excluded.bookmarked_unread;
      return null;
    end $$`);
  await knex.raw(
    'create trigger deliveries_inbox_counters_insert after insert on deliveries referencing new table as inbox_new for each statement execute function deliveries_inbox_counters_insert()',
  );
  // Deleted deliveries (a journalist's account removed: its counters go with it, so update only).
  await knex.raw(`create function deliveries_inbox_counters_delete() returns trigger language plpgsql as $$
    begin
      update inbox_counters c
         set total = c.total - o.total, unread = c.unread - o.unread, bookmarked = c.bookmarked - o.bookmarked,
             bookmarked_unread = c.bookmarked_unread - o.bookmarked_unread
        from (select recipient_user_id, coalesce(release_category, '') as category, count(*) as total,
                     count(*) filter (where read_at is null) as unread, count(*) filter (where bookmarked_at is not null) as bookmarked,
                     count(*) filter (where bookmarked_at is not null and read_at is null) as bookmarked_unread
                from inbox_old where release_sent_at is not null group by 1, 2) o
       where c.user_id = o.recipient_user_id and c.category = o.category;
      return null;
    end $$`);
  await knex.raw(
    'create trigger deliveries_inbox_counters_delete after delete on deliveries referencing old table as inbox_old for each statement execute function deliveries_inbox_counters_delete()',
  );
  // Read, unread, bookmark: one row at a time; other updates (the e-mail's state) skip it.
  await knex.raw(`create function deliveries_inbox_counters_update() returns trigger language plpgsql as $$
    begin
      if old.release_sent_at is not null then
        update inbox_counters
           set total = total - 1, unread = unread - (old.read_at is null)::int, bookmarked = bookmarked - (old.bookmarked_at is not null)::int,
               bookmarked_unread = bookmarked_unread - (old.bookmarked_at is not null and old.read_at is null)::int
         where user_id = old.recipient_user_id and category = coalesce(old.release_category, '');
      end if;
      if new.release_sent_at is not null then
        insert into inbox_counters as c (user_id, category, total, unread, bookmarked, bookmarked_unread)
        values (new.recipient_user_id, coalesce(new.release_category, ''), 1, (new.read_at is null)::int, (new.bookmarked_at is not null)::int,
                (new.bookmarked_at is not null and new.read_at is null)::int)
        on conflict (user_id, category) do update
          set total = c.total + excluded.total, unread = c.unread + excluded.unread,
              bookmarked = c.bookmarked + excluded.bookmarked, bookmarked_unread = c.bookmarked_unread + excluded.bookmarked_unread;
      end if;
      return null;
    end $$`);
  await knex.raw(`create trigger deliveries_inbox_counters_update
    after update of read_at, bookmarked_at, release_sent_at, release_category, recipient_user_id on deliveries
    for each row when ((old.read_at is null) <> (new.read_at is null) or (old.bookmarked_at is null) <> (new.bookmarked_at is null)
                       or (old.release_sent_at is null) <> (new.release_sent_at is null)
                       or old.release_category is distinct from new.release_category or old.recipient_user_id <> new.recipient_user_id)
    execute function deliveries_inbox_counters_update()`);

  await knex.raw(
    'create index release_sent_versions_newsroom_idx on release_sent_versions (organisation_id, greatest(sent_at, embargo_until), press_release_id) where slug is not null',
  );
  // The pager's count: the organisation's sent versions whose embargo lifted (index-only), less
  // those of its releases no longer sent (archived: a few, through their own small index).
  await knex.raw('create index release_sent_versions_public_idx on release_sent_versions (organisation_id, embargo_until) where slug is not null');
  await knex.raw(`create index press_releases_not_sent_idx on press_releases (organisation_id) where status <> 'sent'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index press_releases_not_sent_idx');
  await knex.raw('drop index release_sent_versions_public_idx');
  await knex.raw('drop index release_sent_versions_newsroom_idx');
  await knex.raw('drop trigger deliveries_inbox_counters_update on deliveries');
  await knex.raw('drop trigger deliveries_inbox_counters_delete on deliveries');
  await knex.raw('drop trigger deliveries_inbox_counters_insert on deliveries');
  await knex.raw('drop function deliveries_inbox_counters_update()');
  await knex.raw('drop function deliveries_inbox_counters_delete()');
  await knex.raw('drop function deliveries_inbox_counters_insert()');
  await knex.raw('drop table inbox_counters');
  await knex.raw('drop trigger release_sent_versions_to_inbox on release_sent_versions');
  await knex.raw('drop function release_sent_versions_to_inbox()');
  await knex.raw('drop trigger deliveries_fill_inbox on deliveries');
  await knex.raw('drop function deliveries_fill_inbox()');
  await knex.raw(`alter table deliveries drop column release_sent_at, drop column release_category, drop column sender_organisation_id`);
}
