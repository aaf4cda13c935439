/**
 * Flat cost as data grows (issue 32, point 1): the journalist's inbox and the public newsroom
 * measured through their real HTTP routes on databases filled to each size, beside a bare SQL
 * reference in the same run.
 *
 * Inbox: one journalist who received N releases (N = 100, 10,000, 100,000; each release also
 * went to two other journalists, so the deliveries table holds 3N rows), from 20 organisations,
 * in 6 categories, a third of them read, 1 in 50 bookmarked. Cases: the overview (counters),
 * the first page of the inbox, the next page (through the answer's `nextCursor` when the API
 * gives one, else `offset`), one category, unread only, the bookmarks, a search.
 * Reference: the bare page query a journalist's newest 20 deliveries need (by the
 * delivery's (recipient, created_at) index, joined to what was sent).
 *
 * Newsroom: one organisation's open newsroom with N public releases (N = 10, 5,000), beside
 * 20 other organisations' 1,000 each. Cases: the newsroom page and `feed.xml`. Reference: the
 * bare query of the organisation's 50 newest sent versions.
 *
 * Lists (the rest of point 1): the demo data set (server/src/db/seed) at 1× and grown to 100×
 * in SQL (bench/lib/grow-demo.ts: users, organisations, media-list places, the demo company's
 * releases with their deliveries and events, the audit log, each copied 99 times). Cases, each
 * the screen's first request: the client's releases list (first page with its totals; one
 * status; a search for a common word and for a word found nowhere), the superadmin's users list
 * (first page and count; the pending queue), media lists (the counts per list, a list's first
 * page with its total, the candidates to add, the client's summary of lists), the audit log
 * (first page and count; one action), the client's reports (default range; sorted by opens, a
 * later page; one category). The growth factor is the 100× p50 over the 1× p50. Every
 * factor's server is set up first and each case is then measured on each factor in turn, so
 * that both figures of a growth factor are taken under about the same machine load.
 *
 * Each case runs BENCH_ROUNDS requests from BENCH_CONCURRENCY clients at once (modest
 * concurrency), after a warm-up; p50/p99 per case.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/scale.bench.ts
 *   BENCH_INBOX_SIZES=100,10000 BENCH_NEWSROOM_SIZES=10 BENCH_LIST_FACTORS=1,100 ... (subsets; '' skips)
 *   BENCH_LIST_CASES=reports,search: only the list cases whose name contains one of these.
 *   BENCH_LIST_VIEWS=20000: also that many newsroom views of the company's releases at 100×
 *   (in proportion at other factors; the demo has none), which the report counts per release.
 *   BENCH_EXPLAIN=1: the newsroom's plans; for the lists, every query a request sends with its
 *   EXPLAIN ANALYZE time (fastest of 5; the plan when over 1 ms, or always with BENCH_EXPLAIN=all),
 *   summed per request in the growth table
 */
import { readFileSync } from 'node:fs';
import { startTestServer, type TestServer } from '../server/src/test/app';
import { insertOrganisation, insertUser, tokenOf } from '../server/src/modules/distribution/org-fixtures';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../server/src/db/seed';
import { signIn } from '../server/src/test/http';
import { growDemo } from './lib/grow-demo';

const sizes = (v: string | undefined, d: number[]) => (v !== undefined ? v.split(',').filter(Boolean).map(Number) : d);
const INBOX_SIZES = sizes(process.env.BENCH_INBOX_SIZES, [100, 10_000, 100_000]);
const NEWSROOM_SIZES = sizes(process.env.BENCH_NEWSROOM_SIZES, [10, 5_000]);
const LIST_FACTORS = sizes(process.env.BENCH_LIST_FACTORS, [1, 100]);
const LIST_VIEWS = Number(process.env.BENCH_LIST_VIEWS ?? 0);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const ORGS = 20;
/** Releases sent to another journalist that carry a word found only 10 times in this inbox. */
const ELSEWHERE = Number(process.env.BENCH_ELSEWHERE ?? 5_000);
const CATS = ['politics', 'economy', 'tech', 'culture', 'lifestyle', 'sports'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))]!;
};

/** Runs `fn` ROUNDS times from CONCURRENCY workers; returns the latencies in ms (after a warm-up). */
async function measure(fn: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn();
  const out: number[] = [];
  let left = ROUNDS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const s = performance.now();
        await fn();
        out.push(performance.now() - s);
      }
    }),
  );
  return out;
}

async function get(url: string, token?: string): Promise<unknown> {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type') ?? '').includes('json') ? res.json() : res.text();
}

type Row = { size: number; name: string; p50: number; p99: number; group: string };
const results: Row[] = [];
function report(size: number, name: string, xs: number[], group = '') {
  const r = { size, name, p50: pct(xs, 0.5), p99: pct(xs, 0.99), group };
  results.push(r);
  console.log(`  ${String(size).padStart(7)}  ${name.padEnd(44)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms`);
}

/** N releases of the given organisations sent at spread times, frozen, as SQL (fast). */
async function seedReleases(server: TestServer, orgIds: string[], authorId: string, n: number, tag: string, spreadDays: number) {
  await server.ctx.db.raw(
    `with o as (select id, row_number() over (order by id) - 1 as k from unnest(?::uuid[]) as id),
          ins as (
       insert into press_releases (title, content, content_text, search_text, category, status, organisation_id, author_id, sent_at, created_at, updated_at)
       select 'Δελτίο ' || ? || ' ' || i, '<p>Κείμενο του δελτίου ' || i || ' για την αγορά και την ενέργεια.</p>',
              'Κείμενο του δελτίου ' || i || ' για την αγορά και την ενέργεια.',
              'δελτιο ' || ? || ' ' || i || ' κειμενο του δελτιου για την αγορα και την ενεργεια' || case when i % 97 = 0 then ' σπανιολεξη' else '' end,
              (?::text[])[1 + i % 6], 'sent', (select id from o where k = i % ?), ?,
              now() - ((i::float / ? * ?) || ' days')::interval, now() - ((i::float / ? * ?) || ' days')::interval, now()
         from generate_series(1, ?) as i
       returning id, title, content, content_text, search_text, category, organisation_id, sent_at)
     insert into release_sent_versions (press_release_id, organisation_id, title, content, content_text, search_text, category, sender_user_id, sender_name, sent_at, slug)
     select ins.id, ins.organisation_id, ins.title, ins.content, ins.content_text, ins.search_text, ins.category, ?, 'Οργανισμός', ins.sent_at,
            'deltio-' || ? || '-' || substr(ins.id::text, 1, 8) || '-' || substr(md5(ins.id::text), 1, 6)
       from ins`,
    [orgIds, tag, tag, CATS, orgIds.length, authorId, n, spreadDays, n, spreadDays, n, authorId, tag],
  );
}

async function inboxCase(n: number) {
  const server = await startTestServer();
  const db = server.ctx.db;
  try {
    const started = performance.now();
    const orgs: string[] = [];
    for (let i = 0; i < ORGS; i++) orgs.push(await insertOrganisation(db, `Οργανισμός ${i}`));
    const author = await insertUser(db, 'author@bench.example', 'client');
    const journalist = await insertUser(db, 'reporter@bench.example', 'media');
    const others = [await insertUser(db, 'other1@bench.example', 'media'), await insertUser(db, 'other2@bench.example', 'media')];
    await seedReleases(server, orgs, author, n, 'inbox', 365);
    for (const [who, k] of [[journalist, 0], [others[0]!, 1], [others[1]!, 2]] as const) {
      await db.raw(
        `insert into deliveries (press_release_id, recipient_user_id, email, state, created_at, sent_at, read_at, bookmarked_at)
         select p.id, ?, 'r' || ? || '@bench.example', 'sent', p.sent_at, p.sent_at,
                case when (abs(hashtext(p.id::text)) + ?) % 3 = 0 then p.sent_at + interval '1 hour' end,
                case when (abs(hashtext(p.id::text)) + ?) % 50 = 0 then p.sent_at + interval '2 hours' end
           from press_releases p`,
        [who, k, k, k],
      );
    }
    // A word common on the platform but rare in this inbox: ELSEWHERE releases sent to another
    // journalist carry it (more than the rare-term path's 2,000 candidates), and 10 of them,
    // the oldest, also reached this journalist.
    await seedReleases(server, orgs, author, ELSEWHERE, 'elsewhere', 365);
    await db.raw(`update release_sent_versions set search_text = search_text || ' αλλουλεξη' where slug like 'deltio-elsewhere-%'`);
    await db.raw(
      `insert into deliveries (press_release_id, recipient_user_id, email, state, created_at, sent_at)
       select v.press_release_id, u.id, 'r@bench.example', 'sent', v.sent_at, v.sent_at
         from release_sent_versions v
         cross join (select ?::uuid as id, 0 as k union all select ?::uuid, 1) as u
        where v.slug like 'deltio-elsewhere-%'
          and (u.k = 1 or v.press_release_id in (select press_release_id from release_sent_versions where slug like 'deltio-elsewhere-%' order by sent_at limit 10))`,
      [journalist, others[0]!],
    );
    await db.raw(
      `insert into reporting (press_release_id, opened_by) select id, array[?::text] from press_releases where abs(hashtext(id::text)) % 4 = 0`,
      [journalist],
    );
    // The seeding's deliveries came in four statements over every release, so each sent version
    // was rewritten four times (its recipients' ids, migration 20261206000000): compacted here, as
    // a send rewrites its version once and autovacuum reuses the space.
    await db.raw('vacuum full release_sent_versions');
    await db.raw('vacuum analyze');
    console.log(`inbox ${n}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const token = await tokenOf(server.url, 'reporter@bench.example');
    const base = `${server.url}/api/media`;
    const list = (qs: string) => () => get(`${base}/inbox?${qs}`, token).then(() => undefined);
    const first = (await get(`${base}/inbox?limit=20`, token)) as { nextCursor?: string | null };
    const next = first.nextCursor ? `cursor=${encodeURIComponent(first.nextCursor)}` : 'offset=20';
    const deep = await (async () => {
      // The 6th page, reached as the client reaches it (cursor after cursor, or offset).
      let qs = 'limit=20';
      for (let i = 0; i < 5; i++) {
        const r = (await get(`${base}/inbox?${qs}`, token)) as { nextCursor?: string | null };
        qs = r.nextCursor ? `limit=20&cursor=${encodeURIComponent(r.nextCursor)}` : `limit=20&offset=${(i + 1) * 20}`;
      }
      return qs;
    })();
    report(n, 'GET /media/overview', await measure(() => get(`${base}/overview`, token).then(() => undefined)));
    report(n, 'inbox, first page', await measure(list('limit=20')));
    report(n, 'inbox, second page', await measure(list(`limit=20&${next}`)));
    report(n, 'inbox, sixth page', await measure(list(deep)));
    report(n, 'inbox, one category', await measure(list('limit=20&category=tech')));
    report(n, 'inbox, unread', await measure(list('limit=20&read=unread')));
    report(n, 'inbox, bookmarks', await measure(list('limit=20&bookmarked=true')));
    for (const [name, word] of [
      ['inbox, search (common word)', 'ενέργεια'],
      ['inbox, search (rare word)', 'σπανιολέξη'],
      ['inbox, search (rare here, common elsewhere)', 'αλλουλέξη'],
    ] as const) {
      if (process.env.BENCH_EXPLAIN) await explainRoute(db, `${n}:${name}`, name, list(`limit=20&q=${encodeURIComponent(word)}`));
      report(n, name, await measure(list(`limit=20&q=${encodeURIComponent(word)}`)));
    }
    report(
      n,
      'bare SQL: newest 20 (reference)',
      await measure(async () => {
        await db.raw(
          `select d.id, d.read_at, d.bookmarked_at, v.title, v.content_text, v.category, v.sent_at, v.sender_name, v.organisation_id
             from deliveries d join release_sent_versions v on v.press_release_id = d.press_release_id
            where d.recipient_user_id = ? order by d.created_at desc limit 20`,
          [journalist],
        );
      }),
    );
  } finally {
    await server.close();
  }
}

async function newsroomCase(n: number) {
  const server = await startTestServer();
  const db = server.ctx.db;
  try {
    const started = performance.now();
    const author = await insertUser(db, 'author@bench.example', 'client');
    const mine = await insertOrganisation(db, 'Αιγαίο Α.Ε.', { newsroom_slug: 'aigaio', newsroom_enabled: true });
    const others: string[] = [];
    for (let i = 0; i < ORGS; i++) others.push(await insertOrganisation(db, `Άλλος ${i}`, { newsroom_slug: `allos-${i}`, newsroom_enabled: true }));
    await seedReleases(server, [mine], author, n, 'nr', 730);
    await seedReleases(server, others, author, ORGS * 1_000, 'other', 730);
    await db.raw('vacuum analyze');
    console.log(`newsroom ${n}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (process.env.BENCH_EXPLAIN) {
      const pub = `p.status = 'sent' and v.slug is not null and (v.embargo_until is null or v.embargo_until <= now())`;
      for (const sql of [
        `select count(*) from release_sent_versions v join press_releases p on p.id = v.press_release_id where v.organisation_id = ? and ${pub}`,
        `select (select count(*) from release_sent_versions v where v.organisation_id = '${mine}' and v.slug is not null and (v.embargo_until is null or v.embargo_until <= now()))
             - (select count(*) from press_releases p join release_sent_versions v on v.press_release_id = p.id
                 where p.organisation_id = ? and p.status <> 'sent' and v.slug is not null and (v.embargo_until is null or v.embargo_until <= now()))`,
        `select v.press_release_id, v.title from release_sent_versions v join press_releases p on p.id = v.press_release_id where v.organisation_id = ? and ${pub}
          order by greatest(v.sent_at, v.embargo_until) desc, v.press_release_id desc limit 20 offset 0`,
      ]) {
        const plan = (await db.raw(`explain (analyze, buffers) ${sql}`, [mine])) as { rows: Record<string, string>[] };
        console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    }
    const page = (await get(`${server.url}/newsroom/aigaio`)) as string;
    if (!page.includes('Δελτίο nr')) throw new Error('the newsroom page shows no release');
    report(n, 'GET /newsroom/<slug>', await measure(() => get(`${server.url}/newsroom/aigaio`).then(() => undefined)));
    report(n, 'GET /newsroom/<slug>/feed.xml', await measure(() => get(`${server.url}/newsroom/aigaio/feed.xml`).then(() => undefined)));
    report(
      n,
      'bare SQL: newest 50 (reference)',
      await measure(async () => {
        await db.raw(
          `select v.press_release_id, v.slug, v.title, v.content, v.content_text, v.category, v.sent_at
             from release_sent_versions v where v.organisation_id = ? order by v.sent_at desc limit 50`,
          [mine],
        );
      }),
    );
  } finally {
    await server.close();
  }
}

/**
 * BENCH_EXPLAIN: the SQL one request of the route sends (knex's query events), each query
 * explained with ANALYZE: its execution time, and its plan when it takes over a millisecond.
 */
const dbTime = new Map<string, number>();
async function explainRoute(db: TestServer['ctx']['db'], key: string, name: string, request: () => Promise<unknown>) {
  const seen: { sql: string; bindings: unknown[] }[] = [];
  // The events carry the native SQL ($1, $2, … in order): back to knex's placeholders.
  const listen = (q: { sql: string; bindings?: unknown[] }) => void seen.push({ sql: q.sql.replace(/\$\d+/g, '?'), bindings: q.bindings ?? [] });
  db.on('query', listen);
  try {
    await request();
  } finally {
    db.off('query', listen);
  }
  console.log(`-- ${name}`);
  let total = 0;
  for (const q of seen.filter((x) => /^\s*(select|with)\b/i.test(x.sql))) {
    // The fastest of 5 (the machine is shared: the least disturbed run is the query's own cost).
    let lines: string[] = [];
    let ms = Infinity;
    for (let i = 0; i < 5; i++) {
      const plan = (await db.raw(`explain (analyze, buffers) ${q.sql}`, q.bindings as never)) as { rows: Record<string, string>[] };
      const these = plan.rows.map((r) => Object.values(r)[0]!);
      const t = Number(/Execution Time: ([\d.]+)/.exec(these.at(-1) ?? '')?.[1] ?? 0);
      if (t < ms) [ms, lines] = [t, these];
    }
    total += ms;
    console.log(`   ${ms.toFixed(2).padStart(8)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    if (ms > 1 || process.env.BENCH_EXPLAIN === 'all') console.log(lines.map((l) => `      ${l}`).join('\n'));
  }
  dbTime.set(key, total);
}

/** The list cases: name, path, who asks. */
const LIST_CASES: [name: string, path: string, who: 'client' | 'sa'][] = [
  ['releases, first page + totals', '/releases', 'client'],
  ['releases, status sent', '/releases?status=sent', 'client'],
  ['releases, search', `/releases?q=${encodeURIComponent('ενέργεια')}`, 'client'],
  ['releases, search (rare word)', `/releases?q=${encodeURIComponent('σπανιολέξη')}`, 'client'],
  ['users, first page + count', '/admin/users', 'sa'],
  ['users, pending', '/admin/users?status=pending', 'sa'],
  ['media lists, counts', '/admin/media-lists', 'sa'],
  ['media list, first page + total', '/admin/media-lists/politics', 'sa'],
  ['media list, candidates', '/admin/media-candidates?category=politics', 'sa'],
  ['client: lists summary', '/media-lists/summary', 'client'],
  ['audit log, first page + count', '/admin/audit-logs', 'sa'],
  ['audit log, one action', '/admin/audit-logs?action=media_list.add', 'sa'],
  ['reports, default range', '/client/reports', 'client'],
  ['reports, sorted by opens, page 3', '/client/reports?sort=opens&dir=desc&page=3', 'client'],
  ['reports, one category', '/client/reports?category=politics', 'client'],
];
/** BENCH_LIST_CASES=reports,search: only the cases whose name contains one of these. */
const CASE_FILTER = (process.env.BENCH_LIST_CASES ?? '').split(',').filter(Boolean);

interface ListSide {
  factor: number;
  server: TestServer;
  tokens: { client: string; sa: string };
}

/** The demo data set grown to `factor` on a server of its own. */
async function listSide(factor: number): Promise<ListSide> {
  const server = await startTestServer({}, { seedDemo: true });
  const db = server.ctx.db;
  const started = performance.now();
  const idOf = async (email: string) => ((await db('users').where('email', email).first('id')) as { id: string }).id;
  const superadminId = await idOf(DEMO_EMAILS.superadmin);
  const clientId = await idOf(DEMO_EMAILS.client);
  const organisationId = ((await db('organisation_members').where({ user_id: clientId, role: 'owner' }).first('organisation_id')) as { organisation_id: string })
    .organisation_id;
  await growDemo(db, factor, { superadminId, organisationId });
  if (LIST_VIEWS) {
    // Newsroom views of the company's sent releases (the demo has none): BENCH_LIST_VIEWS at 100×, in proportion below.
    await db.raw(
      `with sent as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from press_releases where organisation_id = ? and status = 'sent')
       insert into reporting_events (press_release_id, organisation_id, kind, channel, is_proxy, created_at)
       select s.id, ?, 'view', 'newsroom', i % 10 = 0, now() - make_interval(secs => i * 60)
         from generate_series(1, ?) as i join sent s on s.k = i % s.n`,
      [organisationId, organisationId, Math.round((LIST_VIEWS * factor) / 100)],
    );
  }
  await db.raw('vacuum analyze');
  const count = async (sql: string, args: string[] = []) => ((await db.raw(sql, args)) as { rows: { n: number }[] }).rows[0]!.n;
  const sizes = {
    releases: await count('select count(*)::int n from press_releases where organisation_id = ?', [organisationId]),
    users: await count('select count(*)::int n from profiles'),
    'media-list places': await count('select count(*)::int n from media_lists'),
    'audit entries': await count('select count(*)::int n from audit_logs'),
    'reporting events': await count('select count(*)::int n from reporting_events'),
    'newsroom views': await count(`select count(*)::int n from reporting_events where channel = 'newsroom'`),
  };
  console.log(`lists ${factor}×: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s, ${JSON.stringify(sizes)}`);
  const client = (await signIn(server.url, DEMO_EMAILS.client, DEMO_PASSWORD)).access_token;
  const sa = (await signIn(server.url, DEMO_EMAILS.superadmin, DEMO_PASSWORD, server.config.superadminLoginPath)).access_token;
  return { factor, server, tokens: { client, sa } };
}

/**
 * Every factor's server is set up first; then each case is measured on each factor in turn,
 * so that the 1× and the 100× figures of a case are taken minutes apart at most, under about
 * the same load of the shared machine (the growth factor compares them).
 */
async function listsCases(factors: number[]) {
  const sides: ListSide[] = [];
  try {
    for (const f of factors) sides.push(await listSide(f));
    for (const [name, path, who] of LIST_CASES) {
      if (CASE_FILTER.length && !CASE_FILTER.some((c) => name.includes(c))) continue;
      for (const side of sides) {
        const url = `${side.server.url}/api${path}`;
        const token = side.tokens[who];
        if (process.env.BENCH_EXPLAIN) await explainRoute(side.server.ctx.db, `${side.factor}:${name}`, `${name} (${side.factor}×)`, () => get(url, token));
        await get(url, token);
        report(side.factor, name, await measure(() => get(url, token).then(() => undefined)), 'lists');
      }
      console.log(`     load ${loadAvg()}`);
    }
  } finally {
    for (const side of sides) await side.server.close();
  }
}

const loadAvg = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
};

async function main() {
  console.log(`${process.env.DATABASE_URL ? 'postgres' : 'embedded'}, ${ROUNDS} requests per case from ${CONCURRENCY} clients at once`);
  for (const n of INBOX_SIZES) await inboxCase(n);
  for (const n of NEWSROOM_SIZES) await newsroomCase(n);
  console.log(`load ${loadAvg()}`);
  if (LIST_FACTORS.length) await listsCases(LIST_FACTORS);
  console.log(`load ${loadAvg()}`);
  console.log('\nsize | case | p50 ms | p99 ms');
  for (const r of results) console.log(`${r.size}${r.group === 'lists' ? '×' : ''} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)}`);
  // Growth factor of each list case: its p50 at the largest factor over its p50 at 1×.
  const lists = results.filter((r) => r.group === 'lists');
  const top = Math.max(...LIST_FACTORS);
  if (LIST_FACTORS.includes(1) && top > 1) {
    const sql = (f: number, name: string) => (dbTime.has(`${f}:${name}`) ? ` | ${dbTime.get(`${f}:${name}`)!.toFixed(2)}` : '');
    console.log(`\nlist | 1× p50/p99 | ${top}× p50/p99 | growth (p50)${dbTime.size ? ` | SQL ms 1× | SQL ms ${top}×` : ''}`);
    for (const r of lists.filter((x) => x.size === 1)) {
      const big = lists.find((x) => x.size === top && x.name === r.name);
      if (big) {
        console.log(
          `${r.name} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} | ${big.p50.toFixed(1)} / ${big.p99.toFixed(1)} | ×${(big.p50 / r.p50).toFixed(2)}${sql(1, r.name)}${sql(top, r.name)}`,
        );
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
