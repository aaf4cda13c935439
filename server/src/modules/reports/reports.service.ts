import {
  categoryStats,
  coverageLinks,
  percent,
  dayIn,
  defaultRange,
  pageOf,
  rangeProblems,
  sortRows,
  weekStarts,
  weeklyOpenRate,
  type ReportRowFigures,
  type ReportSort,
  type SortDir,
} from '../../../../shared/reports';
import { CATEGORIES } from '../../../../shared/constants';
import type { ClientReport, CoverageResult, ReleaseCoverage, ReportFilters, ReportQuery, ReportRow } from '../../../../shared/schemas/reports';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireActive, requireRelease } from '../organisations/access';
import * as repo from './reports.repo';
import { reportChanged } from './report-events';

/**
 * The report is the organisation's: every release of the organisation the client works in now,
 * whoever wrote it (as on the dashboard and the release list).
 */
export interface ResolvedFilters extends repo.RowFilter {
  sort: ReportSort;
  dir: SortDir;
}

/** Fills in the default range (the last 30 days up to today) and refuses future dates or To before From. */
export function resolveFilters(organisationId: string, f: ReportFilters & { sort?: ReportSort; dir?: SortDir }, now = new Date()): ResolvedFilters {
  const today = dayIn(now);
  const to = f.to ?? today;
  const from = f.from ?? defaultRange(to).from;
  const problems = rangeProblems(from, to, today);
  if (problems.from || problems.to) throw badRequest('invalid_range', 'Invalid date range', problems as Record<string, string>);
  return { organisationId, from, to, category: f.category, status: f.status, sort: f.sort ?? 'created_at', dir: f.dir ?? 'desc' };
}

const NO_DELIVERIES: repo.DeliveryFigures = { delivered: 0, bouncedHard: 0, bouncedSoft: 0, complained: 0, suppressed: 0 };

/** A page of rows (or an export's) with their coverage links and their opens before and after the embargo. */
async function withDetails(ctx: AppContext, rows: ReportRowFigures[]): Promise<ReportRow[]> {
  const ids = rows.map((r) => r.id);
  const [links, embargoes, comments, deliveries] = await Promise.all([
    repo.linkArrays(ctx.db, ids),
    repo.embargoFigures(ctx.db, ids),
    repo.commentFigures(ctx.db, ids),
    repo.deliveryFigures(ctx.db, ids),
  ]);
  return rows.map((r) => {
    const l = links.get(r.id);
    const manual = l?.coverage_links ?? [];
    const all = coverageLinks(l?.clicked_links ?? [], manual);
    const e = embargoes.get(r.id);
    return {
      ...r,
      coverage: all.length,
      coverageLinks: all,
      manualCoverage: manual,
      embargoUntil: e ? e.embargoUntil.toISOString() : null,
      opensBeforeEmbargo: e ? e.before : null,
      opensAfterEmbargo: e ? e.after : null,
      comments: comments.get(r.id)?.total ?? 0,
      openComments: comments.get(r.id)?.open ?? 0,
      ...(deliveries.get(r.id) ?? NO_DELIVERIES),
    };
  });
}

/** Views of the organisation's newsroom pages per week, the 8 weeks of the weekly chart. */
async function newsroomWeekly(ctx: AppContext, f: ResolvedFilters): Promise<ClientReport['newsroomWeekly']> {
  const weeks = weekStarts(f.to);
  const counted = new Map((await repo.newsroomViewsByWeek(ctx.db, f.organisationId, weeks, f.to)).map((w) => [w.weekStart, w.views]));
  return weeks.map((weekStart) => ({ weekStart, views: counted.get(weekStart) ?? 0 }));
}

/**
 * The sent copies behind the weekly chart: always the 8 weeks that end with the To week,
 * whatever From is; category and status filters apply (a status other than sent leaves nothing).
 */
function weeklyCopies(ctx: AppContext, f: ResolvedFilters) {
  if (f.status !== 'all' && f.status !== 'sent' && f.status !== 'archived') return Promise.resolve([]);
  return repo.sentCopies(ctx.db, f.organisationId, weekStarts(f.to)[0]!, f.to, f.category);
}

/** The newsroom's views in the period, and per week of the weekly chart. */
async function newsroomFigures(ctx: AppContext, f: ResolvedFilters): Promise<{ views: number; weekly: ClientReport['newsroomWeekly'] }> {
  const [views, weekly] = await Promise.all([repo.newsroomViews(ctx.db, f.organisationId, f.from, f.to), newsroomWeekly(ctx, f)]);
  return { views, weekly };
}

/** The exports' summary (CSV, PDF): the totals of every row and the newsroom's views (the screen adds them up in SQL: summaryOfTotals). */
function summaryOf(rows: ReportRowFigures[], newsroom: { views: number; weekly: ClientReport['newsroomWeekly'] }): Pick<ClientReport, 'totals' | 'newsroomWeekly'> {
  const totals = { releases: rows.length, opens: 0, clicks: 0, downloads: 0, newsroomViews: newsroom.views };
  for (const r of rows) {
    totals.opens += r.opens;
    totals.clicks += r.clicks;
    totals.downloads += r.downloads;
  }
  return { totals, newsroomWeekly: newsroom.weekly };
}

/**
 * The summary's totals and the category charts from the per-category sums the database adds up
 * (`repo.reportTotals`): the same figures `summaryOf` and `categoryStats` give for every row.
 */
function summaryOfTotals(
  cats: repo.CategoryTotals[],
  newsroom: { views: number; weekly: ClientReport['newsroomWeekly'] },
): Pick<ClientReport, 'totals' | 'newsroomWeekly' | 'byCategory'> {
  const totals = { releases: 0, opens: 0, clicks: 0, downloads: 0, newsroomViews: newsroom.views };
  for (const c of cats) {
    totals.releases += c.releases;
    totals.opens += c.opens;
    totals.clicks += c.clicks;
    totals.downloads += c.downloads;
  }
  // categoryStats' buckets: the spec's category order, then the releases without a category.
  const byCat = new Map(cats.map((c) => [c.category, c]));
  const byCategory = [...CATEGORIES, null].flatMap((category) => {
    const c = byCat.get(category);
    return c ? [{ category, releases: c.releases, opens: c.opens, clicks: c.clicks, ctr: percent(c.clicks, c.opens, 1) ?? 0 }] : [];
  });
  return { totals, newsroomWeekly: newsroom.weekly, byCategory };
}

/**
 * One page of the table, in the order `sortRows` gives every row: by a figure or a time, the
 * database orders and reads only the page; by title or category (the Greek collator's order),
 * the rows' titles and categories are sorted here and only the page's rows read with figures.
 */
async function tablePage(ctx: AppContext, f: ResolvedFilters, page: number, size: number): Promise<ReportRowFigures[]> {
  if (f.sort !== 'title' && f.sort !== 'category') return repo.reportPage(ctx.db, f, f.sort, f.dir, (page - 1) * size, size);
  const keys = await repo.reportKeys(ctx.db, f);
  const blank = { status: 'draft' as const, updated_at: '', opens: 0, clicks: 0, downloads: 0, coverage: 0, newsroomViews: 0 };
  const ids = pageOf(sortRows(keys.map((k) => ({ ...blank, ...k })), f.sort, f.dir), page, size).rows.map((r) => r.id);
  const rows = new Map((await repo.reportRowsById(ctx.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/** The report: totals, the 8-week open rate, per-category figures and one page of the table. */
export async function clientReport(ctx: AppContext, actor: Actor, query: ReportQuery, now = new Date()): Promise<ClientReport> {
  const { organisationId } = await requireActive(ctx.db, actor, 'read');
  const f = resolveFilters(organisationId, query, now);
  const [cats, sent, newsroom] = await Promise.all([repo.reportTotals(ctx.db, f), weeklyCopies(ctx, f), newsroomFigures(ctx, f)]);
  const summary = summaryOfTotals(cats, newsroom);
  const total = summary.totals.releases;
  // pageOf's page: at least 1, at most the last.
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pages);
  const rows = total ? await tablePage(ctx, f, page, query.pageSize) : [];
  return {
    range: { from: f.from, to: f.to },
    totals: summary.totals,
    newsroomWeekly: summary.newsroomWeekly,
    weekly: weeklyOpenRate(sent, f.to),
    byCategory: summary.byCategory,
    rows: await withDetails(ctx, rows),
    total,
    page,
    pages,
    pageSize: query.pageSize,
  };
}

/** Everything the exports need: the report's summary and charts and every row of the table, in the table's order. */
export async function reportForExport(ctx: AppContext, actor: Actor, query: ReportFilters & { sort?: ReportSort; dir?: SortDir }, now = new Date()) {
  const { organisationId } = await requireActive(ctx.db, actor, 'read');
  const f = resolveFilters(organisationId, query, now);
  const [unsorted, sent, newsroom] = await Promise.all([repo.reportRows(ctx.db, f), weeklyCopies(ctx, f), newsroomFigures(ctx, f)]);
  const summary = summaryOf(unsorted, newsroom);
  const rows = sortRows(unsorted, f.sort, f.dir);
  return { filters: f, ...summary, rows: await withDetails(ctx, rows), weekly: weeklyOpenRate(sent, f.to), byCategory: categoryStats(rows) };
}
export type ReportExport = Awaited<ReturnType<typeof reportForExport>>;

/**
 * A release of one of the caller's organisations allowed `action` (404 outside them, 403 for a
 * role without it), with its status.
 */
async function orgRelease(ctx: AppContext, actor: Actor, releaseId: string, action: 'read' | 'write'): Promise<repo.OwnedRelease> {
  const { release } = await requireRelease<repo.OwnedRelease>(ctx.db, actor, releaseId, action, ['status']);
  return release;
}

/** Coverage is added to and removed from a sent release by its organisation's writers. */
async function ownSentRelease(ctx: AppContext, actor: Actor, releaseId: string): Promise<repo.OwnedRelease> {
  const rel = await orgRelease(ctx, actor, releaseId, 'write');
  if (rel.status !== 'sent' && rel.status !== 'archived') throw conflict('not_sent', 'Coverage can be added only to a sent press release');
  return rel;
}

async function coverageOf(ctx: AppContext, releaseId: string): Promise<CoverageResult> {
  const l = (await repo.linkArrays(ctx.db, [releaseId])).get(releaseId);
  const manual = l?.coverage_links ?? [];
  return { releaseId, coverageLinks: coverageLinks(l?.clicked_links ?? [], manual), manualCoverage: manual };
}

function announce(ctx: AppContext, rel: repo.OwnedRelease): void {
  reportChanged(ctx.realtime, { organisationId: rel.organisation_id }, { releaseId: rel.id, kind: 'coverage' });
}

/** A release of the caller's organisation with its coverage links (any status: only a sent one takes new links). */
export async function releaseCoverage(ctx: AppContext, actor: Actor, releaseId: string): Promise<ReleaseCoverage> {
  const rel = await orgRelease(ctx, actor, releaseId, 'read');
  return { ...(await coverageOf(ctx, rel.id)), title: await repo.releaseTitle(ctx.db, rel.id), status: rel.status };
}

/** Adds a coverage link by hand to a sent release of the caller's organisation (creates its reporting row if needed). */
export async function addCoverage(ctx: AppContext, actor: Actor, releaseId: string, url: string): Promise<CoverageResult> {
  const rel = await ownSentRelease(ctx, actor, releaseId);
  await ctx.db.transaction((trx) => repo.addCoverage(trx, rel.id, url));
  announce(ctx, rel);
  return coverageOf(ctx, rel.id);
}

/** Removes a hand-added coverage link; 404 when the release has no such link. */
export async function removeCoverage(ctx: AppContext, actor: Actor, releaseId: string, url: string): Promise<CoverageResult> {
  const rel = await ownSentRelease(ctx, actor, releaseId);
  const removed = await ctx.db.transaction((trx) => repo.removeCoverage(trx, rel.id, url));
  if (!removed) throw notFound('Coverage link not found');
  announce(ctx, rel);
  return coverageOf(ctx, rel.id);
}
