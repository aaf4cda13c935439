import { rooms, type NotificationPayload } from '../../../../shared/events';
import type { InboxEntry } from '../../../../shared/schemas/notifications';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import type { Push } from '../../realtime/index';
import { AttachmentsService } from '../attachments/attachments.service';
import type { Knex } from 'knex';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import { findSentVersion, type SentVersion } from '../releases/sent-versions.repo';
import { releaseArrivalPush } from '../notifications/release-notices';
import { wantedAddress } from '../profiles/profiles.service';
import { releaseMail, sentConfirmationMail } from './distribution.email';
import { deliverWithNotices, type Recipient, type SendableRelease } from './distribution.repo';
import { announceReportChange, rewriteLinks } from './tracking.service';
import { trackingPaths, trackingToken } from './tracking.tokens';

/** E-mailed attachment links stay valid for a month. */
const MAIL_LINK_TTL_SECONDS = 30 * 24 * 3600;

export const sendJobKey = (releaseId: string) => `release.send:${releaseId}`;
export const SEND_JOB = 'release.send';
export const EMAIL_JOB = 'release.emails';
export const emailJobKey = (releaseId: string) => `release.emails:${releaseId}`;
/** E-mails rendered by the send's e-mail job between two writes to the outbox (the event loop is free between them). */
export const EMAIL_RENDER_CHUNK = 100;

export interface FanOutOptions {
  /** Absolute base of the links in the e-mails. */
  baseUrl: string;
}

export interface FanOut {
  recipients: Recipient[];
  /** Recipients past their own daily limit: inbox only, no e-mail or notice (the next daily digest lists it). */
  held: Set<string>;
  /** The one push of every other recipient: their notice. */
  notice: NotificationPayload;
}

/** The site's absolute URL: PUBLIC_URL, never a request header. */
export function siteUrl(ctx: AppContext): string {
  return ctx.config.publicUrl;
}

/**
 * Delivers a release that the lifecycle has just marked sent, inside its transaction: a
 * delivery per recipient (also their notice in the bell), the durable job that writes the
 * e-mails, and the sender's confirmation. Everything reads the frozen sent version.
 */
export async function fanOut(ctx: AppContext, trx: Knex.Transaction, release: SendableRelease, version: SentVersion, o: FanOutOptions): Promise<FanOut> {
  // Whoever of the organisation's members sends, its blocks apply (deliverWithNotices). A
  // delivery not held is also its recipient's notice in the bell (release-notices.ts).
  const delivered = await deliverWithNotices(trx, release);
  const recipients: Recipient[] = [];
  const held = new Set<string>();
  for (const d of delivered) {
    recipients.push({ id: d.id, recipient_user_id: d.recipient_user_id, email: d.email });
    if (d.held) held.add(d.recipient_user_id);
  }
  const notice = releaseArrivalPush({
    press_release_id: release.id,
    title: version.title,
    sender_name: version.sender_name,
    embargo_until: version.embargo_until,
    category: version.category,
    organisation_id: release.organisation_id,
    created_at: delivered[0]?.created_at ?? new Date(),
  });
  // The e-mails are written by a durable job right after this commits, so the in-app
  // deliveries and pushes do not wait for 1,000 personalised messages to be rendered.
  await ctx.jobs.schedule(EMAIL_JOB, { releaseId: release.id, baseUrl: o.baseUrl }, { dedupeKey: emailJobKey(release.id), onConflict: 'ignore' }, trx);
  // The confirmation goes to the member who sent it (or scheduled it), else to its author.
  const confirmTo = version.sender_user_id ?? release.author_id;
  const to = confirmTo ? await wantedAddress(trx, confirmTo, 'press_release_sent') : null;
  if (to) {
    await ctx.mailer.enqueue({ to, ...sentConfirmationMail(version.title, recipients.length, `${o.baseUrl}/client/reports`), organisationId: release.organisation_id }, trx);
  }
  return { recipients, held, notice };
}

/**
 * After the send commits: every recipient's sockets get their notice (`notification:new`), one
 * message encoded once and written as one frame to each (it carries the release, so the bell,
 * the toast and the inbox all come from it); a recipient held by their daily limit has no
 * notice and gets their inbox entry alone (`inbox:new`). Then the sending organisation's live report.
 */
export function announceDelivered(ctx: AppContext, release: SendableRelease, version: SentVersion, fan: FanOut): void {
  const noticed: string[] = [];
  const heldPushes: Push[] = [];
  for (const r of fan.recipients) {
    if (!fan.held.has(r.recipient_user_id)) noticed.push(rooms.user(r.recipient_user_id));
    else {
      const delivery: InboxEntry = { deliveryId: r.id, releaseId: release.id, title: version.title, category: version.category };
      heldPushes.push({ room: rooms.user(r.recipient_user_id), event: 'inbox:new', args: [delivery] });
    }
  }
  if (noticed.length) ctx.realtime.broadcast(noticed, 'notification:new', fan.notice);
  if (heldPushes.length) ctx.realtime.broadcastMany(heldPushes);
  announceReportChange(ctx, release.organisation_id, { releaseId: release.id, kind: 'sent' });
  ctx.jobs.kick();
  ctx.mailer.kick();
}

/**
 * Writes the e-mail of every delivery of a sent release that has none yet, and the
 * `email.sent` audit row, in one transaction. Running it again adds nothing.
 */
export async function writeReleaseEmails(ctx: AppContext, releaseId: string, baseUrl: string, actor: AuditActor = null): Promise<number> {
  const attachments = new AttachmentsService(ctx, ctx.files);
  const count = await ctx.db.transaction(async (trx) => {
    const release = await findSentVersion(trx, releaseId);
    if (!release) return 0;
    const pending = (await trx('deliveries as d')
      .where('d.press_release_id', releaseId)
      .whereNull('d.held_at') // past the journalist's daily limit: the digest lists it instead
      .whereNot('d.state', 'suppressed') // on the suppression list: in the app only
      .whereNotExists((q) => {
        void q.select(1).from('mail_outbox as m').whereRaw('m.related_delivery_id = d.id');
      })
      .orderBy('d.id')
      .select('d.id', 'd.recipient_user_id', 'd.email')) as Recipient[];
    if (!pending.length) return 0;
    const owner = (await trx('release_sent_versions').where('press_release_id', releaseId).first('organisation_id')) as { organisation_id: string };
    // Rendered and written chunk by chunk: the event loop is free while each chunk is written
    // (pushes, requests and editing of this process go on), instead of held for the whole send.
    for (let i = 0; i < pending.length; i += EMAIL_RENDER_CHUNK) {
      const mails: MailMessage[] = [];
      for (const r of pending.slice(i, i + EMAIL_RENDER_CHUNK)) {
        const mail = recipientMail(ctx, attachments, release, { ...r, id: Number(r.id) }, baseUrl);
        mails.push({ ...mail, purpose: 'release' });
      }
      await ctx.mailer.enqueueMany(mails, trx);
    }
    await writeAudit(trx, ctx.logger, actor, {
      action: 'email.sent',
      entityType: 'press_release',
      entityId: releaseId,
      metadata: { title: release.title, emails: pending.length, organisation_id: owner.organisation_id },
    });
    return pending.length;
  });
  if (count) ctx.mailer.kick();
  return count;
}

function recipientMail(ctx: AppContext, attachments: AttachmentsService, release: SentVersion, r: Recipient, base: string): MailMessage {
  const key = ctx.tokenKey;
  const unsubscribe = base + trackingPaths.unsubscribe(trackingToken(key, 'unsubscribe', r.id));
  const mail = releaseMail({
    title: release.title,
    html: rewriteLinks(release.content, key, r.id, 'email', base),
    text: release.content_text,
    category: release.category,
    company: release.sender_name,
    sentAt: new Date(release.sent_at),
    attachments: release.attachments.map((f) => ({
      fileName: f.fileName,
      sizeBytes: f.sizeBytes,
      url: base + attachments.signedUrl(f.id, MAIL_LINK_TTL_SECONDS, r.recipient_user_id),
    })),
    pixelUrl: base + trackingPaths.open(trackingToken(key, 'open', r.id)),
    embargoUntil: release.embargo_until ? new Date(release.embargo_until) : null,
    pressKit: release,
    readInAppUrl: `${base}/media/press-releases/${release.press_release_id}`,
    unsubscribeSenderUrl: `${unsubscribe}?scope=sender`,
    unsubscribeAllUrl: `${unsubscribe}?scope=all`,
  });
  return {
    to: r.email,
    ...mail,
    deliveryId: r.id,
    // The sender: its sending domain and DKIM key, or its name at the platform's address.
    organisationId: release.organisation_id,
    headers: {
      'List-Unsubscribe': `<${base}/api/unsubscribe/${trackingToken(key, 'unsubscribe', r.id)}/one-click>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
