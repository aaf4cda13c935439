import { CATEGORY_LABELS, SUPPRESSION_REASONS, type Category, type SuppressionReason } from '../../../../shared/constants';
import type { SendPreview, TestEmail } from '../../../../shared/schemas/editor';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { releaseMail } from './distribution.email';
import { suppressionReasonSql } from '../deliverability/suppressions.repo';
import { exclusionsOf, listsOf, organisationSender, type OrganisationSender, type SendableRelease } from './distribution.repo';
import { siteUrl } from './distribution.service';

export const TEST_SUBJECT_PREFIX = '[ΔΟΚΙΜΗ] ';
const TEST_NOTICE = 'Δοκιμαστικό e-mail: έτσι θα το λάβουν οι δημοσιογράφοι. Δεν στάλθηκε σε κανέναν παραλήπτη και δεν μετράει στις αναφορές.';
/** Test e-mails one user may send in TEST_WINDOW_MINUTES. */
export const TEST_LIMIT = 5;
const TEST_WINDOW_MINUTES = 10;

interface ListRow {
  category: Category;
  recipients: number | string;
}

/**
 * Who a send of the release would reach now, per ticked list and in all (distinct), who is left
 * out and why, and who gets it in the app only (suppressed address, by the suppression's reason)
 * — the same rule as insertDeliveries() (exclusionsOf).
 */
async function audience(ctx: AppContext, r: SendableRelease) {
  const lists = listsOf(r);
  const x = exclusionsOf(r);
  const reached = `p.status = 'approved' and p.is_active and not ${x.unsubscribed.sql}`;
  const members = `from media_lists l join profiles p on p.user_id = l.media_id and p.role = 'media' where l.category = any(?::text[])`;
  const perList = (await ctx.db.raw(
    `select l.category, count(*) filter (where ${reached})::int as recipients
       ${members} group by l.category`,
    [...x.unsubscribed.binds, lists],
  )) as { rows: ListRow[] };
  const totals = (await ctx.db.raw(
    `select count(distinct p.user_id) filter (where ${reached})::int as recipients,
            count(distinct p.user_id) filter (where p.status = 'approved' and p.is_active and ${x.unsubscribed.sql})::int as unsubscribed,
            count(distinct p.user_id) filter (where p.status = 'approved' and not p.is_active)::int as inactive,
            count(distinct p.user_id) filter (where p.status = 'pending')::int as pending
       ${members}`,
    [...x.unsubscribed.binds, ...x.unsubscribed.binds, lists],
  )) as { rows: { recipients: number; unsubscribed: number; inactive: number; pending: number }[] };
  // Recipients whose address is suppressed, by the reason that applies (global first): in the app only.
  const suppressed = (await ctx.db.raw(
    `select reason, count(*)::int as n from (
       select distinct p.user_id, ${suppressionReasonSql('p.email')} as reason
         ${members} and ${reached}) t
      where reason is not null group by reason`,
    [r.organisation_id, lists, ...x.unsubscribed.binds],
  )) as { rows: { reason: SuppressionReason; n: number }[] };
  const t = totals.rows[0];
  const byReason = Object.fromEntries(SUPPRESSION_REASONS.map((k) => [k, Number(suppressed.rows.find((s) => s.reason === k)?.n ?? 0)])) as Record<SuppressionReason, number>;
  return {
    lists: (lists as Category[]).map((category) => ({
      category,
      label: CATEGORY_LABELS[category],
      recipients: Number(perList.rows.find((l) => l.category === category)?.recipients ?? 0),
    })),
    recipients: Number(t?.recipients ?? 0),
    excluded: {
      unsubscribed: Number(t?.unsubscribed ?? 0),
      inactive: Number(t?.inactive ?? 0),
      pending: Number(t?.pending ?? 0),
    },
    withoutEmail: { total: Object.values(byReason).reduce((a, b) => a + b, 0), ...byReason },
  };
}

/**
 * The release's e-mail exactly as a journalist gets it, without tracking (no pixel, links as
 * written). Attachment links only work for recipients, so here they lead to the editor.
 */
async function journalistMail(ctx: AppContext, r: SendableRelease, sender: OrganisationSender, notice?: string) {
  const base = siteUrl(ctx);
  const files = (await ctx.db('release_attachments').where('press_release_id', r.id).orderBy('created_at').select('file_name', 'size_bytes')) as {
    file_name: string;
    size_bytes: number;
  }[];
  return releaseMail({
    title: r.title,
    html: r.content,
    text: r.content_text,
    category: r.category,
    company: sender.name,
    sentAt: new Date(),
    attachments: files.map((f) => ({ fileName: f.file_name, sizeBytes: Number(f.size_bytes), url: `${base}/client/press-releases/${r.id}` })),
    pixelUrl: null,
    notice,
    embargoUntil: r.embargo_until ? new Date(r.embargo_until) : null,
    pressKit: sender.pressKit,
    readInAppUrl: `${base}/media/press-releases/${r.id}`,
    unsubscribeSenderUrl: `${base}/media/settings`,
    unsubscribeAllUrl: `${base}/media/settings`,
  });
}

export async function sendPreview(ctx: AppContext, r: SendableRelease): Promise<SendPreview> {
  const sender = await organisationSender(ctx.db, r.organisation_id);
  const mail = await journalistMail(ctx, r, sender);
  return {
    ...(await audience(ctx, r)),
    email: { from: sender.name, subject: mail.subject, html: mail.html },
    renderError: r.render_error,
  };
}

/**
 * "Test e-mail to me": the release's e-mail to the sender's own address through the mail
 * module, marked as a test in its subject and body. No delivery, no pixel, no tracked link:
 * it is never counted. At most TEST_LIMIT per user in ten minutes.
 */
export async function sendTestEmail(ctx: AppContext, userId: string, r: SendableRelease): Promise<TestEmail> {
  const me = (await ctx.db('profiles').where('user_id', userId).first('email')) as { email: string } | undefined;
  if (!me) throw notFound('Profile not found');
  const [recent] = (await ctx.db('mail_outbox')
    .where('to_email', me.email)
    .where('subject', 'like', `${TEST_SUBJECT_PREFIX}%`)
    .where('created_at', '>', ctx.db.raw(`now() - (? * interval '1 minute')`, [TEST_WINDOW_MINUTES]))
    .select(ctx.db.raw('count(*)::int as n'))) as { n: number }[];
  if (Number(recent?.n ?? 0) >= TEST_LIMIT) {
    throw new HttpError(429, 'too_many_test_emails', `Στείλατε ήδη ${TEST_LIMIT} δοκιμαστικά e-mail· δοκιμάστε ξανά σε λίγα λεπτά`);
  }
  const sender = await organisationSender(ctx.db, r.organisation_id);
  const mail = await journalistMail(ctx, r, sender, TEST_NOTICE);
  // From the organisation as its releases will be (its sending domain once verified).
  const id = await ctx.mailer.enqueue({
    to: me.email,
    subject: `${TEST_SUBJECT_PREFIX}${mail.subject}`,
    html: mail.html,
    text: mail.text,
    organisationId: r.organisation_id,
  });
  return { id, to: me.email, status: 'queued' };
}

/** The state of a test e-mail the user sent (the dialog shows when it left). */
export async function testEmailState(ctx: AppContext, userId: string, mailId: number): Promise<TestEmail> {
  const me = (await ctx.db('profiles').where('user_id', userId).first('email')) as { email: string } | undefined;
  const row = (await ctx.db('mail_outbox')
    .where({ id: mailId, to_email: me?.email ?? '' })
    .where('subject', 'like', `${TEST_SUBJECT_PREFIX}%`)
    .first('id', 'to_email', 'status')) as { id: number | string; to_email: string; status: TestEmail['status'] } | undefined;
  if (!row) throw notFound('Test e-mail not found');
  return { id: Number(row.id), to: row.to_email, status: row.status };
}
