import { describe, expect, it } from 'vitest';
import { checkAccessToken, signAccessToken, tokenKey, verifyAccessToken } from './auth.tokens';

const claims = { sub: '00000000-0000-4000-8000-000000000001', sid: '00000000-0000-4000-8000-000000000002', role: 'client', email: 'a@x.gr' } as const;

describe('access tokens', () => {
  it('verifies its own tokens, again and again, and with another copy of the same secret', async () => {
    const key = tokenKey('s'.repeat(40));
    const { token } = await signAccessToken(claims, key, 60);
    expect(await verifyAccessToken(token, key)).toEqual(claims);
    expect(await verifyAccessToken(token, key)).toEqual(claims);
    expect(await verifyAccessToken(token, tokenKey('s'.repeat(40)))).toEqual(claims);
  });

  it('refuses a token of another key, and follows a key changed in place (no stale import)', async () => {
    const key = tokenKey('a'.repeat(40));
    const { token: before } = await signAccessToken(claims, key, 60);
    expect(await verifyAccessToken(before, tokenKey('b'.repeat(40)))).toBeNull();
    key.fill('c'.charCodeAt(0));
    expect(await verifyAccessToken(before, key)).toBeNull();
    const { token: after } = await signAccessToken(claims, key, 60);
    expect(await verifyAccessToken(after, tokenKey('c'.repeat(40)))).toEqual(claims);
  });

  it('tells an expired token from a bad one', async () => {
    const key = tokenKey('e'.repeat(40));
    const { token } = await signAccessToken(claims, key, 60, Math.floor(Date.now() / 1000) - 120);
    expect(await checkAccessToken(token, key)).toEqual({ ok: false, reason: 'expired' });
    expect(await checkAccessToken(`${token}x`, key)).toEqual({ ok: false, reason: 'invalid' });
  });
});
