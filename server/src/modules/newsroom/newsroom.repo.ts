import type { Knex } from 'knex';
import type { Category } from '../../../../shared/constants';

type Q = Knex | Knex.Transaction;

/** An organisation's newsroom (one per organisation): its address, switch, «Σχετικά με» text and press contact. */
export interface NewsroomProfile {
  organisation_id: string;
  name: string;
  logo_url: string | null;
  website: string | null;
  newsroom_slug: string | null;
  newsroom_enabled: boolean;
  boilerplate: string | null;
  press_contact_name: string | null;
  press_contact_email: string | null;
  press_contact_phone: string | null;
  /** The superadmin's approval of the organisation (only an approved one claims an address). */
  status: string;
  updated_at: Date;
}

const PROFILE_COLUMNS = [
  'id as organisation_id',
  'name',
  'logo_url',
  'website',
  'newsroom_slug',
  'newsroom_enabled',
  'boilerplate',
  'press_contact_name',
  'press_contact_email',
  'press_contact_phone',
  'status',
  'updated_at',
] as const;

const cols = (alias: string) => PROFILE_COLUMNS.map((c) => `${alias}.${c}`);

export type NewsroomSettingsUpdate = Pick<
  NewsroomProfile,
  'newsroom_slug' | 'newsroom_enabled' | 'boilerplate' | 'press_contact_name' | 'press_contact_email' | 'press_contact_phone'
>;

/**
 * A newsroom is open to the public when its organisation gave it an address, did not turn it
 * off, and was approved by the superadmin.
 */
const OPEN_NEWSROOM = `o.newsroom_slug is not null and o.newsroom_enabled and o.status = 'approved'`;

/**
 * A release is public in its organisation's newsroom when it was sent (not archived: "delete"
 * takes it off) and its embargo, if any, has lifted at `now`. Drafts and scheduled releases
 * have no sent version, so they never appear.
 */
const PUBLIC_RELEASE = `p.status = 'sent' and v.slug is not null and (v.embargo_until is null or v.embargo_until <= ?)`;

/** When a release became public: its send, or the end of its embargo. */
const PUBLISHED_AT = 'greatest(v.sent_at, v.embargo_until)';

export async function newsroomOf(q: Q, organisationId: string): Promise<NewsroomProfile | undefined> {
  return (await q('organisations as o').where('o.id', organisationId).first(cols('o'))) as NewsroomProfile | undefined;
}

/** Locks the organisation's row (the send holds it already) and reads its newsroom. */
export async function lockNewsroom(trx: Knex.Transaction, organisationId: string): Promise<NewsroomProfile | undefined> {
  return (await trx('organisations as o').where('o.id', organisationId).forUpdate().first(cols('o'))) as NewsroomProfile | undefined;
}

/** The organisation whose newsroom has this address now, or that had it (an old address that redirects), if any. */
export async function slugOwner(q: Q, slug: string): Promise<string | null> {
  const row = (await q('organisations').where('newsroom_slug', slug).first('id')) as { id: string } | undefined;
  if (row) return row.id;
  const old = (await q('newsroom_redirects').where('slug', slug).first('organisation_id')) as { organisation_id: string } | undefined;
  return old?.organisation_id ?? null;
}

/**
 * Saves the newsroom's settings. A changed address keeps the old one as a redirect to the
 * organisation (links already shared keep working); taking back one of its own old addresses
 * drops that redirect.
 */
export async function updateSettings(
  trx: Knex.Transaction,
  organisationId: string,
  values: NewsroomSettingsUpdate,
  before: string | null,
): Promise<NewsroomProfile | undefined> {
  if (values.newsroom_slug && values.newsroom_slug !== before) {
    await trx('newsroom_redirects').where({ slug: values.newsroom_slug, organisation_id: organisationId }).delete();
  }
  const [row] = (await trx('organisations as o')
    .where('o.id', organisationId)
    .update(values)
    .returning(PROFILE_COLUMNS as unknown as string[])) as NewsroomProfile[];
  if (before && values.newsroom_slug !== before) {
    await trx('newsroom_redirects').insert({ slug: before, organisation_id: organisationId }).onConflict('slug').merge(['organisation_id']);
  }
  return row;
}

/** Sets a newsroom address only where there is none yet; true when this call set it. */
export async function setSlugIfNone(trx: Knex.Transaction, organisationId: string, slug: string): Promise<boolean> {
  const n = await trx('organisations').where('id', organisationId).whereNull('newsroom_slug').update({ newsroom_slug: slug });
  return n > 0;
}

/** The slugs among `candidates` that are taken (an organisation's address now, or an old one that redirects). */
export async function takenSlugs(q: Q, candidates: string[]): Promise<Set<string>> {
  const rows = (await q('organisations').whereIn('newsroom_slug', candidates).select('newsroom_slug')) as { newsroom_slug: string }[];
  const old = (await q('newsroom_redirects').whereIn('slug', candidates).select('slug')) as { slug: string }[];
  return new Set([...rows.map((r) => r.newsroom_slug), ...old.map((r) => r.slug)]);
}

/** An open newsroom by its address. */
export async function openNewsroom(q: Q, slug: string): Promise<NewsroomProfile | undefined> {
  return (await q('organisations as o')
    .where('o.newsroom_slug', slug)
    .whereRaw(OPEN_NEWSROOM)
    .first(cols('o'))) as NewsroomProfile | undefined;
}

/** The current address of the open newsroom an old address now leads to (a renamed or merged brand), if any. */
export async function redirectTarget(q: Q, slug: string): Promise<string | null> {
  const row = (await q('newsroom_redirects as r')
    .join('organisations as o', 'o.id', 'r.organisation_id')
    .where('r.slug', slug)
    .whereRaw(OPEN_NEWSROOM)
    .first('o.newsroom_slug')) as { newsroom_slug: string } | undefined;
  return row && row.newsroom_slug !== slug ? row.newsroom_slug : null;
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
  /** Its organisation (whose reports count the page's views). */
  organisation_id: string;
}

const RELEASE_COLUMNS = `v.press_release_id, v.slug, v.title, v.content, v.content_text, v.category, v.sent_at, v.embargo_until,
  ${PUBLISHED_AT} as published_at, v.organisation_id`;

/**
 * The public releases of an organisation's newsroom at `now`, newest first: read in that order
 * from `release_sent_versions_newsroom_idx` (organisation, publication time), so the page and
 * the feed stop after their 20 or 50 rows.
 */
export async function publicReleases(q: Q, organisationId: string, now: Date, limit: number, offset = 0): Promise<PublicRelease[]> {
  const res = (await q.raw(
    `select ${RELEASE_COLUMNS}
       from release_sent_versions v join press_releases p on p.id = v.press_release_id
      where v.organisation_id = ? and ${PUBLIC_RELEASE}
      order by ${PUBLISHED_AT} desc, v.press_release_id desc
      limit ? offset ?`,
    [organisationId, now, limit, offset],
  )) as { rows: PublicRelease[] };
  return res.rows;
}

/**
 * How many releases the newsroom shows (its pager): the organisation's sent versions whose
 * embargo has lifted (counted from an index alone), less those of its releases that are no
 * longer sent (archived; found through a small index of the organisation's unsent releases).
 * Equal to counting PUBLIC_RELEASE, without joining every sent version to its release.
 */
export async function countPublicReleases(q: Q, organisationId: string, now: Date): Promise<number> {
  const lifted = '(v.embargo_until is null or v.embargo_until <= ?)';
  const res = (await q.raw(
    `select (select count(*) from release_sent_versions v where v.organisation_id = ? and v.slug is not null and ${lifted})
          - (select count(*) from press_releases p join release_sent_versions v on v.press_release_id = p.id
              where p.organisation_id = ? and p.status <> 'sent' and v.organisation_id = ? and v.slug is not null and ${lifted}) as n`,
    [organisationId, now, organisationId, organisationId, now],
  )) as { rows: { n: number | string }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/** One public release of an organisation's newsroom by its address. */
export async function publicRelease(q: Q, organisationId: string, slug: string, now: Date): Promise<PublicRelease | undefined> {
  const res = (await q.raw(
    `select ${RELEASE_COLUMNS}
       from release_sent_versions v join press_releases p on p.id = v.press_release_id
      where v.organisation_id = ? and v.slug = ? and ${PUBLIC_RELEASE}`,
    [organisationId, slug, now],
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
    `select ${cols('o').join(', ')}, r.releases, r.latest_at
       from organisations o
       join lateral (
         select count(*)::int as releases, max(${PUBLISHED_AT}) as latest_at
           from release_sent_versions v join press_releases p on p.id = v.press_release_id
          where v.organisation_id = o.id and ${PUBLIC_RELEASE}
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
       join organisations o on o.id = v.organisation_id
      where ${OPEN_NEWSROOM} and ${PUBLIC_RELEASE}
      order by o.newsroom_slug, ${PUBLISHED_AT} desc`,
    [now],
  )) as { rows: { newsroom_slug: string; slug: string; published_at: Date }[] };
  return res.rows;
}

/** A view of a newsroom page (the release's when the page is one release's): a reporting event of its own source. */
export async function recordView(q: Q, organisationId: string, releaseId: string | null, isBot: boolean): Promise<void> {
  await q('reporting_events').insert({
    press_release_id: releaseId,
    organisation_id: organisationId,
    kind: 'view',
    channel: 'newsroom',
    is_proxy: isBot,
  });
}

export interface SentRef {
  press_release_id: string;
  sender_user_id: string | null;
  organisation_id: string;
  status: string;
  embargo_until: Date | null;
  newsroom_slug: string | null;
}

/** A sent release's organisation, newsroom address and state (the embargo job, archiving). */
export async function sentRef(q: Q, releaseId: string): Promise<SentRef | undefined> {
  return (await q('release_sent_versions as v')
    .join('press_releases as p', 'p.id', 'v.press_release_id')
    .join('organisations as o', 'o.id', 'v.organisation_id')
    .where('v.press_release_id', releaseId)
    .first('v.press_release_id', 'v.sender_user_id', 'v.organisation_id', 'p.status', 'v.embargo_until', 'o.newsroom_slug')) as
    | SentRef
    | undefined;
}

/** The journalists a release was delivered to (their inboxes drop the embargo banner live). */
export async function recipientsOf(q: Q, releaseId: string): Promise<string[]> {
  const rows = (await q('deliveries').where('press_release_id', releaseId).select('recipient_user_id')) as { recipient_user_id: string }[];
  return rows.map((r) => r.recipient_user_id);
}
