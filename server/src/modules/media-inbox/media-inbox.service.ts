import type { Category } from '../../../../shared/constants';
import { isEmbargoed } from '../../../../shared/embargo';
import { rooms } from '../../../../shared/events';
import type {
  InboxItem,
  InboxList,
  InboxRelease,
  InboxStateResponse,
  MediaOverview,
  MediaPreferences,
  inboxQuery,
} from '../../../../shared/schemas/media';
import { normalizeSearch } from '../../../../shared/search-text';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import { AttachmentsService } from '../attachments/attachments.service';
import { findDelivery, recordOpen, rewriteLinks } from '../distribution/tracking.service';
import { markReleaseNotificationsRead } from '../notifications/notifications.service';
import * as repo from './media-inbox.repo';

const EXCERPT_CHARS = 220;
/** Attachment links in the reading view last as long as a reading session reasonably does. */
const ATTACHMENT_LINK_TTL_SECONDS = 60 * 60;
const TIME_ZONE = 'Europe/Athens';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function excerptOf(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:·-]+$/, '')}…`;
}

/** Wall-clock time in a time zone, as if it were UTC (for calendar arithmetic). */
function wallClock(d: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/** Monday 00:00 of the current week in Greece (weeks start on Monday), as an instant. */
export function startOfWeek(now: Date, timeZone = TIME_ZONE): Date {
  const wall = new Date(wallClock(now, timeZone));
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  const mondayWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() - sinceMonday);
  let instant = mondayWall - (wallClock(now, timeZone) - now.getTime());
  // The offset at Monday midnight may differ from today's (daylight saving): correct once.
  instant = mondayWall - (wallClock(new Date(instant), timeZone) - instant);
  return new Date(instant);
}

function present(r: repo.InboxRow, now = new Date()): InboxItem {
  return {
    releaseId: r.release_id,
    deliveryId: Number(r.delivery_id),
    title: r.title,
    excerpt: excerptOf(r.content_text),
    category: r.category,
    sentAt: iso(r.sent_at),
    senderId: r.sender_id,
    senderCompany: r.sender_company,
    senderLogoUrl: r.sender_logo_url,
    views: Number(r.views),
    attachmentCount: Number(r.attachment_count),
    readAt: iso(r.read_at),
    bookmarked: Boolean(r.bookmarked_at),
    embargoUntil: iso(r.embargo_until),
    embargoed: isEmbargoed(r.embargo_until, now),
  };
}

/** The sender's press contact as it was when the release was sent, or null when it gave none. */
function pressContact(r: repo.InboxRow): InboxRelease['pressContact'] {
  const contact = { name: r.press_contact_name, email: r.press_contact_email, phone: r.press_contact_phone };
  return contact.name || contact.email || contact.phone ? contact : null;
}

export class MediaInboxService {
  private readonly attachments: AttachmentsService;

  constructor(private readonly ctx: AppContext) {
    this.attachments = new AttachmentsService(ctx, ctx.files);
  }

  private changed(userId: string, deliveryId: number | null, reason: 'read' | 'bookmark' | 'preferences'): void {
    this.ctx.realtime.broadcast(rooms.user(userId), 'inbox:changed', { deliveryId, reason });
  }

  async overview(actor: Actor, now = new Date()): Promise<MediaOverview> {
    const profile = await repo.profile(this.ctx.db, actor.userId);
    const counts = await repo.counters(this.ctx.db, actor.userId, startOfWeek(now));
    return {
      status: profile.status,
      counters: { ...counts, categoriesFollowed: profile.categories.length },
      mediaLists: await repo.mediaListCategories(this.ctx.db, actor.userId),
      unsubscribedAll: await repo.unsubscribedAll(this.ctx.db, actor.userId),
    };
  }

  async list(actor: Actor, query: z.output<typeof inboxQuery>): Promise<InboxList> {
    const filter: repo.InboxFilter = {
      userId: actor.userId,
      search: normalizeSearch(query.q.trim()),
      category: query.category === 'all' ? null : query.category,
      read: query.read,
      bookmarked: query.bookmarked,
    };
    const cursor = query.cursor ? { at: query.cursor.slice(0, query.cursor.indexOf('_')), id: query.cursor.slice(query.cursor.indexOf('_') + 1) } : null;
    const { rows, total, totalCapped, hasMore } = await repo.listInbox(this.ctx.db, filter, query.limit, { cursor, offset: query.offset });
    const last = rows[rows.length - 1];
    return {
      items: rows.map((r) => present(r, this.ctx.clock.now())),
      total,
      totalCapped,
      hasMore,
      nextCursor: hasMore && last ? `${last.sort_key}_${String(last.delivery_id)}` : null,
    };
  }

  async read(actor: Actor, releaseId: string): Promise<InboxRelease> {
    const row = await repo.findInboxRelease(this.ctx.db, actor.userId, releaseId);
    if (!row) throw notFound('Press release not found');
    const files = await repo.attachmentsOf(this.ctx.db, releaseId);
    const deliveryId = Number(row.delivery_id);
    const { excerpt: _excerpt, attachmentCount: _count, ...item } = present(row, this.ctx.clock.now());
    return {
      ...item,
      html: rewriteLinks(row.content, this.ctx.tokenKey, deliveryId, 'in_app', ''),
      boilerplate: row.boilerplate,
      pressContact: pressContact(row),
      attachments: files.map((f) => ({
        id: f.id,
        filename: f.file_name,
        mimeType: f.mime_type,
        size: Number(f.size_bytes),
        url: this.attachments.signedUrl(f.id, ATTACHMENT_LINK_TTL_SECONDS, actor.userId, 'in_app'),
      })),
    };
  }

  /** Reading the release in the app: read_at (first time only) and an in-app open for the sender's reports. */
  async markRead(actor: Actor, releaseId: string): Promise<InboxStateResponse> {
    const before = await repo.deliveryState(this.ctx.db, actor.userId, releaseId);
    if (!before) throw notFound('Press release not found');
    const after = (await repo.markRead(this.ctx.db, actor.userId, releaseId))!;
    const ref = await findDelivery(this.ctx.db, Number(before.id));
    if (ref) await recordOpen(this.ctx, ref, { channel: 'in_app', isProxy: false });
    await markReleaseNotificationsRead(this.ctx.db, this.ctx.realtime, actor.userId, releaseId);
    if (!before.read_at) this.changed(actor.userId, Number(before.id), 'read');
    return { readAt: iso(after.read_at), bookmarked: Boolean(after.bookmarked_at) };
  }

  async markUnread(actor: Actor, releaseId: string): Promise<InboxStateResponse> {
    const before = await repo.deliveryState(this.ctx.db, actor.userId, releaseId);
    if (!before) throw notFound('Press release not found');
    const after = (await repo.markUnread(this.ctx.db, actor.userId, releaseId))!;
    if (before.read_at) this.changed(actor.userId, Number(before.id), 'read');
    return { readAt: null, bookmarked: Boolean(after.bookmarked_at) };
  }

  async bookmark(actor: Actor, releaseId: string, on: boolean): Promise<InboxStateResponse> {
    const before = await repo.deliveryState(this.ctx.db, actor.userId, releaseId);
    if (!before) throw notFound('Press release not found');
    const after = (await repo.setBookmark(this.ctx.db, actor.userId, releaseId, on))!;
    if (Boolean(before.bookmarked_at) !== on) this.changed(actor.userId, Number(before.id), 'bookmark');
    return { readAt: iso(after.read_at), bookmarked: Boolean(after.bookmarked_at) };
  }

  async preferences(actor: Actor): Promise<MediaPreferences> {
    const { db } = this.ctx;
    const profile = await repo.profile(db, actor.userId);
    return {
      status: profile.status,
      categories: profile.categories,
      digest: profile.digest_frequency,
      dailyLimit: profile.daily_release_limit === null ? null : Number(profile.daily_release_limit),
      blockedSenders: await repo.blockedSenders(db, actor.userId),
      knownSenders: await repo.knownSenders(db, actor.userId),
      mediaLists: await repo.mediaListCategories(db, actor.userId),
      unsubscribedAll: await repo.unsubscribedAll(db, actor.userId),
    };
  }

  async setCategories(actor: Actor, categories: Category[]): Promise<MediaPreferences> {
    await this.ctx.db.transaction((trx) => repo.setCategories(trx, actor.userId, categories));
    this.changed(actor.userId, null, 'preferences');
    return this.preferences(actor);
  }

  async setDigest(actor: Actor, digest: repo.DigestFrequency): Promise<MediaPreferences> {
    await repo.setDigest(this.ctx.db, actor.userId, digest);
    this.changed(actor.userId, null, 'preferences');
    return this.preferences(actor);
  }

  /** The journalist's own limit of releases per day (null: none); the next send honours it. */
  async setDailyLimit(actor: Actor, limit: number | null): Promise<MediaPreferences> {
    await repo.setDailyLimit(this.ctx.db, actor.userId, limit);
    this.changed(actor.userId, null, 'preferences');
    return this.preferences(actor);
  }

  /** Blocks an organisation: nothing more arrives from any of its members (the send honours it). */
  async blockSender(actor: Actor, senderId: string): Promise<MediaPreferences> {
    if (!(await repo.senderExists(this.ctx.db, senderId))) {
      throw badRequest('unknown_sender', 'No such sender', { senderId: 'unknown sender' });
    }
    await repo.blockSender(this.ctx.db, actor.userId, senderId);
    this.changed(actor.userId, null, 'preferences');
    return this.preferences(actor);
  }

  async unblockSender(actor: Actor, senderId: string): Promise<MediaPreferences> {
    await repo.unblockSender(this.ctx.db, actor.userId, senderId);
    this.changed(actor.userId, null, 'preferences');
    return this.preferences(actor);
  }

  /** Undoes the global unsubscribe of the e-mail footer link. */
  async resubscribe(actor: Actor): Promise<MediaPreferences> {
    await repo.clearUnsubscribeAll(this.ctx.db, actor.userId);
    this.changed(actor.userId, null, 'preferences');
    return this.preferences(actor);
  }
}
