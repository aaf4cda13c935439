import crypto from 'node:crypto';

/**
 * The app's own HS256 tokens (access tokens, collab tickets, attachment links), signed and
 * checked with node:crypto's HMAC on the calling thread.
 *
 * Why not jose: jose 6 signs and verifies through WebCrypto, and Node runs a WebCrypto HMAC as a
 * job on libuv's thread pool — the four threads that also run argon2 (sign-ins), zlib (every
 * compressed response) and file reads. While four passwords were being hashed, an access-token
 * check waited ~500 ms for a free thread, so every signed-in request and socket handshake
 * stalled behind them; idle, the round trip to the pool cost 80–160 µs against ~5 µs here.
 * jose stays in the tests as the reference these tokens must agree with.
 *
 * Only what the app issues is accepted: a header with alg HS256 and no `crit`, canonical
 * base64url parts, a JSON object payload with a numeric `exp`, the expected audience (and
 * issuer when one is given); `nbf`/`iat`, when present, must be numbers and `nbf` not ahead.
 */
export interface JwtClaims {
  sub?: string;
  aud?: string | string[];
  iss?: string;
  exp?: number;
  nbf?: number;
  iat?: number;
  jti?: string;
  [claim: string]: unknown;
}

export type JwtCheck = { ok: true; payload: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' };

const PART = /^[A-Za-z0-9_-]+$/;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function mac(input: string, key: Uint8Array): string {
  return crypto.createHmac('sha256', key).update(input).digest('base64url');
}

/** A compact JWS (HS256) of the claims. */
export function signHs256(claims: JwtClaims, key: Uint8Array, header: { typ?: 'JWT' } = {}): string {
  const signed = `${encode({ alg: 'HS256', ...header })}.${encode(claims)}`;
  return `${signed}.${mac(signed, key)}`;
}

function parseObject(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Checks the signature, then the claims; `now` in seconds since the epoch. */
export function verifyHs256(
  token: string,
  key: Uint8Array,
  expected: { audience: string; issuer?: string },
  now = Math.floor(Date.now() / 1000),
): JwtCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof token !== 'string' || token.length > 8192) return invalid;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => PART.test(p))) return invalid;
  const [head, body, signature] = parts as [string, string, string];
  // The expected signature in its canonical encoding, compared in constant time.
  const want = Buffer.from(mac(`${head}.${body}`, key));
  const got = Buffer.from(signature);
  if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return invalid;

  const header = parseObject(head);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return invalid;
  const payload = parseObject(body) as JwtClaims | null;
  if (!payload) return invalid;
  if (!isNumber(payload.exp)) return invalid;
  if (payload.nbf !== undefined && (!isNumber(payload.nbf) || payload.nbf > now)) return invalid;
  if (payload.iat !== undefined && !isNumber(payload.iat)) return invalid;
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : Array.isArray(payload.aud) ? payload.aud : [];
  if (!audiences.includes(expected.audience)) return invalid;
  if (expected.issuer !== undefined && payload.iss !== expected.issuer) return invalid;
  if (payload.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
