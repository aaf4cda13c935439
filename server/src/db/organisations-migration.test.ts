/**
 * The migration to organisations, run on databases the old code built: migrated up to the
 * migration before it, filled with rows of the old shapes (raw inserts, the old columns), then
 * migrated to the latest. The organisation must end up owning all the work, one per brand.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberedSlug, slugify } from '../../../shared/slug';
import { migrateLatest, migrateUpTo } from './migrate';
import { DEMO_EMAILS, DEMO_RELEASES, DEMO_TASKS, DEMO_USERS } from './seed/demo-data';
import { blocksToHtml, blocksToText, toSearchText } from './seed/text';
import { createTestDb, type TestDb } from '../test/db';

/** The last migration of the code before organisations. */
const BEFORE = '20261127000000_audit_refused_sends';
const BRAND = 'Αιγαίο Τεχνολογίες Α.Ε.';
const DAY = 86_400_000;

/** Columns that moved from the person's profile to the organisation. */
const MOVED = [
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
];

async function count(query: Knex.QueryBuilder): Promise<number> {
  const [row] = (await query.count<{ n: string | number }[]>('* as n')) as { n: string | number }[];
  return Number(row?.n ?? 0);
}

async function columnsOf(db: Knex, table: string): Promise<string[]> {
  const r = (await db.raw("select column_name from information_schema.columns where table_schema = 'public' and table_name = ?", [
    table,
  ])) as { rows: { column_name: string }[] };
  return r.rows.map((x) => x.column_name);
}

/** A user and their profile, as the old code stored them (company fields on the profile). */
async function oldUser(
  db: Knex,
  email: string,
  role: 'client' | 'media' | 'superadmin',
  profile: Record<string, unknown> = {},
): Promise<string> {
  const [u] = (await db('users')
    .insert({ email, encrypted_password: 'x', user_metadata: JSON.stringify({ role }), email_confirmed_at: new Date() })
    .returning('id')) as { id: string }[];
  await db('profiles').insert({ user_id: u!.id, email, name: email.split('@')[0], role, status: 'approved', onboarded: true, ...profile });
  return u!.id;
}

/** A client's workspace with its owner, as the old sign-up made it. */
async function oldWorkspace(db: Knex, ownerId: string, name: string, approvalRequired = false): Promise<string> {
  const [w] = (await db('workspaces').insert({ owner_user_id: ownerId, name, approval_required: approvalRequired }).returning('id')) as {
    id: string;
  }[];
  await db('workspace_members').insert({ workspace_id: w!.id, user_id: ownerId, role: 'owner' });
  return w!.id;
}

/** A release of the old shape: `client_id` is who wrote it, `workspace_id` where (null before workspaces). */
async function oldRelease(
  db: Knex,
  r: { title: string; clientId: string; workspaceId: string | null; status?: 'draft' | 'sent' | 'scheduled'; sentAt?: Date; text?: string },
): Promise<string> {
  const text = r.text ?? `${r.title}: κείμενο.`;
  const [row] = (await db('press_releases')
    .insert({
      title: r.title,
      content: `<p>${text}</p>`,
      content_text: text,
      search_text: toSearchText(r.title, text),
      category: 'tech',
      status: r.status ?? 'draft',
      client_id: r.clientId,
      workspace_id: r.workspaceId,
      media_list_categories: ['tech'],
      sent_at: r.status === 'sent' ? (r.sentAt ?? new Date()) : null,
      scheduled_at: r.status === 'scheduled' ? new Date(Date.now() + DAY) : null,
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

/** What the old send froze: the sender is the workspace's owner, the slug unique per sender. */
async function oldSentVersion(db: Knex, releaseId: string, senderId: string, senderName: string, slug: string, sentAt: Date): Promise<void> {
  const r = (await db('press_releases').where('id', releaseId).first()) as Record<string, unknown>;
  await db('release_sent_versions').insert({
    press_release_id: releaseId,
    title: r.title,
    content: r.content,
    content_text: r.content_text,
    search_text: r.search_text,
    category: r.category,
    media_list_categories: r.media_list_categories,
    attachments: JSON.stringify([]),
    sender_user_id: senderId,
    sender_name: senderName,
    slug,
    sent_at: sentAt,
  });
}

describe('migration to organisations, on a database of the old code', () => {
  let t: TestDb;
  let db: Knex;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
    db = t.db;
    expect((await migrateUpTo(db, BEFORE)).at(-1)).toBe(BEFORE);
    expect(await columnsOf(db, 'press_releases')).toContain('client_id');

    const trialEnds = new Date(Date.now() + 5 * DAY);
    id.owner = await oldUser(db, 'owner@old.test', 'client', {
      organization: BRAND,
      description: 'Λογισμικό και cloud.',
      website: 'https://aigaio-tech.example',
      default_category: 'tech',
      company_logo_url: '/api/profile/logo/owner-logo.png',
      newsroom_slug: 'aigaio-technologies',
      boilerplate: 'Η Αιγαίο Τεχνολογίες ιδρύθηκε το 2012.',
      press_contact_name: 'Μαρία',
      press_contact_email: 'press@aigaio.example',
      press_contact_phone: '210 000 0000',
      plan_code: 'pro',
      trial_started_at: new Date(Date.now() - 9 * DAY),
      trial_ends_at: trialEnds,
    });
    // She joined the team, but only after signing up as a company of the same name: her own
    // workspace, newsroom, trial and a release sent from there.
    id.member = await oldUser(db, 'member@old.test', 'client', {
      // Typed as Greek users often do: capitals without accents.
      organization: ' ΑΙΓΑΙΟ  ΤΕΧΝΟΛΟΓΙΕΣ Α.Ε. ',
      default_category: 'economy',
      company_logo_url: '/api/profile/logo/member-logo.png',
      newsroom_slug: 'aigaio-technologies-2',
      plan_code: 'starter',
      trial_started_at: new Date(),
      trial_ends_at: new Date(Date.now() + 14 * DAY),
    });
    id.approver = await oldUser(db, 'approver@old.test', 'client', { organization: 'Γραφείο Επικοινωνίας Ε.Ε.' });
    id.journalist = await oldUser(db, 'journalist@old.test', 'media', { organization: 'TechPulse.gr', website: 'https://techpulse.example' });

    id.team = await oldWorkspace(db, id.owner, BRAND, true);
    id.memberOwn = await oldWorkspace(db, id.member, BRAND);
    id.approverOwn = await oldWorkspace(db, id.approver, 'Γραφείο Επικοινωνίας Ε.Ε.');
    await db('workspace_members').insert([
      { workspace_id: id.team, user_id: id.member, role: 'member' },
      { workspace_id: id.team, user_id: id.approver, role: 'approver' },
    ]);

    const sentAt = new Date(Date.now() - 3 * DAY);
    id.teamSent = await oldRelease(db, { title: 'Νέα πλατφόρμα', clientId: id.owner, workspaceId: id.team, status: 'sent', sentAt });
    await oldSentVersion(db, id.teamSent, id.owner, BRAND, 'nea-platforma', sentAt);
    id.legacy = await oldRelease(db, { title: 'Πριν από τους χώρους εργασίας', clientId: id.owner, workspaceId: null });
    id.memberInTeam = await oldRelease(db, { title: 'Προσχέδιο της Ελένης', clientId: id.member, workspaceId: id.team });
    id.memberSent = await oldRelease(db, { title: 'Νέα πλατφόρμα', clientId: id.member, workspaceId: id.memberOwn, status: 'sent', sentAt: new Date() });
    await oldSentVersion(db, id.memberSent, id.member, BRAND, 'nea-platforma', new Date());

    // The journalist blocked her (and the owner too: one block of the company remains).
    await db('unsubscribes').insert([
      { user_id: id.journalist, scope: 'sender', sender_client_id: id.member },
      { user_id: id.journalist, scope: 'sender', sender_client_id: id.owner },
      { user_id: id.journalist, scope: 'category', category: 'sports' },
    ]);
    await db('reporting_events').insert([
      { kind: 'view', channel: 'newsroom', client_id: id.member, is_proxy: false },
      { kind: 'view', channel: 'newsroom', client_id: id.owner, press_release_id: id.teamSent, is_proxy: false },
    ]);
    await db('logo_uploads').insert([
      { file: 'owner-logo.png', user_id: id.owner },
      { file: 'member-logo.png', user_id: id.member },
    ]);
    await db('tasks').insert([
      { workspace_id: id.team, title: 'Φωτογραφίες', created_by: id.owner, assignee_user_id: id.member, press_release_id: id.memberInTeam },
      { workspace_id: id.memberOwn, title: 'Δική της λίστα', created_by: id.member },
    ]);
    await db('workspace_words').insert([
      { workspace_id: id.team, word: 'Νηρηίδα', created_by: id.owner },
      { workspace_id: id.memberOwn, word: 'νηρηίδα', created_by: id.member },
      { workspace_id: id.memberOwn, word: 'Σίνδος', created_by: id.member },
    ]);

    await migrateLatest(db);
  }, 120_000);

  afterAll(async () => {
    await t?.destroy();
  });

  it('makes one organisation of the brand, with the owner, the member (editor: the rule was on) and the approver (publisher)', async () => {
    const brands = await db('organisations').whereRaw('lower(btrim(name)) = lower(?)', [BRAND]).select('id');
    expect(brands).toEqual([{ id: id.team }]);
    const members = await db('organisation_members').where('organisation_id', id.team).orderBy('role').select('user_id', 'role');
    expect(members).toEqual([
      { user_id: id.member, role: 'editor' },
      { user_id: id.owner, role: 'owner' },
      { user_id: id.approver, role: 'publisher' },
    ]);
    // The approver's own, differently named company stays hers.
    expect(await db('organisation_members').where('user_id', id.approver).orderBy('role').select('organisation_id', 'role')).toEqual([
      { organisation_id: id.approverOwn, role: 'owner' },
      { organisation_id: id.team, role: 'publisher' },
    ]);
    const activeOf = async (userId: string | undefined) =>
      ((await db('profiles').where('user_id', userId!).first('active_organisation_id')) as { active_organisation_id: string | null })
        .active_organisation_id;
    expect(await activeOf(id.owner)).toBe(id.team);
    expect(await activeOf(id.member)).toBe(id.team);
    expect(await activeOf(id.approver)).toBe(id.approverOwn);
    expect(await db('organisations').where('id', id.memberOwn).first()).toBeUndefined();
  });

  it('puts every release, of both members, in the organisation, keeping who wrote it', async () => {
    const rows = await db('press_releases').orderBy('created_at').select('id', 'organisation_id', 'author_id');
    expect(rows).toEqual([
      { id: id.teamSent, organisation_id: id.team, author_id: id.owner },
      { id: id.legacy, organisation_id: id.team, author_id: id.owner },
      { id: id.memberInTeam, organisation_id: id.team, author_id: id.member },
      { id: id.memberSent, organisation_id: id.team, author_id: id.member },
    ]);
    expect(await columnsOf(db, 'press_releases')).not.toContain('client_id');
  });

  it('redirects her newsroom to the team and renumbers her sent address that clashed with the team’s', async () => {
    expect(await db('newsroom_redirects').select('slug', 'organisation_id')).toEqual([
      { slug: 'aigaio-technologies-2', organisation_id: id.team },
    ]);
    const versions = await db('release_sent_versions').orderBy('sent_at').select('press_release_id', 'organisation_id', 'slug', 'sender_user_id');
    expect(versions).toEqual([
      { press_release_id: id.teamSent, organisation_id: id.team, slug: 'nea-platforma', sender_user_id: id.owner },
      { press_release_id: id.memberSent, organisation_id: id.team, slug: numberedSlug('nea-platforma', 2), sender_user_id: id.member },
    ]);
  });

  it('moves the block, the newsroom views, the logos, the tasks and the words to the organisation', async () => {
    expect(await db('unsubscribes').where('user_id', id.journalist).orderBy('scope', 'desc').select('scope', 'sender_organisation_id', 'category')).toEqual([
      { scope: 'sender', sender_organisation_id: id.team, category: null },
      { scope: 'category', sender_organisation_id: null, category: 'sports' },
    ]);
    expect(await db('reporting_events').where('channel', 'newsroom').pluck('organisation_id')).toEqual([id.team, id.team]);
    expect(await db('logo_uploads').orderBy('file').select('file', 'organisation_id')).toEqual([
      { file: 'member-logo.png', organisation_id: id.team },
      { file: 'owner-logo.png', organisation_id: id.team },
    ]);
    expect(await db('tasks').orderBy('title').select('title', 'organisation_id')).toEqual([
      { title: 'Δική της λίστα', organisation_id: id.team },
      { title: 'Φωτογραφίες', organisation_id: id.team },
    ]);
    expect((await db('organisation_words').where('organisation_id', id.team).pluck('word')).sort()).toEqual(['Νηρηίδα', 'Σίνδος']);
  });

  it('moves the company profile, newsroom, plan and trial to the organisation and off the profiles', async () => {
    const org = (await db('organisations').where('id', id.team).first()) as Record<string, unknown>;
    expect(org).toMatchObject({
      name: BRAND,
      status: 'approved',
      created_by: id.owner,
      approval_required: true,
      description: 'Λογισμικό και cloud.',
      website: 'https://aigaio-tech.example',
      logo_url: '/api/profile/logo/owner-logo.png',
      default_category: 'tech',
      newsroom_slug: 'aigaio-technologies',
      newsroom_enabled: true,
      boilerplate: 'Η Αιγαίο Τεχνολογίες ιδρύθηκε το 2012.',
      press_contact_email: 'press@aigaio.example',
      plan_code: 'pro',
    });
    expect(org.trial_ends_at).toBeInstanceOf(Date);
    const profileColumns = await columnsOf(db, 'profiles');
    for (const c of MOVED) expect(profileColumns).not.toContain(c);
    expect(profileColumns).toContain('active_organisation_id');
    // A journalist's own limit of releases per day stays hers.
    expect(profileColumns).toContain('daily_release_limit');
    // A client's company fields are the organisation's; a journalist keeps her outlet.
    const people = await db('profiles').orderBy('email').select('email', 'organization', 'description', 'website');
    expect(people).toEqual([
      { email: 'approver@old.test', organization: null, description: null, website: null },
      { email: 'journalist@old.test', organization: 'TechPulse.gr', description: null, website: 'https://techpulse.example' },
      { email: 'member@old.test', organization: null, description: null, website: null },
      { email: 'owner@old.test', organization: null, description: null, website: null },
    ]);
  });

  it('keeps every release when a member is deleted (the author becomes unknown)', async () => {
    await db('users').where('id', id.member).delete();
    const rows = await db('press_releases').orderBy('created_at').select('id', 'organisation_id', 'author_id');
    expect(rows).toEqual([
      { id: id.teamSent, organisation_id: id.team, author_id: id.owner },
      { id: id.legacy, organisation_id: id.team, author_id: id.owner },
      { id: id.memberInTeam, organisation_id: id.team, author_id: null },
      { id: id.memberSent, organisation_id: id.team, author_id: null },
    ]);
    expect(await count(db('release_sent_versions'))).toBe(2);
    expect(await count(db('tasks').where('organisation_id', id.team))).toBe(2);
    // The logo she uploaded is the organisation's: it stays.
    expect(await db('logo_uploads').orderBy('file').pluck('file')).toEqual(['member-logo.png', 'owner-logo.png']);
    expect(await db('organisation_members').where('organisation_id', id.team).pluck('user_id')).not.toContain(id.member);
  });
});

describe('migration to organisations, on the demo data as the old code seeded it', () => {
  let t: TestDb;
  let db: Knex;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
    db = t.db;
    await migrateUpTo(db, BEFORE);
    const now = Date.now();
    // The old seed: company fields, newsroom and plan on each client's profile; the colleague a
    // client of the same company, and a 'member' of the owner's workspace.
    for (const u of DEMO_USERS) {
      const createdAt = new Date(now - u.createdDaysAgo * DAY);
      const organization = u.memberOf ? BRAND : (u.organization ?? null);
      const [row] = (await db('users')
        .insert({ email: u.email, encrypted_password: 'x', user_metadata: JSON.stringify({ role: u.role }), created_at: createdAt })
        .returning('id')) as { id: string }[];
      ids.set(u.email, row!.id);
      await db('profiles').insert({
        user_id: row!.id,
        email: u.email,
        name: u.name,
        role: u.role,
        status: u.status,
        organization,
        description: u.description ?? null,
        website: u.website ?? null,
        default_category: u.defaultCategory ?? null,
        categories: u.categories ?? [],
        ...u.newsroom,
        ...(u.role === 'client'
          ? { plan_code: u.plan ?? 'pro', trial_started_at: createdAt, trial_ends_at: new Date(createdAt.getTime() + 14 * DAY) }
          : {}),
        created_at: createdAt,
      });
    }
    const clientId = ids.get(DEMO_EMAILS.client)!;
    const colleagueId = ids.get(DEMO_EMAILS.colleague)!;
    const ws = await oldWorkspace(db, clientId, BRAND);
    await db('workspace_members').insert({ workspace_id: ws, user_id: colleagueId, role: 'member' });
    for (const r of DEMO_RELEASES) {
      const text = blocksToText(r.blocks);
      const sentAt = r.status === 'sent' ? new Date(now - r.createdDaysAgo * DAY) : null;
      const [row] = (await db('press_releases')
        .insert({
          title: r.title,
          content: blocksToHtml(r.blocks),
          content_text: text,
          search_text: toSearchText(r.title, text),
          category: r.category,
          status: r.status,
          client_id: clientId,
          workspace_id: ws,
          media_list_categories: r.category ? [r.category] : [],
          sent_at: sentAt,
          scheduled_at: r.status === 'scheduled' ? new Date(now + DAY) : null,
        })
        .returning('id')) as { id: string }[];
      if (sentAt) await oldSentVersion(db, row!.id, clientId, BRAND, slugify(r.title, 80), sentAt);
    }
    for (const task of DEMO_TASKS) {
      await db('tasks').insert({ workspace_id: ws, title: task.title, created_by: task.createdBy === 'client' ? clientId : colleagueId });
    }
    await migrateLatest(db);
  }, 120_000);

  afterAll(async () => {
    await t?.destroy();
  });

  it('gives the brand one organisation and one newsroom, owning every release and task', async () => {
    const brand = (await db('organisations').where('name', BRAND).select('id', 'newsroom_slug', 'status', 'plan_code')) as {
      id: string;
      newsroom_slug: string;
    }[];
    expect(brand).toHaveLength(1);
    const org = brand[0]!;
    expect(org).toMatchObject({ newsroom_slug: 'aigaio-technologies', status: 'approved', plan_code: 'pro' });
    expect(await db('organisations').whereNotNull('newsroom_slug').pluck('newsroom_slug')).toEqual(['aigaio-technologies']);
    expect(await count(db('press_releases').whereNot('organisation_id', org.id))).toBe(0);
    expect(await count(db('press_releases'))).toBe(DEMO_RELEASES.length);
    expect(await count(db('release_sent_versions').whereNot('organisation_id', org.id))).toBe(0);
    expect(await count(db('tasks').whereNot('organisation_id', org.id))).toBe(0);
    // The colleague's company of the same name was merged; the workspace had no approval rule: a publisher.
    expect(await db('organisation_members').where('organisation_id', org.id).orderBy('role').select('user_id', 'role')).toEqual([
      { user_id: ids.get(DEMO_EMAILS.client), role: 'owner' },
      { user_id: ids.get(DEMO_EMAILS.colleague), role: 'publisher' },
    ]);
  });

  it('makes each pending or rejected company an organisation in that state, with its owner', async () => {
    const rows = await db('organisations as o')
      .join('organisation_members as m', 'm.organisation_id', 'o.id')
      .join('users as u', 'u.id', 'm.user_id')
      .whereNot('o.name', BRAND)
      .select('o.name', 'o.status', 'm.role', 'u.email');
    const byEmail = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);
    expect([...rows].sort(byEmail)).toEqual(
      DEMO_USERS.filter((u) => u.role === 'client' && !u.memberOf && u.email !== DEMO_EMAILS.client)
        .map((u) => ({ name: u.organization, status: u.status, role: 'owner', email: u.email }))
        .sort(byEmail),
    );
  });
});

/**
 * Rows the migration cannot give to an organisation. Every client gets one (step 2), so only a
 * user who is no longer a client owns nothing: the superadmin's role change (admin-users,
 * 'role_change') could make a client a journalist, and workspaces were made lazily, so such a
 * former client may have releases with no workspace (workspace_id null), newsroom views and
 * sender blocks of their own. What happens to each is deliberate.
 */
describe('migration to organisations: what belonged to a user who is no longer a client', () => {
  let t: TestDb;
  let db: Knex;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
    db = t.db;
    await migrateUpTo(db, BEFORE);
    // A client who never had a workspace: gets an organisation, and her old draft with it.
    id.client = await oldUser(db, 'client@gone.test', 'client', { organization: 'Μένει Α.Ε.' });
    // A client made a journalist by the superadmin (no workspace, so no organisation now).
    id.former = await oldUser(db, 'former@gone.test', 'media', { organization: 'Πρώην πελάτης' });
    id.journalist = await oldUser(db, 'journalist@gone.test', 'media');

    id.kept = await oldRelease(db, { title: 'Προσχέδιο πελάτισσας', clientId: id.client, workspaceId: null });
    id.orphan = await oldRelease(db, { title: 'Προσχέδιο πρώην πελάτη', clientId: id.former, workspaceId: null });
    await db('unsubscribes').insert([
      { user_id: id.journalist, scope: 'sender', sender_client_id: id.former },
      { user_id: id.journalist, scope: 'sender', sender_client_id: id.client },
    ]);
    await db('reporting_events').insert([
      { kind: 'view', channel: 'newsroom', client_id: id.former, is_proxy: false },
      { kind: 'view', channel: 'newsroom', client_id: id.client, is_proxy: false },
      // A release's own event names no newsroom owner: it is the release's, whoever owns that.
      { kind: 'open', channel: 'email', client_id: null, press_release_id: id.kept, is_proxy: false },
    ]);
    await migrateLatest(db);
  }, 120_000);

  afterAll(async () => {
    await t?.destroy();
  });

  it('moves a client’s draft without a workspace to her new organisation; drops the draft of the former client', async () => {
    const org = (await db('organisation_members').where({ user_id: id.client, role: 'owner' }).first('organisation_id')) as { organisation_id: string };
    expect(await db('press_releases').orderBy('title').select('id', 'organisation_id', 'author_id')).toEqual([
      { id: id.kept, organisation_id: org.organisation_id, author_id: id.client },
    ]);
    // Dropped on purpose: a journalist has no organisation and gets none (the migration makes
    // organisations of clients only); the draft was unreachable already (releases are a client's,
    // and a journalist's session never opened it), never sent, so no copy of it exists anywhere.
    expect(await db('press_releases').where('id', id.orphan).first('id')).toBeUndefined();
    expect(await db('organisation_members').where('user_id', id.former).first()).toBeUndefined();
  });

  it('drops the former client’s newsroom views and the block of them as a sender; keeps the rest', async () => {
    const org = (await db('organisation_members').where({ user_id: id.client, role: 'owner' }).first('organisation_id')) as { organisation_id: string };
    // Newsroom views count for a newsroom's organisation; the former client has neither a
    // newsroom nor an organisation now, so nobody could ever read them in a report.
    expect(await db('reporting_events').orderBy('id').select('channel', 'organisation_id', 'press_release_id')).toEqual([
      { channel: 'newsroom', organisation_id: org.organisation_id, press_release_id: null },
      { channel: 'email', organisation_id: null, press_release_id: id.kept },
    ]);
    // A block of a sender who can no longer send (no organisation mails on their behalf) blocks
    // nothing; kept, it would need a sender_organisation_id that does not exist.
    expect(await db('unsubscribes').where('user_id', id.journalist).select('scope', 'sender_organisation_id')).toEqual([
      { scope: 'sender', sender_organisation_id: org.organisation_id },
    ]);
  });
});

/**
 * The same former client, with a release they sent while a client (before workspaces): its copy
 * is in journalists' inboxes and in the sender's newsroom (release_sent_versions, which refuses
 * to lose its release: ON DELETE RESTRICT). A sent release must survive the migration as every
 * other sent release does, so the migration has to finish and keep it.
 */
describe('migration to organisations: a release the former client sent', () => {
  let t: TestDb;
  let db: Knex;
  const id: Record<string, string> = {};
  let migrated: unknown;

  beforeAll(async () => {
    t = await createTestDb({ migrate: false });
    db = t.db;
    await migrateUpTo(db, BEFORE);
    id.former = await oldUser(db, 'former@sent.test', 'media', { organization: 'Πρώην πελάτης' });
    const sentAt = new Date(Date.now() - 30 * DAY);
    id.sent = await oldRelease(db, { title: 'Σταλμένο πριν τους χώρους', clientId: id.former, workspaceId: null, status: 'sent', sentAt });
    await oldSentVersion(db, id.sent, id.former, 'Πρώην πελάτης', 'stalmeno', sentAt);
    migrated = await migrateLatest(db).then(
      () => 'done',
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
  }, 120_000);

  afterAll(async () => {
    await t?.destroy();
  });

  it('finishes, and keeps the sent release and its sent copy', async () => {
    expect(migrated).toBe('done');
    expect(await db('press_releases').where('id', id.sent).first('id')).toEqual({ id: id.sent });
    expect(await count(db('release_sent_versions').where('press_release_id', id.sent))).toBe(1);
  });
});
