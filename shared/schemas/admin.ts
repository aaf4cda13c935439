/** Superadmin console: users, media lists, audit log, overview and statistics. */
import { z } from 'zod';
import { AUDIT_ACTIONS, CATEGORIES, LIMITS, ORGANISATION_ROLES, ORGANISATION_STATUSES, PLAN_CODES, ROLES, USER_STATUSES } from '../constants';
import { PLAN_STATES } from '../plans';

const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page is too large')
  .default(1);

const searchParam = z
  .string()
  .trim()
  .max(200, 'q must have at most 200 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

const dateParam = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} is not a valid date`);

// ---------------------------------------------------------------- users
export const USER_STATUS_FILTERS = ['all', ...USER_STATUSES, 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

/** The plan filter: a plan, or accounts without one (media, superadmin). */
export const PLAN_FILTERS = ['all', ...PLAN_CODES, 'none'] as const;
export type PlanFilter = (typeof PLAN_FILTERS)[number];
/** The trial filter: in trial, ending within the notice days, expired, or an active plan. */
export const TRIAL_FILTERS = ['all', 'trial', 'ending', 'expired', 'active'] as const;
export type TrialFilter = (typeof TRIAL_FILTERS)[number];

export const adminUsersQuery = z.object({
  q: searchParam,
  role: z.enum(['all', ...ROLES], { error: 'role must be all, client, media or superadmin' }).default('all'),
  status: z.enum(USER_STATUS_FILTERS, { error: 'status is not a valid filter' }).default('all'),
  plan: z.enum(PLAN_FILTERS, { error: `plan must be one of ${PLAN_FILTERS.join(', ')}` }).default('all'),
  trial: z.enum(TRIAL_FILTERS, { error: `trial must be one of ${TRIAL_FILTERS.join(', ')}` }).default('all'),
  page: pageParam,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** An organisation a user belongs to, with their role there (the superadmin's users list). */
export const adminUserOrganisation = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  /** The organisation's approval (the superadmin approves organisations, not each member). */
  status: z.enum(ORGANISATION_STATUSES),
});
export type AdminUserOrganisation = z.infer<typeof adminUserOrganisation>;

export const adminUser = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  organization: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  is_active: z.boolean(),
  created_at: z.string(),
  plan_code: z.enum(PLAN_CODES).nullable(),
  plan_state: z.enum(PLAN_STATES).nullable(),
  trial_started_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  plan_activated_at: z.string().nullable(),
  /** The organisation whose plan and trial the row shows: the oldest one the user owns (null: none). */
  organisation_id: z.string().nullable(),
  /** Every organisation the user belongs to, oldest membership first. */
  organisations: z.array(adminUserOrganisation),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersPage = z.object({
  items: z.array(adminUser),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pending: z.number(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

export const USER_ACTIONS = ['approve', 'reject', 'ban', 'unban', 'activate', 'deactivate', 'role_change'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export const userIdParams = z.object({ id: z.uuid('id must be a user id') });
export const organisationIdParams = z.object({ id: z.uuid('id must be an organisation id') });

export const userActionBody = z
  .object({
    action: z.enum(USER_ACTIONS, { error: `action must be one of ${USER_ACTIONS.join(', ')}` }),
    role: z.enum(['client', 'media'], { error: 'role must be client or media' }).optional(),
  })
  .refine((b) => b.action !== 'role_change' || b.role !== undefined, {
    message: 'role is required for role_change',
    path: ['role'],
  });
export type UserActionBody = z.infer<typeof userActionBody>;

export const bulkApproveBody = z.object({
  ids: z
    .array(z.uuid('ids must be user ids'), { error: 'ids must be a list of user ids' })
    .min(1, 'ids needs at least one user')
    .max(500, 'ids may hold at most 500 users'),
});
export const bulkApproveResult = z.object({ approved: z.number(), skipped: z.number() });

/** Refusal codes of user actions (409). */
export const USER_ACTION_ERRORS = [
  'not_pending',
  'already_banned',
  'not_banned',
  'already_active',
  'already_inactive',
  'superadmin_role_locked',
  'same_role',
  'cannot_modify_self',
] as const;

// ---------------------------------------------------------------- media lists
export const categoryParams = z.object({
  category: z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }),
});
export const mediaMemberParams = categoryParams.extend({ mediaId: z.uuid('mediaId must be a user id') });

export const mediaListQuery = z.object({ q: searchParam, page: pageParam });
/** The add-media dialog's candidates come this many at a time ("load more" asks for the next page). */
export const MEDIA_CANDIDATES_PAGE_SIZE = 50;

/** Where a page of candidates ended: the last one's name and user id (the list's order). */
export interface MediaCandidatesCursor {
  name: string;
  userId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_PAIRS = /^(?:[0-9a-f]{2})+$/;
/** A name is at most a few hundred characters: a cursor longer than this is not one the server gave. */
const MAX_CURSOR_LENGTH = 4000;

/** The opaque `after` of the next page: the hex of the UTF-8 of JSON [name, userId] (URL-safe, no padding). */
export function encodeMediaCandidatesCursor(c: MediaCandidatesCursor): string {
  return [...new TextEncoder().encode(JSON.stringify([c.name, c.userId]))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The cursor `after` stands for, or null when it is not one encodeMediaCandidatesCursor made. */
export function decodeMediaCandidatesCursor(after: string): MediaCandidatesCursor | null {
  if (after.length > MAX_CURSOR_LENGTH || !HEX_PAIRS.test(after)) return null;
  const bytes = new Uint8Array(after.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(after.slice(i * 2, i * 2 + 2), 16);
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [name, userId] = value as unknown[];
    if (typeof name !== 'string' || typeof userId !== 'string' || !UUID.test(userId) || name.includes('\u0000')) return null;
    return { name, userId };
  } catch {
    return null;
  }
}

export const mediaCandidatesQuery = z.object({
  category: z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }),
  q: searchParam,
  /** The previous page's `nextCursor`: this page starts after it (keyset pagination on name, user id). */
  after: z
    .string({ error: 'after must be a cursor the previous page gave' })
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === '') return undefined;
      const cursor = decodeMediaCandidatesCursor(s);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: 'after is not a cursor the previous page gave' });
        return z.NEVER;
      }
      return cursor;
    }),
});

export const mediaProfile = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  is_active: z.boolean(),
});
export type MediaProfile = z.infer<typeof mediaProfile>;

export const mediaListMember = z.object({
  id: z.string(),
  category: z.enum(CATEGORIES),
  media_id: z.string(),
  created_at: z.string(),
  profile: mediaProfile,
});
export type MediaListMember = z.infer<typeof mediaListMember>;

export const mediaListPage = z.object({
  items: z.array(mediaListMember),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const mediaListCounts = z.object({ counts: z.record(z.enum(CATEGORIES), z.number()) });
/** A page of candidates, in name order; `nextCursor` is the next page's `after`, null on the last page. */
export const mediaCandidates = z.object({ items: z.array(mediaProfile), nextCursor: z.string().nullable() });
export type MediaCandidatesPage = z.infer<typeof mediaCandidates>;

export const addMediaBody = z.object({
  mediaIds: z
    .array(z.uuid('mediaIds must be user ids'), { error: 'mediaIds must be a list of user ids' })
    .min(1, 'mediaIds needs at least one media')
    .max(1000, 'mediaIds may hold at most 1000 media'),
});
export const addMediaResult = z.object({ added: z.number(), skipped: z.number() });

export const importMediaBody = z.object({
  text: z
    .string({ error: 'text is required' })
    .max(200_000, 'text is too long')
    .refine((t) => t.trim().length > 0, 'text is required'),
});
export const importMediaResult = z.object({
  total: z.number(),
  found: z.number(),
  added: z.number(),
  existing: z.number(),
  notFound: z.array(z.string()),
});
export type ImportMediaResult = z.infer<typeof importMediaResult>;

/** Bulk import: split on commas or new lines, trim, drop empties (spec 5). Duplicates are kept once. */
export function parseImportEmails(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,\r\n]+/)) {
    const email = part.trim();
    if (!email) continue;
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(email);
  }
  return out;
}

// ---------------------------------------------------------------- audit log
export const AUDIT_PAGE_SIZE = 20;
export const auditLogsQuery = z
  .object({
    action: z.enum(['all', ...AUDIT_ACTIONS], { error: 'action is not an audit action type' }).default('all'),
    actor: searchParam,
    from: dateParam('from').optional(),
    to: dateParam('to').optional(),
    page: pageParam,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'to cannot precede from', path: ['to'] });
export type AuditLogsQuery = z.infer<typeof auditLogsQuery>;

export const auditLog = z.object({
  id: z.number(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string(),
  /** The actor's name now (null: the system). */
  actor_name: z.string().nullable(),
  action_type: z.enum(AUDIT_ACTIONS),
  /** What the entry is about, by its current name (a user, a release's title, an organisation …), when it still exists. */
  entity_label: z.string().nullable(),
  /** The member an organisation entry names (metadata.userId), by name. */
  subject_name: z.string().nullable(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditLog = z.infer<typeof auditLog>;
export const auditLogsPage = z.object({
  items: z.array(auditLog),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

// ---------------------------------------------------------------- overview, health, statistics
export const HEALTH_LEVELS = ['green', 'yellow', 'red', 'unknown'] as const;
export type HealthLevel = (typeof HEALTH_LEVELS)[number];
export const HEALTH_BADGES = ['healthy', 'warning', 'error', 'unknown'] as const;
export type HealthBadge = (typeof HEALTH_BADGES)[number];

const measurement = z.object({ value: z.number().nullable(), level: z.enum(HEALTH_LEVELS) });
export const adminHealth = z.object({
  db: measurement,
  emailQueue: measurement,
  newsletterQueue: measurement,
  /** Bounces and complaints over the last 7 days, in % of the e-mails sent (or refused at the door) then. */
  bounceRate: measurement,
  complaintRate: measurement,
  /** The counts behind the two rates (null when they could not be read). */
  mail: z.object({ attempted: z.number(), bounced: z.number(), complaints: z.number() }).nullable(),
  badge: z.enum(HEALTH_BADGES),
  checkedAt: z.string(),
});
export type AdminHealth = z.infer<typeof adminHealth>;

/** Level of one measurement: under green is green, under yellow is yellow, else red; null is unknown. */
export function healthLevel(value: number | null, t: { green: number; yellow: number }): HealthLevel {
  if (value === null || !Number.isFinite(value)) return 'unknown';
  if (value < t.green) return 'green';
  if (value < t.yellow) return 'yellow';
  return 'red';
}

/**
 * Level of a rate: green up to `warn`, yellow above it, red above `error`. Nothing mailed has
 * nothing to warn about (green, no value); null with mail is unknown.
 */
export function rateLevel(value: number | null, t: { warn: number; error: number }, attempted: number | null): HealthLevel {
  if (attempted === 0) return 'green';
  if (value === null || !Number.isFinite(value)) return 'unknown';
  if (value > t.error) return 'red';
  if (value > t.warn) return 'yellow';
  return 'green';
}

/** The badge: error if any is red, else unknown if any is unknown, warning if any is yellow, else healthy. */
export function healthBadge(levels: HealthLevel[]): HealthBadge {
  if (levels.includes('red')) return 'error';
  if (levels.includes('unknown')) return 'unknown';
  if (levels.includes('yellow')) return 'warning';
  return 'healthy';
}

export const adminOverview = z.object({
  counters: z.object({
    newClients: z.number(),
    newMedia: z.number(),
    releases: z.number(),
    pending: z.number(),
  }),
  signups: z.array(z.object({ date: z.string(), client: z.number(), media: z.number() })),
  roles: z.array(z.object({ role: z.enum(ROLES), count: z.number() })),
  releasesByCategory: z.array(z.object({ category: z.enum(CATEGORIES), count: z.number() })),
});
export type AdminOverview = z.infer<typeof adminOverview>;

export const STATISTICS_MAX_DAYS = 366;
export const statisticsQuery = z
  .object({ from: dateParam('from'), to: dateParam('to') })
  .refine((v) => v.from <= v.to, { message: 'to cannot precede from', path: ['to'] })
  .refine(
    (v) => (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 < STATISTICS_MAX_DAYS,
    { message: `the range may span at most ${STATISTICS_MAX_DAYS} days`, path: ['from'] },
  );
export const statisticsDay = z.object({
  date: z.string(),
  signups: z.number(),
  sends: z.number(),
  opens: z.number(),
  clicks: z.number(),
});
export const adminStatistics = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(statisticsDay),
  totals: z.object({ signups: z.number(), sends: z.number(), opens: z.number(), clicks: z.number() }),
});
export type AdminStatistics = z.infer<typeof adminStatistics>;

export const ADMIN_PAGE_SIZE = { users: LIMITS.usersPageSize, media: LIMITS.mediaPageSize, audit: AUDIT_PAGE_SIZE };
