import { suppressedSql } from '../deliverability/suppressions.repo';
import type { Knex } from 'knex';
import type { Category, ReleaseStatus } from '../../../../shared/constants';

export interface SendableRelease {
  id: string;
  title: string;
  content: string;
  content_text: string;
  search_text: string;
  category: Category | null;
  status: ReleaseStatus;
  scheduled_at: Date | null;
  sent_at: Date | null;
  media_list_categories: string[];
  /** Who created it (for the UI and the audit trail only; null once they are deleted). */
  author_id: string | null;
  /** The organisation that owns it and sends it: its blocks apply, whoever of its members sends. */
  organisation_id: string;
  updated_at: Date;
  edited_at: Date | null;
  /** Why the live document could not be rendered (sending refuses while set). */
  render_error: string | null;
  /** The embargo the editors set (derived from the document), or null. */
  embargo_until: Date | null;
}

export interface Recipient {
  id: number;
  recipient_user_id: string;
  email: string;
}

/** The category lists a release goes to: those chosen in the editor, else its own category's. */
export function listsOf(r: Pick<SendableRelease, 'media_list_categories' | 'category'>): string[] {
  if (r.media_list_categories?.length) return r.media_list_categories;
  return r.category ? [r.category] : [];
}

type Audience = Pick<SendableRelease, 'media_list_categories' | 'category' | 'organisation_id'>;
interface Fragment {
  sql: string;
  binds: Knex.RawBinding[];
}

/**
 * The one rule for who a release reaches, used by deliveries, the plan's count and the send
 * confirmation, for an approved, active media profile `p` on the lists:
 * - unsubscribed: left out — from everything, from the organisation that owns the release (a
 *   journalist blocks a company, whichever of its members sends) or from the release's category;
 * - suppressed: the address is on the suppression list, globally or the organisation's (hard
 *   bounces, repeated soft bounces, complaints, manual additions). The suppression list is about
 *   e-mail: the journalist still gets the release in the app, with no e-mail (the delivery's
 *   state is `suppressed` from the start).
 */
export function exclusionsOf(r: Audience): { unsubscribed: Fragment; suppressed: Fragment } {
  return {
    unsubscribed: {
      sql: `exists (
          select 1 from unsubscribes s
           where s.user_id = p.user_id
             and (s.scope = 'all'
                  or (s.scope = 'sender' and s.sender_organisation_id = ?)
                  or (s.scope = 'category' and s.category = ?)))`,
      binds: [r.organisation_id, r.category ?? ''],
    },
    suppressed: { sql: suppressedSql('p.email'), binds: [r.organisation_id] },
  };
}

/** The recipients of a release: approved, active media in any of its category lists (once, even if in several), minus the unsubscribed. */
function recipientsOf(r: Audience): Fragment {
  const x = exclusionsOf(r);
  return {
    sql: `from profiles p
      where p.role = 'media' and p.status = 'approved' and p.is_active
        and exists (select 1 from media_lists l where l.media_id = p.user_id and l.category = any(?::text[]))
        and not ${x.unsubscribed.sql}`,
    binds: [listsOf(r), ...x.unsubscribed.binds],
  };
}

/** Start of today in Greece, in SQL (the day a journalist's daily limit counts). */
const ATHENS_TODAY = "(date_trunc('day', now() at time zone 'Europe/Athens') at time zone 'Europe/Athens')";

/** The delivery rows of a release, one per recipient (recipientsOf), as `insert … select`: `queued`, or `suppressed` (in the app only). */
function deliveryInsert(r: SendableRelease, held: Fragment): Fragment {
  const who = recipientsOf(r);
  const x = exclusionsOf(r);
  return {
    sql: `insert into deliveries (press_release_id, recipient_user_id, email, state, release_sent_at, release_category, sender_organisation_id, held_at)
     select ?, p.user_id, p.email, case when ${x.suppressed.sql} then 'suppressed' else 'queued' end, v.sent_at, v.category, v.organisation_id, ${held.sql}
       ${who.sql.replace('from profiles p', 'from profiles p left join (select sent_at, category, organisation_id from release_sent_versions where press_release_id = ?) v on true')}
     on conflict (press_release_id, recipient_user_id) do nothing`,
    binds: [r.id, ...x.suppressed.binds, ...held.binds, r.id, ...who.binds],
  };
}

/**
 * Creates one delivery per recipient (recipientsOf) in a single statement: `queued` for its
 * e-mail, or `suppressed` (in the app only) when the address is on the suppression list.
 */
export async function insertDeliveries(trx: Knex.Transaction, r: SendableRelease): Promise<Recipient[]> {
  const ins = deliveryInsert(r, { sql: 'null', binds: [] });
  const result = await trx.raw<{ rows: Recipient[] }>(`${ins.sql} returning id, recipient_user_id, email`, ins.binds);
  return result.rows.map((d) => ({ ...d, id: Number(d.id) }));
}

/** A recipient of a send, with what the send's one statement wrote for them. */
export interface DeliveredRecipient extends Recipient {
  /** Past their own daily limit: inbox only, no e-mail or notice. */
  held: boolean;
  /** The delivery's time: its notice's in the bell (release-notices.ts). */
  created_at: Date;
}

/**
 * A send's deliveries, in one statement (a data-modifying CTE): a delivery per recipient
 * (insertDeliveries' rule), held back (`held_at`) for a journalist who set a daily limit and
 * already got that many releases today (Athens day, from every sender). A delivery not held is
 * also the journalist's notice in the bell (release-notices.ts), so nothing else is written
 * per recipient. Each journalist with a limit is locked first (an
 * advisory lock, in user order, in a statement of its own, so the count that follows sees a
 * concurrent send that got the lock first): two sends at the same moment count each other.
 * A journalist who set a limit after those locks (between the two statements) was not locked,
 * so a concurrent send's deliveries may be uncounted: their delivery is held (the daily digest
 * lists it), never sent past the limit.
 * The release's reporting row is created in the same statement. Returns only what the pushes
 * and the e-mail job need. `afterLocks` runs between the two statements (tests).
 */
export async function deliverWithNotices(trx: Knex.Transaction, r: SendableRelease, afterLocks?: () => Promise<void>): Promise<DeliveredRecipient[]> {
  const who = recipientsOf(r);
  const locks = await trx.raw<{ rows: { user_id: string }[] }>(
    `select p.user_id, pg_advisory_xact_lock(2020, hashtext(p.user_id::text))
       ${who.sql} and p.daily_release_limit is not null
      order by p.user_id`,
    who.binds,
  );
  await afterLocks?.();
  const held: Fragment = {
    sql: `case when p.daily_release_limit is not null
                and (not p.user_id = any(?::uuid[])
                     or (select count(*) from deliveries o
                          where o.recipient_user_id = p.user_id and o.press_release_id <> ?
                            and o.held_at is null and o.created_at >= ${ATHENS_TODAY}) >= p.daily_release_limit)
               then now() end`,
    binds: [locks.rows.map((l) => l.user_id), r.id],
  };
  const ins = deliveryInsert(r, held);
  const result = await trx.raw<{ rows: { id: string; recipient_user_id: string; email: string; held: boolean; created_at: Date }[] }>(
    `with d as (${ins.sql} returning id, recipient_user_id, email, held_at, created_at),
     rep as (insert into reporting (press_release_id) values (?) on conflict (press_release_id) do nothing)
     select d.id, d.recipient_user_id, d.email, d.held_at is not null as held, d.created_at
       from d
      order by d.id`,
    [...ins.binds, r.id],
  );
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** How many recipients a send of the release would reach now (the plan's limit checks it). */
export async function countRecipients(q: Knex | Knex.Transaction, r: Audience): Promise<number> {
  const who = recipientsOf(r);
  const result = (await q.raw(`select count(*)::int as n ${who.sql}`, who.binds)) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

export async function releaseAttachments(q: Knex | Knex.Transaction, releaseId: string) {
  return (await q('release_attachments')
    .where('press_release_id', releaseId)
    .orderBy('created_at')
    .select('id', 'file_name', 'size_bytes')) as { id: string; file_name: string; size_bytes: string | number }[];
}

/** The sender journalists see: the organisation that owns the release, as it is now (a send freezes it). */
export interface OrganisationSender {
  id: string;
  name: string;
  logoUrl: string | null;
  pressKit: {
    boilerplate: string | null;
    press_contact_name: string | null;
    press_contact_email: string | null;
    press_contact_phone: string | null;
  };
}

export async function organisationSender(q: Knex | Knex.Transaction, organisationId: string): Promise<OrganisationSender> {
  const o = (await q('organisations')
    .where('id', organisationId)
    .first('name', 'logo_url', 'boilerplate', 'press_contact_name', 'press_contact_email', 'press_contact_phone')) as
    | {
        name: string | null;
        logo_url: string | null;
        boilerplate: string | null;
        press_contact_name: string | null;
        press_contact_email: string | null;
        press_contact_phone: string | null;
      }
    | undefined;
  return {
    id: organisationId,
    name: o?.name?.trim() || 'Deltio',
    logoUrl: o?.logo_url ?? null,
    pressKit: {
      boilerplate: o?.boilerplate ?? null,
      press_contact_name: o?.press_contact_name ?? null,
      press_contact_email: o?.press_contact_email ?? null,
      press_contact_phone: o?.press_contact_phone ?? null,
    },
  };
}
