/**
 * Client reports: the computations, pure and shared by the server (endpoint,
 * CSV, PDF) and the client. Dates are calendar days (YYYY-MM-DD) of the platform's
 * business zone, Europe/Athens; weeks start on Monday (el-GR).
 *
 * Definitions (spec, "Business constants and limits"):
 *  - Weekly open rate, 8 weeks: unique openers divided by sent releases, times 100, rounded.
 *    A release is sent to many recipients, so "sent releases" counts sent copies: one per
 *    recipient the release was delivered to (deliveries in state 'sent'). Per week of
 *    sent_at: Σ unique openers (reporting.opened_by) / Σ delivered copies × 100, rounded to
 *    a whole number. Counting each release once would give figures above 100 % (a release
 *    read by 12 media would be "1200 %") and disagree with the dashboard's open rate,
 *    which uses the same ratio. A week without sent copies has no rate (null), not 0 %.
 *  - CTR per category: clicks (reporting.clicked_links, one entry per click) divided by
 *    unique opens (reporting.opened_by), times 100, one decimal; 0 when nothing was opened.
 *  - Coverage links: the clicked links that start with "http" plus the links added by
 *    hand (reporting.coverage_links), each distinct link once.
 *  - Opens before / after the embargo: each recipient who opened (or clicked) the
 *    release counts once, by the time of their first human open: before the embargo's end
 *    or from it on. Null for a release without an embargo.
 *  - Newsroom views: views of the client's public newsroom pages (reporting_events of the
 *    channel 'newsroom', robots and link previews not counted), their own source: per release
 *    (its page) in the table, and all pages of the client's newsroom per week and in total.
 */
import { CATEGORIES, LIMITS, type Category, type ReleaseStatus } from './constants';
import type { ChartColor } from './chart-colors';

export const REPORT_TIME_ZONE = 'Europe/Athens';
const DAY_MS = 86_400_000;

// ------------------------------------------------------------------ days

/** The calendar day (YYYY-MM-DD) of an instant in Europe/Athens. */
export function dayIn(at: Date, timeZone = REPORT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week that contains `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The default report range: the last 30 days up to today (today and the 29 days before). */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(LIMITS.reportsDefaultRangeDays - 1)), to: today };
}

/** Checks a From/To pair as the date pickers do: no future dates, To not before From. */
export function rangeProblems(from: string, to: string, today: string): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  if (from > today) problems.from = 'from cannot be in the future';
  if (to > today) problems.to = 'to cannot be in the future';
  else if (to < from) problems.to = 'to cannot be before from';
  return problems;
}

// ------------------------------------------------------------------ rates

/** part / whole × 100 rounded to `decimals`; null when there is nothing to divide by. */
export function percent(part: number, whole: number, decimals = 0): number | null {
  if (!whole) return null;
  const f = 10 ** decimals;
  return Math.round((part / whole) * 100 * f) / f;
}

// ------------------------------------------------------------------ weekly open rate

export interface SentCopies {
  /** Day of sent_at in Europe/Athens. */
  sentDay: string;
  /** Copies delivered (one per recipient). */
  delivered: number;
  /** Unique openers of the release. */
  openers: number;
}

export interface WeekBucket {
  /** Monday of the week (YYYY-MM-DD). */
  weekStart: string;
  /** Releases sent that week. */
  releases: number;
  delivered: number;
  openers: number;
  /** Rounded open rate in %, null for a week without sent copies. */
  openRate: number | null;
}

/** The Mondays of the `weeks` weeks that end with the week of `to`, oldest first. */
export function weekStarts(to: string, weeks: number = LIMITS.weeklyChartWeeks): string[] {
  const last = mondayOf(to);
  return Array.from({ length: weeks }, (_, i) => addDays(last, -7 * (weeks - 1 - i)));
}

/** Buckets sent releases into the 8 weeks ending with the week of `to` (others are ignored). */
export function weeklyOpenRate(rows: SentCopies[], to: string, weeks: number = LIMITS.weeklyChartWeeks): WeekBucket[] {
  const buckets = weekStarts(to, weeks).map((weekStart) => ({ weekStart, releases: 0, delivered: 0, openers: 0, openRate: null as number | null }));
  const byStart = new Map(buckets.map((b) => [b.weekStart, b]));
  for (const r of rows) {
    if (r.sentDay > to) continue;
    const b = byStart.get(mondayOf(r.sentDay));
    if (!b) continue;
    b.releases += 1;
    b.delivered += r.delivered;
    b.openers += r.openers;
  }
  for (const b of buckets) b.openRate = percent(b.openers, b.delivered);
  return buckets;
}

// ------------------------------------------------------------------ per category

export interface CategoryFigures {
  category: Category | null;
  opens: number;
  clicks: number;
}

export interface CategoryStat {
  /** null: the releases without a category (a draft not yet filed). */
  category: Category | null;
  releases: number;
  opens: number;
  clicks: number;
  /** clicks / unique opens × 100, one decimal; 0 when nothing was opened. */
  ctr: number;
}

/**
 * Releases, opens, clicks and CTR per category, in the spec's category order, then the releases
 * without a category; only buckets with releases. It counts the very rows the summary counts:
 * every release once (a release has one category: the one it was sent with, else its current
 * one, as the table shows it), so the buckets add up to the report's number of releases.
 */
export function categoryStats(rows: CategoryFigures[]): CategoryStat[] {
  const acc = new Map<Category | null, CategoryStat>();
  for (const r of rows) {
    const s = acc.get(r.category) ?? { category: r.category, releases: 0, opens: 0, clicks: 0, ctr: 0 };
    s.releases += 1;
    s.opens += r.opens;
    s.clicks += r.clicks;
    acc.set(r.category, s);
  }
  return [...CATEGORIES, null].flatMap((c) => {
    const s = acc.get(c);
    return s ? [{ ...s, ctr: percent(s.clicks, s.opens, 1) ?? 0 }] : [];
  });
}

// ------------------------------------------------------------------ coverage links

/** Whether a hand-added coverage link is acceptable: an absolute http(s) URL. */
export function isCoverageUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** Clicked links that start with "http", then the hand-added links; each distinct link once. */
export function coverageLinks(clicked: readonly string[], manual: readonly string[]): string[] {
  const out = new Set<string>();
  for (const l of clicked) if (l.startsWith('http')) out.add(l);
  for (const l of manual) out.add(l);
  return [...out];
}

// ------------------------------------------------------------------ table

export const REPORT_SORTS = ['created_at', 'title', 'category', 'opens', 'clicks', 'downloads', 'coverage', 'newsroom', 'updated_at'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export type SortDir = 'asc' | 'desc';

export interface ReportRowFigures {
  id: string;
  title: string;
  category: Category | null;
  status: ReleaseStatus;
  created_at: string;
  updated_at: string;
  opens: number;
  clicks: number;
  /** Attachment downloads by recipients (mail scanners' fetches not counted). */
  downloads: number;
  coverage: number;
  /** Views of the release's page in its sender's public newsroom (robots not counted). */
  newsroomViews: number;
}

const collator = new Intl.Collator('el', { sensitivity: 'base', numeric: true });

/** Sorts table rows; ties keep newest first (the query's order), so paging is stable. */
export function sortRows<T extends ReportRowFigures>(rows: readonly T[], sort: ReportSort, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  const key = (r: T): string | number => {
    switch (sort) {
      case 'title':
        return r.title;
      case 'category':
        return r.category ?? '';
      case 'opens':
        return r.opens;
      case 'clicks':
        return r.clicks;
      case 'downloads':
        return r.downloads;
      case 'coverage':
        return r.coverage;
      case 'newsroom':
        return r.newsroomViews;
      case 'updated_at':
        return Date.parse(r.updated_at);
      default:
        return Date.parse(r.created_at);
    }
  };
  return rows
    .map((r, i) => ({ r, i, k: key(r) }))
    .sort((a, b) => {
      const c = typeof a.k === 'string' && typeof b.k === 'string' ? collator.compare(a.k, b.k) : (a.k as number) - (b.k as number);
      return c ? sign * c : a.i - b.i;
    })
    .map((x) => x.r);
}

/** One page (1-based) and the page count (at least 1). */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((p - 1) * size, p * size), page: p, pages };
}

// ------------------------------------------------------------------ palette

/** The pie's six-colour palette (the app's PIE_PALETTE order), one per category: Tremor colour names and hex values for the PDF. */
export const CATEGORY_COLORS: Record<Category, { tremor: ChartColor; hex: string }> = {
  politics: { tremor: 'blue', hex: '#3b82f6' },
  economy: { tremor: 'emerald', hex: '#10b981' },
  tech: { tremor: 'amber', hex: '#f59e0b' },
  culture: { tremor: 'rose', hex: '#f43f5e' },
  lifestyle: { tremor: 'violet', hex: '#8b5cf6' },
  sports: { tremor: 'cyan', hex: '#06b6d4' },
};

/** dd/MM/yyyy of an instant in a time zone (the table's "last update"). */
export function formatDay(at: Date | string, timeZone = REPORT_TIME_ZONE): string {
  const [y, m, d] = dayIn(new Date(at), timeZone).split('-');
  return `${d}/${m}/${y}`;
}

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
