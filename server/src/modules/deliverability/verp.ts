import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VERP: every outgoing e-mail has its own return path, `bounce+<token>@<bounce host>`, whose
 * token names the outbox row and is signed, so a bounce is matched to the exact e-mail and
 * nobody can forge one that suppresses a journalist. The same token travels in the
 * `X-Deltio-Ref` header for complaint reports and providers that rewrite the envelope.
 */
export const VERP_PREFIX = 'bounce+';
export const REF_HEADER = 'X-Deltio-Ref';

const signature = (key: Uint8Array, id: string) => createHmac('sha256', key).update(`verp:${id}`).digest('hex').slice(0, 16);

/** `<outbox id base 36>.<16 hex of HMAC>`: lower case only (some servers lower-case local parts). */
export function verpToken(key: Uint8Array, outboxId: number): string {
  const id = outboxId.toString(36);
  return `${id}.${signature(key, id)}`;
}

export function verpAddress(key: Uint8Array, outboxId: number, host: string): string {
  return `${VERP_PREFIX}${verpToken(key, outboxId)}@${host}`;
}

/** The outbox row a token names, or null when it is not one of ours (bad form or signature). */
export function outboxIdOfToken(key: Uint8Array, token: string): number | null {
  const m = /^([0-9a-z]{1,12})\.([0-9a-f]{16})$/.exec(token.trim().toLowerCase());
  if (!m) return null;
  const expected = Buffer.from(signature(key, m[1]!));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const id = parseInt(m[1]!, 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The outbox row of a VERP address (`bounce+<token>@host`, any host), or null. */
export function outboxIdOfVerp(key: Uint8Array, address: string): number | null {
  const at = address.lastIndexOf('@');
  const local = (at < 0 ? address : address.slice(0, at)).trim().replace(/^<|>$/g, '').toLowerCase();
  if (!local.startsWith(VERP_PREFIX)) return null;
  return outboxIdOfToken(key, local.slice(VERP_PREFIX.length));
}
