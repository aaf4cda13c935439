import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import type { MailEvent } from '../mail-event';
import { normaliseStatus } from '../classify';
import { outboxOfRef, parseBody, refHeaderOf } from './common';
import { WebhookRefusal } from './refusal';
import type { WebhookResult } from './ses';

/**
 * Mailgun's webhooks (JSON): `signature = hex(HMAC-SHA256(signing key, timestamp + token))`
 * (documentation.mailgun.com, "Securing Webhooks"), a timestamp within 5 minutes of our clock,
 * and a token seen once (webhook_nonces). Events: `failed` (severity permanent → hard,
 * temporary → soft) and `complained`.
 */
export const MAILGUN_WINDOW_MS = 5 * 60_000;
/** Tokens are kept past the window (a replay after it fails on the timestamp). */
const NONCE_KEEP_MS = 60 * 60_000;
const text = (max: number) => z.string().max(max);

/** What is checked before the signature: the signature, and the event's name. */
export const mailgunEnvelopeSchema = z.object({
  signature: z.object({
    timestamp: z.union([text(20), z.number()]).transform(String),
    token: text(200).min(1),
    signature: text(200).min(1),
  }),
  'event-data': z.looseObject({ event: text(100) }),
});

/** The events read (failed, complained), in full. */
export const mailgunSchema = z.object({
  signature: mailgunEnvelopeSchema.shape.signature,
  'event-data': z.object({
    event: text(100),
    id: text(200).min(1),
    severity: text(50).optional(),
    reason: text(200).nullish(),
    recipient: z.string().trim().min(3).max(320).includes('@').optional(),
    'delivery-status': z
      .object({
        code: z.number().nullish(),
        message: text(5000).nullish(),
        description: text(5000).nullish(),
        'enhanced-code': text(20).nullish(),
        'mx-host': text(500).nullish(),
      })
      .nullish(),
    message: z.object({ headers: z.record(text(200), z.unknown()).nullish() }).nullish(),
    'user-variables': z.record(text(200), z.unknown()).nullish(),
  }),
});
export type MailgunPayload = z.infer<typeof mailgunSchema>;

/** True when the signature is the HMAC of timestamp + token by our signing key. */
export function mailgunSigned(signingKey: string, s: MailgunPayload['signature']): boolean {
  const expected = createHmac('sha256', signingKey).update(s.timestamp + s.token).digest();
  const given = /^[0-9a-f]{64}$/i.test(s.signature) ? Buffer.from(s.signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mailgunEvent(key: Uint8Array, p: MailgunPayload, raw: string): MailEvent | null {
  const e = p['event-data'];
  const kind = e.event === 'complained' ? 'complaint' : e.event === 'failed' ? (e.severity === 'permanent' ? 'hard' : 'soft') : null;
  if (!kind) return null;
  if (!e.recipient) throw new WebhookRefusal(400, 'validation_failed', 'Invalid input', { 'event-data.recipient': 'is required' });
  const headers = e.message?.headers ?? {};
  const ref = e['user-variables']?.ref ?? refHeaderOf(headers);
  const messageId = headers['message-id'] ?? headers['Message-Id'];
  const status = e['delivery-status'];
  const code = status?.code;
  return {
    via: 'mailgun',
    kind,
    email: e.recipient,
    outboxId: outboxOfRef(key, ref),
    messageId: typeof messageId === 'string' ? messageId : null,
    statusCode: normaliseStatus(status?.['enhanced-code']) ?? normaliseStatus(status?.message),
    // Mailgun's own codes (605: "not delivering to a previously bounced address") are not SMTP's.
    smtpCode: typeof code === 'number' && code >= 200 && code < 600 ? code : null,
    diagnostic: status?.message || status?.description || e.reason || null,
    remoteMta: status?.['mx-host'] ?? null,
    providerEventId: `mailgun:${e.id}`,
    rawExcerpt: raw,
  };
}

export class MailgunNonces {
  private lastPrune = 0;

  constructor(private readonly ctx: AppContext) {}

  /** Records a token; false when it was seen before (a replay). */
  async claim(token: string): Promise<boolean> {
    const now = this.ctx.clock.now();
    await this.prune(now);
    const rows = await this.ctx.db('webhook_nonces').insert({ provider: 'mailgun', token, seen_at: now }).onConflict(['provider', 'token']).ignore().returning('token');
    return rows.length === 1;
  }

  /** Forgets a token whose event could not be recorded, so Mailgun's retry is not taken for a replay. */
  async release(token: string): Promise<void> {
    await this.ctx.db('webhook_nonces').where({ provider: 'mailgun', token }).delete();
  }

  /** Old tokens go, at most once a minute per process. */
  private async prune(now: Date): Promise<void> {
    if (Math.abs(now.getTime() - this.lastPrune) < 60_000) return;
    this.lastPrune = now.getTime();
    await this.ctx.db('webhook_nonces').where('provider', 'mailgun').where('seen_at', '<', new Date(now.getTime() - NONCE_KEEP_MS)).delete();
  }
}

/** A verified Mailgun post as events; the nonce is claimed by the caller's `record`. */
export async function mailgunWebhook(
  ctx: AppContext,
  nonces: MailgunNonces,
  body: unknown,
  record: (events: MailEvent[]) => Promise<void>,
): Promise<WebhookResult> {
  const signingKey = ctx.config.deliverability.mailgunSigningKey!;
  const envelope = parseBody(body, mailgunEnvelopeSchema);
  if (!mailgunSigned(signingKey, envelope.signature)) throw new WebhookRefusal(403, 'invalid_signature', 'The signature does not match');
  const at = Number(envelope.signature.timestamp) * 1000;
  if (!Number.isFinite(at) || Math.abs(ctx.clock.now().getTime() - at) > MAILGUN_WINDOW_MS) {
    throw new WebhookRefusal(403, 'stale_timestamp', 'The timestamp is more than 5 minutes away');
  }
  // Deliveries, opens, clicks …: accepted (no retry) and not read, whatever their shape.
  const name = envelope['event-data'].event;
  const event = name === 'failed' || name === 'complained' ? mailgunEvent(ctx.tokenKey, parseBody(body, mailgunSchema), body as string) : null;
  const token = envelope.signature.token;
  if (!(await nonces.claim(token))) throw new WebhookRefusal(403, 'replayed_token', 'This token was used before');
  const events = event ? [event] : [];
  try {
    await record(events);
  } catch (err) {
    await nonces.release(token).catch(() => undefined);
    throw err;
  }
  return event ? { events } : { events, ignored: name };
}
