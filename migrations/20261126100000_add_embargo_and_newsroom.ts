import type { Knex } from 'knex';
import { NEWSROOM_SLUG, numberedSlug, RELEASE_SLUG_MAX, slugify, suggestNewsroomSlug } from '../shared/slug';

/**
 * Embargo and the public newsroom:
 * - `press_releases.embargo_until`: derived from the editor's `meta` map (embargoDate,
 *   embargoTime, Athens time), like the category; frozen into the sent version.
 * - `profiles`: the client organisation's newsroom (`newsroom_slug`, unique, lower-case Latin;
 *   `newsroom_enabled`), its «Σχετικά με» text (`boilerplate`) and press contact
 *   (`press_contact_name`, `press_contact_email`, `press_contact_phone`).
 * - `release_sent_versions`: the embargo, the boilerplate and the press contact as they were
 *   when sent, and the release's stable address in its newsroom (`slug`, unique per sender).
 * - `reporting_events`: views of newsroom pages (kind 'view', channel 'newsroom', the
 *   newsroom's owner in `client_id`; the release when the page is one release's).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('press_releases', (t) => {
    t.timestamp('embargo_until', { useTz: true }).nullable();
  });

  await knex.schema.alterTable('profiles', (t) => {
    t.text('newsroom_slug').nullable();
    t.boolean('newsroom_enabled').notNullable().defaultTo(true);
    t.text('boilerplate').nullable();
    t.text('press_contact_name').nullable();
    t.text('press_contact_email').nullable();
    t.text('press_contact_phone').nullable();
  });
  await knex.raw(
    `alter table profiles add constraint profiles_newsroom_slug_check check (newsroom_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
       and char_length(newsroom_slug) between ${NEWSROOM_SLUG.min} and ${NEWSROOM_SLUG.max})`,
  );
  await knex.raw('create unique index profiles_newsroom_slug_unique on profiles (newsroom_slug) where newsroom_slug is not null');

  await knex.schema.alterTable('release_sent_versions', (t) => {
    t.timestamp('embargo_until', { useTz: true }).nullable();
    t.text('slug').nullable();
    t.text('boilerplate').nullable();
    t.text('press_contact_name').nullable();
    t.text('press_contact_email').nullable();
    t.text('press_contact_phone').nullable();
  });
  await knex.raw('create unique index release_sent_versions_sender_slug_unique on release_sent_versions (sender_user_id, slug) where slug is not null');
  // The newsroom lists a sender's releases newest first.
  await knex.raw('create index release_sent_versions_sender_sent_at_idx on release_sent_versions (sender_user_id, sent_at desc)');

  await knex.raw('alter table reporting_events drop constraint reporting_events_kind_check');
  await knex.raw("alter table reporting_events add constraint reporting_events_kind_check check (kind in ('open', 'click', 'download', 'view'))");
  await knex.raw('alter table reporting_events drop constraint reporting_events_channel_check');
  await knex.raw("alter table reporting_events add constraint reporting_events_channel_check check (channel in ('email', 'in_app', 'newsroom'))");
  await knex.schema.alterTable('reporting_events', (t) => {
    t.uuid('client_id').nullable().references('id').inTable('users').onDelete('CASCADE');
  });
  await knex.raw('alter table reporting_events alter column press_release_id drop not null');
  await knex.raw(`alter table reporting_events add constraint reporting_events_source_check check (
      case when channel = 'newsroom' then kind = 'view' and client_id is not null
           else kind <> 'view' and press_release_id is not null end)`);
  await knex.raw(`create index reporting_events_newsroom_idx on reporting_events (client_id, created_at) where channel = 'newsroom'`);

  await backfill(knex);
}

/**
 * Releases sent before this migration get their newsroom address, and their senders (the
 * client organisations) a newsroom slug from their company name, as a send would give them.
 */
async function backfill(knex: Knex): Promise<void> {
  const versions = (await knex('release_sent_versions').whereNotNull('sender_user_id').orderBy('sent_at').select('id', 'sender_user_id', 'title')) as {
    id: string;
    sender_user_id: string;
    title: string;
  }[];
  const taken = new Map<string, Set<string>>();
  for (const v of versions) {
    const used = taken.get(v.sender_user_id) ?? new Set<string>();
    taken.set(v.sender_user_id, used);
    const base = slugify(v.title, RELEASE_SLUG_MAX) || 'deltio-typou';
    let n = 1;
    while (used.has(numberedSlug(base, n))) n++;
    const slug = numberedSlug(base, n);
    used.add(slug);
    await knex('release_sent_versions').where('id', v.id).update({ slug });
  }
  const senders = (await knex('profiles').whereIn('user_id', [...taken.keys()]).where('role', 'client').select('user_id', 'organization', 'name')) as {
    user_id: string;
    organization: string | null;
    name: string;
  }[];
  const slugs = new Set<string>();
  for (const s of senders) {
    const base = suggestNewsroomSlug(s.organization?.trim() || s.name);
    let n = 1;
    while (slugs.has(numberedSlug(base, n, NEWSROOM_SLUG.max))) n++;
    const slug = numberedSlug(base, n, NEWSROOM_SLUG.max);
    slugs.add(slug);
    await knex('profiles').where('user_id', s.user_id).update({ newsroom_slug: slug });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index reporting_events_newsroom_idx');
  await knex('reporting_events').where('channel', 'newsroom').delete();
  await knex.raw('alter table reporting_events drop constraint reporting_events_source_check');
  await knex.raw('alter table reporting_events alter column press_release_id set not null');
  await knex.schema.alterTable('reporting_events', (t) => {
    t.dropColumn('client_id');
  });
  await knex.raw('alter table reporting_events drop constraint reporting_events_channel_check');
  await knex.raw("alter table reporting_events add constraint reporting_events_channel_check check (channel in ('email', 'in_app'))");
  await knex.raw('alter table reporting_events drop constraint reporting_events_kind_check');
  await knex.raw("alter table reporting_events add constraint reporting_events_kind_check check (kind in ('open', 'click', 'download'))");

  await knex.raw('drop index release_sent_versions_sender_sent_at_idx');
  await knex.raw('drop index release_sent_versions_sender_slug_unique');
  await knex.schema.alterTable('release_sent_versions', (t) => {
    for (const c of ['embargo_until', 'slug', 'boilerplate', 'press_contact_name', 'press_contact_email', 'press_contact_phone']) t.dropColumn(c);
  });

  await knex.raw('drop index profiles_newsroom_slug_unique');
  await knex.raw('alter table profiles drop constraint profiles_newsroom_slug_check');
  await knex.schema.alterTable('profiles', (t) => {
    for (const c of ['newsroom_slug', 'newsroom_enabled', 'boilerplate', 'press_contact_name', 'press_contact_email', 'press_contact_phone']) t.dropColumn(c);
  });

  await knex.schema.alterTable('press_releases', (t) => {
    t.dropColumn('embargo_until');
  });
}
