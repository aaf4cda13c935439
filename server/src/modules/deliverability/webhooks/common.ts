import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { zodFields } from '../../../http/errors';
import { BAD_TEXT_MESSAGE, findBadText } from '../../../http/input-guard';
import { outboxIdOfToken, REF_HEADER } from '../verp';
import { WebhookRefusal } from './refusal';

/** A JSON body (the webhook routes read text: SNS posts `text/plain`) checked by a zod schema; 400 otherwise. */
export function parseBody<S extends z.ZodType>(raw: unknown, schema: S): z.infer<S> {
  if (typeof raw !== 'string' || raw.trim() === '') throw new WebhookRefusal(400, 'invalid_json', 'The request body is empty');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new WebhookRefusal(400, 'invalid_json', 'The request body is not valid JSON');
  }
  return checked(json, schema);
}

/** A parsed value checked: storable text (no NUL, valid Unicode), then the schema; 400 otherwise. */
export function checked<S extends z.ZodType>(value: unknown, schema: S): z.infer<S> {
  const bad = findBadText(value);
  if (bad !== null) throw new WebhookRefusal(400, 'validation_failed', 'Invalid input', { [bad]: BAD_TEXT_MESSAGE });
  const r = schema.safeParse(value);
  if (!r.success) throw new WebhookRefusal(400, 'validation_failed', 'Invalid input', zodFields(r.error));
  return r.data as z.infer<S>;
}

/** Two secrets compared in constant time, whatever their lengths (both are hashed first). */
export function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}

/** The outbox row our signed `X-Deltio-Ref` token names, or null (absent, or not ours). */
export function outboxOfRef(key: Uint8Array, token: unknown): number | null {
  return typeof token === 'string' && token.length <= 64 ? outboxIdOfToken(key, token) : null;
}

/** Our ref header's value among headers given as `[{name, value}]` (SES) or `{name: value}` (Mailgun), any case. */
export function refHeaderOf(headers: unknown): string | null {
  const want = REF_HEADER.toLowerCase();
  if (Array.isArray(headers)) {
    for (const h of headers as unknown[]) {
      if (!h || typeof h !== 'object') continue;
      const { name, value, Name, Value } = h as Record<string, unknown>;
      const n = name ?? Name;
      const v = value ?? Value;
      if (typeof n === 'string' && n.toLowerCase() === want && typeof v === 'string') return v.trim();
    }
    return null;
  }
  if (headers && typeof headers === 'object') {
    for (const [n, v] of Object.entries(headers as Record<string, unknown>)) {
      if (n.toLowerCase() === want && typeof v === 'string') return v.trim();
    }
  }
  return null;
}

/** The SMTP reply code a server's text starts with (`smtp; 550 5.1.1 …` → 550), or null. */
export function smtpCodeOf(text: string | null | undefined): number | null {
  const m = /(?:^|;)\s*([245]\d\d)(?=[\s-]|$)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}
