import type { Knex } from 'knex';
import { embargoBanner } from '../../../../shared/embargo';
import type { NotificationPayload } from '../../../../shared/events';
import { presentNotification, type NotificationRow } from './notifications.service';

/**
 * A received release's notice in the journalist's bell. It is not stored as a notification: it
 * is read from the delivery (migration 20261207000000), whose id it takes (deliveries and
 * notifications share one id sequence, so an id in the bell names one row of one table), and
 * from the sent version (title, sender, embargo). A held delivery (past the daily limit) has none.
 */
export const RECEIVED_KIND = 'press_release.received';

/** What a notice is made of: its delivery and what was sent. */
export interface NoticeSource {
  delivery_id: number | string;
  user_id: string;
  press_release_id: string;
  title: string;
  sender_name: string;
  embargo_until: Date | string | null;
  category: string | null;
  organisation_id: string;
  notice_read_at: Date | null;
  created_at: Date;
}

/** The notice's words: the sender, and the embargo if any (the web push says the same). */
export function receivedBody(senderName: string, embargoUntil: Date | string | null): string {
  return `Νέο δελτίο τύπου από ${senderName}${embargoUntil ? ` · ${embargoBanner(embargoUntil)}` : ''}`;
}

/** The reading view of a received release in the media area (what the notice opens). */
export const readingViewPath = (releaseId: string) => `/media/press-releases/${releaseId}`;

export function releaseNotice(s: NoticeSource): NotificationRow {
  const id = Number(s.delivery_id);
  return {
    id,
    user_id: s.user_id,
    kind: RECEIVED_KIND,
    title: s.title,
    body: receivedBody(s.sender_name, s.embargo_until),
    link: readingViewPath(s.press_release_id),
    data: { press_release_id: s.press_release_id, delivery_id: id, category: s.category, organisation_id: s.organisation_id },
    organisation_id: null,
    read_at: s.notice_read_at,
    created_at: s.created_at,
  };
}

/**
 * The push of a send's notices: one message, the same for every recipient (so it is encoded
 * once and written as one frame to each socket): the notice without its per-recipient ids, and
 * the release for the inbox.
 */
export function releaseArrivalPush(s: Omit<NoticeSource, 'delivery_id' | 'user_id' | 'notice_read_at'>): NotificationPayload {
  const { id: _id, data, ...notice } = presentNotification(releaseNotice({ ...s, delivery_id: 0, user_id: '', notice_read_at: null }));
  const { delivery_id: _delivery, ...shared } = data;
  return { ...notice, data: shared, delivery: { releaseId: s.press_release_id, title: s.title, category: s.category } };
}

const NOTICE_COLUMNS = `d.id as delivery_id, d.recipient_user_id as user_id, d.press_release_id, v.title, v.sender_name, v.embargo_until,
       v.category, v.organisation_id, d.notice_read_at, d.created_at`;

/** The user's newest notices (deliveries not held), newest first. */
export async function newestNotices(q: Knex | Knex.Transaction, userId: string, limit: number): Promise<NotificationRow[]> {
  const r = (await q.raw(
    `select ${NOTICE_COLUMNS}
       from deliveries d join release_sent_versions v on v.press_release_id = d.press_release_id
      where d.recipient_user_id = ? and d.held_at is null
      order by d.created_at desc, d.id desc
      limit ?`,
    [userId, limit],
  )) as { rows: NoticeSource[] };
  return r.rows.map(releaseNotice);
}

export async function unreadNotices(q: Knex | Knex.Transaction, userId: string): Promise<number> {
  const r = (await q.raw('select count(*)::int as n from deliveries where recipient_user_id = ? and notice_read_at is null and held_at is null', [
    userId,
  ])) as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? 0);
}

/** Marks one of the user's notices read (kept when already read); undefined when it is not theirs. */
export async function markNoticeRead(q: Knex | Knex.Transaction, userId: string, id: number): Promise<NotificationRow | undefined> {
  const r = (await q.raw(
    `with d as (
       update deliveries set notice_read_at = coalesce(notice_read_at, now())
        where id = ? and recipient_user_id = ? and held_at is null
       returning *)
     select ${NOTICE_COLUMNS} from d join release_sent_versions v on v.press_release_id = d.press_release_id`,
    [id, userId],
  )) as { rows: NoticeSource[] };
  return r.rows[0] ? releaseNotice(r.rows[0]) : undefined;
}

/** Marks read the user's unread notice of a received release; the ids changed. */
export async function markReleaseNoticeRead(q: Knex | Knex.Transaction, userId: string, releaseId: string): Promise<number[]> {
  const rows = (await unreadOf(q, userId).where('press_release_id', releaseId).update({ notice_read_at: q.fn.now() }).returning('id')) as {
    id: number | string;
  }[];
  return rows.map((r) => Number(r.id));
}

/** Marks read every unread notice of the user; how many. */
export async function markAllNoticesRead(q: Knex | Knex.Transaction, userId: string): Promise<number> {
  return unreadOf(q, userId).update({ notice_read_at: q.fn.now() });
}

function unreadOf(q: Knex | Knex.Transaction, userId: string): Knex.QueryBuilder {
  return q('deliveries').where('recipient_user_id', userId).whereNull('notice_read_at').whereNull('held_at');
}
