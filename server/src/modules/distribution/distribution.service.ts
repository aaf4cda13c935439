import { rooms } from '../../../../shared/events';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import { FileStore } from '../../storage/files';
import { AttachmentsService } from '../attachments/attachments.service';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import { createNotifications, publishNotifications } from '../notifications/notifications.service';
import { wantsEmail } from '../profiles/profiles.service';
import { releaseMail, sentConfirmationMail } from './distribution.email';
import {
  ensureReportingRow,
  insertDeliveries,
  markSent,
  releaseAttachments,
  senderOf,
  type Recipient,
  type SendableRelease,
  type Sender,
} from './distribution.repo';
import { rewriteLinks } from './tracking.service';
import { trackingPaths, trackingToken } from './tracking.tokens';

/** E-mailed attachment links stay valid for a month. */
const MAIL_LINK_TTL_SECONDS = 30 * 24 * 3600;

export const sendJobKey = (releaseId: string) => `release.send:${releaseId}`;
export const SEND_JOB = 'release.send';
export const EMAIL_JOB = 'release.emails';
export const emailJobKey = (releaseId: string) => `release.emails:${releaseId}`;

export interface DistributeOptions {
  /** Who sent it; null for a scheduled send (the system). */
  actor: AuditActor;
  /** Absolute base of the links in the e-mails. */
  baseUrl: string;
  /** A scheduled send fires only while the release is still scheduled and due. */
  fromScheduled: boolean;
}

export interface DistributeResult {
  release: SendableRelease;
  recipients: number;
}

/** The site's absolute URL: PUBLIC_URL when configured, else where the request came from. */
export function siteUrl(ctx: AppContext, origin?: string): string {
  return (ctx.config.publicUrl ?? origin ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
}

/**
 * Sends a release: marks it sent, creates a delivery per recipient, an in-app
 * notification each and an e-mail each in the outbox, all in one transaction, and
 * pushes the live events after it commits. Returns null when the release was already
 * sent (or, for a scheduled send, is no longer scheduled): nothing is sent twice.
 */
export async function distribute(ctx: AppContext, releaseId: string, o: DistributeOptions): Promise<DistributeResult | null> {
  const done = await ctx.db.transaction(async (trx) => {
    const release = await markSent(trx, releaseId, o.fromScheduled);
    if (!release) return null;
    const sender = await senderOf(trx, release);
    const recipients = await insertDeliveries(trx, release, sender.id);
    await ensureReportingRow(trx, release.id);
    const notifications = await createNotifications(
      trx,
      recipients.map((r) => ({
        userId: r.recipient_user_id,
        kind: 'press_release.received',
        title: release.title,
        body: `Νέο δελτίο τύπου από ${sender.company}`,
        link: `/media/press-releases/${release.id}`,
        data: { press_release_id: release.id, delivery_id: r.id, category: release.category },
      })),
    );
    // The e-mails are written by a durable job right after this commits, so the in-app
    // deliveries and pushes do not wait for 1,000 personalised messages to be rendered.
    await ctx.jobs.schedule(EMAIL_JOB, { releaseId: release.id, baseUrl: o.baseUrl }, { dedupeKey: emailJobKey(release.id), onConflict: 'ignore' }, trx);
    if (await wantsEmail(trx, release.client_id, 'press_release_sent')) {
      const author = (await trx('profiles').where('user_id', release.client_id).first('email')) as { email: string } | undefined;
      if (author) await ctx.mailer.enqueue({ to: author.email, ...sentConfirmationMail(release.title, recipients.length, `${o.baseUrl}/client/reports`) }, trx);
    }
    const audit = { entityType: 'press_release', entityId: release.id };
    await writeAudit(trx, ctx.logger, o.actor, {
      ...audit,
      action: 'press_release.sent',
      metadata: {
        title: release.title,
        category: release.category,
        mediaLists: release.media_list_categories,
        recipients: recipients.length,
        scheduled: o.fromScheduled,
      },
    });
    return { release, recipients, notifications };
  });
  if (!done) return null;

  const { release, recipients, notifications } = done;
  publishNotifications(ctx.realtime, notifications);
  for (const r of recipients) {
    ctx.realtime.broadcast(rooms.user(r.recipient_user_id), 'inbox:new', {
      deliveryId: r.id,
      releaseId: release.id,
      title: release.title,
      category: release.category,
    });
  }
  const sent = { releaseId: release.id, kind: 'sent' as const };
  ctx.realtime.broadcast(rooms.user(release.client_id), 'report:changed', sent);
  if (release.workspace_id) ctx.realtime.broadcast(rooms.workspace(release.workspace_id), 'report:changed', sent);
  ctx.jobs.kick();
  ctx.mailer.kick();
  ctx.logger.info({ releaseId: release.id, recipients: recipients.length, scheduled: o.fromScheduled }, 'distribution: release sent');
  return { release, recipients: recipients.length };
}

/**
 * Writes the e-mail of every delivery of a sent release that has none yet, and the
 * `email.sent` audit row, in one transaction. Running it again adds nothing.
 */
export async function writeReleaseEmails(ctx: AppContext, releaseId: string, baseUrl: string, actor: AuditActor = null): Promise<number> {
  const attachments = new AttachmentsService(ctx, new FileStore(ctx.config.dataDir));
  const count = await ctx.db.transaction(async (trx) => {
    const release = (await trx('press_releases').where({ id: releaseId, status: 'sent' }).first()) as SendableRelease | undefined;
    if (!release) return 0;
    const pending = (await trx('deliveries as d')
      .where('d.press_release_id', releaseId)
      .whereNotExists((q) => {
        void q.select(1).from('mail_outbox as m').whereRaw('m.related_delivery_id = d.id');
      })
      .orderBy('d.id')
      .select('d.id', 'd.recipient_user_id', 'd.email')) as Recipient[];
    if (!pending.length) return 0;
    const sender = await senderOf(trx, release);
    const files = await releaseAttachments(trx, release.id);
    const mails: MailMessage[] = [];
    for (const r of pending) mails.push(await recipientMail(ctx, attachments, release, sender, files, { ...r, id: Number(r.id) }, baseUrl));
    await ctx.mailer.enqueueMany(mails, trx);
    await writeAudit(trx, ctx.logger, actor, {
      action: 'email.sent',
      entityType: 'press_release',
      entityId: release.id,
      metadata: { title: release.title, emails: mails.length },
    });
    return mails.length;
  });
  if (count) ctx.mailer.kick();
  return count;
}

async function recipientMail(
  ctx: AppContext,
  attachments: AttachmentsService,
  release: SendableRelease,
  sender: Sender,
  files: Awaited<ReturnType<typeof releaseAttachments>>,
  r: Recipient,
  base: string,
): Promise<MailMessage> {
  const key = ctx.tokenKey;
  const unsubscribe = base + trackingPaths.unsubscribe(trackingToken(key, 'unsubscribe', r.id));
  const mail = releaseMail({
    title: release.title,
    html: rewriteLinks(release.content, key, r.id, 'email', base),
    text: release.content_text,
    category: release.category,
    company: sender.company,
    sentAt: release.sent_at ?? new Date(),
    attachments: await Promise.all(
      files.map(async (f) => ({
        fileName: f.file_name,
        sizeBytes: Number(f.size_bytes),
        url: base + (await attachments.signedUrl(f.id, MAIL_LINK_TTL_SECONDS, r.recipient_user_id)),
      })),
    ),
    pixelUrl: base + trackingPaths.open(trackingToken(key, 'open', r.id)),
    readInAppUrl: `${base}/media/press-releases/${release.id}`,
    unsubscribeSenderUrl: `${unsubscribe}?scope=sender`,
    unsubscribeAllUrl: `${unsubscribe}?scope=all`,
  });
  return {
    to: r.email,
    ...mail,
    deliveryId: r.id,
    headers: {
      'List-Unsubscribe': `<${base}/api/unsubscribe/${trackingToken(key, 'unsubscribe', r.id)}/one-click>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
