import { describe, expect, it } from 'vitest';
import {
  addDays,
  categoryStats,
  coverageLinks,
  dayIn,
  defaultRange,
  formatDay,
  isCoverageUrl,
  mondayOf,
  pageOf,
  percent,
  rangeProblems,
  sortRows,
  weekStarts,
  weeklyOpenRate,
  type ReportRowFigures,
} from './reports';

describe('days', () => {
  it('finds the Monday of a week (weeks start on Monday)', () => {
    expect(mondayOf('2026-03-02')).toBe('2026-03-02'); // Monday
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // Sunday
    expect(mondayOf('2026-03-04')).toBe('2026-03-02');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // across a year
  });

  it('takes the day of an instant in Athens, not UTC', () => {
    expect(dayIn(new Date('2026-03-01T22:30:00Z'))).toBe('2026-03-02'); // 00:30 in Athens
    expect(dayIn(new Date('2026-07-15T20:59:00Z'))).toBe('2026-07-15'); // 23:59 summer time
    expect(formatDay('2026-03-01T22:30:00Z')).toBe('02/03/2026');
    expect(formatDay('2026-03-01T22:30:00Z', 'UTC')).toBe('01/03/2026');
  });

  it('defaults to the last 30 days up to today', () => {
    expect(defaultRange('2026-03-31')).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('refuses future dates and To before From', () => {
    expect(rangeProblems('2026-03-01', '2026-03-10', '2026-03-10')).toEqual({});
    expect(rangeProblems('2026-03-01', '2026-03-11', '2026-03-10')).toEqual({ to: 'to cannot be in the future' });
    expect(rangeProblems('2026-03-12', '2026-03-10', '2026-03-10')).toEqual({ from: 'from cannot be in the future', to: 'to cannot be before from' });
    expect(rangeProblems('2026-03-05', '2026-03-04', '2026-03-10')).toEqual({ to: 'to cannot be before from' });
  });
});

describe('percent', () => {
  it('rounds and never divides by zero', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 8)).toBe(13); // 12.5 rounds up
    expect(percent(1, 3, 1)).toBe(33.3);
    expect(percent(0, 5)).toBe(0);
    expect(percent(5, 0)).toBeNull();
    expect(percent(0, 0)).toBeNull();
  });
});

describe('weekly open rate', () => {
  it('has 8 Monday weeks ending with the week of To, oldest first', () => {
    const weeks = weekStarts('2026-03-11');
    expect(weeks).toHaveLength(8);
    expect(weeks[7]).toBe('2026-03-09');
    expect(weeks[0]).toBe('2026-01-19');
    for (let i = 1; i < 8; i++) expect(addDays(weeks[i - 1]!, 7)).toBe(weeks[i]);
  });

  it('divides unique openers by sent copies per week, rounded; empty weeks have no rate', () => {
    const buckets = weeklyOpenRate(
      [
        { sentDay: '2026-03-09', delivered: 3, openers: 2 }, // last week (Monday)
        { sentDay: '2026-03-11', delivered: 5, openers: 1 }, // last week (To day)
        { sentDay: '2026-03-01', delivered: 8, openers: 1 }, // Sunday of the week before
        { sentDay: '2026-01-19', delivered: 4, openers: 4 }, // first week
        { sentDay: '2026-01-18', delivered: 9, openers: 9 }, // before the 8 weeks: ignored
        { sentDay: '2026-03-12', delivered: 9, openers: 9 }, // after To: ignored
        { sentDay: '2026-02-02', delivered: 0, openers: 0 }, // sent, nothing delivered
      ],
      '2026-03-11',
    );
    expect(buckets.map((b) => b.weekStart)).toEqual(weekStarts('2026-03-11'));
    expect(buckets[7]).toEqual({ weekStart: '2026-03-09', releases: 2, delivered: 8, openers: 3, openRate: 38 }); // 37.5 → 38
    expect(buckets[5]).toEqual({ weekStart: '2026-02-23', releases: 1, delivered: 8, openers: 1, openRate: 13 }); // 12.5 → 13
    expect(buckets[0]).toMatchObject({ releases: 1, openRate: 100 });
    expect(buckets[2]).toEqual({ weekStart: '2026-02-02', releases: 1, delivered: 0, openers: 0, openRate: null });
    expect(buckets.filter((b) => b.openRate === null)).toHaveLength(5);
  });
});

describe('per category', () => {
  it('counts releases and computes CTR = clicks / unique opens × 100 in category order', () => {
    const stats = categoryStats([
      { category: 'tech', opens: 6, clicks: 1 },
      { category: 'politics', opens: 3, clicks: 2 },
      { category: 'tech', opens: 3, clicks: 2 },
      { category: 'sports', opens: 0, clicks: 0 }, // nothing opened: 0, not NaN
      { category: null, opens: 10, clicks: 5 }, // no category: its own bucket, last
    ]);
    expect(stats).toEqual([
      { category: 'politics', releases: 1, opens: 3, clicks: 2, ctr: 66.7 },
      { category: 'tech', releases: 2, opens: 9, clicks: 3, ctr: 33.3 },
      { category: 'sports', releases: 1, opens: 0, clicks: 0, ctr: 0 },
      { category: null, releases: 1, opens: 10, clicks: 5, ctr: 50 },
    ]);
    // Every release counted once: the buckets add up to the rows.
    expect(stats.reduce((n, s) => n + s.releases, 0)).toBe(5);
  });

  it('is empty without releases', () => {
    expect(categoryStats([])).toEqual([]);
  });
});

describe('coverage links', () => {
  it('are the clicked links starting with http plus the hand-added ones, each once', () => {
    expect(
      coverageLinks(
        ['https://a.gr/x', 'mailto:press@a.gr', 'https://a.gr/x', 'http://b.gr', 'ftp://c.gr', '/relative'],
        ['https://news.gr/story', 'http://b.gr'],
      ),
    ).toEqual(['https://a.gr/x', 'http://b.gr', 'https://news.gr/story']);
    expect(coverageLinks([], [])).toEqual([]);
  });

  it('accept only absolute http(s) URLs by hand', () => {
    expect(isCoverageUrl('https://news.gr/a')).toBe(true);
    expect(isCoverageUrl('http://news.gr')).toBe(true);
    expect(isCoverageUrl('javascript:alert(1)')).toBe(false);
    expect(isCoverageUrl('ftp://news.gr')).toBe(false);
    expect(isCoverageUrl('news.gr')).toBe(false);
  });
});

describe('table', () => {
  const row = (id: string, title: string, opens: number, created: string): ReportRowFigures => ({
    id,
    title,
    category: 'tech',
    status: 'sent',
    created_at: created,
    updated_at: created,
    opens,
    downloads: 0,
    clicks: 0,
    coverage: 0,
    newsroomViews: opens * 2 - (id === 'a' ? 3 : 0),
  });
  const rows = [row('a', 'Γάμμα', 5, '2026-03-03T10:00:00Z'), row('b', 'άλφα', 5, '2026-03-02T10:00:00Z'), row('c', 'Βήτα', 9, '2026-03-01T10:00:00Z')];

  it('sorts by a column (Greek titles by the Greek alphabet, accents ignored); ties keep the query order', () => {
    expect(sortRows(rows, 'title', 'asc').map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(sortRows(rows, 'opens', 'desc').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, 'opens', 'asc').map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, 'created_at', 'asc').map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(sortRows(rows, 'newsroom', 'desc').map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('pages and clamps the page number', () => {
    expect(pageOf(rows, 1, 2)).toEqual({ rows: rows.slice(0, 2), page: 1, pages: 2 });
    expect(pageOf(rows, 9, 2)).toEqual({ rows: rows.slice(2), page: 2, pages: 2 });
    expect(pageOf([], 1, 10)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});
