/**
 * Client reports benchmark: a client with 5,000 releases and 500,000 reporting
 * events (plus their deliveries and reporting rows) in a fresh database, and another client
 * with the same again. The p99 of GET /api/client/reports through HTTP (authentication,
 * validation, queries, computations, JSON) against a bare SQL aggregate doing the same work
 * (per-release figures of the period and the 8 weekly buckets), in the same run.
 * Targets: p99 under 100 ms, and within 1.5x of the bare SQL.
 *
 *   npx tsx bench/reports.bench.ts            (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/reports.bench.ts
 */
import { addDays, dayIn, weekStarts } from '../shared/reports';
import { startTestServer } from '../server/src/test/app';
import { signIn, signUp } from '../server/src/test/http';
import { ownOrganisationOf } from '../server/src/test/releases';

const RELEASES = Number(process.env.BENCH_RELEASES ?? 5_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const MEDIA = 120;
const SPAN_DAYS = 730; // releases spread over two years

const today = dayIn(new Date());
type Case = { name: string; qs: Record<string, string> };
const CASES: Case[] = [
  { name: 'default (last 30 days)', qs: {} },
  { name: 'last 365 days', qs: { from: addDays(today, -364) } },
  { name: 'all 5,000, newest first', qs: { from: addDays(today, -SPAN_DAYS - 5) } },
  { name: 'all 5,000, sort by coverage p.3', qs: { from: addDays(today, -SPAN_DAYS - 5), sort: 'coverage', dir: 'desc', page: '3' } },
  { name: 'one category, sent, 365 days', qs: { from: addDays(today, -364), category: 'tech', status: 'sent' } },
];

const TZ = 'Europe/Athens';
function bare(c: Case, organisationId: string): [string, unknown[]][] {
  const from = c.qs.from ?? addDays(today, -29);
  const cat = c.qs.category ? ' and p.category = ?' : '';
  const st = c.qs.status ? ' and p.status = ?' : '';
  const extra = [...(c.qs.category ? [c.qs.category] : []), ...(c.qs.status ? [c.qs.status] : [])];
  return [
    [
      `select p.id, p.title, p.category, p.status, p.created_at, greatest(p.updated_at, coalesce(r.updated_at, p.updated_at)) as updated_at,
              coalesce(cardinality(r.opened_by), 0) as opens, coalesce(cardinality(r.clicked_links), 0) as clicks,
              coalesce(r.coverage_count, 0) as coverage
         from press_releases p left join reporting r on r.press_release_id = p.id
        where p.organisation_id = ? and p.created_at >= (?::date)::timestamp at time zone '${TZ}'
          and p.created_at < ((?::date + 1)::timestamp at time zone '${TZ}')${cat}${st}
        order by p.created_at desc`,
      [organisationId, from, today, ...extra],
    ],
    // The shown page's links (the endpoint lists them for its 10 rows).
    [
      `select press_release_id, clicked_links, coverage_links from reporting r join press_releases p on p.id = r.press_release_id
        where p.organisation_id = ? order by p.created_at desc limit 10`,
      [organisationId],
    ],
    [
      `select date_trunc('week', p.sent_at at time zone '${TZ}') as week, count(*) as releases,
              sum(coalesce(cardinality(r.opened_by), 0)) as openers,
              sum((select count(*) from deliveries d where d.press_release_id = p.id and d.state = 'sent')) as delivered
         from press_releases p left join reporting r on r.press_release_id = p.id
        where p.organisation_id = ? and p.status = 'sent' and p.sent_at >= (?::date)::timestamp at time zone '${TZ}'
          and p.sent_at < ((?::date + 1)::timestamp at time zone '${TZ}')${cat}
        group by 1`,
      [organisationId, weekStarts(today)[0], today, ...(c.qs.category ? [c.qs.category] : [])],
    ],
  ];
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)]!;
};

/** One organisation's releases (by its owner), deliveries, reporting events and reporting rows, all in SQL. */
async function seedClient(db: import('../server/src/db/knex').Db, organisationId: string, authorId: string): Promise<void> {
  await db.raw(
    `insert into press_releases (title, category, status, organisation_id, author_id, created_at, updated_at, sent_at)
     select 'Δελτίο τύπου ' || i,
            (array['politics','economy','tech','culture','lifestyle','sports'])[1 + i % 6],
            case when i % 10 = 0 then 'draft' else 'sent' end,
            ?, ?,
            now() - ((i::float / ? * ?) || ' days')::interval,
            now() - ((i::float / ? * ?) || ' days')::interval + interval '2 hours',
            case when i % 10 = 0 then null else now() - ((i::float / ? * ?) || ' days')::interval + interval '1 hour' end
     from generate_series(1, ?) as i`,
    [organisationId, authorId, RELEASES, SPAN_DAYS, RELEASES, SPAN_DAYS, RELEASES, SPAN_DAYS, RELEASES],
  );
  // Deliveries: every sent release to 60 of the media.
  await db.raw(
    `insert into deliveries (press_release_id, recipient_user_id, email, state, sent_at)
     select p.id, m.id, m.email, 'sent', p.sent_at
       from press_releases p
       cross join lateral (select id, email from users where email like 'media%@bench.example'
                           order by md5(id::text || p.id::text) limit 60) m
      where p.organisation_id = ? and p.status = 'sent'`,
    [organisationId],
  );
  // Events: two (an open, then a click on one of five links) per delivery for 56 of every 60
  // deliveries, which makes about EVENTS events for RELEASES releases (90 % of them sent).
  await db.raw(
    `insert into reporting_events (press_release_id, recipient_user_id, kind, channel, link, created_at)
     select d.press_release_id, d.recipient_user_id,
            case when k = 1 then 'open' else 'click' end, 'email',
            case when k = 1 then null else 'https://site.example/link-' || (abs(hashtext(d.id::text)) % 5) end,
            d.sent_at + (k || ' minutes')::interval
       from deliveries d
       join press_releases p on p.id = d.press_release_id and p.organisation_id = ?
       cross join generate_series(1, ?) as k
      where (abs(hashtext(d.id::text)) % 60) < ?`,
    [organisationId, 2, Math.min(60, Math.round(EVENTS / (RELEASES * 0.9 * 2)))],
  );
  await db.raw(
    `insert into reporting (press_release_id, opened_by, clicked_links, coverage_links, updated_at)
     select e.press_release_id,
            coalesce(array_agg(distinct e.recipient_user_id::text) filter (where e.kind = 'open'), '{}'),
            coalesce(array_agg(e.link) filter (where e.kind = 'click'), '{}'),
            case when abs(hashtext(e.press_release_id::text)) % 4 = 0 then array['https://news.example/' || e.press_release_id] else '{}' end,
            max(e.created_at)
       from reporting_events e join press_releases p on p.id = e.press_release_id and p.organisation_id = ?
      group by e.press_release_id`,
    [organisationId],
  );
}

async function main() {
  const server = await startTestServer();
  const db = server.ctx.db;
  try {
    const started = performance.now();
    await db.raw(
      `insert into users (id, email) select gen_random_uuid(), 'media' || i || '@bench.example' from generate_series(1, ?) as i`,
      [MEDIA],
    );
    const client = await signUp(server.url, 'client@bench.example');
    const other = await signUp(server.url, 'other@bench.example');
    const token = (await signIn(server.url, 'client@bench.example')).access_token;
    // Releases belong to an organisation (the one each sign-up created).
    const orgId = await ownOrganisationOf(db, client.id);
    await seedClient(db, orgId, client.id);
    await seedClient(db, await ownOrganisationOf(db, other.id), other.id);
    await db.raw('analyze');
    const counts = (await db.raw(
      `select (select count(*)::int from press_releases where organisation_id = ?) as releases,
              (select count(*)::int from reporting_events e join press_releases p on p.id = e.press_release_id where p.organisation_id = ?) as events,
              (select count(*)::int from deliveries) as deliveries`,
      [orgId, orgId],
    )) as { rows: { releases: number; events: number; deliveries: number }[] };
    const c = counts.rows[0]!;
    console.log(
      `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: client with ${c.releases} releases and ${c.events} reporting events (${c.deliveries} deliveries in all, a second client the same)`,
    );

    if (process.env.BENCH_EXPLAIN) {
      for (const k of CASES)
        for (const [sql, args] of bare(k, orgId)) {
          const plan = (await db.raw(`explain (analyze, buffers) ${sql}`, args as never)) as { rows: Record<string, string>[] };
          console.log(`-- ${k.name}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
        }
    }
    const perCase: Record<string, { api: number[]; bare: number[] }> = {};
    for (const k of CASES) perCase[k.name] = { api: [], bare: [] };
    const apiAll: number[] = [];
    const bareAll: number[] = [];
    for (let round = 0; round < ROUNDS + 5; round++) {
      for (const k of CASES) {
        const runs = [
          async () => {
            const s = performance.now();
            const res = await fetch(`${server.url}/api/client/reports?${new URLSearchParams(k.qs).toString()}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            if (res.status !== 200) throw new Error(`report: ${res.status} ${await res.text()}`);
            await res.json();
            return ['api', performance.now() - s] as const;
          },
          async () => {
            const s = performance.now();
            for (const [sql, args] of bare(k, orgId)) await db.raw(sql, args as never);
            return ['bare', performance.now() - s] as const;
          },
        ];
        if (round % 2) runs.reverse();
        for (const run of runs) {
          const [kind, ms] = await run();
          if (round < 5) continue; // warm-up
          perCase[k.name]![kind].push(ms);
          (kind === 'api' ? apiAll : bareAll).push(ms);
        }
      }
    }
    console.log(`report endpoint p99 per case (${ROUNDS} samples each, ${process.env.DATABASE_URL ? 'postgres' : 'embedded'}):`);
    for (const k of CASES) {
      const x = perCase[k.name]!;
      const a = p99(x.api);
      const b = p99(x.bare);
      console.log(
        `  ${k.name.padEnd(36)} endpoint ${a.toFixed(2).padStart(7)} ms   bare SQL ${b.toFixed(2).padStart(7)} ms   ratio ${(a / b).toFixed(2)}x`,
      );
    }
    // The target is read on the page's own request: the default filters (the last 30 days).
    const d = perCase[CASES[0]!.name]!;
    const a = p99(d.api);
    const b = p99(d.bare);
    const ok = a < 100 && a / b <= 1.5;
    console.log(`default request: endpoint p99 ${a.toFixed(2)} ms (target < 100 ms), ${(a / b).toFixed(2)}x the bare SQL (target <= 1.5x) ${ok ? 'OK' : 'OVER'}`);
    console.log(`all cases together: endpoint p99 ${p99(apiAll).toFixed(2)} ms, bare SQL p99 ${p99(bareAll).toFixed(2)} ms`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

void main();
