import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, type Category } from '../../../../shared/constants';
import { addDays, dayIn, mondayOf, pageOf, REPORT_SORTS, weekStarts, type ReportSort, type SortDir } from '../../../../shared/reports';
import type { ReportQuery } from '../../../../shared/schemas/reports';
import type { Actor } from '../../http/authenticate';
import { startTestServer, type TestServer } from '../../test/app';
import { signUp, signUpAndIn } from '../../test/http';
import { clientReport, reportForExport } from './reports.service';

/**
 * The screen's report reads one page of the table and adds up its totals in SQL; the exports
 * read every row and compute all of it in the server (sortRows, categoryStats). Both must give
 * the same figures: for every sort column and direction, pages (the last one and past it),
 * category and status filters, on a varied data set (ties of every figure, titles equal to the
 * Greek collator but not byte for byte, numbers in titles, creation times equal or a few
 * microseconds apart, releases without a category or sent under another one, robots' events).
 */
let server: TestServer;
let actor: Actor;
const DAY = 86_400_000;

/** A small deterministic generator (the data set is the same on every run). */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(s / 65_536) % n; // the high bits: the low ones of this generator repeat quickly
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  const c = await signUpAndIn(server.url, 'owner@report-page.test');
  const other = await signUpAndIn(server.url, 'other@report-page.test');
  const orgOf = async (userId: string) =>
    ((await db('organisation_members').where({ user_id: userId, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
  const org = await orgOf(c.id);
  actor = { userId: c.id, sessionId: '', role: 'client', status: 'approved', isActive: true, email: 'owner@report-page.test', name: '' };
  const readers = await Promise.all([1, 2, 3, 4, 5].map((i) => signUp(server.url, `r${i}@report-page.test`, 'media')));
  const rnd = random(7);
  const now = Date.now();
  const titles = ['Δελτίο 2', 'Δελτίο 10', 'δελτιο 2', 'ΔΕΛΤΊΟ 1', 'Άλφα', 'αλφα', 'Ωμέγα', 'Beta', 'beta', 'Ένα', ''];
  const statuses = ['draft', 'sent', 'sent', 'archived', 'scheduled'] as const;
  // Some releases share a creation time; some are a few microseconds apart within one millisecond.
  const base = new Date(now - 5 * DAY).toISOString().slice(0, 23);
  const created = (i: number) => {
    if (i % 7 === 0) return `${base}000Z`;
    if (i % 7 === 1) return `${base}${String(100 + i).slice(-3)}Z`;
    return new Date(now - (1 + rnd(25)) * DAY - rnd(3) * 1000).toISOString();
  };
  const ids: string[] = [];
  for (let i = 0; i < 45; i++) {
    const status = statuses[rnd(statuses.length)]!;
    const category: Category | null = i % 9 === 4 ? null : CATEGORIES[rnd(3)]!;
    const title = titles[rnd(titles.length)]!;
    const [row] = (await db('press_releases')
      .insert({
        title,
        // An empty title with text is a touched draft: it is reported.
        content_text: title ? '' : 'κείμενο',
        category,
        status,
        organisation_id: org,
        author_id: c.id,
        created_at: created(i),
        updated_at: new Date(now - rnd(4) * DAY - rnd(5) * 1000).toISOString(),
        edited_at: new Date(now - DAY).toISOString(),
        sent_at: status === 'sent' || status === 'archived' ? new Date(now - (1 + rnd(20)) * DAY).toISOString() : null,
      })
      .returning('id')) as { id: string }[];
    ids.push(row!.id);
    if (status === 'sent' || status === 'archived') {
      // Sent under another category (or none) sometimes: the report uses the sent one.
      await db('release_sent_versions').insert({
        press_release_id: row!.id,
        organisation_id: org,
        title: rnd(4) === 0 ? 'Όπως στάλθηκε' : title,
        content: '<p>κείμενο</p>',
        content_text: 'κείμενο',
        category: rnd(3) === 0 ? CATEGORIES[3 + rnd(3)]! : category,
        sender_name: 'Δοκιμή',
        sent_at: new Date(now - 2 * DAY),
      });
    }
    if (rnd(5) > 0) {
      const opened = readers.slice(0, rnd(4)).map((r) => r.id);
      const clicks = Array.from({ length: rnd(4) }, (_, k) => (k % 2 ? 'mailto:x@y.gr' : `https://news${rnd(3)}.gr/${i}`));
      await db('reporting').insert({
        press_release_id: row!.id,
        opened_by: opened,
        clicked_links: clicks,
        coverage_links: rnd(3) === 0 ? [`https://cov.gr/${rnd(2)}`] : [],
        updated_at: new Date(now - rnd(6) * DAY).toISOString(),
      });
    }
    const events = [];
    for (let k = rnd(4); k > 0; k--) {
      events.push({ press_release_id: row!.id, organisation_id: org, recipient_user_id: readers[rnd(5)]!.id, kind: 'download', channel: 'email', link: 'a.pdf', is_proxy: rnd(4) === 0 });
    }
    for (let k = rnd(4); k > 0; k--) {
      events.push({ press_release_id: row!.id, organisation_id: org, kind: 'view', channel: 'newsroom', is_proxy: rnd(4) === 0, created_at: new Date(now - rnd(40) * DAY) });
    }
    if (events.length) await db('reporting_events').insert(events);
  }
  // Newsroom views of the organisation's pages on both sides of week and day boundaries (Athens midnight).
  const views = [];
  for (let d = 0; d < 70; d += 3) {
    const midnight = Date.parse(`${addDays(dayIn(new Date(now)), -d)}T00:00:00+02:00`) - (d > 30 ? 3_600_000 : 0);
    for (const at of [midnight - 1, midnight, midnight + 1, midnight + 3_600_000 * 5]) {
      views.push({ press_release_id: ids[d % ids.length], organisation_id: org, kind: 'view', channel: 'newsroom', is_proxy: at % 3 === 0, created_at: new Date(at) });
    }
  }
  await db('reporting_events').insert(views);
  // Outside the range, and another organisation's: never counted.
  await db('press_releases').insert({ title: 'Παλιό', category: 'politics', status: 'sent', organisation_id: org, author_id: c.id, created_at: new Date(now - 80 * DAY), edited_at: new Date(now - 80 * DAY) });
  await db('press_releases').insert({ title: 'Ξένο', category: 'politics', status: 'sent', organisation_id: await orgOf(other.id), author_id: other.id, edited_at: new Date() });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The screen's report against every row computed in the server (the exports' path), paged as pageOf pages. */
async function compare(query: Partial<ReportQuery> & { sort: ReportSort; dir: SortDir; page: number; pageSize: number }) {
  const q = { category: 'all', status: 'all', ...query } as ReportQuery;
  const [screen, all] = await Promise.all([clientReport(server.ctx, actor, q), reportForExport(server.ctx, actor, q)]);
  const paged = pageOf(all.rows, q.page, q.pageSize);
  expect(screen, JSON.stringify(q)).toEqual({
    range: { from: all.filters.from, to: all.filters.to },
    totals: all.totals,
    newsroomWeekly: all.newsroomWeekly,
    weekly: all.weekly,
    byCategory: all.byCategory,
    rows: paged.rows,
    total: all.rows.length,
    page: paged.page,
    pages: paged.pages,
    pageSize: q.pageSize,
  });
  return screen;
}

describe('the report’s page and totals (read in SQL) against every row computed in the server', () => {
  it('are the same for every sort column and direction, on every page and past the last', async () => {
    const first = await compare({ sort: 'created_at', dir: 'desc', page: 1, pageSize: 100 });
    // The data set is what the comparison needs: rows in several categories, with and without one.
    expect(first.total).toBeGreaterThan(30);
    expect(first.byCategory.length).toBeGreaterThan(3);
    expect(first.byCategory.some((c) => c.category === null)).toBe(true);
    expect(first.totals.downloads).toBeGreaterThan(0);
    for (const sort of REPORT_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const page of [1, 2, 4, 99]) await compare({ sort, dir, page, pageSize: 9 });
      }
    }
  }, 120_000);

  it('are the same with category and status filters, and with nothing to report', async () => {
    for (const category of ['tech', 'politics', 'culture', 'sports'] as const) {
      for (const sort of ['created_at', 'opens', 'title', 'category', 'updated_at'] as const) {
        await compare({ category, sort, dir: 'asc', page: 1, pageSize: 4 });
        await compare({ category, sort, dir: 'desc', page: 2, pageSize: 4 });
      }
    }
    for (const status of ['draft', 'sent', 'archived', 'scheduled'] as const) {
      for (const sort of ['created_at', 'clicks', 'title', 'downloads', 'newsroom', 'coverage'] as const) {
        await compare({ status, sort, dir: 'desc', page: 1, pageSize: 5 });
        await compare({ status, sort, dir: 'asc', page: 2, pageSize: 5 });
      }
    }
    const none = await compare({ category: 'lifestyle', status: 'draft', sort: 'opens', dir: 'desc', page: 3, pageSize: 10 });
    expect(none).toMatchObject({ total: 0, rows: [], page: 1, pages: 1 });
  }, 120_000);
});

describe('the newsroom’s views in the report', () => {
  it('are counted per Monday-week of Europe/Athens and in the range, robots left out, up to the end of To', async () => {
    const org = ((await server.ctx.db('organisation_members').where({ user_id: actor.userId }).first('organisation_id')) as { organisation_id: string }).organisation_id;
    const events = (await server.ctx.db('reporting_events').where({ organisation_id: org, channel: 'newsroom', is_proxy: false }).select('created_at')) as { created_at: Date }[];
    const days = events.map((e) => dayIn(new Date(e.created_at)));
    const today = dayIn(new Date());
    for (const [from, to] of [
      [addDays(today, -29), today],
      [addDays(today, -40), addDays(today, -9)],
      [addDays(today, -3), addDays(today, -3)],
    ] as const) {
      const r = await clientReport(server.ctx, actor, { from, to, category: 'all', status: 'all', sort: 'created_at', dir: 'desc', page: 1, pageSize: 10 } as ReportQuery);
      const weeks = weekStarts(to);
      expect(r.newsroomWeekly).toEqual(weeks.map((weekStart) => ({ weekStart, views: days.filter((d) => d >= weeks[0]! && d <= to && mondayOf(d) === weekStart).length })));
      expect(r.totals.newsroomViews).toBe(days.filter((d) => d >= from && d <= to).length);
      expect(r.newsroomWeekly.filter((w) => w.views > 0).length).toBeGreaterThan(2);
    }
  });
});
