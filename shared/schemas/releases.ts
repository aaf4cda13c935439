import { z } from 'zod';
import { CATEGORIES, LIMITS, ORGANISATION_ROLES, RELEASE_STATUSES } from '../constants';

/** GET /releases query: server-side search, filters ('all' = no filter) and paging. */
export const releaseListQuery = z.object({
  q: z.string().trim().max(200, 'q must have at most 200 characters').optional().default(''),
  category: z.enum(['all', ...CATEGORIES], { error: 'category is not valid' }).optional().default('all'),
  status: z.enum(['all', ...RELEASE_STATUSES], { error: 'status is not valid' }).optional().default('all'),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).optional().default(1),
  /** Only the releases the caller created or edited («Μόνο δικά μου»). */
  mine: z
    .enum(['true', 'false'], { error: 'mine must be true or false' })
    .optional()
    .default('false')
    .transform((v) => v === 'true'),
});
export type ReleaseListQuery = z.infer<typeof releaseListQuery>;

export const releaseIdParams = z.object({ id: z.uuid('id is not valid') });

export const releaseListItem = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  category: z.enum(CATEGORIES).nullable(),
  status: z.enum(RELEASE_STATUSES),
  /** Who created it; null once that user was deleted (the organisation keeps the release). */
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type ReleaseListItem = z.infer<typeof releaseListItem>;

/** A row of the organisation's list: also who else edited it. */
export const releaseListRow = releaseListItem.extend({
  co_editors: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Review still open on it: unresolved comment threads, suggested changes not yet accepted or rejected. */
  openComments: z.number().int(),
  pendingSuggestions: z.number().int(),
});
export type ReleaseListRow = z.infer<typeof releaseListRow>;

export const releaseListResponse = z.object({
  items: z.array(releaseListRow),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.literal(LIMITS.listPageSize),
  /** How many releases the list has with no filter (the organisation's; the caller's with `mine`): tells the two empty states apart. */
  totalAll: z.number().int(),
});
export type ReleaseListResponse = z.infer<typeof releaseListResponse>;

export const releaseDetail = releaseListItem.extend({
  content_text: z.string(),
  organisation_id: z.uuid(),
  media_list_categories: z.array(z.enum(CATEGORIES)),
  /** The caller's role in the release's organisation (what the editor lets them do). */
  my_role: z.enum(ORGANISATION_ROLES),
});
export type ReleaseDetail = z.infer<typeof releaseDetail>;

export const releaseCreated = z.object({ id: z.uuid() });

/** POST /releases: a new draft, empty or with a starting title, plain-text content and category. */
export const releaseCreateBody = z
  .object({
    title: z.string().trim().max(300, 'title must have at most 300 characters').optional().default(''),
    content: z.string().max(100_000, 'content is too long').optional().default(''),
    category: z.enum(CATEGORIES, { error: 'category is not valid' }).nullable().optional(),
  })
  .strict();
export type ReleaseCreateBody = z.infer<typeof releaseCreateBody>;
