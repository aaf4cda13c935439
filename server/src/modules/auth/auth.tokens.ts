import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../../../shared/constants';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
  email: string;
}

const AUDIENCE = 'authenticated';
const ISSUER = 'deltio';

export function tokenKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * The HMAC key imported once per raw key (jose imports a raw Uint8Array with WebCrypto on
 * every sign and verify: about half of a verify's CPU). Kept beside a copy of the bytes it was
 * imported from, so a key changed in place is imported again rather than served stale.
 */
const imported = new WeakMap<Uint8Array, { bytes: Buffer; key: Promise<CryptoKey> }>();

function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  const hit = imported.get(raw);
  if (hit && hit.bytes.equals(raw)) return hit.key;
  const bytes = Buffer.from(raw);
  const key = crypto.webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  imported.set(raw, { bytes, key });
  return key;
}

/** Short-lived signed JWT (HS256). */
export async function signAccessToken(
  claims: AccessClaims,
  key: Uint8Array,
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + ttlSeconds;
  const token = await new SignJWT({ sid: claims.sid, role: claims.role, email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(await hmacKey(key));
  return { token, expiresAt };
}

/** Verifies signature, audience, issuer and expiry; returns null for any bad token. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AccessClaims | null> {
  const check = await checkAccessToken(token, key);
  return check.ok ? check.claims : null;
}

/** verifyAccessToken, telling an expired token (the holder refreshes it) from any other bad one. */
export async function checkAccessToken(
  token: string,
  key: Uint8Array,
): Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), { audience: AUDIENCE, issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
    return {
      ok: true,
      claims: {
        sub: payload.sub,
        sid: payload.sid,
        role: payload.role as Role,
        email: typeof payload.email === 'string' ? payload.email : '',
      },
    };
  } catch (err) {
    return { ok: false, reason: (err as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
  }
}

/** A random opaque token (refresh, confirmation, recovery, invitation). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Only this hash is stored; the token itself is shown to its owner once. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
