import type { Knex } from 'knex';
import type { Category } from '../../../../shared/constants';

type Q = Knex | Knex.Transaction;

/** The newsroom fields of a client organisation's profile (the column names other modules read). */
export interface NewsroomProfile {
  user_id: string;
  name: string;
  organization: string | null;
  company_logo_url: string | null;
  website: string | null;
  newsroom_slug: string | null;
  newsroom_enabled: boolean;
  boilerplate: string | null;
  press_contact_name: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
  updated_at: Date;
}

const PROFILE_COLUMNS = [
  'user_id',
  'name',
  'organization',
  'company_logo_url',
  'website',
  'newsroom_slug',
  'newsroom_enabled',
  'boilerplate',
  'press_contact_name',
  'press_contact_email',
  'press_contact_phone',
  'updated_at',
] as const;

export type NewsroomSettingsUpdate = Pick<
  NewsroomProfile,
  'newsroom_slug' | 'newsroom_enabled' | 'boilerplate' | 'press_contact_name' | 'press_contact_email' | 'press_contact_phone'
>;

/**
 * A newsroom is open to the public when its organisation (a client profile) gave it an
 * address, did not turn it off, and may use the platform (approved and active).
 */
const OPEN_NEWSROOM = `o.role = 'client' and o.newsroom_slug is not null and o.newsroom_enabled and o.status = 'approved' and o.is_active`;

/**
 * A release is public in its sender's newsroom when it was sent (not archived: "delete"
 * takes it off) and its embargo, if any, has lifted at `now`. Drafts and scheduled releases
 * have no sent version, so they never appear.
 */
const PUBLIC_RELEASE = `p.status = 'sent' and v.slug is not null and (v.embargo_until is null or v.embargo_until <= ?)`;

/** When a release became public: its send, or the end of its embargo. */
const PUBLISHED_AT = 'greatest(v.sent_at, v.embargo_until)';

export async function profileOf(q: Q, userId: string): Promise<NewsroomProfile | undefined> {
  return (await q('profiles').where('user_id', userId).first(PROFILE_COLUMNS)) as NewsroomProfile | undefined;
}

/** The user whose newsroom has this address, if any. */
export async function slugOwner(q: Q, slug: string): Promise<string | null> {
  const row = (await q('profiles').where('newsroom_slug', slug).first('user_id')) as { user_id: string } | undefined;
  return row?.user_id ?? null;
}

export async function updateSettings(trx: Knex.Transaction, userId: string, values: NewsroomSettingsUpdate): Promise<NewsroomProfile | undefined> {
  const [row] = (await trx('profiles').where('user_id', userId).update(values).returning(PROFILE_COLUMNS as unknown as string[])) as NewsroomProfile[];
  return row;
}

/** Sets a newsroom address only where there is none yet; true when this call set it. */
export async function setSlugIfNone(trx: Knex.Transaction, userId: string, slug: string): Promise<boolean> {
  const n = await trx('profiles').where('user_id', userId).whereNull('newsroom_slug').update({ newsroom_slug: slug });
  return n > 0;
}

/** The slugs among `candidates` that are taken. */
export async function takenSlugs(q: Q, candidates: string[]): Promise<Set<string>> {
  const rows = (await q('profiles').whereIn('newsroom_slug', candidates).select('newsroom_slug')) as { newsroom_slug: string }[];
  return new Set(rows.map((r) => r.newsroom_slug));
}

/** An open newsroom by its address. */
export async function openNewsroom(q: Q, slug: string): Promise<NewsroomProfile | undefined> {
  return (await q('profiles as o')
    .where('o.newsroom_slug', slug)
    .whereRaw(OPEN_NEWSROOM)
    .first(PROFILE_COLUMNS.map((c) => `o.${c}`))) as NewsroomProfile | undefined;
}

export interface PublicRelease {
  press_release_id: string;
  slug: string;
  title: string;
  content: string;
  content_text: string;
  category: Category | null;
  sent_at: Date;
  embargo_until: Date | null;
  published_at: Date;
  /** Its author and workspace (their reports count the page's views). */
  client_id: string;
  organisation_id: string | null;
}

const RELEASE_COLUMNS = `v.press_release_id, v.slug, v.title, v.content, v.content_text, v.category, v.sent_at, v.embargo_until,
  ${PUBLISHED_AT} as published_at, p.client_id, p.organisation_id`;

/** The public releases of an organisation's newsroom at `now`, newest first. */
export async function publicReleases(q: Q, ownerId: string, now: Date, limit: number, offset = 0): Promise<PublicRelease[]> {
  const res = (await q.raw(
    `select ${RELEASE_COLUMNS}
       from release_sent_versions v join press_releases p on p.id = v.press_release_id
      where v.sender_user_id = ? and ${PUBLIC_RELEASE}
      order by ${PUBLISHED_AT} desc, v.press_release_id desc
      limit ? offset ?`,
    [ownerId, now, limit, offset],
  )) as { rows: PublicRelease[] };
  return res.rows;
}

export async function countPublicReleases(q: Q, ownerId: string, now: Date): Promise<number> {
  const res = (await q.raw(
    `select count(*)::int as n from release_sent_versions v join press_releases p on p.id = v.press_release_id
      where v.sender_user_id = ? and ${PUBLIC_RELEASE}`,
    [ownerId, now],
  )) as { rows: { n: number }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/** One public release of an organisation's newsroom by its address. */
export async function publicRelease(q: Q, ownerId: string, slug: string, now: Date): Promise<PublicRelease | undefined> {
  const res = (await q.raw(
    `select ${RELEASE_COLUMNS}
       from release_sent_versions v join press_releases p on p.id = v.press_release_id
      where v.sender_user_id = ? and v.slug = ? and ${PUBLIC_RELEASE}`,
    [ownerId, slug, now],
  )) as { rows: PublicRelease[] };
  return res.rows[0];
}

export interface NewsroomSummary extends NewsroomProfile {
  releases: number;
  latest_at: Date;
}

/** Every open newsroom with at least one public release at `now`, the most recently active first. */
export async function openNewsrooms(q: Q, now: Date): Promise<NewsroomSummary[]> {
  const res = (await q.raw(
    `select ${PROFILE_COLUMNS.map((c) => `o.${c}`).join(', ')}, r.releases, r.latest_at
       from profiles o
       join lateral (
         select count(*)::int as releases, max(${PUBLISHED_AT}) as latest_at
           from release_sent_versions v join press_releases p on p.id = v.press_release_id
          where v.sender_user_id = o.user_id and ${PUBLIC_RELEASE}
       ) r on r.releases > 0
      where ${OPEN_NEWSROOM}
      order by r.latest_at desc, o.newsroom_slug`,
    [now],
  )) as { rows: NewsroomSummary[] };
  return res.rows.map((r) => ({ ...r, releases: Number(r.releases) }));
}

/** Every public release of every open newsroom (the sitemap): addresses and dates only. */
export async function sitemapReleases(q: Q, now: Date): Promise<{ newsroom_slug: string; slug: string; published_at: Date }[]> {
  const res = (await q.raw(
    `select o.newsroom_slug, v.slug, ${PUBLISHED_AT} as published_at
       from release_sent_versions v
       join press_releases p on p.id = v.press_release_id
       join profiles o on o.user_id = v.sender_user_id
      where ${OPEN_NEWSROOM} and ${PUBLIC_RELEASE}
      order by o.newsroom_slug, ${PUBLISHED_AT} desc`,
    [now],
  )) as { rows: { newsroom_slug: string; slug: string; published_at: Date }[] };
  return res.rows;
}

/** A view of a newsroom page (the release's when the page is one release's): a reporting event of its own source. */
export async function recordView(q: Q, ownerId: string, releaseId: string | null, isBot: boolean): Promise<void> {
  await q('reporting_events').insert({
    press_release_id: releaseId,
    client_id: ownerId,
    kind: 'view',
    channel: 'newsroom',
    is_proxy: isBot,
  });
}

export interface SentRef {
  press_release_id: string;
  sender_user_id: string | null;
  client_id: string;
  organisation_id: string | null;
  status: string;
  embargo_until: Date | null;
  newsroom_slug: string | null;
}

/** A sent release's sender, newsroom address and state (the embargo job, archiving). */
export async function sentRef(q: Q, releaseId: string): Promise<SentRef | undefined> {
  return (await q('release_sent_versions as v')
    .join('press_releases as p', 'p.id', 'v.press_release_id')
    .leftJoin('profiles as o', 'o.user_id', 'v.sender_user_id')
    .where('v.press_release_id', releaseId)
    .first('v.press_release_id', 'v.sender_user_id', 'p.client_id', 'p.organisation_id', 'p.status', 'v.embargo_until', 'o.newsroom_slug')) as
    | SentRef
    | undefined;
}

/** The journalists a release was delivered to (their inboxes drop the embargo banner live). */
export async function recipientsOf(q: Q, releaseId: string): Promise<string[]> {
  const rows = (await q('deliveries').where('press_release_id', releaseId).select('recipient_user_id')) as { recipient_user_id: string }[];
  return rows.map((r) => r.recipient_user_id);
}
