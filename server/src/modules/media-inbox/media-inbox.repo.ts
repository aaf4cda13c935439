import type { Knex } from 'knex';
import { likeContains } from '../../../../shared/search-text';
import type { SentAttachment } from '../releases/sent-versions.repo';
import { CATEGORIES, type Category, type DIGEST_FREQUENCIES, type UserStatus } from '../../../../shared/constants';

export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

type Q = Knex | Knex.Transaction;

/** The sender is the organisation that sent the release (whichever of its members pressed send). */
const SENDER_ID = 'v.organisation_id';

export interface InboxFilter {
  userId: string;
  /** Already normalised with normalizeSearch(); '' for no search. */
  search: string;
  category: Category | null;
  read: 'all' | 'read' | 'unread';
  bookmarked: boolean;
}

export interface InboxRow {
  delivery_id: string | number;
  release_id: string;
  title: string;
  content_text: string;
  content: string;
  category: Category | null;
  sent_at: Date | null;
  /** The sending organisation. */
  sender_id: string;
  sender_company: string;
  sender_logo_url: string | null;
  views: number;
  attachment_count: number;
  read_at: Date | null;
  bookmarked_at: Date | null;
  embargo_until: Date | null;
  boilerplate: string | null;
  press_contact_name: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
}

/**
 * The caller's deliveries, each with what was sent (the frozen sent version: a release that
 * was later archived stays readable), its sender as it was, and its counts.
 */
function inbox(q: Q, f: Pick<InboxFilter, 'userId'> & Partial<InboxFilter>) {
  const query = q('deliveries as d')
    .join('release_sent_versions as v', 'v.press_release_id', 'd.press_release_id')
    .join('press_releases as p', 'p.id', 'd.press_release_id')
    .leftJoin('reporting as r', 'r.press_release_id', 'p.id')
    .where('d.recipient_user_id', f.userId);
  if (f.search) query.andWhereRaw("v.search_text like ? escape '\\'", [likeContains(f.search)]);
  if (f.category) query.andWhere('v.category', f.category);
  if (f.read === 'read') query.whereNotNull('d.read_at');
  if (f.read === 'unread') query.whereNull('d.read_at');
  if (f.bookmarked) query.whereNotNull('d.bookmarked_at');
  return query;
}

/** What a row of the inbox shows; `release` is the column that holds the release's id. */
function columns(q: Q, release = 'p.id') {
  return [
    'd.id as delivery_id',
    `${release} as release_id`,
    'v.title',
    'v.content_text',
    'v.content',
    'v.category',
    'v.sent_at',
    q.raw(`${SENDER_ID} as sender_id`),
    'v.sender_name as sender_company',
    'v.sender_logo_url',
    q.raw('coalesce(cardinality(r.opened_by), 0)::int as views'),
    q.raw('jsonb_array_length(v.attachments)::int as attachment_count'),
    'd.read_at',
    'd.bookmarked_at',
    'v.embargo_until',
    'v.boilerplate',
    'v.press_contact_name',
    'v.press_contact_email',
    'v.press_contact_phone',
  ];
}

/** Where a page of the inbox ends: the sort time (microseconds, UTC) and the delivery's id. */
export interface InboxCursor {
  at: string;
  id: string;
}

const CURSOR_AT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * A search reads the sent versions that match through their trigram index, then the
 * journalist's delivery of each by the deliveries' unique index, when at most this many sent
 * versions match in all (a rare term): its cost is then that of the matches, not of the inbox.
 * A term that matches more (a common word) is looked for in the journalist's deliveries newest
 * first, and the page is found near the start.
 */
export const SEARCH_CANDIDATES_MAX = 2000;
/** A search's total is counted up to this many (its page needs no more); past it the list says "more than". */
export const SEARCH_COUNT_MAX = 1000;
/** The trigram index helps a pattern of this many characters or more. */
const TRIGRAM_MIN = 3;

export interface SearchLimits {
  candidates: number;
  count: number;
}

/**
 * One page of the inbox, newest first (the bookmarks: most recently bookmarked first). The
 * page is read from the delivery rows alone, through the index of its order (all, one
 * category, unread, bookmarks), starting after `cursor` (keyset) or at `offset`; only its rows
 * are joined to what was sent. `limit + 1` rows are read to know whether more follow.
 * Without a search the total comes from the journalist's counters; with one it is counted
 * exactly when the term is rare (SEARCH_CANDIDATES_MAX) and up to SEARCH_COUNT_MAX otherwise
 * (`totalCapped`: there are more).
 */
export async function listInbox(
  q: Q,
  f: InboxFilter,
  limit: number,
  at: { cursor: InboxCursor | null; offset: number },
  limits: SearchLimits = { candidates: SEARCH_CANDIDATES_MAX, count: SEARCH_COUNT_MAX },
): Promise<{ rows: (InboxRow & { sort_key: string })[]; total: number; totalCapped: boolean; hasMore: boolean }> {
  const key = f.bookmarked ? 'd.bookmarked_at' : 'd.release_sent_at';
  const like = f.search ? likeContains(f.search) : '';
  const rare = f.search.length >= TRIGRAM_MIN && (await matchingSentVersions(q, like, limits.candidates + 1)) <= limits.candidates;
  // A rare term: its sent versions, each joined to the journalist's delivery (an index probe each:
  // the `limit 1` (one delivery per release and journalist anyway) keeps Postgres from turning the
  // lateral join into a hash join over all the journalist's deliveries).
  const page: Knex.QueryBuilder = rare
    ? q.from(
        q.raw(
          `(select press_release_id from release_sent_versions where search_text like ? escape '\\') as c
           cross join lateral (select * from deliveries where press_release_id = c.press_release_id and recipient_user_id = ? limit 1) as d`,
          [like, f.userId],
        ),
      )
    : q('deliveries as d').where('d.recipient_user_id', f.userId);
  page.whereNotNull('d.release_sent_at');
  if (f.category) page.andWhere('d.release_category', f.category);
  if (f.read === 'read') page.whereNotNull('d.read_at');
  if (f.read === 'unread') page.whereNull('d.read_at');
  if (f.bookmarked) page.whereNotNull('d.bookmarked_at');
  if (f.search && !rare) {
    page
      .join('release_sent_versions as sv', 'sv.press_release_id', 'd.press_release_id')
      .andWhereRaw("sv.search_text like ? escape '\\'", [like]);
  }
  let total: number;
  let totalCapped = false;
  if (!f.search) total = await countFromCounters(q, f);
  else if (rare) total = await countUpTo(q, page.clone(), Infinity);
  else {
    const n = await countUpTo(q, page.clone(), limits.count + 1);
    totalCapped = n > limits.count;
    total = Math.min(n, limits.count);
  }
  if (at.cursor) page.andWhereRaw(`(${key}, d.id) < (?::timestamptz, ?::bigint)`, [at.cursor.at, at.cursor.id]);
  page
    .select('d.id', 'd.press_release_id', 'd.read_at', 'd.bookmarked_at', q.raw(`${key} as sort_at`), q.raw(`to_char(${key} at time zone 'UTC', ${CURSOR_AT}) as sort_key`))
    .orderBy([
      { column: key, order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ])
    .limit(limit + 1);
  if (!at.cursor && at.offset) page.offset(at.offset);
  const rows = (await q
    .from(page.as('d'))
    .join('release_sent_versions as v', 'v.press_release_id', 'd.press_release_id')
    .leftJoin('reporting as r', 'r.press_release_id', 'd.press_release_id')
    .select(
      ...columns(q, 'd.press_release_id'),
      'd.sort_key',
    )
    .orderBy([
      { column: 'd.sort_at', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ])) as (InboxRow & { sort_key: string })[];
  return { rows: rows.slice(0, limit), total, totalCapped, hasMore: rows.length > limit };
}

/** How many sent versions (of every organisation) match a search, counted up to `max`. */
async function matchingSentVersions(q: Q, like: string, max: number): Promise<number> {
  return countUpTo(q, q('release_sent_versions').whereRaw("search_text like ? escape '\\'", [like]), max);
}

/** The rows of a query, counted up to `max` (the scan stops there). */
async function countUpTo(q: Q, query: Knex.QueryBuilder, max: number): Promise<number> {
  const rows = query.clearSelect().clearOrder().select(q.raw('1'));
  if (Number.isFinite(max)) rows.limit(max);
  const [row] = (await q.from(rows.as('x')).count({ n: '*' })) as { n: string | number }[];
  return Number(row?.n ?? 0);
}

/** The list's total without a search: from the journalist's maintained counters (one row per category). */
async function countFromCounters(q: Q, f: InboxFilter): Promise<number> {
  const query = q('inbox_counters').where('user_id', f.userId);
  if (f.category) query.andWhere('category', f.category);
  const [row] = (await query.select(
    q.raw('coalesce(sum(total), 0)::int as total'),
    q.raw('coalesce(sum(unread), 0)::int as unread'),
    q.raw('coalesce(sum(bookmarked), 0)::int as bookmarked'),
    q.raw('coalesce(sum(bookmarked_unread), 0)::int as bookmarked_unread'),
  )) as { total: number; unread: number; bookmarked: number; bookmarked_unread: number }[];
  const c = row ?? { total: 0, unread: 0, bookmarked: 0, bookmarked_unread: 0 };
  const all = f.bookmarked ? c.bookmarked : c.total;
  const unread = f.bookmarked ? c.bookmarked_unread : c.unread;
  return f.read === 'unread' ? unread : f.read === 'read' ? all - unread : all;
}

export async function findInboxRelease(q: Q, userId: string, releaseId: string): Promise<InboxRow | undefined> {
  return (await inbox(q, { userId }).andWhere('p.id', releaseId).first(columns(q))) as InboxRow | undefined;
}

/** The files that were sent with the release (its frozen version). */
export async function attachmentsOf(q: Q, releaseId: string) {
  const v = (await q('release_sent_versions').where('press_release_id', releaseId).first('attachments')) as { attachments: SentAttachment[] } | undefined;
  return (v?.attachments ?? []).map((a) => ({ id: a.id, file_name: a.fileName, mime_type: a.mimeType, size_bytes: a.sizeBytes }));
}

/** Sets read_at once (keeps the first read time); returns the delivery's state, or undefined if none. */
export async function markRead(q: Q, userId: string, releaseId: string) {
  await q('deliveries').where({ recipient_user_id: userId, press_release_id: releaseId }).whereNull('read_at').update({ read_at: q.fn.now() });
  return deliveryState(q, userId, releaseId);
}

export async function markUnread(q: Q, userId: string, releaseId: string) {
  await q('deliveries').where({ recipient_user_id: userId, press_release_id: releaseId }).update({ read_at: null });
  return deliveryState(q, userId, releaseId);
}

export async function setBookmark(q: Q, userId: string, releaseId: string, on: boolean) {
  const rows = q('deliveries').where({ recipient_user_id: userId, press_release_id: releaseId });
  if (on) await rows.whereNull('bookmarked_at').update({ bookmarked_at: q.fn.now() });
  else await rows.update({ bookmarked_at: null });
  return deliveryState(q, userId, releaseId);
}

/** The caller's delivery of a sent release (the inbox's unit), or undefined. */
export async function deliveryState(q: Q, userId: string, releaseId: string) {
  return (await q('deliveries as d')
    .join('release_sent_versions as v', 'v.press_release_id', 'd.press_release_id')
    .where({ 'd.recipient_user_id': userId, 'd.press_release_id': releaseId })
    .first('d.id', 'd.read_at', 'd.bookmarked_at')) as { id: string | number; read_at: Date | null; bookmarked_at: Date | null } | undefined;
}

/**
 * The overview's counters: unread and bookmarked from the maintained per-journalist counters;
 * received this week counts only this week's deliveries (through their time index).
 */
export async function counters(q: Q, userId: string, weekStart: Date) {
  const [sums] = (await q('inbox_counters')
    .where('user_id', userId)
    .select(q.raw('coalesce(sum(unread), 0)::int as unread'), q.raw('coalesce(sum(bookmarked), 0)::int as bookmarked'))) as {
    unread: number;
    bookmarked: number;
  }[];
  const [week] = (await q('deliveries')
    .where('recipient_user_id', userId)
    .andWhere('created_at', '>=', weekStart)
    .whereNotNull('release_sent_at')
    .count({ n: '*' })) as { n: string | number }[];
  return {
    receivedThisWeek: Number(week?.n ?? 0),
    unread: Number(sums?.unread ?? 0),
    bookmarked: Number(sums?.bookmarked ?? 0),
  };
}

export interface MediaProfile {
  status: UserStatus;
  categories: Category[];
  digest_frequency: DigestFrequency;
  daily_release_limit: number | null;
}

export async function profile(q: Q, userId: string): Promise<MediaProfile> {
  const row = (await q('profiles').where('user_id', userId).first('status', 'categories', 'digest_frequency', 'daily_release_limit')) as MediaProfile;
  const stored = new Set(row.categories ?? []);
  return { ...row, categories: CATEGORIES.filter((c) => stored.has(c)) };
}

export async function setCategories(trx: Knex.Transaction, userId: string, categories: Category[]): Promise<void> {
  const ordered = CATEGORIES.filter((c) => categories.includes(c));
  await trx('profiles').where('user_id', userId).update({ categories: ordered });
  // Distribution honours unsubscribes: an unticked category is a category unsubscribe.
  await trx('unsubscribes').where({ user_id: userId, scope: 'category' }).delete();
  const unticked = CATEGORIES.filter((c) => !categories.includes(c));
  if (unticked.length) await trx('unsubscribes').insert(unticked.map((category) => ({ user_id: userId, scope: 'category', category })));
}

export async function setDigest(q: Q, userId: string, digest: DigestFrequency): Promise<void> {
  await q('profiles').where('user_id', userId).update({ digest_frequency: digest });
}

export async function setDailyLimit(q: Q, userId: string, limit: number | null): Promise<void> {
  await q('profiles').where('user_id', userId).update({ daily_release_limit: limit });
}

export interface SenderRow {
  id: string;
  company: string;
  logoUrl: string | null;
}

/** A sending organisation's name for the settings lists (never empty). */
const SENDER_LABEL = `coalesce(nullif(btrim(so.name), ''), 'Deltio')`;
const SENDER_COLUMNS = (q: Q) => ['so.id as id', q.raw(`${SENDER_LABEL} as company`), 'so.logo_url as logoUrl'];

/** The organisations the journalist blocked ("block this sender"), oldest first. */
export async function blockedSenders(q: Q, userId: string): Promise<SenderRow[]> {
  return (await q('unsubscribes as u')
    .join('organisations as so', 'so.id', 'u.sender_organisation_id')
    .where({ 'u.user_id': userId, 'u.scope': 'sender' })
    .orderBy('u.created_at', 'asc')
    .select(SENDER_COLUMNS(q))) as SenderRow[];
}

/** Every organisation that has sent the journalist a release, by name. */
export async function knownSenders(q: Q, userId: string): Promise<SenderRow[]> {
  return (await q
    .select(SENDER_COLUMNS(q))
    .from(
      q('deliveries')
        .where('recipient_user_id', userId)
        .whereNotNull('release_sent_at')
        .distinct('sender_organisation_id as sender_id')
        .as('s'),
    )
    .join('organisations as so', 'so.id', 's.sender_id')
    .orderBy('company', 'asc')) as SenderRow[];
}

export async function mediaListCategories(q: Q, userId: string): Promise<Category[]> {
  const rows = (await q('media_lists').where('media_id', userId).select('category')) as { category: Category }[];
  const on = new Set(rows.map((r) => r.category));
  return CATEGORIES.filter((c) => on.has(c));
}

export async function unsubscribedAll(q: Q, userId: string): Promise<boolean> {
  return Boolean(await q('unsubscribes').where({ user_id: userId, scope: 'all' }).first('id'));
}

export async function clearUnsubscribeAll(q: Q, userId: string): Promise<number> {
  return q('unsubscribes').where({ user_id: userId, scope: 'all' }).delete();
}

/** A sender is an organisation (a journalist blocks the company, not one of its members). */
export async function senderExists(q: Q, organisationId: string): Promise<boolean> {
  return Boolean(await q('organisations').where('id', organisationId).first('id'));
}

export async function blockSender(q: Q, userId: string, organisationId: string): Promise<void> {
  await q.raw(
    `insert into unsubscribes (user_id, scope, sender_organisation_id) values (?, 'sender', ?)
       on conflict (user_id, scope, coalesce(sender_organisation_id::text, ''), coalesce(category, '')) do nothing`,
    [userId, organisationId],
  );
}

export async function unblockSender(q: Q, userId: string, organisationId: string): Promise<number> {
  return q('unsubscribes').where({ user_id: userId, scope: 'sender', sender_organisation_id: organisationId }).delete();
}
