import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { MailEventKind } from '../../../../../shared/constants';
import type { MailEvent } from '../mail-event';
import { normaliseStatus } from '../classify';
import { outboxOfRef, parseBody, refHeaderOf, sameSecret, smtpCodeOf } from './common';
import { WebhookRefusal } from './refusal';
import type { WebhookResult } from './ses';

/**
 * Postmark bounce and spam-complaint webhooks. Postmark signs nothing: the webhook URL carries
 * HTTP Basic credentials (POSTMARK_WEBHOOK_USER / _PASSWORD), compared in constant time.
 */
const text = (max: number) => z.string().max(max);

export const postmarkSchema = z.object({
  RecordType: text(100),
  // Postmark's ids are int64: past 2^53 JSON.parse rounds them, so those are keyed by the body's hash.
  ID: z.union([z.number(), text(40)]).optional(),
  Type: text(100).optional(),
  TypeCode: z.number().optional(),
  MessageID: text(300).optional(),
  Email: z.string().trim().min(3).max(320).includes('@').optional(),
  Description: text(2000).nullish(),
  Details: text(5000).nullish(),
  Metadata: z.record(text(200), z.unknown()).nullish(),
  Headers: z.array(z.object({ Name: text(1000), Value: text(10_000) })).max(1000).nullish(),
});
export type PostmarkPayload = z.infer<typeof postmarkSchema>;

/** listmonk's mapping (internal/bounce/webhooks/postmark.go): these are hard, SpamComplaint a complaint, every other failure soft. */
const HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);
/** Bounce records that are no failure to deliver (an auto-reply, a subscribe request, a relay test …). */
const NOT_FAILURES = new Set(['AutoResponder', 'Subscribe', 'Unsubscribe', 'AddressChange', 'OpenRelayTest', 'ChallengeVerification']);

export function postmarkKind(p: PostmarkPayload): MailEventKind | null {
  if (p.RecordType === 'SpamComplaint') return 'complaint';
  if (p.RecordType !== 'Bounce' || !p.Type) return null;
  if (p.Type === 'SpamComplaint') return 'complaint';
  if (HARD.has(p.Type)) return 'hard';
  if (NOT_FAILURES.has(p.Type)) return null;
  return 'soft';
}

/** True when the request carries POSTMARK_WEBHOOK_USER:PASSWORD as HTTP Basic credentials. */
export function postmarkAuthorised(header: string | undefined, expected: { user: string; password: string }): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  const given = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
  // Both compared whatever the first says, so the time does not tell which one was wrong.
  return sameSecret(given, `${expected.user}:${expected.password}`);
}

export function postmarkEvent(key: Uint8Array, p: PostmarkPayload, raw: string): MailEvent | null {
  const kind = postmarkKind(p);
  if (!kind) return null;
  if (!p.Email) throw new WebhookRefusal(400, 'validation_failed', 'Invalid input', { Email: 'is required' });
  const ref = p.Metadata?.ref ?? refHeaderOf(p.Headers);
  const id =
    (typeof p.ID === 'number' && Number.isSafeInteger(p.ID)) || (typeof p.ID === 'string' && /^\d{1,20}$/.test(p.ID))
      ? String(p.ID)
      : `sha256-${createHash('sha256').update(raw).digest('hex').slice(0, 32)}`;
  return {
    via: 'postmark',
    kind,
    email: p.Email,
    outboxId: outboxOfRef(key, ref),
    messageId: p.MessageID ?? null,
    statusCode: normaliseStatus(p.Details),
    smtpCode: smtpCodeOf(p.Details),
    diagnostic: p.Details || p.Description || p.Type || null,
    providerEventId: `postmark:${id}`,
    rawExcerpt: raw,
  };
}

export function postmarkWebhook(ctx: AppContext, authorization: string | undefined, body: unknown): WebhookResult {
  const expected = ctx.config.deliverability.postmarkWebhook!;
  if (!postmarkAuthorised(authorization, expected)) throw new WebhookRefusal(401, 'invalid_credentials', 'The webhook credentials are wrong');
  const { RecordType } = parseBody(body, z.looseObject({ RecordType: text(100) }));
  // Deliveries, opens, clicks …: accepted (no retry) and not read, whatever their shape.
  if (RecordType !== 'Bounce' && RecordType !== 'SpamComplaint') return { events: [], ignored: RecordType };
  const p = parseBody(body, postmarkSchema);
  const event = postmarkEvent(ctx.tokenKey, p, body as string);
  return event ? { events: [event] } : { events: [], ignored: `${p.RecordType}/${p.Type ?? ''}` };
}
