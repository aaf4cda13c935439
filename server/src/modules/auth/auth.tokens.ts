import crypto from 'node:crypto';
import type { Role } from '../../../../shared/constants';
import { signHs256, verifyHs256 } from './jwt-hs256';

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
 * Short-lived signed JWT (HS256), signed on the calling thread (jwt-hs256.ts: not on libuv's
 * thread pool, where argon2 and zlib queue).
 */
export function signAccessToken(
  claims: AccessClaims,
  key: Uint8Array,
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + ttlSeconds;
  const token = signHs256(
    { sid: claims.sid, role: claims.role, email: claims.email, sub: claims.sub, aud: AUDIENCE, iss: ISSUER, iat: now, exp: expiresAt },
    key,
    { typ: 'JWT' },
  );
  return Promise.resolve({ token, expiresAt });
}

/** Verifies signature, audience, issuer and expiry; returns null for any bad token. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AccessClaims | null> {
  const check = await checkAccessToken(token, key);
  return check.ok ? check.claims : null;
}

/** verifyAccessToken, telling an expired token (the holder refreshes it) from any other bad one. */
export function checkAccessToken(token: string, key: Uint8Array): Promise<AccessCheck> {
  return Promise.resolve(readAccessToken(token, key));
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** checkAccessToken on the calling thread, at once (a few microseconds of HMAC). */
export function readAccessToken(token: string, key: Uint8Array): AccessCheck {
  const check = verifyHs256(token, key, { audience: AUDIENCE, issuer: ISSUER });
  if (!check.ok) return check;
  const { payload } = check;
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
}

/** A random opaque token (refresh, confirmation, recovery, invitation). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Only this hash is stored; the token itself is shown to its owner once. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
