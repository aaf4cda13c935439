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

function columns(q: Q) {
  return [
    'd.id as delivery_id',
    'p.id as release_id',
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

export async function listInbox(q: Q, f: InboxFilter, limit: number, offset: number): Promise<{ rows: InboxRow[]; total: number }> {
  const [countRow] = (await inbox(q, f).select(q.raw('count(*)::int as n'))) as { n: number }[];
  const order = f.bookmarked
    ? [{ column: 'd.bookmarked_at', order: 'desc' }, { column: 'd.id', order: 'desc' }]
    : [{ column: 'sent_at', order: 'desc' }, { column: 'd.id', order: 'desc' }];
  const rows = (await inbox(q, f)
    .select(columns(q))
    .orderBy(order as { column: string; order: 'desc' }[])
    .limit(limit)
    .offset(offset)) as InboxRow[];
  return { rows, total: Number(countRow?.n ?? 0) };
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

export async function counters(q: Q, userId: string, weekStart: Date) {
  const row = (await inbox(q, { userId }).first(
    q.raw('count(*) filter (where d.created_at >= ?)::int as received_this_week', [weekStart]),
    q.raw('count(*) filter (where d.read_at is null)::int as unread'),
    q.raw('count(*) filter (where d.bookmarked_at is not null)::int as bookmarked'),
  )) as { received_this_week: number; unread: number; bookmarked: number } | undefined;
  return {
    receivedThisWeek: Number(row?.received_this_week ?? 0),
    unread: Number(row?.unread ?? 0),
    bookmarked: Number(row?.bookmarked ?? 0),
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
      inbox(q, { userId })
        .distinct(q.raw(`${SENDER_ID} as sender_id`))
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
