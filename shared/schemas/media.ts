import { z } from 'zod';
import { CATEGORIES, DAILY_RELEASE_LIMIT_MAX, DIGEST_FREQUENCIES, USER_STATUSES } from '../constants';

/** The journalist's inbox: one delivery per received release. */
export const INBOX_PAGE_SIZE = 10;
export const INBOX_MAX_LIMIT = 50;
export const READ_FILTERS = ['all', 'read', 'unread'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

/** GET /media/overview */
export const mediaOverview = z.object({
  status: z.enum(USER_STATUSES),
  counters: z.object({
    receivedThisWeek: z.number().int(),
    unread: z.number().int(),
    bookmarked: z.number().int(),
    categoriesFollowed: z.number().int(),
  }),
  /** Category lists an administrator has put the journalist on (nothing arrives without one). */
  mediaLists: z.array(z.enum(CATEGORIES)),
  /** Unsubscribed from everything through an e-mail link. */
  unsubscribedAll: z.boolean(),
});
export type MediaOverview = z.infer<typeof mediaOverview>;

/** GET /media/inbox query: search (accent-free), filters and offset paging ("load more"). */
/** An inbox page's end: the sort time (UTC, microseconds) and the delivery's id. */
const INBOX_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,18}$/;

export const inboxQuery = z.object({
  q: z.string().trim().max(200, 'q must have at most 200 characters').optional().default(''),
  category: z.enum(['all', ...CATEGORIES], { error: 'category is not valid' }).optional().default('all'),
  read: z.enum(READ_FILTERS, { error: 'read must be all, read or unread' }).optional().default('all'),
  bookmarked: z
    .enum(['true', 'false'], { error: 'bookmarked must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  /** Where the previous page ended (its `nextCursor`): the next page starts after it. Takes precedence over offset. */
  cursor: z
    .string()
    .regex(INBOX_CURSOR, 'cursor is not valid')
    .optional(),
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be at least 0').max(1_000_000).optional().default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(INBOX_MAX_LIMIT, `limit must be at most ${INBOX_MAX_LIMIT}`)
    .optional()
    .default(INBOX_PAGE_SIZE),
});
export type InboxQuery = z.input<typeof inboxQuery>;

export const inboxItem = z.object({
  releaseId: z.uuid(),
  deliveryId: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  category: z.enum(CATEGORIES).nullable(),
  sentAt: z.string().nullable(),
  /** The organisation that sent it (a journalist blocks the company, whichever member sent). */
  senderId: z.uuid(),
  /** The organisation's name as the release was sent. */
  senderCompany: z.string(),
  /** The organisation's logo as the release was sent, or null. */
  senderLogoUrl: z.string().nullable(),
  /** Unique opens of the release (all recipients). */
  views: z.number().int(),
  attachmentCount: z.number().int(),
  readAt: z.string().nullable(),
  bookmarked: z.boolean(),
  /** The embargo the sender set (journalists may publish only after it), or null. */
  embargoUntil: z.string().nullable(),
  /** Still under embargo now (the server's clock): the banner shows while true. */
  embargoed: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxList = z.object({
  items: z.array(inboxItem),
  /** Every match of the filters; a search counts at most 1,000 (then `totalCapped`). */
  total: z.number().int(),
  /** A search matched more than `total`: the count stopped there. */
  totalCapped: z.boolean(),
  hasMore: z.boolean(),
  /** Pass as `cursor` for the next page (keyset pagination); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type InboxList = z.infer<typeof inboxList>;

export const inboxReleaseParams = z.object({ releaseId: z.uuid('releaseId is not valid') });

export const inboxAttachment = z.object({
  id: z.uuid(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
});

/** GET /media/inbox/:releaseId — the reading view. */
export const inboxRelease = inboxItem.omit({ excerpt: true, attachmentCount: true }).extend({
  /** Sanitized HTML; its http(s) links are tracked links of this delivery. */
  html: z.string(),
  attachments: z.array(inboxAttachment),
  /** The sender's «Σχετικά με» text and press contact, as they were when it was sent. */
  boilerplate: z.string().nullable(),
  pressContact: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
});
export type InboxRelease = z.infer<typeof inboxRelease>;

export const inboxStateResponse = z.object({ readAt: z.string().nullable(), bookmarked: z.boolean() });
export type InboxStateResponse = z.infer<typeof inboxStateResponse>;

/** A sending organisation (the media user's "block this sender" acts on it). */
export const sender = z.object({ id: z.uuid(), company: z.string(), logoUrl: z.string().nullable() });
export type Sender = z.infer<typeof sender>;

/** GET /media/preferences */
export const mediaPreferences = z.object({
  status: z.enum(USER_STATUSES),
  categories: z.array(z.enum(CATEGORIES)),
  digest: z.enum(DIGEST_FREQUENCIES),
  /** At most this many releases a day by e-mail and notification, the rest in the daily digest; null: no limit. */
  dailyLimit: z.number().int().nullable(),
  blockedSenders: z.array(sender),
  /** Senders the journalist has received from (candidates to block). */
  knownSenders: z.array(sender),
  /** Category lists an administrator has put the journalist on. */
  mediaLists: z.array(z.enum(CATEGORIES)),
  /** Unsubscribed from everything (e-mail unsubscribe link). */
  unsubscribedAll: z.boolean(),
});
export type MediaPreferences = z.infer<typeof mediaPreferences>;

export const categoriesBody = z
  .object({
    categories: z
      .array(z.enum(CATEGORIES, { error: 'category is not valid' }), { error: 'categories must be a list' })
      .max(CATEGORIES.length)
      .refine((a) => new Set(a).size === a.length, 'categories must not repeat'),
  })
  .strict();
export type CategoriesBody = z.infer<typeof categoriesBody>;

export const digestBody = z.object({ digest: z.enum(DIGEST_FREQUENCIES, { error: 'digest must be none, daily or weekly' }) }).strict();
export type DigestBody = z.infer<typeof digestBody>;

/** PUT /media/preferences/daily-limit: a whole number from 1, or null for no limit. */
export const dailyLimitBody = z
  .object({
    dailyLimit: z
      .number({ error: 'dailyLimit must be a number or null' })
      .int('dailyLimit must be a whole number')
      .min(1, 'dailyLimit must be at least 1')
      .max(DAILY_RELEASE_LIMIT_MAX, `dailyLimit must be at most ${DAILY_RELEASE_LIMIT_MAX}`)
      .nullable(),
  })
  .strict();
export type DailyLimitBody = z.infer<typeof dailyLimitBody>;

/** The settings form's field (text: empty for no limit), piped into the body the server checks. */
export const dailyLimitForm = z
  .object({ dailyLimit: z.string() })
  .transform(({ dailyLimit }): z.input<typeof dailyLimitBody> => ({ dailyLimit: dailyLimit.trim() === '' ? null : Number(dailyLimit.trim()) }))
  .pipe(dailyLimitBody);

/** senderId: the organisation's id (Sender.id). */
export const blockSenderBody = z.object({ senderId: z.uuid('senderId is not valid') }).strict();
export const senderParams = z.object({ senderId: z.uuid('senderId is not valid') });
