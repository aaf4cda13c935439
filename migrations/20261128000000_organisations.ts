import type { Knex } from 'knex';
import { CATEGORIES, ORGANISATION_ROLES, ORGANISATION_STATUSES, PLAN_CODES } from '../shared/constants';
import { NEWSROOM_SLUG, numberedSlug } from '../shared/slug';
import { auditActions, setAuditActions, sqlList } from './lib/helpers';

const NEW_AUDIT_ACTIONS = ['organisation.member_removed', 'organisation.deleted'];

/**
 * The organisation is the tenant, not the person.
 *
 * Before: a release, the newsroom, the plan and trial, the company profile and a sender block
 * all hung off one client user; a "workspace" (one per owner) overlaid members on top.
 * After: `organisations` (the former workspaces) own the work. A user's id on a row says who
 * did something (author, approver, sender), never who owns it; deleting a user never deletes
 * the organisation's releases.
 *
 * Data moves (tested on the demo data and on a database built by the old code):
 * - every client owns an organisation built from their profile (name, description, website,
 *   logo, default category, newsroom, boilerplate, press contact, plan, trial,
 *   approval state); members of their workspace join it with their role (owner → owner,
 *   approver → publisher, member → editor where the approval rule was on, else publisher);
 * - a release moves to the organisation of the workspace it was written in;
 * - a member who had signed up as a separate company of the same name is merged into the team
 *   she joined: her releases, sent versions, tasks and words move, her newsroom address
 *   redirects to the team's (`newsroom_redirects`), her own organisation goes;
 * - sender unsubscribes ("block this sender") become organisation unsubscribes.
 *
 * `down` restores the old shape and is meant for an empty database (the test migrates up, down
 * to nothing and up again); organisations of several owners cannot be split back into users.
 */
const MOVED_PROFILE_COLUMNS = [
  'company_logo_url',
  'default_category',
  'newsroom_slug',
  'newsroom_enabled',
  'boilerplate',
  'press_contact_name',
  'press_contact_email',
  'press_contact_phone',
  'plan_code',
  'trial_started_at',
  'trial_ends_at',
  'plan_activated_at',
  'trial_notice_for',
  'trial_ended_notice_for',
] as const;

export async function up(knex: Knex): Promise<void> {
  // 1. Workspaces become organisations.
  await knex.raw('alter table workspaces rename to organisations');
  await knex.raw('alter table workspace_members rename to organisation_members');
  await knex.raw('alter table workspace_invitations rename to organisation_invitations');
  await knex.raw('alter table workspace_words rename to organisation_words');
  for (const table of ['organisation_members', 'organisation_invitations', 'organisation_words', 'tasks', 'release_approvals', 'press_releases']) {
    await knex.raw(`alter table ${table} rename column workspace_id to organisation_id`);
  }

  await knex.schema.alterTable('organisations', (t) => {
    t.text('status').notNullable().defaultTo('approved');
    t.text('description').nullable();
    t.text('website').nullable();
    t.text('logo_url').nullable();
    t.text('default_category').nullable();
    t.text('newsroom_slug').nullable();
    t.boolean('newsroom_enabled').notNullable().defaultTo(true);
    t.text('boilerplate').nullable();
    t.text('press_contact_name').nullable();
    t.text('press_contact_email').nullable();
    t.text('press_contact_phone').nullable();
    t.text('plan_code').nullable();
    t.timestamp('trial_started_at', { useTz: true }).nullable();
    t.timestamp('trial_ends_at', { useTz: true }).nullable();
    t.timestamp('plan_activated_at', { useTz: true }).nullable();
    t.timestamp('trial_notice_for', { useTz: true }).nullable();
    t.timestamp('trial_ended_notice_for', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // 2. Every client owns an organisation; its owner is a member with the role 'owner'. So does a
  //    former client (made a journalist by the superadmin) who had sent or scheduled a release:
  //    journalists hold its copies and the newsroom shows it, so it needs an organisation to stay.
  await knex.raw(`insert into organisations (owner_user_id, name)
    select p.user_id, coalesce(nullif(btrim(p.organization), ''), p.name)
      from profiles p
     where (p.role = 'client'
            or exists (select 1 from press_releases r where r.client_id = p.user_id and r.organisation_id is null and r.status <> 'draft'))
       and not exists (select 1 from organisations o where o.owner_user_id = p.user_id)`);
  await knex.raw(`insert into organisation_members (organisation_id, user_id, role)
    select o.id, o.owner_user_id, 'owner' from organisations o
    on conflict (organisation_id, user_id) do update set role = 'owner'`);
  await knex.raw(`update organisations o set
      name = coalesce(nullif(btrim(p.organization), ''), nullif(btrim(o.name), ''), nullif(btrim(p.name), ''), p.email),
      status = case p.status when 'pending' then 'pending' when 'rejected' then 'rejected' else 'approved' end,
      description = p.description, website = p.website, logo_url = p.company_logo_url,
      default_category = p.default_category, newsroom_slug = p.newsroom_slug, newsroom_enabled = p.newsroom_enabled,
      boilerplate = p.boilerplate, press_contact_name = p.press_contact_name,
      press_contact_email = p.press_contact_email, press_contact_phone = p.press_contact_phone,
      plan_code = p.plan_code, trial_started_at = p.trial_started_at, trial_ends_at = p.trial_ends_at,
      plan_activated_at = p.plan_activated_at, trial_notice_for = p.trial_notice_for,
      trial_ended_notice_for = p.trial_ended_notice_for
    from profiles p where p.user_id = o.owner_user_id`);

  // 3. Roles inside an organisation.
  for (const table of ['organisation_members', 'organisation_invitations']) {
    await knex.raw(`alter table ${table} drop constraint if exists workspace_${table.slice('organisation_'.length)}_role_check`);
    await knex.raw(`alter table ${table} alter column role drop default`);
    await knex.raw(`update ${table} m set role = case
        when m.role = 'owner' then 'owner'
        when m.role = 'approver' then 'publisher'
        when o.approval_required then 'editor'
        else 'publisher' end
      from organisations o where o.id = m.organisation_id`);
    await knex.raw(`alter table ${table} add constraint ${table}_role_check check (role in (${sqlList(ORGANISATION_ROLES)}))`);
    await knex.raw(`alter table ${table} alter column role set default 'editor'`);
  }

  // 4. Releases belong to an organisation; their creator is only the author.
  await knex.raw(`update press_releases r set organisation_id = o.id
      from organisations o where r.organisation_id is null and o.owner_user_id = r.client_id`);
  await knex.raw('alter table press_releases drop constraint press_releases_workspace_id_foreign');
  await knex.raw('alter table press_releases rename column client_id to author_id');
  await knex.raw('alter table press_releases drop constraint press_releases_client_id_foreign');
  await knex.raw('alter table press_releases alter column author_id drop not null');
  await knex.raw('alter table press_releases add constraint press_releases_author_id_foreign foreign key (author_id) references users(id) on delete set null');
  await knex.raw('delete from press_releases where organisation_id is null');
  await knex.raw('alter table press_releases alter column organisation_id set not null');
  await knex.raw('alter table press_releases add constraint press_releases_organisation_id_foreign foreign key (organisation_id) references organisations(id) on delete cascade');
  await knex.raw('drop index if exists press_releases_client_id_created_at_idx');
  await knex.raw('drop index if exists press_releases_workspace_id_idx');
  await knex.raw('create index press_releases_organisation_id_created_at_idx on press_releases (organisation_id, created_at desc)');
  await knex.raw('create index press_releases_author_id_idx on press_releases (author_id)');

  // 5. What a sent version, a newsroom view, a block and a logo belong to.
  await knex.schema.alterTable('release_sent_versions', (t) => {
    t.uuid('organisation_id').nullable();
  });
  await knex.raw(`update release_sent_versions v set organisation_id = r.organisation_id
      from press_releases r where r.id = v.press_release_id`);
  await knex.raw('alter table release_sent_versions alter column organisation_id set not null');
  await knex.raw('alter table release_sent_versions add constraint release_sent_versions_organisation_id_foreign foreign key (organisation_id) references organisations(id) on delete cascade');

  await knex.raw('alter table reporting_events rename column client_id to organisation_id');
  await knex.raw('alter table reporting_events drop constraint reporting_events_client_id_foreign');
  await knex.raw(`update reporting_events e set organisation_id = o.id from organisations o
      where e.organisation_id is not null and o.owner_user_id = e.organisation_id`);
  await knex.raw('delete from reporting_events e where e.organisation_id is not null and not exists (select 1 from organisations o where o.id = e.organisation_id)');
  await knex.raw('alter table reporting_events add constraint reporting_events_organisation_id_foreign foreign key (organisation_id) references organisations(id) on delete cascade');

  await knex.raw('alter table unsubscribes rename column sender_client_id to sender_organisation_id');
  await knex.raw('alter table unsubscribes drop constraint unsubscribes_sender_client_id_foreign');
  await knex.raw('alter table unsubscribes drop constraint unsubscribes_scope_target_check');
  await knex.raw('drop index if exists unsubscribes_target_unique');
  await knex.raw('drop index if exists unsubscribes_sender_client_id_idx');
  await knex.raw(`update unsubscribes u set sender_organisation_id = o.id from organisations o
      where u.sender_organisation_id is not null and o.owner_user_id = u.sender_organisation_id`);
  await knex.raw("delete from unsubscribes u where u.scope = 'sender' and not exists (select 1 from organisations o where o.id = u.sender_organisation_id)");

  await knex.schema.alterTable('logo_uploads', (t) => {
    t.uuid('organisation_id').nullable();
  });
  await knex.raw(`update logo_uploads l set organisation_id = o.id from organisations o where o.owner_user_id = l.user_id`);
  // A logo is the organisation's: deleting the member who uploaded it keeps it.
  await knex.raw('alter table logo_uploads drop constraint logo_uploads_user_id_foreign');
  await knex.raw('alter table logo_uploads alter column user_id drop not null');
  await knex.raw('alter table logo_uploads add constraint logo_uploads_user_id_foreign foreign key (user_id) references users(id) on delete set null');

  await knex.schema.createTable('newsroom_redirects', (t) => {
    t.text('slug').primary();
    t.uuid('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organisation_id'], 'newsroom_redirects_organisation_id_idx');
  });

  // 6. One brand, one organisation: a member who had signed up as a separate company of the
  //    same name as the team she joined is merged into it.
  await mergeDuplicateBrands(knex);

  // 7. Constraints that hold from now on.
  await knex.raw('alter table release_sent_versions drop constraint if exists release_sent_versions_sender_slug_unique');
  await knex.raw('drop index if exists release_sent_versions_sender_slug_unique');
  await knex.raw('drop index if exists release_sent_versions_sender_sent_at_idx');
  await knex.raw('create unique index release_sent_versions_organisation_slug_unique on release_sent_versions (organisation_id, slug) where slug is not null');
  await knex.raw('create index release_sent_versions_organisation_sent_at_idx on release_sent_versions (organisation_id, sent_at desc)');
  await knex.raw('drop index if exists reporting_events_newsroom_idx');
  await knex.raw(`create index reporting_events_newsroom_idx on reporting_events (organisation_id, created_at) where channel = 'newsroom'`);
  await knex.raw(`alter table unsubscribes add constraint unsubscribes_scope_target_check check (
      (scope = 'sender') = (sender_organisation_id is not null) and (scope = 'category') = (category is not null))`);
  await knex.raw('alter table unsubscribes add constraint unsubscribes_sender_organisation_id_foreign foreign key (sender_organisation_id) references organisations(id) on delete cascade');
  await knex.raw(`delete from unsubscribes a using unsubscribes b
      where a.ctid > b.ctid and a.user_id = b.user_id and a.scope = b.scope
        and a.sender_organisation_id is not distinct from b.sender_organisation_id and a.category is not distinct from b.category`);
  await knex.raw(`create unique index unsubscribes_target_unique on unsubscribes (user_id, scope, coalesce(sender_organisation_id::text, ''), coalesce(category, ''))`);
  await knex.raw('create index unsubscribes_sender_organisation_id_idx on unsubscribes (sender_organisation_id)');
  await knex.raw('alter table logo_uploads add constraint logo_uploads_organisation_id_foreign foreign key (organisation_id) references organisations(id) on delete cascade');
  await knex.raw('create index logo_uploads_organisation_id_idx on logo_uploads (organisation_id)');

  await knex.raw(`alter table organisations add constraint organisations_status_check check (status in (${sqlList(ORGANISATION_STATUSES)}))`);
  await knex.raw(`alter table organisations add constraint organisations_default_category_check check (default_category in (${sqlList(CATEGORIES)}))`);
  await knex.raw(`alter table organisations add constraint organisations_plan_code_check check (plan_code is null or plan_code in (${sqlList(PLAN_CODES)}))`);
  await knex.raw(`alter table organisations add constraint organisations_newsroom_slug_check check (newsroom_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
       and char_length(newsroom_slug) between ${NEWSROOM_SLUG.min} and ${NEWSROOM_SLUG.max})`);
  await knex.raw('create unique index organisations_newsroom_slug_unique on organisations (newsroom_slug) where newsroom_slug is not null');
  // The plan filters and the trial notices' sweep, as they were on profiles.
  await knex.raw('create index organisations_plan_code_idx on organisations (plan_code)');
  await knex.raw('create index organisations_trial_ends_at_idx on organisations (trial_ends_at) where plan_activated_at is null');
  await knex.raw(`create trigger organisations_set_updated_at before update on organisations for each row execute function set_updated_at()`);

  // The creator is history, not the owner: deleting them keeps the organisation.
  await knex.raw('alter table organisations drop constraint workspaces_owner_user_id_unique');
  await knex.raw('alter table organisations drop constraint workspaces_owner_user_id_foreign');
  await knex.raw('alter table organisations rename column owner_user_id to created_by');
  await knex.raw('alter table organisations alter column created_by drop not null');
  await knex.raw('alter table organisations add constraint organisations_created_by_foreign foreign key (created_by) references users(id) on delete set null');
  await knex.raw('create index organisations_created_by_idx on organisations (created_by)');
  await knex.raw("create index organisation_members_owner_idx on organisation_members (organisation_id) where role = 'owner'");

  // A notification about an organisation's work shows while that organisation is the active one.
  await knex.schema.alterTable('notifications', (t) => {
    t.uuid('organisation_id').nullable().references('id').inTable('organisations').onDelete('CASCADE');
  });
  await knex.raw('create index notifications_user_id_organisation_id_idx on notifications (user_id, organisation_id)');

  await setAuditActions(knex, [...(await auditActions(knex)), ...NEW_AUDIT_ACTIONS]);

  // 8. The person keeps what is theirs; the company's fields left with the organisation.
  await knex.schema.alterTable('profiles', (t) => {
    t.uuid('active_organisation_id').nullable().references('id').inTable('organisations').onDelete('SET NULL');
  });
  await knex.raw(`update profiles p set active_organisation_id = (
      select m.organisation_id from organisation_members m where m.user_id = p.user_id
       order by (m.role = 'owner') desc, m.created_at limit 1)
    where p.role = 'client'`);
  await knex.raw("update profiles set organization = null, description = null, website = null where role = 'client'");
  await knex.raw('drop index if exists profiles_newsroom_slug_unique');
  await knex.schema.alterTable('profiles', (t) => {
    for (const c of MOVED_PROFILE_COLUMNS) t.dropColumn(c);
  });
}

interface OrgRow {
  id: string;
  name: string;
  owner_user_id: string;
  newsroom_slug: string | null;
}

/**
 * A company name compared as people type it: case, accents, the final sigma and spacing aside
 * («ΑΙΓΑΙΟ ΤΕΧΝΟΛΟΓΙΕΣ Α.Ε.» is «Αιγαίο Τεχνολογίες Α.Ε.»; lower() alone gives «…γιεσ» for «…γιες»).
 */
function brandKey(column: string): string {
  return `translate(regexp_replace(lower(btrim(${column})), '\\s+', ' ', 'g'), 'άέήίόύώϊϋΐΰς', 'αεηιουωιυιυσ')`;
}

async function mergeDuplicateBrands(knex: Knex): Promise<void> {
  const pairs = (
    (await knex.raw(`select own.id as from_id, team.id as into_id
        from organisations own
        join organisation_members m on m.user_id = own.owner_user_id and m.organisation_id <> own.id and m.role <> 'owner'
        join organisations team on team.id = m.organisation_id
       where ${brandKey('own.name')} = ${brandKey('team.name')}
         and (select count(*) from organisation_members x where x.organisation_id = own.id) = 1
       order by own.created_at`)) as { rows: { from_id: string; into_id: string }[] }
  ).rows;
  const merged = new Set<string>();
  for (const { from_id: from, into_id: into } of pairs) {
    if (merged.has(from) || merged.has(into)) continue;
    merged.add(from);
    const [src, dst] = (await Promise.all([
      knex('organisations').where('id', from).first('id', 'name', 'owner_user_id', 'newsroom_slug'),
      knex('organisations').where('id', into).first('id', 'name', 'owner_user_id', 'newsroom_slug'),
    ])) as [OrgRow, OrgRow];
    for (const table of ['press_releases', 'tasks', 'release_approvals', 'reporting_events', 'logo_uploads']) {
      await knex(table).where('organisation_id', from).update({ organisation_id: into });
    }
    await knex.raw(
      `insert into organisation_words (organisation_id, word, created_by, created_at)
         select ?, word, created_by, created_at from organisation_words w where w.organisation_id = ?
         on conflict do nothing`,
      [into, from],
    );
    await knex('unsubscribes').where('sender_organisation_id', from).update({ sender_organisation_id: into });
    // Sent versions keep their addresses where free; a clash takes the next number.
    const taken = new Set(
      ((await knex('release_sent_versions').where('organisation_id', into).whereNotNull('slug').pluck('slug')) as string[]),
    );
    const moving = (await knex('release_sent_versions').where('organisation_id', from).orderBy('sent_at').select('id', 'slug')) as {
      id: string;
      slug: string | null;
    }[];
    for (const v of moving) {
      let slug = v.slug;
      if (slug) {
        for (let n = 2; taken.has(slug); n++) slug = numberedSlug(v.slug!, n);
        taken.add(slug);
      }
      await knex('release_sent_versions').where('id', v.id).update({ organisation_id: into, slug });
    }
    if (src.newsroom_slug) {
      if (!dst.newsroom_slug) {
        await knex('organisations').where('id', from).update({ newsroom_slug: null });
        await knex('organisations').where('id', into).update({ newsroom_slug: src.newsroom_slug });
      } else {
        await knex('newsroom_redirects').insert({ slug: src.newsroom_slug, organisation_id: into }).onConflict('slug').ignore();
      }
    }
    await knex('newsroom_redirects').where('organisation_id', from).update({ organisation_id: into });
    await knex('organisations').where('id', from).delete();
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', NEW_AUDIT_ACTIONS).delete();
  await setAuditActions(knex, (await auditActions(knex)).filter((a) => !NEW_AUDIT_ACTIONS.includes(a)));
  await knex.schema.alterTable('profiles', (t) => {
    t.text('company_logo_url').nullable();
    t.text('default_category').nullable();
    t.text('newsroom_slug').nullable();
    t.boolean('newsroom_enabled').notNullable().defaultTo(true);
    t.text('boilerplate').nullable();
    t.text('press_contact_name').nullable();
    t.text('press_contact_email').nullable();
    t.text('press_contact_phone').nullable();
    t.text('plan_code').nullable();
    t.timestamp('trial_started_at', { useTz: true }).nullable();
    t.timestamp('trial_ends_at', { useTz: true }).nullable();
    t.timestamp('plan_activated_at', { useTz: true }).nullable();
    t.timestamp('trial_notice_for', { useTz: true }).nullable();
    t.timestamp('trial_ended_notice_for', { useTz: true }).nullable();
    t.dropColumn('active_organisation_id');
  });
  await knex.raw(`alter table profiles add constraint profiles_default_category_check check (default_category in (${sqlList(CATEGORIES)}))`);
  await knex.raw(`alter table profiles add constraint profiles_plan_code_check check (plan_code is null or plan_code in (${sqlList(PLAN_CODES)}))`);
  await knex.raw(`alter table profiles add constraint profiles_newsroom_slug_check check (newsroom_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
       and char_length(newsroom_slug) between ${NEWSROOM_SLUG.min} and ${NEWSROOM_SLUG.max})`);
  await knex.raw('create unique index profiles_newsroom_slug_unique on profiles (newsroom_slug) where newsroom_slug is not null');
  await knex.raw('create index profiles_plan_code_idx on profiles (plan_code)');
  await knex.raw('create index profiles_trial_ends_at_idx on profiles (trial_ends_at) where plan_activated_at is null');

  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('organisation_id');
  });
  await knex.raw('drop index organisation_members_owner_idx');
  await knex.raw('drop index organisations_created_by_idx');
  await knex.raw('alter table organisations drop constraint organisations_created_by_foreign');
  await knex.raw('alter table organisations rename column created_by to owner_user_id');
  await knex.raw('delete from organisations where owner_user_id is null');
  await knex.raw('alter table organisations alter column owner_user_id set not null');
  await knex.raw('alter table organisations add constraint workspaces_owner_user_id_foreign foreign key (owner_user_id) references users(id) on delete cascade');
  await knex.raw('alter table organisations add constraint workspaces_owner_user_id_unique unique (owner_user_id)');
  await knex.raw('drop trigger organisations_set_updated_at on organisations');
  await knex.raw('drop index organisations_newsroom_slug_unique');
  await knex.schema.alterTable('organisations', (t) => {
    for (const c of ['status', 'description', 'website', 'logo_url', 'default_category', 'newsroom_slug', 'newsroom_enabled', 'boilerplate',
      'press_contact_name', 'press_contact_email', 'press_contact_phone', 'plan_code', 'trial_started_at', 'trial_ends_at',
      'plan_activated_at', 'trial_notice_for', 'trial_ended_notice_for', 'updated_at']) {
      t.dropColumn(c);
    }
  });

  await knex.raw('drop index logo_uploads_organisation_id_idx');
  await knex.schema.alterTable('logo_uploads', (t) => {
    t.dropColumn('organisation_id');
  });
  await knex.raw('delete from logo_uploads where user_id is null');
  await knex.raw('alter table logo_uploads drop constraint logo_uploads_user_id_foreign');
  await knex.raw('alter table logo_uploads alter column user_id set not null');
  await knex.raw('alter table logo_uploads add constraint logo_uploads_user_id_foreign foreign key (user_id) references users(id) on delete cascade');
  await knex.raw('drop index unsubscribes_sender_organisation_id_idx');
  await knex.raw('drop index unsubscribes_target_unique');
  await knex.raw('alter table unsubscribes drop constraint unsubscribes_sender_organisation_id_foreign');
  await knex.raw('alter table unsubscribes drop constraint unsubscribes_scope_target_check');
  await knex.raw('alter table unsubscribes rename column sender_organisation_id to sender_client_id');
  await knex.raw('alter table unsubscribes add constraint unsubscribes_sender_client_id_foreign foreign key (sender_client_id) references users(id) on delete cascade');
  await knex.raw(`alter table unsubscribes add constraint unsubscribes_scope_target_check check (
      (scope = 'sender') = (sender_client_id is not null) and (scope = 'category') = (category is not null))`);
  await knex.raw(`create unique index unsubscribes_target_unique on unsubscribes (user_id, scope, coalesce(sender_client_id::text, ''), coalesce(category, ''))`);
  await knex.raw('create index unsubscribes_sender_client_id_idx on unsubscribes (sender_client_id)');

  await knex.raw('drop index reporting_events_newsroom_idx');
  await knex.raw('alter table reporting_events drop constraint reporting_events_organisation_id_foreign');
  await knex.raw('alter table reporting_events rename column organisation_id to client_id');
  await knex.raw('alter table reporting_events add constraint reporting_events_client_id_foreign foreign key (client_id) references users(id) on delete cascade');
  await knex.raw(`create index reporting_events_newsroom_idx on reporting_events (client_id, created_at) where channel = 'newsroom'`);

  await knex.raw('drop index release_sent_versions_organisation_slug_unique');
  await knex.raw('drop index release_sent_versions_organisation_sent_at_idx');
  await knex.schema.alterTable('release_sent_versions', (t) => {
    t.dropColumn('organisation_id');
  });
  await knex.raw('create unique index release_sent_versions_sender_slug_unique on release_sent_versions (sender_user_id, slug) where slug is not null');
  await knex.raw('create index release_sent_versions_sender_sent_at_idx on release_sent_versions (sender_user_id, sent_at desc)');

  await knex.schema.dropTable('newsroom_redirects');

  await knex.raw('drop index press_releases_organisation_id_created_at_idx');
  await knex.raw('drop index press_releases_author_id_idx');
  await knex.raw('alter table press_releases drop constraint press_releases_organisation_id_foreign');
  await knex.raw('alter table press_releases alter column organisation_id drop not null');
  await knex.raw('alter table press_releases drop constraint press_releases_author_id_foreign');
  await knex.raw('delete from press_releases where author_id is null');
  await knex.raw('alter table press_releases alter column author_id set not null');
  await knex.raw('alter table press_releases rename column author_id to client_id');
  await knex.raw('alter table press_releases add constraint press_releases_client_id_foreign foreign key (client_id) references users(id) on delete cascade');
  await knex.raw('alter table press_releases add constraint press_releases_workspace_id_foreign foreign key (organisation_id) references organisations(id) on delete set null');
  await knex.raw('create index press_releases_client_id_created_at_idx on press_releases (client_id, created_at desc)');
  await knex.raw('create index press_releases_workspace_id_idx on press_releases (organisation_id)');

  for (const table of ['organisation_members', 'organisation_invitations']) {
    await knex.raw(`alter table ${table} drop constraint ${table}_role_check`);
    await knex.raw(`update ${table} set role = case role when 'owner' then 'owner' when 'editor' then 'member' when 'reviewer' then 'member' else 'approver' end`);
    await knex.raw(`alter table ${table} alter column role set default 'member'`);
    await knex.raw(`alter table ${table} add constraint workspace_${table.slice('organisation_'.length)}_role_check check (role in ('owner', 'member', 'approver'))`);
  }

  for (const table of ['organisation_members', 'organisation_invitations', 'organisation_words', 'tasks', 'release_approvals', 'press_releases']) {
    await knex.raw(`alter table ${table} rename column organisation_id to workspace_id`);
  }
  await knex.raw('alter table organisation_words rename to workspace_words');
  await knex.raw('alter table organisation_invitations rename to workspace_invitations');
  await knex.raw('alter table organisation_members rename to workspace_members');
  await knex.raw('alter table organisations rename to workspaces');
}
