import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { MailEvent } from '../mail-event';
import { normaliseStatus } from '../classify';
import { checked, outboxOfRef, parseBody, refHeaderOf, smtpCodeOf } from './common';
import { WebhookRefusal } from './refusal';
import { isSnsUrl, type SnsVerifier } from './sns-verify';

/**
 * Amazon SES bounces and complaints, as SNS posts them (`Content-Type: text/plain`, a JSON
 * envelope). Every message is verified first (sns-verify.ts). A subscription is confirmed only
 * for the topics in SES_TOPIC_ARNS, and only their notifications are read: anybody can make an
 * SNS topic that AWS signs, so the signature alone says nothing about who sent it.
 */
const text = (max: number) => z.string().max(max);
const address = z.string().trim().min(3).max(320).includes('@');

export const snsEnvelopeSchema = z
  .object({
    Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
    MessageId: text(200).min(1),
    TopicArn: text(300).min(1),
    Message: text(256 * 1024),
    Timestamp: text(40).min(1),
    SignatureVersion: text(4),
    Signature: text(2048).min(1),
    SigningCertURL: text(2048).min(1),
    Subject: text(1000).nullish(),
    SubscribeURL: text(4096).optional(),
    Token: text(4096).optional(),
    UnsubscribeURL: text(4096).optional(),
  })
  .refine((m) => m.Type === 'Notification' || (m.SubscribeURL !== undefined && m.Token !== undefined), {
    message: 'a subscription message has SubscribeURL and Token',
    path: ['SubscribeURL'],
  });

const recipient = z.object({
  emailAddress: address,
  status: text(100).nullish(),
  diagnosticCode: text(5000).nullish(),
  action: text(100).nullish(),
});

export const sesMessageSchema = z.object({
  notificationType: text(100).optional(),
  eventType: text(100).optional(),
  mail: z
    .object({
      messageId: text(300).optional(),
      headers: z.array(z.object({ name: text(1000), value: text(10_000) })).max(1000).optional(),
      commonHeaders: z.object({ messageId: text(1000).optional() }).optional(),
    })
    .optional(),
  bounce: z
    .object({
      bounceType: text(100),
      bounceSubType: text(100).optional(),
      bouncedRecipients: z.array(recipient).min(1).max(100),
      feedbackId: text(300).optional(),
      reportingMTA: text(500).optional(),
      timestamp: text(40).optional(),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(z.object({ emailAddress: address })).min(1).max(100),
      feedbackId: text(300).optional(),
      complaintFeedbackType: text(100).optional(),
      timestamp: text(40).optional(),
    })
    .optional(),
  deliveryDelay: z
    .object({
      delayedRecipients: z.array(recipient).min(1).max(100),
      delayType: text(100).optional(),
      reportingMTA: text(500).optional(),
      timestamp: text(40).optional(),
    })
    .optional(),
});
export type SesMessage = z.infer<typeof sesMessageSchema>;
const SES_TYPES_READ = new Set(['Bounce', 'Complaint', 'DeliveryDelay']);

/** What an SES message says, as MailEvents (none for kinds we do not act on: Delivery, Send, Open …). */
export function sesEvents(key: Uint8Array, msg: SesMessage, snsMessageId: string, raw: string): MailEvent[] {
  const type = msg.notificationType ?? msg.eventType;
  const outboxId = outboxOfRef(key, refHeaderOf(msg.mail?.headers));
  const messageId = msg.mail?.commonHeaders?.messageId ?? null;
  const common = { via: 'ses' as const, outboxId, messageId, rawExcerpt: raw };
  const missing = (field: string) => new WebhookRefusal(400, 'validation_failed', 'Invalid input', { [`Message.${field}`]: 'is required' });
  if (type === 'Bounce') {
    const b = msg.bounce;
    if (!b) throw missing('bounce');
    // Permanent: the address will never take mail. Transient (mailbox full, too large, …) and
    // Undetermined count as soft, as unknown answers do everywhere else.
    const kind = b.bounceType === 'Permanent' ? 'hard' : 'soft';
    const id = b.feedbackId ?? `sns-${snsMessageId}`;
    return b.bouncedRecipients.map((r) => ({
      ...common,
      kind,
      email: r.emailAddress,
      statusCode: normaliseStatus(r.status),
      smtpCode: smtpCodeOf(r.diagnosticCode),
      diagnostic: r.diagnosticCode ?? ([b.bounceType, b.bounceSubType].filter(Boolean).join(' / ') || null),
      remoteMta: b.reportingMTA ?? null,
      providerEventId: `ses:${id}:${r.emailAddress.toLowerCase()}`,
    }));
  }
  if (type === 'Complaint') {
    const c = msg.complaint;
    if (!c) throw missing('complaint');
    const id = c.feedbackId ?? `sns-${snsMessageId}`;
    return c.complainedRecipients.map((r) => ({
      ...common,
      kind: 'complaint' as const,
      email: r.emailAddress,
      diagnostic: c.complaintFeedbackType ?? null,
      providerEventId: `ses:${id}:${r.emailAddress.toLowerCase()}`,
    }));
  }
  if (type === 'DeliveryDelay') {
    const d = msg.deliveryDelay;
    if (!d) throw missing('deliveryDelay');
    return d.delayedRecipients.map((r) => ({
      ...common,
      kind: 'delayed' as const,
      email: r.emailAddress,
      statusCode: normaliseStatus(r.status),
      smtpCode: smtpCodeOf(r.diagnosticCode),
      diagnostic: r.diagnosticCode ?? d.delayType ?? null,
      remoteMta: d.reportingMTA ?? null,
      providerEventId: `ses:delay:${msg.mail?.messageId ?? snsMessageId}:${d.timestamp ?? ''}:${r.emailAddress.toLowerCase()}`,
    }));
  }
  return [];
}

export interface WebhookResult {
  /** The events this request handed to recordMailEvent. */
  events: MailEvent[];
  /** Why nothing was done with an accepted message (logged). */
  ignored?: string;
}

/** One SNS post: verified, then confirmed, ignored or read as SES events. */
export async function sesWebhook(ctx: AppContext, verifier: SnsVerifier, body: unknown): Promise<WebhookResult> {
  const m = parseBody(body, snsEnvelopeSchema);
  await verifier.verify(m);
  const listed = ctx.config.deliverability.sesTopicArns.includes(m.TopicArn);

  if (m.Type === 'SubscriptionConfirmation') {
    if (!listed) {
      ctx.logger.warn({ topic: m.TopicArn }, 'webhooks: SNS subscription for a topic not in SES_TOPIC_ARNS ignored');
      return { events: [], ignored: 'topic_not_listed' };
    }
    if (!isSnsUrl(m.SubscribeURL!)) throw new WebhookRefusal(403, 'untrusted_subscribe_url', 'SubscribeURL is not an SNS address');
    let status: number;
    try {
      status = (await ctx.deliverability.fetch(m.SubscribeURL!)).status;
    } catch (err) {
      throw new WebhookRefusal(502, 'confirmation_failed', `The subscription could not be confirmed: ${(err as Error).message}`);
    }
    if (status !== 200) throw new WebhookRefusal(502, 'confirmation_failed', `SNS answered ${status} to the confirmation`);
    ctx.logger.info({ topic: m.TopicArn }, 'webhooks: SNS subscription confirmed');
    return { events: [], ignored: 'subscription_confirmed' };
  }
  if (m.Type === 'UnsubscribeConfirmation') {
    ctx.logger.warn({ topic: m.TopicArn }, 'webhooks: SNS says the subscription was removed');
    return { events: [], ignored: 'unsubscribed' };
  }
  if (!listed) throw new WebhookRefusal(403, 'topic_not_allowed', 'The topic is not one of SES_TOPIC_ARNS');

  let inner: unknown;
  try {
    inner = JSON.parse(m.Message);
  } catch {
    inner = null;
  }
  const o = inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
  const type = o.notificationType ?? o.eventType;
  if (typeof type !== 'string') {
    ctx.logger.info({ topic: m.TopicArn, id: m.MessageId }, 'webhooks: SNS notification that is not an SES event ignored');
    return { events: [], ignored: 'not_ses' };
  }
  // Deliveries, sends, opens …: accepted (no retry) and not read, whatever their shape.
  if (!SES_TYPES_READ.has(type)) return { events: [], ignored: `ses:${type.slice(0, 50)}` };
  const msg = checked(inner, sesMessageSchema);
  return { events: sesEvents(ctx.tokenKey, msg, m.MessageId, m.Message) };
}
