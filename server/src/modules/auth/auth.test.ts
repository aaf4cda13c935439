import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../test/app';
import { ACCEPTED_TERMS, call, signIn, signUp, type Session } from '../../test/http';
import { memoryTransport } from '../../test/mail';
import { LIMITS } from '../../rate-limit/rate-limit';

let server: TestServer;
const mail = memoryTransport();
let base: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_SCALE: '1' }, { seedDemo: false, mailTransport: mail });
  base = server.url;
});
afterAll(async () => {
  await server?.stop();
});

const refresh = (token: string) =>
  call<Session & { error?: { code: string } }>(base, 'POST', '/auth/v1/token?grant_type=refresh_token', {
    body: { refresh_token: token },
  });

describe('sign-up', () => {
  it('creates a pending account with its profile, a workspace for clients, and mails a confirmation', async () => {
    const user = await signUp(base, 'anna@example.gr', 'client', undefined, { confirmed: false });
    const profile = await server.ctx.db('profiles').where('user_id', user.id).first();
    // The company's name belongs to its organisation (pending with the account), whose first owner she is.
    expect(profile).toMatchObject({ role: 'client', status: 'pending', is_active: true, onboarded: false, organization: null });
    const ws = await server.ctx.db('organisations').where('created_by', user.id).first();
    expect(ws).toMatchObject({ name: 'Test Org', status: 'pending' });
    expect(profile.active_organisation_id).toBe(ws.id);
    expect(await server.ctx.db('organisation_members').where('user_id', user.id)).toEqual([
      expect.objectContaining({ organisation_id: ws.id, role: 'owner' }),
    ]);
    // Its trial is the organisation's.
    expect(ws.plan_code).toBeTruthy();
    expect(ws.trial_ends_at).toBeTruthy();
    await server.ctx.mailer.drain();
    const sent = mail.sent.find((m) => m.to === 'anna@example.gr');
    expect(sent?.subject).toContain('Επιβεβαιώστε');
    const link = /https?:\/\/[^\s]+\/auth\/v1\/verify\?type=signup&token=[\w-]+/.exec(sent!.text)?.[0];
    expect(link).toBeTruthy();
    const res = await fetch(link!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.config.publicUrl}/email-confirmed?status=ok`);
    const u = await server.ctx.db('users').where('id', user.id).first();
    expect(u.email_confirmed_at).not.toBeNull();
    // A used link does not confirm twice: the page says the address is already confirmed.
    const again = await fetch(link!, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`${server.config.publicUrl}/email-confirmed?status=already`);
    const bogus = await fetch(`${base}/auth/v1/verify?type=signup&token=${'x'.repeat(32)}`, { redirect: 'manual' });
    expect(bogus.headers.get('location')).toBe(`${server.config.publicUrl}/email-confirmed?status=invalid`);
  });

  it('says when a confirmation link expired, and sends a new one on request (only to an unconfirmed account)', async () => {
    const user = await signUp(base, 'late@example.gr', 'media', undefined, { confirmed: false });
    await server.ctx.mailer.drain();
    const first = mail.sent.find((m) => m.to === 'late@example.gr');
    const link = /https?:\/\/[^\s]+\/auth\/v1\/verify\?type=signup&token=[\w-]+/.exec(first!.text)![0];
    await server.ctx.db('auth_tokens').where({ user_id: user.id, purpose: 'confirm' }).update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await fetch(link, { redirect: 'manual' });
    expect(expired.headers.get('location')).toBe(`${server.config.publicUrl}/email-confirmed?status=expired`);
    expect((await server.ctx.db('users').where('id', user.id).first()).email_confirmed_at).toBeNull();

    mail.sent.length = 0;
    expect((await call(base, 'POST', '/auth/v1/resend', { body: { type: 'signup', email: 'LATE@example.gr' } })).status).toBe(200);
    // The same answer for an unknown address and for one already confirmed, and no mail to them.
    expect((await call(base, 'POST', '/auth/v1/resend', { body: { type: 'signup', email: 'ghost@example.gr' } })).status).toBe(200);
    expect((await call(base, 'POST', '/auth/v1/resend', { body: { type: 'signup', email: 'anna@example.gr' } })).status).toBe(200);
    await server.ctx.mailer.drain();
    expect(mail.sent.map((m) => m.to), JSON.stringify(mail.sent.map((m) => [m.to, m.subject]))).toEqual(['late@example.gr']);
    const fresh = /https?:\/\/[^\s]+\/auth\/v1\/verify\?type=signup&token=[\w-]+/.exec(mail.sent[0]!.text)![0];
    expect((await fetch(fresh, { redirect: 'manual' })).headers.get('location')).toBe(`${server.config.publicUrl}/email-confirmed?status=ok`);
    expect((await server.ctx.db('users').where('id', user.id).first()).email_confirmed_at).not.toBeNull();
    expect((await call(base, 'POST', '/auth/v1/resend', { body: { type: 'signup', email: 'not-an-email' } })).status).toBe(400);
    await server.ctx.db('rate_limits').delete(); // the sign-ups of the other tests
  });

  it('refuses a sign-up without the terms accepted in their current version, and records them', async () => {
    const body = { email: 'terms@example.gr', password: 'Thalassa-2026', data: { role: 'client', name: 'Όροι' } };
    const none = await call<{ error: { fields: Record<string, string> } }>(base, 'POST', '/auth/v1/signup', { body });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.terms_accepted).toBeTruthy();
    const old = await call<{ error: { fields: Record<string, string> } }>(base, 'POST', '/auth/v1/signup', {
      body: { ...body, terms_accepted: true, terms_version: '2020-01-01' },
    });
    expect(old.status).toBe(400);
    expect(old.body.error.fields.terms_version).toBeTruthy();
    expect(await server.ctx.db('users').where('email', 'terms@example.gr').first()).toBeUndefined();
    const before = Date.now();
    const ok = await call<{ id: string }>(base, 'POST', '/auth/v1/signup', { body: { ...body, ...ACCEPTED_TERMS } });
    expect(ok.status).toBe(200);
    const p = await server.ctx.db('profiles').where('user_id', ok.body.id).first<{ terms_version: string; terms_accepted_at: Date }>();
    expect(p.terms_version).toBe(ACCEPTED_TERMS.terms_version);
    expect(new Date(p.terms_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(p.terms_accepted_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await server.ctx.db('rate_limits').delete(); // the sign-ups of the other tests
  });

  it('never accepts the superadmin role from the client', async () => {
    const r = await call<{ error: { code: string; fields: Record<string, string> } }>(base, 'POST', '/auth/v1/signup', {
      body: { email: 'evil@example.gr', password: 'Thalassa-2026', data: { role: 'superadmin', name: 'Evil' }, ...ACCEPTED_TERMS },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields['data.role']).toBeTruthy();
  });

  it('refuses a missing email and a short password with clear 400s; a taken address is not revealed', async () => {
    const noEmail = await call<{ error: { code: string; message: string } }>(base, 'POST', '/auth/v1/signup', {
      body: { password: 'Thalassa-2026', data: { role: 'client', name: 'X' }, ...ACCEPTED_TERMS },
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.error.message).toMatch(/email/i);
    const short = await call<{ error: { fields: Record<string, string> } }>(base, 'POST', '/auth/v1/signup', {
      body: { email: 'short@example.gr', password: '123', data: { role: 'client', name: 'X' }, ...ACCEPTED_TERMS },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBeTruthy();
    const taken = await call<{ email: string }>(base, 'POST', '/auth/v1/signup', {
      body: { email: 'ANNA@example.gr', password: 'Thalassa-2026', data: { role: 'media', name: 'X' }, ...ACCEPTED_TERMS },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.email).toBe('anna@example.gr');
    const profile = await server.ctx.db('profiles').whereRaw('lower(email) = ?', ['anna@example.gr']).first<{ role: string }>('role');
    expect(profile.role).toBe('client');
  });
});

describe('tokens', () => {
  let session: Session;
  beforeAll(async () => {
    await signUp(base, 'rot@example.gr', 'media');
    session = await signIn(base, 'rot@example.gr');
  });

  it('issues a GoTrue-shaped session and accepts the access token', async () => {
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(session.refresh_token.length).toBeGreaterThan(30);
    const me = await call<{ email: string; user_metadata: { role: string } }>(base, 'GET', '/auth/v1/user', { token: session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('rot@example.gr');
    expect(me.body.user_metadata.role).toBe('media');
    const stored = await server.ctx.db('refresh_tokens').select('token_hash');
    expect(stored.some((r: { token_hash: string }) => r.token_hash === session.refresh_token)).toBe(false);
  });

  it('rotates the refresh token on every use', async () => {
    const r1 = await refresh(session.refresh_token);
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(session.refresh_token);
    const r2 = await refresh(r1.body.refresh_token);
    expect(r2.status).toBe(200);
    session = r2.body;
  });

  it('revokes the whole session when a spent refresh token is reused after the grace period', async () => {
    const s = await signIn(base, 'rot@example.gr');
    const next = await refresh(s.refresh_token);
    expect(next.status).toBe(200);
    // Age the spent token past the grace window.
    await server.ctx.db('refresh_tokens').whereNotNull('used_at').update({ used_at: server.ctx.db.raw("now() - interval '1 minute'") });
    const reuse = await refresh(s.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error?.code).toBe('invalid_grant');
    // The legitimate successor is dead too, and so is its access token.
    expect((await refresh(next.body.refresh_token)).status).toBe(400);
    expect((await call(base, 'GET', '/auth/v1/user', { token: next.body.access_token })).status).toBe(401);
  });

  it('tolerates a reuse within the grace period (a lost response)', async () => {
    const s = await signIn(base, 'rot@example.gr');
    const first = await refresh(s.refresh_token);
    const retry = await refresh(s.refresh_token);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
  });

  it('rejects unsupported grant types and scopes with clear 400s', async () => {
    const g = await call<{ error: { code: string } }>(base, 'POST', '/auth/v1/token?grant_type=magic', { body: {} });
    expect(g.status).toBe(400);
    expect(g.body.error.code).toBe('unsupported_grant_type');
    const s = await signIn(base, 'rot@example.gr');
    const l = await call<{ error: { code: string } }>(base, 'POST', '/auth/v1/logout?scope=everything', { token: s.access_token });
    expect(l.status).toBe(400);
    expect(l.body.error.code).toBe('unsupported_scope');
  });
});

describe('logout scopes', () => {
  it('local ends this session, others the rest, global all of them', async () => {
    await signUp(base, 'scopes@example.gr', 'client');
    const [a, b, c] = [await signIn(base, 'scopes@example.gr'), await signIn(base, 'scopes@example.gr'), await signIn(base, 'scopes@example.gr')];
    const alive = async (s: Session) => (await call(base, 'GET', '/auth/v1/user', { token: s.access_token })).status === 200;

    expect((await call(base, 'POST', '/auth/v1/logout?scope=local', { token: a.access_token })).status).toBe(204);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true]);
    expect((await refresh(a.refresh_token)).status).toBe(400);

    expect((await call(base, 'POST', '/auth/v1/logout?scope=others', { token: b.access_token })).status).toBe(204);
    expect([await alive(b), await alive(c)]).toEqual([true, false]);

    const d = await signIn(base, 'scopes@example.gr');
    expect((await call(base, 'POST', '/auth/v1/logout?scope=global', { token: b.access_token })).status).toBe(204);
    expect([await alive(b), await alive(d)]).toEqual([false, false]);
  });

  it('disconnects the live socket of a session that is signed out', async () => {
    await signUp(base, 'live@example.gr', 'media');
    const s = await signIn(base, 'live@example.gr');
    const socket = connect(base, { transports: ['websocket'], reconnection: false, auth: { token: s.access_token } });
    const ready = await new Promise<{ userId: string | null }>((resolve) => socket.on('session:ready', resolve));
    expect(ready.userId).toBe(s.user.id);
    const revoked = new Promise<string>((resolve) => socket.on('session:revoked', (p) => resolve(p.reason)));
    const disconnected = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));
    await call(base, 'POST', '/auth/v1/logout?scope=global', { token: s.access_token });
    expect(await revoked).toBe('signed_out');
    await disconnected;
    socket.close();
  });

  it('refuses a socket handshake with a bad token', async () => {
    const socket = connect(base, { transports: ['websocket'], reconnection: false, auth: { token: 'not-a-jwt' } });
    const err = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(err.message).toBe('unauthorized');
    socket.close();
  });
});

describe('sign-in refusals', () => {
  it('says the same generic thing for a wrong password, an unknown e-mail, a wrong password of a banned user and a superadmin on the public page', async () => {
    await signUp(base, 'banned@example.gr', 'client');
    await signUp(base, 'inactive@example.gr', 'client');
    await signUp(base, 'boss@example.gr', 'client');
    await server.ctx.db('profiles').where('email', 'banned@example.gr').update({ status: 'banned' });
    await server.ctx.db('profiles').where('email', 'inactive@example.gr').update({ is_active: false });
    await server.ctx.db('profiles').where('email', 'boss@example.gr').update({ role: 'superadmin', status: 'approved' });
    const attempts = [
      { email: 'anna@example.gr', password: 'wrong-password' },
      { email: 'nobody@example.gr', password: 'Thalassa-2026' },
      { email: 'banned@example.gr', password: 'wrong-password' },
      { email: 'inactive@example.gr', password: 'wrong-password' },
      { email: 'boss@example.gr', password: 'Thalassa-2026' },
    ];
    const bodies = new Set<string>();
    for (const body of attempts) {
      const r = await call(base, 'POST', '/auth/v1/token?grant_type=password', { body });
      expect(r.status).toBe(400);
      bodies.add(JSON.stringify(r.body));
    }
    expect([...bodies]).toEqual([JSON.stringify({ error: { code: 'invalid_credentials', message: 'Invalid login credentials' } })]);
  });

  it('tells a banned or deactivated user why, once the password is right', async () => {
    const banned = await call<{ error: { code: string } }>(base, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'banned@example.gr', password: 'Thalassa-2026' },
    });
    expect(banned.status).toBe(403);
    expect(banned.body.error.code).toBe('user_banned');
    const inactive = await call<{ error: { code: string } }>(base, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'inactive@example.gr', password: 'Thalassa-2026' },
    });
    expect(inactive.status).toBe(403);
    expect(inactive.body.error.code).toBe('user_inactive');
  });

  it('lets a superadmin in only through the hidden login path, and nobody else through it', async () => {
    const path = server.config.superadminLoginPath;
    const s = await signIn(base, 'boss@example.gr', 'Thalassa-2026', path);
    expect(s.user.email).toBe('boss@example.gr');
    const other = await call(base, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'anna@example.gr', password: 'Thalassa-2026', login_path: path },
    });
    expect(other.status).toBe(400);
  });

  it('lets a pending user sign in', async () => {
    const s = await signIn(base, 'anna@example.gr');
    const profile = await call<{ status: string }>(base, 'GET', '/api/profile', { token: s.access_token });
    expect(profile.body.status).toBe('pending');
  });

  it('rate limits failures per account', async () => {
    await signUp(base, 'limited@example.gr', 'media');
    for (let i = 0; i < LIMITS.loginPerAccountAddress.max; i++) {
      const r = await call(base, 'POST', '/auth/v1/token?grant_type=password', { body: { email: 'limited@example.gr', password: 'nope-nope' } });
      expect(r.status).toBe(400);
    }
    const blocked = await call<{ error: { code: string } }>(base, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'limited@example.gr', password: 'Thalassa-2026' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too_many_requests');
  });

  it('rate limits failures per IP across accounts', async () => {
    await server.ctx.db('rate_limits').delete();
    // Five real failures on five accounts are counted against the address...
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(base, 'POST', '/auth/v1/token?grant_type=password', { body: { email: `ghost${i}@example.gr`, password: 'x' } }),
      ),
    );
    const perAddress = server.ctx.limiter.limit('loginPerAddress', '127.0.0.1');
    const [counted] = (await server.ctx.limiter.hit([perAddress])).counts;
    expect(counted).toBe(6);
    // ...and the rest of the window's allowance is used up without 25 more slow password checks.
    for (let i = counted!; i < LIMITS.loginPerAddress.max; i++) await server.ctx.limiter.hit([perAddress]);
    const r = await call(base, 'POST', '/auth/v1/token?grant_type=password', { body: { email: 'rot@example.gr', password: 'Thalassa-2026' } });
    expect(r.status).toBe(429);
    await server.ctx.db('rate_limits').delete();
  });

  it('revokes sessions and refresh of a user who is banned', async () => {
    await signUp(base, 'later-banned@example.gr', 'media');
    const s = await signIn(base, 'later-banned@example.gr');
    await server.ctx.db('profiles').where('email', 'later-banned@example.gr').update({ status: 'banned' });
    expect((await call(base, 'GET', '/api/profile', { token: s.access_token })).status).toBe(401);
    const refused = await call<{ error: { code: string; fields?: Record<string, string> } }>(base, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: s.refresh_token },
    });
    expect(refused.status).toBe(400);
    // The session's owner is told why it ended.
    expect(refused.body.error).toMatchObject({ code: 'invalid_grant', fields: { session: 'banned' } });
    const open = await server.ctx.db('auth_sessions').where('user_id', s.user.id).whereNull('revoked_at');
    expect(open).toHaveLength(0);
  });

  it('says a signed-out session ended by a sign-out when its refresh token comes back', async () => {
    await signUp(base, 'two-devices@example.gr', 'media');
    const a = await signIn(base, 'two-devices@example.gr');
    const b = await signIn(base, 'two-devices@example.gr');
    expect((await call(base, 'POST', '/auth/v1/logout?scope=others', { token: b.access_token })).status).toBe(204);
    const r = await call<{ error: { code: string; fields?: Record<string, string> } }>(base, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: a.refresh_token },
    });
    expect(r.body.error).toMatchObject({ code: 'invalid_grant', fields: { session: 'signed_out' } });
    // An unknown token says nothing about any session.
    const unknown = await call<{ error: { fields?: unknown } }>(base, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: 'x'.repeat(40) },
    });
    expect(unknown.body.error.fields).toBeUndefined();
  });
});

describe('password recovery', () => {
  it('mails a link whose token gives a session that can set a new password', async () => {
    await signUp(base, 'forgot@example.gr', 'client');
    await server.ctx.mailer.drain();
    mail.sent.length = 0;
    const r = await call(base, 'POST', '/auth/v1/recover', { body: { email: 'forgot@example.gr' } });
    expect(r.status).toBe(200);
    // An unknown address answers the same, and sends nothing.
    expect((await call(base, 'POST', '/auth/v1/recover', { body: { email: 'ghost@example.gr' } })).status).toBe(200);
    await server.ctx.mailer.drain();
    expect(mail.sent).toHaveLength(1);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.sent[0]!.text)?.[1];
    expect(token).toBeTruthy();
    const v = await call<Session>(base, 'POST', '/auth/v1/verify', { body: { type: 'recovery', token } });
    expect(v.status).toBe(200);
    const put = await call(base, 'PUT', '/auth/v1/user', { token: v.body.access_token, body: { password: 'brand-new-1' } });
    expect(put.status).toBe(200);
    await signIn(base, 'forgot@example.gr', 'brand-new-1');
    expect((await call(base, 'POST', '/auth/v1/verify', { body: { type: 'recovery', token } })).status).toBe(400);
  });
});
