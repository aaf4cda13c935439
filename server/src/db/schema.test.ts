import argon2 from 'argon2';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, PLAN_FEATURE_KEYS } from '../../../shared/constants';
import { createTestDb, type TestDb } from '../test/db';
import type { Db } from './knex';
import { migrateDownAll, migrateLatest, migrationNames, migrationsCurrent } from './migrate';
import { seed } from './seed/index';
import { toSearchText } from '../../../shared/search-text';

/**
 * Schema and seed tests on a fresh database: a copy of the run's migrated template (Postgres
 * at DATABASE_URL, dropped afterwards) or of its PGlite snapshot (in memory).
 */
let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
}, 60_000);

afterAll(async () => {
  await t?.destroy();
});

/** Rows of a raw query. */
async function sql<T>(text: string, bindings: readonly Knex.RawBinding[] = []): Promise<T[]> {
  const result = await db.raw<{ rows: T[] }>(text, bindings);
  return result.rows;
}

/** The first row of a query; fails the test when there is none. */
async function one<T>(query: Knex.QueryBuilder): Promise<T> {
  const row = (await query.first()) as T | undefined;
  if (row === undefined) throw new Error(`no row for ${query.toQuery()}`);
  return row;
}

async function count(query: Knex.QueryBuilder): Promise<number> {
  const { sql: text, bindings } = query.toSQL();
  const [row] = await sql<{ n: number }>(`select count(*)::int as n from (${text}) q`, bindings);
  return row?.n ?? 0;
}

async function publicTables(): Promise<string[]> {
  const rows = await sql<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
  );
  return rows.map((x) => x.table_name);
}

/** Columns, indexes, constraints, triggers and functions of the public schema, sorted. */
async function schemaSnapshot(): Promise<Record<string, string[]>> {
  const line = (r: Record<string, unknown>): string => Object.values(r).map(String).join(' | ');
  const notKnex = (r: { table_name: string }): boolean =>
    !r.table_name.startsWith('knex_migrations');
  const columns = await sql<{ table_name: string }>(`
    select table_name, column_name, data_type, udt_name, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'`);
  const indexes = await sql<{ table_name: string }>(`
    select tablename as table_name, indexname, indexdef
    from pg_indexes where schemaname = 'public'`);
  // NOT NULL is in the column list; Postgres 17 (PGlite) also lists it as constraints, 15 not.
  const constraints = await sql<{ table_name: string }>(`
    select rel.relname as table_name, con.conname, con.contype::text as contype,
           pg_get_constraintdef(con.oid) as def
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where ns.nspname = 'public' and con.contype <> 'n'`);
  const triggers = await sql<{ table_name: string }>(`
    select event_object_table as table_name, trigger_name, action_timing, event_manipulation,
           action_statement
    from information_schema.triggers where trigger_schema = 'public'`);
  const functions = await sql<{ proname: string }>(`
    select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'`);
  return {
    columns: columns.filter(notKnex).map(line).sort(),
    indexes: indexes.filter(notKnex).map(line).sort(),
    constraints: constraints.filter(notKnex).map(line).sort(),
    triggers: triggers.map(line).sort(),
    functions: functions.map((r) => r.proname).sort(),
  };
}

const ALL_TABLES = [
  'users',
  'auth_sessions',
  'refresh_tokens',
  'auth_tokens',
  'login_attempts',
  'profiles',
  'cookie_consents',
  'status_pages',
  'incidents',
  'plans',
  'leads',
  'demo_requests',
  'organisations',
  'organisation_members',
  'organisation_words',
  'organisation_invitations',
  'press_releases',
  'release_attachments',
  'release_sent_versions',
  'reporting',
  'reporting_events',
  'deliveries',
  'unsubscribes',
  'media_lists',
  'audit_logs',
  'tasks',
  'notifications',
  'yjs_documents',
  'yjs_updates',
  'mail_outbox',
  'jobs',
  'platform_settings',
  'rate_limits',
  'logo_uploads',
  'collab_ticket_uses',
  'release_versions',
  'release_edit_marks',
  'release_approvals',
  'newsroom_redirects',
  'release_comments',
  'release_suggestions',
  'bounce_events',
  'suppressions',
  'sending_domains',
  'domain_throttles',
  'webhook_nonces',
  'inbox_counters',
  'account_erasures',
  'web_push_subscriptions',
  'web_push_sends',
  'web_push_vapid_keys',
];

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ALL_TABLES) out[t] = await count(db(t));
  return out;
}

interface ProfileRow {
  user_id: string;
  email: string;
  role: string;
  organization: string | null;
  onboarded: boolean;
  categories: string[];
  active_organisation_id: string | null;
}

interface OrganisationRow {
  id: string;
  name: string;
  status: string;
  created_by: string | null;
  default_category: string | null;
  newsroom_slug: string | null;
  plan_code: string | null;
  trial_ends_at: Date | null;
  approval_required: boolean;
}

describe('database schema', () => {
  it('migrates down to nothing, and up again to the same schema', async () => {
    // The database starts as a copy of the template the migrations made (migrateLatest).
    expect(await migrationsCurrent(db)).toBe(true);

    expect(await publicTables()).toEqual(
      [...ALL_TABLES, 'knex_migrations', 'knex_migrations_lock'].sort(),
    );
    const first = await schemaSnapshot();
    expect(first.columns!.length).toBeGreaterThan(200);
    expect(first.functions).toEqual([
      'deliveries_fill_inbox',
      'deliveries_inbox_counters_delete',
      'deliveries_inbox_counters_insert',
      'deliveries_inbox_counters_update',
      'deliveries_to_sent_recipients',
      'press_releases_lifecycle_guard',
      'release_sent_versions_recipients',
      'release_sent_versions_to_inbox',
      'reporting_coverage_count',
      'set_updated_at',
    ]);

    await migrateDownAll(db);
    expect(await publicTables()).toEqual(['knex_migrations', 'knex_migrations_lock']);
    const empty = await schemaSnapshot();
    expect(empty).toEqual({
      columns: [],
      indexes: [],
      constraints: [],
      triggers: [],
      functions: [],
    });

    expect(await migrateLatest(db)).toEqual(migrationNames());
    expect(await migrationsCurrent(db)).toBe(true);
    expect(await schemaSnapshot()).toEqual(first);
  });

  it('uses timestamptz for every timestamp', async () => {
    const plain = await sql<{ table_name: string; column_name: string }>(`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type = 'timestamp without time zone'
        and table_name not like 'knex_migrations%'`);
    expect(plain).toEqual([]);
  });

  it('has an index for the queries of the spec', async () => {
    const rows = await sql<{ indexdef: string }>(
      "select indexdef from pg_indexes where schemaname = 'public'",
    );
    const defs = rows.map((x) => x.indexdef.replace(/"/g, ''));
    const has = (re: RegExp): boolean => defs.some((d) => re.test(d));
    expect(has(/ON public\.profiles USING btree \(role, created_at DESC\)/)).toBe(true);
    expect(has(/ON public\.profiles USING btree \(lower\(email\)\)/)).toBe(true);
    expect(has(/ON public\.press_releases USING btree \(organisation_id, created_at DESC\)/)).toBe(true);
    expect(has(/ON public\.press_releases USING btree \(author_id\)/)).toBe(true);
    expect(has(/UNIQUE INDEX .* ON public\.organisations USING btree \(newsroom_slug\)/)).toBe(true);
    expect(has(/ON public\.organisations USING btree \(trial_ends_at\) WHERE \(plan_activated_at IS NULL\)/)).toBe(true);
    expect(has(/UNIQUE INDEX .* ON public\.release_sent_versions USING btree \(organisation_id, slug\)/)).toBe(true);
    expect(has(/ON public\.press_releases USING btree \(status, scheduled_at\)/)).toBe(true);
    expect(has(/ON public\.incidents USING btree \(started_at DESC\)/)).toBe(true);
    expect(has(/ON public\.plans USING btree \(is_active, monthly_price\)/)).toBe(true);
    expect(has(/UNIQUE INDEX .* ON public\.reporting USING btree \(press_release_id\)/)).toBe(true);
    expect(has(/ON public\.tasks USING btree \(organisation_id, created_at DESC\)/)).toBe(true);
    expect(has(/ON public\.media_lists USING btree \(category\)/)).toBe(true);
    expect(has(/ON public\.audit_logs USING btree \(created_at DESC\)/)).toBe(true);
    expect(has(/ON public\.audit_logs USING btree \(action_type\)/)).toBe(true);
    expect(has(/ON public\.audit_logs USING btree \(actor_user_id\)/)).toBe(true);
    // A media list's page and the audit log's page for one action, each read in its order (issue 32: flat at 100× the demo).
    expect(has(/ON public\.media_lists USING btree \(category, created_at DESC, id DESC\)/)).toBe(true);
    expect(has(/ON public\.audit_logs USING btree \(action_type, created_at DESC, id DESC\)/)).toBe(true);
    // The report's per-release downloads and newsroom views, each a probe of that release's few such events.
    expect(has(/ON public\.reporting_events USING btree \(press_release_id\) WHERE \(\(kind = 'download'::text\) AND \(NOT is_proxy\)\)/)).toBe(true);
    expect(has(/ON public\.reporting_events USING btree \(press_release_id\) WHERE \(\(channel = 'newsroom'::text\) AND \(NOT is_proxy\)\)/)).toBe(true);
    // The release search's trigram index (LIKE '%…%' on the folded text) and the report's counted newsroom views by organisation and time.
    expect(has(/ON public\.press_releases USING gin \(search_text trgm\.gin_trgm_ops\)/)).toBe(true);
    expect(has(/ON public\.reporting_events USING btree \(organisation_id, created_at\) WHERE \(\(channel = 'newsroom'::text\) AND \(NOT is_proxy\)\)/)).toBe(true);
    expect(has(/UNIQUE INDEX .* ON public\.users USING btree \(lower\(email\)\)/)).toBe(true);
    // Comments on the text: a release's comments in order, and its open threads counted by index.
    expect(has(/ON public\.release_comments USING btree \(press_release_id, created_at\)/)).toBe(true);
    expect(has(/ON public\.release_comments USING btree \(press_release_id\) WHERE \(\(thread_id IS NULL\) AND \(resolved_at IS NULL\) AND \(deleted_at IS NULL\)\)/)).toBe(true);
  });

  it("calls the inbox's fill trigger only for a delivery that lacks the sent version's values (a send writes them itself)", async () => {
    const [fill] = await sql<{ def: string }>("select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'deliveries_fill_inbox'");
    expect(fill?.def).toMatch(/BEFORE INSERT ON public\.deliveries FOR EACH ROW WHEN \(\(new\.release_sent_at IS NULL\)\) EXECUTE FUNCTION deliveries_fill_inbox\(\)/);
  });

  it("leaves room on the inbox counters' pages, so a send's 1,000 counter updates stay on their pages (no index entry each)", async () => {
    const [counters] = await sql<{ options: string[] | null }>("select reloptions as options from pg_class where relname = 'inbox_counters' and relkind = 'r'");
    expect(counters?.options).toEqual(['fillfactor=50']);
  });

  it('allows every audit action the code writes (the audit writes a known action without a savepoint)', async () => {
    const [check] = await sql<{ def: string }>("select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'audit_logs_action_type_check'");
    const allowed = new Set([...(check?.def ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]));
    expect(AUDIT_ACTIONS.filter((a) => !allowed.has(a))).toEqual([]);
  });

  it('seeds idempotently', async () => {
    await seed(db, { demo: true, hashCost: 'test' });
    const once = await rowCounts();
    expect(once.plans).toBe(3);
    expect(once.status_pages).toBe(1);
    expect(once.press_releases).toBeGreaterThanOrEqual(12);
    await seed(db, { demo: true, hashCost: 'test' });
    await seed(db, { demo: false });
    expect(await rowCounts()).toEqual(once);
  });

  it('keeps changes made to seeded rows', async () => {
    await db('plans').where({ code: 'pro' }).update({ name: 'Pro (αλλαγμένο)' });
    await db('platform_settings')
      .where({ key: 'signup_requires_approval' })
      .update({ value: JSON.stringify(false) });
    await seed(db, { demo: true, hashCost: 'test' });
    const plan = await one<{ name: string }>(db('plans').where({ code: 'pro' }));
    expect(plan.name).toBe('Pro (αλλαγμένο)');
    const setting = await one<{ value: unknown }>(
      db('platform_settings').where({ key: 'signup_requires_approval' }),
    );
    expect(setting.value).toBe(false);
    await db('plans').where({ code: 'pro' }).update({ name: 'Pro' });
    await db('platform_settings')
      .where({ key: 'signup_requires_approval' })
      .update({ value: JSON.stringify(true) });
  });

  it('seeds the plans with prices in cents and all nine feature keys', async () => {
    const plans = await db('plans')
      .where({ is_active: true })
      .orderBy('monthly_price', 'asc')
      .select<
        {
          code: string;
          name: string;
          description: string;
          monthly_price: number | null;
          yearly_price: number | null;
          features: Record<string, unknown>;
        }[]
      >('*');
    expect(plans.map((p) => [p.code, p.name, p.monthly_price, p.yearly_price])).toEqual([
      ['starter', 'Starter', 4900, 49000],
      ['pro', 'Pro', 14900, 149000],
      ['enterprise', 'Enterprise', null, null],
    ]);
    for (const p of plans) {
      expect(p.description).toMatch(/[α-ω]/);
      expect(Object.keys(p.features).sort()).toEqual([...PLAN_FEATURE_KEYS].sort());
      for (const v of Object.values(p.features)) {
        const ok =
          typeof v === 'boolean' ||
          typeof v === 'string' ||
          (Array.isArray(v) && v.every((x) => typeof x === 'string'));
        expect(ok).toBe(true);
      }
    }
    expect(plans[0]?.features.press_releases_per_month).toBe('5');
    expect(plans[1]?.features.press_releases_per_month).toBe('Απεριόριστα');
    expect(plans[0]?.features.sso).toBe(false);
    expect(plans[2]?.features.sso).toBe(true);
  });

  it('seeds the status page and settings', async () => {
    const status = await one<{ overall: string; components: unknown }>(
      db('status_pages').orderBy('updated_at', 'desc'),
    );
    expect(status.overall).toBe('operational');
    expect(status.components).toEqual({
      api: 'operational',
      app: 'operational',
      database: 'operational',
      emails: 'operational',
      newsletters: 'operational',
    });
    const setting = await one<{ value: unknown }>(
      db('platform_settings').where({ key: 'signup_requires_approval' }),
    );
    expect(setting.value).toBe(true);
  });

  it('seeds demo users whose password verifies', async () => {
    const users = await db('users as u')
      .join('profiles as p', 'p.user_id', 'u.id')
      .whereIn(db.raw('lower(u.email)') as unknown as string, [
        'superadmin@example.com',
        'client@example.com',
        'media@example.com',
      ])
      .orderBy('u.email')
      .select<
        {
          email: string;
          encrypted_password: string;
          email_confirmed_at: Date | null;
          role: string;
          name: string;
          status: string;
        }[]
      >('u.email', 'u.encrypted_password', 'u.email_confirmed_at', 'p.role', 'p.name', 'p.status');
    expect(users.map((u) => [u.email, u.role, u.name, u.status])).toEqual([
      ['client@example.com', 'client', 'Μαρία Παπαδοπούλου', 'approved'],
      ['media@example.com', 'media', 'Νίκος Γεωργίου', 'approved'],
      ['superadmin@example.com', 'superadmin', 'Διαχειριστής Πλατφόρμας', 'approved'],
    ]);
    for (const u of users) {
      expect(u.encrypted_password.startsWith('$argon2id$')).toBe(true);
      expect(u.email_confirmed_at).not.toBeNull();
      expect(await argon2.verify(u.encrypted_password, 'demodemo')).toBe(true);
      expect(await argon2.verify(u.encrypted_password, 'demodemo!')).toBe(false);
    }
  });

  it('seeds a consistent demo data set', async () => {
    const client = await one<ProfileRow>(db('profiles').where({ email: 'client@example.com' }));
    const colleague = await one<ProfileRow>(db('profiles').where({ email: 'giorgos.antoniou@example.com' }));
    expect(client.onboarded).toBe(true);
    // The company is the organisation: its fields are not on the person.
    expect(client.organization).toBeNull();
    const ws = await one<OrganisationRow>(db('organisations').where({ id: client.active_organisation_id }));
    expect(ws.name).toBe('Αιγαίο Τεχνολογίες Α.Ε.');
    expect(ws.status).toBe('approved');
    expect(ws.created_by).toBe(client.user_id);
    expect(ws.default_category).toBe('tech');
    expect(ws.newsroom_slug).toBe('aigaio-technologies');
    expect(ws.plan_code).toBe('pro');
    expect(ws.trial_ends_at).not.toBeNull();
    expect(ws.approval_required).toBe(false);
    expect(colleague.active_organisation_id).toBe(ws.id);
    // One brand, one organisation, one newsroom.
    expect(await count(db('organisations').where({ name: ws.name }))).toBe(1);
    expect(await count(db('organisations').whereNotNull('newsroom_slug'))).toBe(1);
    const media = await one<ProfileRow>(db('profiles').where({ email: 'media@example.com' }));
    expect([...media.categories].sort()).toEqual([
      'culture',
      'economy',
      'lifestyle',
      'politics',
      'sports',
      'tech',
    ]);

    const members = await db('organisation_members')
      .where({ organisation_id: ws.id })
      .orderBy('role')
      .select<{ user_id: string; role: string }[]>('user_id', 'role');
    expect(members).toEqual([
      { user_id: colleague.user_id, role: 'editor' },
      { user_id: client.user_id, role: 'owner' },
    ]);

    // The companies waiting for (or refused) the superadmin's approval: one organisation each, with its owner.
    const queue = await db('organisations as o')
      .join('organisation_members as m', 'm.organisation_id', 'o.id')
      .join('profiles as p', 'p.user_id', 'm.user_id')
      .whereNot('o.id', ws.id)
      .orderBy('o.name')
      .select<{ name: string; status: string; role: string; email: string; active: string | null; id: string }[]>(
        'o.name', 'o.status', 'm.role', 'p.email', 'p.active_organisation_id as active', 'o.id',
      );
    expect(queue.map((o) => [o.name, o.status, o.role, o.email])).toEqual([
      ['Γρήγορα Κέρδη Μονοπρόσωπη Ι.Κ.Ε.', 'rejected', 'owner', 'info@grigora-kerdi.example'],
      ['Ελληνικά Τρόφιμα Ο.Ε.', 'pending', 'owner', 'theodoros.nikolaou@ellinika-trofima.example'],
      ['Κοινωνική Σύμπραξη Αθηνών', 'pending', 'owner', 'a.zafeiriou@koinsep-athinon.example'],
    ]);
    for (const o of queue) expect(o.active).toBe(o.id);
    expect(await count(db('organisations'))).toBe(4);

    // Every category list has members, all of them approved and active media.
    const lists = await db('media_lists as ml')
      .join('profiles as p', 'p.user_id', 'ml.media_id')
      .select<{ category: string; role: string; status: string; is_active: boolean }[]>(
        'ml.category',
        'p.role',
        'p.status',
        'p.is_active',
      );
    expect(new Set(lists.map((l) => l.category)).size).toBe(6);
    expect(lists.every((l) => l.role === 'media' && l.status === 'approved' && l.is_active)).toBe(
      true,
    );
    expect(await count(db('profiles').where({ status: 'pending' }))).toBeGreaterThanOrEqual(2);

    // Every release is the organisation's; the owner and the colleague wrote them.
    expect(await count(db('press_releases').whereNot({ organisation_id: ws.id }))).toBe(0);
    const authors = await db('press_releases').distinct('author_id').pluck('author_id');
    expect([...authors].sort()).toEqual([client.user_id, colleague.user_id].sort());
    const releases = await db('press_releases')
      .where({ organisation_id: ws.id })
      .orderBy('created_at', 'desc')
      .select<
        {
          id: string;
          title: string;
          content: string;
          content_text: string;
          search_text: string;
          status: string;
          sent_at: Date | null;
          created_at: Date;
        }[]
      >('*');
    expect(releases.length).toBeGreaterThanOrEqual(12);
    expect(new Set(releases.map((r) => r.status))).toEqual(new Set(['draft', 'scheduled', 'sent']));
    for (const r of releases) {
      expect(r.content.startsWith('<p>')).toBe(true);
      // Folded by the one search normaliser (lower case, no accents, ς as σ).
      expect(r.search_text).toBe(toSearchText(r.title, r.content_text));
      expect(r.search_text).not.toMatch(/[ςάέήίόύώϊϋΐΰΑ-Ω]/);
      expect(r.created_at.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const sent = releases.filter((r) => r.status === 'sent');
    expect(sent.length).toBeGreaterThanOrEqual(3);
    const versions = await db('release_sent_versions').select<{ press_release_id: string; organisation_id: string; slug: string; sender_name: string }[]>('*');
    expect(versions.map((v) => v.press_release_id).sort()).toEqual(sent.map((r) => r.id).sort());
    expect(versions.every((v) => v.organisation_id === ws.id && v.sender_name === ws.name && v.slug)).toBe(true);
    for (const r of sent) {
      expect(r.sent_at).not.toBeNull();
      const rep = await one<{ opened_by: string[]; clicked_links: string[] }>(
        db('reporting').where({ press_release_id: r.id }),
      );
      expect(rep.opened_by.length).toBeGreaterThan(0);
      expect(rep.clicked_links.every((l) => l.startsWith('http'))).toBe(true);
      const deliveries = await db('deliveries')
        .where({ press_release_id: r.id })
        .select<{ recipient_user_id: string }[]>('recipient_user_id');
      const recipients = new Set(deliveries.map((d) => d.recipient_user_id));
      for (const id of rep.opened_by) expect(recipients.has(id)).toBe(true);
      const events = db('reporting_events').where({ press_release_id: r.id });
      expect(await count(events.clone().where({ kind: 'open' }))).toBe(rep.opened_by.length);
      expect(await count(events.clone().where({ kind: 'click' }))).toBe(rep.clicked_links.length);
    }

    const tasks = await db('tasks')
      .where({ organisation_id: ws.id })
      .select<{ status: string; press_release_id: string | null }[]>('status', 'press_release_id');
    expect(new Set(tasks.map((t) => t.status)).size).toBeGreaterThanOrEqual(3);
    expect(tasks.some((t) => t.press_release_id !== null)).toBe(true);

    const recent = db('incidents').where('started_at', '>=', db.raw("now() - interval '90 days'"));
    expect(await count(recent)).toBeGreaterThanOrEqual(2);
  });

  it('rejects values outside the enumerations', async () => {
    const user = await one<{ id: string }>(db('users').where({ email: 'client@example.com' }));
    const profile = db('profiles').where({ user_id: user.id });
    await expect(profile.clone().update({ role: 'hacker' })).rejects.toThrow(/profiles_role_check/);
    await expect(profile.clone().update({ status: 'deleted' })).rejects.toThrow(
      /profiles_status_check/,
    );
    const org = db('organisations').where({ id: (await one<ProfileRow>(profile.clone())).active_organisation_id });
    await expect(org.clone().update({ default_category: 'weather' })).rejects.toThrow(
      /organisations_default_category_check/,
    );
    await expect(org.clone().update({ status: 'deleted' })).rejects.toThrow(/organisations_status_check/);
    await expect(org.clone().update({ newsroom_slug: 'Not A Slug' })).rejects.toThrow(/organisations_newsroom_slug_check/);
    await expect(
      db('organisation_members').where({ user_id: user.id }).update({ role: 'approver' }),
    ).rejects.toThrow(/organisation_members_role_check/);
    await expect(profile.clone().update({ categories: ['tech', 'weather'] })).rejects.toThrow(
      /profiles_categories_check/,
    );
    const orgId = (await one<ProfileRow>(profile.clone())).active_organisation_id;
    await expect(
      db('press_releases').insert({ author_id: user.id, organisation_id: orgId, status: 'deleted' }),
    ).rejects.toThrow(/press_releases_status_check/);
    await expect(
      db('press_releases').insert({ author_id: user.id, organisation_id: orgId, category: 'weather' }),
    ).rejects.toThrow(/press_releases_category_check/);
    await expect(db('press_releases').insert({ author_id: user.id })).rejects.toThrow(/organisation_id/);
    await expect(
      db('cookie_consents').insert({ user_id: user.id, necessary: false }),
    ).rejects.toThrow(/cookie_consents_necessary_check/);
    await expect(
      db('audit_logs').insert({ action_type: 'user.delete_everything' }),
    ).rejects.toThrow(/audit_logs_action_type_check/);
    await expect(db('users').insert({ email: 'CLIENT@example.com' })).rejects.toThrow(
      /users_email_lower_unique/,
    );
    expect((await one<{ role: string }>(profile.clone())).role).toBe('client');
  });

  it('keeps updated_at current on update', async () => {
    const task = await one<{ id: string; title: string; updated_at: Date }>(
      db('tasks').orderBy('created_at'),
    );
    await db('tasks')
      .where({ id: task.id })
      .update({ title: `${task.title}!` });
    const after = await one<{ updated_at: Date }>(db('tasks').where({ id: task.id }));
    expect(after.updated_at.getTime()).toBeGreaterThan(task.updated_at.getTime());
  });
});
