import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { mintTicket, verifyTicket } from '../../collab/ticket';
import { checkAccessToken, signAccessToken, tokenKey } from './auth.tokens';
import { signHs256, verifyHs256 } from './jwt-hs256';

const key = tokenKey('k'.repeat(48));
const now = Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token of any header and payload, signed with `key` (what only a key holder can make). */
const forge = (header: unknown, payload: unknown, k: Uint8Array = key) => {
  const signed = `${b64(header)}.${b64(payload)}`;
  return `${signed}.${crypto.createHmac('sha256', k).update(signed).digest('base64url')}`;
};

describe('HS256 tokens on the calling thread (jwt-hs256.ts)', () => {
  it('agrees with jose both ways', async () => {
    const ours = signHs256({ sub: 'u1', sid: 's1', aud: 'authenticated', iss: 'deltio', iat: now, exp: now + 60 }, key, { typ: 'JWT' });
    const { payload, protectedHeader } = await jwtVerify(ours, key, { audience: 'authenticated', issuer: 'deltio', algorithms: ['HS256'] });
    expect(payload).toMatchObject({ sub: 'u1', sid: 's1', exp: now + 60 });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });

    const theirs = await new SignJWT({ sid: 's2', doc: 'release:x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u2')
      .setAudience(['collab', 'other'])
      .setIssuedAt(now)
      .setNotBefore(now - 5)
      .setExpirationTime(now + 60)
      .sign(key);
    expect(verifyHs256(theirs, key, { audience: 'collab' })).toEqual({
      ok: true,
      payload: { sid: 's2', doc: 'release:x', sub: 'u2', aud: ['collab', 'other'], iat: now, nbf: now - 5, exp: now + 60 },
    });
  });

  it('refuses what it did not issue, and tells an expired token apart', () => {
    const good = { sub: 'u', aud: 'a', exp: now + 60 };
    const check = (token: string) => verifyHs256(token, key, { audience: 'a', issuer: undefined });
    expect(check(forge({ alg: 'HS256' }, good)).ok).toBe(true);
    const invalid = { ok: false, reason: 'invalid' };
    expect(check(forge({ alg: 'HS256' }, good, tokenKey('other'.repeat(10))))).toEqual(invalid);
    expect(check(forge({ alg: 'none' }, good))).toEqual(invalid);
    expect(check(forge({ alg: 'HS512' }, good))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256', crit: ['exp'] }, good))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256', b64: false }, good))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, { ...good, exp: undefined }))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, { ...good, exp: String(now + 60) }))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, { ...good, nbf: now + 30 }))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, { ...good, iat: 'yesterday' }))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, { ...good, aud: 'b' }))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, { ...good, aud: undefined }))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, [good]))).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, null))).toEqual(invalid);
    expect(verifyHs256(forge({ alg: 'HS256' }, { ...good, iss: 'x' }), key, { audience: 'a', issuer: 'deltio' })).toEqual(invalid);
    expect(check(forge({ alg: 'HS256' }, { ...good, exp: now - 1 }))).toEqual({ ok: false, reason: 'expired' });
    // An expired token that is not ours is not "expired": its holder may not refresh it.
    expect(check(forge({ alg: 'HS256' }, { ...good, exp: now - 1 }, tokenKey('other'.repeat(10))))).toEqual(invalid);

    const token = forge({ alg: 'HS256' }, good);
    const [h, p, s] = token.split('.') as [string, string, string];
    const tampered = b64({ ...good, sub: 'admin' });
    for (const bad of [
      `${h}.${tampered}.${s}`,
      `${h}.${p}`,
      `${h}.${p}.${s}.${s}`,
      `${h}.${p}.`,
      `${h}.${p}.${s}=`,
      `${h}.${p}.${s}x`,
      `${h}.${p}.${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`,
      `${h} .${p}.${s}`,
      '',
      'x'.repeat(10_000),
    ]) {
      expect(check(bad), bad.slice(0, 80)).toEqual(invalid);
    }
  });

  it('the access token and the collab ticket keep their claims', async () => {
    const claims = { sub: 'u3', sid: 's3', role: 'client', email: 'a@x.gr' } as const;
    const { token } = await signAccessToken(claims, key, 60);
    expect(await checkAccessToken(token, key)).toEqual({ ok: true, claims });
    // A collab ticket is not an access token, nor the other way round.
    const { ticket } = await mintTicket({ userId: 'u3', sessionId: 's3', doc: 'release:1', name: 'Α' }, key);
    expect(await checkAccessToken(ticket, key)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyTicket(token, key)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyTicket(ticket, key)).toMatchObject({ ok: true, ticket: { userId: 'u3', sessionId: 's3', doc: 'release:1', name: 'Α' } });
  });

  it("does not wait for libuv's thread pool (where argon2 and zlib queue)", async () => {
    const { token } = await signAccessToken({ sub: 'u4', sid: 's4', role: 'client', email: 'b@x.gr' }, key, 60);
    const { ticket } = await mintTicket({ userId: 'u4', sessionId: 's4', doc: 'release:2', name: '' }, key);
    // Every thread of the pool busy, and as many jobs again waiting behind them.
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    let poolJobsDone = 0;
    const busy = Array.from(
      { length: threads * 2 },
      () => new Promise<void>((resolve) => crypto.pbkdf2('p', 's', 20_000, 32, 'sha256', () => resolve(void (poolJobsDone += 1)))),
    );
    const access = await checkAccessToken(token, key);
    const collab = await verifyTicket(ticket, key);
    const signed = await signAccessToken({ sub: 'u4', sid: 's4', role: 'client', email: 'b@x.gr' }, key, 60);
    // Checked and signed before the first job of the pool finished (through WebCrypto they queued behind them all).
    expect(poolJobsDone).toBe(0);
    expect(access.ok && collab.ok && signed.token.length > 0).toBe(true);
    await Promise.all(busy);
  });
});
