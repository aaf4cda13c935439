/** Client reports: filters, the report, coverage links. */
import { z } from 'zod';
import { CATEGORIES, LIMITS, RELEASE_STATUSES } from '../constants';
import { isCoverageUrl, isTimeZone, REPORT_SORTS } from '../reports';

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${name} is not a valid date`);

/** The filters of /client/reports (also the CSV and PDF exports). From/To default to the last 30 days. */
export const reportFilters = z.object({
  from: day('from').optional(),
  to: day('to').optional(),
  category: z.enum(['all', ...CATEGORIES], { error: 'category is not a valid filter' }).default('all'),
  status: z.enum(['all', ...RELEASE_STATUSES], { error: 'status is not a valid filter' }).default('all'),
});
export type ReportFilters = z.infer<typeof reportFilters>;

const sorting = {
  sort: z.enum(REPORT_SORTS, { error: 'sort is not a valid column' }).default('created_at'),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).default('desc'),
};

/** The exports: the filters, the table's order and the viewer's time zone (dates as on screen). */
export const reportExportQuery = reportFilters.extend({
  ...sorting,
  tz: z.string().max(64).refine(isTimeZone, 'tz is not a known time zone').optional(),
});
export type ReportExportQuery = z.infer<typeof reportExportQuery>;

export const reportQuery = reportFilters.extend({
  ...sorting,
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1).max(100).default(LIMITS.listPageSize),
});
export type ReportQuery = z.infer<typeof reportQuery>;

const category = z.enum(CATEGORIES);

export const reportRow = z.object({
  id: z.string(),
  title: z.string(),
  category: category.nullable(),
  status: z.enum(RELEASE_STATUSES),
  created_at: z.string(),
  /** Last change of the release or of its figures. */
  updated_at: z.string(),
  opens: z.number().int(),
  clicks: z.number().int(),
  downloads: z.number().int(),
  coverage: z.number().int(),
  /** Views of the release's page in the public newsroom. */
  newsroomViews: z.number().int(),
  /** The release's embargo, and its unique opens before and after it (null without an embargo). */
  embargoUntil: z.string().nullable(),
  opensBeforeEmbargo: z.number().int().nullable(),
  opensAfterEmbargo: z.number().int().nullable(),
  coverageLinks: z.array(z.string()),
  /** The coverage links added by hand (removable). */
  manualCoverage: z.array(z.string()),
  /** Comment threads on its text (not deleted), and how many are still open. */
  comments: z.number().int(),
  openComments: z.number().int(),
  /** Its e-mail copies: delivered, bounced (hard, soft), complained about, left out as suppressed. */
  delivered: z.number().int().default(0),
  bouncedHard: z.number().int().default(0),
  bouncedSoft: z.number().int().default(0),
  complained: z.number().int().default(0),
  suppressed: z.number().int().default(0),
});
export type ReportRow = z.infer<typeof reportRow>;

export const clientReport = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({
    releases: z.number().int(),
    opens: z.number().int(),
    clicks: z.number().int(),
    downloads: z.number().int(),
    /** Views of the client's newsroom pages (all of them) between From and the end of To. */
    newsroomViews: z.number().int(),
  }),
  /** Views of the client's newsroom pages per week, the same 8 weeks as `weekly`. */
  newsroomWeekly: z.array(z.object({ weekStart: z.string(), views: z.number().int() })),
  weekly: z.array(
    z.object({
      weekStart: z.string(),
      releases: z.number().int(),
      delivered: z.number().int(),
      openers: z.number().int(),
      openRate: z.number().nullable(),
    }),
  ),
  /** Every release of the summary once: per category (the one the table shows), then those without one (null). */
  byCategory: z.array(
    z.object({ category: category.nullable(), releases: z.number().int(), opens: z.number().int(), clicks: z.number().int(), ctr: z.number() }),
  ),
  rows: z.array(reportRow),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
});
export type ClientReport = z.infer<typeof clientReport>;

export const releaseIdParams = z.object({ releaseId: z.uuid({ error: 'releaseId must be a UUID' }) });

export const coverageBody = z.object({
  url: z
    .string({ error: 'url is required' })
    .trim()
    .min(1, 'url is required')
    .max(2000, 'url must have at most 2000 characters')
    .refine(isCoverageUrl, 'url must be an http(s) link'),
});

export const coverageResult = z.object({ releaseId: z.string(), coverageLinks: z.array(z.string()), manualCoverage: z.array(z.string()) });
export type CoverageResult = z.infer<typeof coverageResult>;

/** GET /client/reports/:releaseId/coverage: one of the client's releases with its coverage (the release list and the sent release's page). */
export const releaseCoverage = coverageResult.extend({ title: z.string(), status: z.enum(RELEASE_STATUSES) });
export type ReleaseCoverage = z.infer<typeof releaseCoverage>;
