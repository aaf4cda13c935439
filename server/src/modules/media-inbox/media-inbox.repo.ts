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
 * A search reads the sent versions that match and went to the journalist through one index of
 * their trigrams and recipients, then the journalist's delivery of each by the deliveries'
 * unique index, when at most this many match (a term rare in this inbox, however common
 * elsewhere): its cost is then that of the matches, not of the inbox. A term that matches more
 * (common in this inbox) is looked for in the journalist's deliveries newest first, where the
 * page is found near the start, and counted the same way up to SEARCH_COUNT_MAX.
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
  const like = f.search ? likeContains(f.search) : '';
  if (f.search.length >= TRIGRAM_MIN) {
    const found = await rareSearch(q, f, like, limit, at, limits.candidates);
    if (found) return found;
  }
  const key = sortKey(f);
  const page = whereFilters(q('deliveries as d').where('d.recipient_user_id', f.userId), f);
  if (f.search) {
    page
      .join('release_sent_versions as sv', 'sv.press_release_id', 'd.press_release_id')
      .andWhereRaw("sv.search_text like ? escape '\\'", [like]);
  }
  let total: number;
  let totalCapped = false;
  if (!f.search) total = await countFromCounters(q, f);
  else {
    const n = await countUpTo(q, page.clone(), limits.count + 1);
    totalCapped = n > limits.count;
    total = Math.min(n, limits.count);
  }
  if (at.cursor) page.andWhereRaw(`(${key}, d.id) < (?::timestamptz, ?::bigint)`, [at.cursor.at, at.cursor.id]);
  page.select('d.id', 'd.press_release_id', 'd.read_at', 'd.bookmarked_at', ...sortColumns(q, key)).orderBy(NEWEST_FIRST(key)).limit(limit + 1);
  if (!at.cursor && at.offset) page.offset(at.offset);
  const rows = (await withWhatWasSent(q, page).orderBy(NEWEST_FIRST('d.sort_at'))) as (InboxRow & { sort_key: string })[];
  return { rows: rows.slice(0, limit), total, totalCapped, hasMore: rows.length > limit };
}

/** The column a list is ordered by: the sending time, or the bookmarking time for the bookmarks. */
const sortKey = (f: Pick<InboxFilter, 'bookmarked'>) => (f.bookmarked ? 'd.bookmarked_at' : 'd.release_sent_at');
const sortColumns = (q: Q, key: string) => [q.raw(`${key} as sort_at`), q.raw(`to_char(${key} at time zone 'UTC', ${CURSOR_AT}) as sort_key`)];
const NEWEST_FIRST = (key: string) => [
  { column: key, order: 'desc' as const },
  { column: 'd.id', order: 'desc' as const },
];

/** The list's filters on the journalist's delivery rows (`d`). */
function whereFilters(query: Knex.QueryBuilder, f: InboxFilter): Knex.QueryBuilder {
  query.whereNotNull('d.release_sent_at');
  if (f.category) query.andWhere('d.release_category', f.category);
  if (f.read === 'read') query.whereNotNull('d.read_at');
  if (f.read === 'unread') query.whereNull('d.read_at');
  if (f.bookmarked) query.whereNotNull('d.bookmarked_at');
  return query;
}

/** A page of delivery rows (`d`: id, press_release_id, read_at, bookmarked_at, sort_key) with what was sent, as a row of the list. */
function withWhatWasSent(q: Q, page: Knex.QueryBuilder) {
  return q
    .from(page.as('d'))
    .join('release_sent_versions as v', 'v.press_release_id', 'd.press_release_id')
    .leftJoin('reporting as r', 'r.press_release_id', 'd.press_release_id')
    .select(...columns(q, 'd.press_release_id'), 'd.sort_key');
}

/**
 * A search for a term rare in this inbox, in one statement: the sent versions that match and
 * went to the journalist (`sentToMatching`), counted up to `max + 1`; when at most `max`, the
 * journalist's delivery of each is read once by the deliveries' unique index (a lateral
 * subquery with `limit 1`, one delivery per release and journalist anyway: without it Postgres
 * pulls the subquery up and hash-joins all the journalist's deliveries), kept (`m`), and both
 * the exact total and the page are taken from those rows. Returns undefined when more than
 * `max` sent versions match (a common term: the caller looks for it newest first); the
 * deliveries are then not read (the count of candidates gates them).
 */
async function rareSearch(
  q: Q,
  f: InboxFilter,
  like: string,
  limit: number,
  at: { cursor: InboxCursor | null; offset: number },
  max: number,
): Promise<{ rows: (InboxRow & { sort_key: string })[]; total: number; totalCapped: boolean; hasMore: boolean } | undefined> {
  const key = sortKey(f);
  const matched = whereFilters(q.from(q.raw(`c ${DELIVERY_OF_EACH}`, [f.userId])).whereRaw('(select count(*) from c) <= ?', [max]), f).select(
    'd.id',
    'd.press_release_id',
    'd.read_at',
    'd.bookmarked_at',
    ...sortColumns(q, key),
  );
  const page = q('m as d').select('*').orderBy(NEWEST_FIRST('d.sort_at')).limit(limit + 1);
  if (at.cursor) page.whereRaw('(d.sort_at, d.id) < (?::timestamptz, ?::bigint)', [at.cursor.at, at.cursor.id]);
  else if (at.offset) page.offset(at.offset);
  // One row of counts, with the page's rows beside it (none when the page is empty).
  const rows = (await q
    .withMaterialized('c', sentToMatching(q, f.userId, like).limit(max + 1))
    .withMaterialized('m', matched)
    .from(
      q.raw('(select (select count(*) from c) as candidates, (select count(*) from m) as total) as h left join lateral ? as p on true', [
        withWhatWasSent(q, page).select('d.sort_at'),
      ]),
    )
    .select('h.candidates', 'h.total', 'p.*')
    .orderBy([
      { column: 'p.sort_at', order: 'desc' },
      { column: 'p.delivery_id', order: 'desc' },
    ])) as (InboxRow & { sort_key: string; sort_at: Date | null; candidates: string | number; total: string | number })[];
  const head = rows[0];
  if (!head || Number(head.candidates) > max) return undefined;
  const found = rows
    .filter((r) => r.delivery_id !== null)
    .map(({ candidates: _c, total: _t, sort_at: _s, ...row }) => row);
  return { rows: found.slice(0, limit), total: Number(head.total), totalCapped: false, hasMore: found.length > limit };
}

/**
 * The sent versions that match the term and went to the journalist: one GIN index holds the
 * text's trigrams and the recipients' ids (`release_sent_versions_search_recipients_idx`), so
 * the two are intersected inside it, and the cost follows the matches in this inbox, not on the
 * platform. `recipient_ids` may hold a recipient whose delivery is gone; the delivery row decides.
 */
function sentToMatching(q: Q, userId: string, like: string) {
  return q('release_sent_versions')
    .whereRaw("search_text like ? escape '\\'", [like])
    .whereRaw('recipient_ids @> array[?]::uuid[]', [userId])
    .select('press_release_id');
}

/** The journalist's delivery (`d`) of each release of `c`, by the deliveries' unique index (`limit 1`: Postgres would otherwise hash-join the whole inbox). */
const DELIVERY_OF_EACH = 'cross join lateral (select * from deliveries where press_release_id = c.press_release_id and recipient_user_id = ? limit 1) as d';

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
