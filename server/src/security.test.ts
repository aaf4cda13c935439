/**
 * Regression tests of the security probe: one block per finding. Each of them
 * failed on the code before the fix.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/app';
import { ACCEPTED_TERMS, call, signIn, signUp, type Session } from './test/http';
import { memoryTransport } from './test/mail';

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
// Every test signs up from 127.0.0.1 with the real limits: each starts with fresh counters.
beforeEach(async () => {
  await server.ctx.db('rate_limits').delete();
});

/** A request with headers fetch() will not send (Host) or raw bytes in the path. */
function raw(
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: url.port, method, path, headers: { 'content-type': 'application/json', ...opts.headers } },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const mailsTo = async (to: string) => {
  await server.ctx.mailer.drain();
  return mail.sent.filter((m) => m.to === to);
};

/** The organisation a company's sign-up created, with the user as its owner. */
async function ownOrganisation(userId: string): Promise<string> {
  const m = (await server.ctx.db('organisation_members').where({ user_id: userId, role: 'owner' }).first('organisation_id')) as
    | { organisation_id: string }
    | undefined;
  if (!m) throw new Error(`no organisation owned by ${userId}`);
  return m.organisation_id;
}

/** A company signed up and approved by the superadmin (the person and their organisation). */
async function approvedClient(email: string): Promise<{ id: string; token: string; workspaceId: string }> {
  const { id } = await signUp(base, email, 'client');
  const workspaceId = await ownOrganisation(id);
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
  await server.ctx.db('organisations').where('id', workspaceId).update({ status: 'approved' });
  const token = (await signIn(base, email)).access_token;
  return { id, token, workspaceId };
}

describe('1. links in e-mails come from PUBLIC_URL, never from the Host header', () => {
  it('a recovery requested with Host: evil.example mails a link to the real site', async () => {
    await signUp(base, 'victim@sec.test', 'media');
    const r = await raw('POST', '/auth/v1/recover', {
      headers: { host: 'evil.example' },
      body: JSON.stringify({ email: 'victim@sec.test' }),
    });
    expect(r.status).toBe(200);
    const sent = (await mailsTo('victim@sec.test')).find((m) => m.text?.includes('reset-password'));
    expect(sent?.text).toContain(`${server.ctx.config.publicUrl}/reset-password?token=`);
    expect(sent?.text).not.toContain('evil.example');
  });

  it('an invitation requested with Host: evil.example links to the real site', async () => {
    const owner = await approvedClient('inviter-host@sec.test');
    const r = await raw('POST', `/api/organisations/${owner.workspaceId}/invitations`, {
      headers: { host: 'evil.example', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ email: 'invitee-host@sec.test' }),
    });
    expect(r.status).toBe(201);
    const [sent] = await mailsTo('invitee-host@sec.test');
    expect(sent?.text).toContain(`${server.ctx.config.publicUrl}/invitation?token=`);
    expect(sent?.text).not.toContain('evil.example');
  });

  it('recovery follows the portal rule of sign-in: no link for a superadmin asked on the ordinary portal', async () => {
    const { id } = await signUp(base, 'root@sec.test', 'client');
    await server.ctx.db('profiles').where('user_id', id).update({ role: 'superadmin', status: 'approved' });
    const plain = await call(base, 'POST', '/auth/v1/recover', { body: { email: 'root@sec.test' } });
    expect(plain.status).toBe(200);
    const recoveries = () => mailsTo('root@sec.test').then((ms) => ms.filter((m) => m.text?.includes('reset-password')));
    expect(await recoveries()).toHaveLength(0);
    const hidden = await call(base, 'POST', '/auth/v1/recover', {
      body: { email: 'root@sec.test', login_path: server.config.superadminLoginPath },
    });
    expect(hidden.status).toBe(200);
    expect(await recoveries()).toHaveLength(1);
  });
});

describe('2. sign-in limits: atomic, and no lock-out of the owner', () => {
  it('25 parallel wrong passwords from one address: at most 5 are checked, the rest get 429', async () => {
    await signUp(base, 'parallel@sec.test', 'media');
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(base, 'POST', '/auth/v1/token?grant_type=password', {
          body: { email: 'parallel@sec.test', password: 'wrong-password' },
          headers: { 'x-forwarded-for': '203.0.113.25' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('failures from another address do not lock the owner out', async () => {
    await signUp(base, 'owner@sec.test', 'media');
    await Promise.all(
      Array.from({ length: 7 }, () =>
        call(base, 'POST', '/auth/v1/token?grant_type=password', {
          body: { email: 'owner@sec.test', password: 'wrong-password' },
          headers: { 'x-forwarded-for': '198.51.100.7' },
        }),
      ),
    );
    const attacker = await call(base, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'owner@sec.test', password: 'wrong-password' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(attacker.status).toBe(429);
    const owner = await call(base, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'owner@sec.test', password: 'Thalassa-2026' },
      headers: { 'x-forwarded-for': '192.0.2.44' },
    });
    expect(owner.status).toBe(200);
  });
});

describe('3. no open mail relay', () => {
  it('20 lead forms to one address send it at most 3 mails, and never echo the free text', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await call(base, 'POST', '/api/leads', {
        body: { full_name: 'Buy pills at http://spam.example', email: 'relay-victim@sec.test', message: 'spam', source: 'contact' },
        headers: { 'x-forwarded-for': `203.0.113.${100 + i}` },
      });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const sent = await mailsTo('relay-victim@sec.test');
    expect(sent.length).toBeLessThanOrEqual(3);
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) expect(`${m.subject} ${m.text} ${m.html}`).not.toContain('spam.example');
  });

  it('demo requests from one address are limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call(base, 'POST', '/api/demo-requests', {
        body: { full_name: 'http://spam.example', email: `demo${i}@sec.test`, company: 'X', role: 'client' },
        headers: { 'x-forwarded-for': '203.0.113.77' },
      });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
    const [first] = await mailsTo('demo0@sec.test');
    expect(`${first?.text} ${first?.html}`).not.toContain('spam.example');
  });

  it('recovery mails to one recipient are limited', async () => {
    await signUp(base, 'flood@sec.test', 'media');
    for (let i = 0; i < 10; i++) {
      await call(base, 'POST', '/auth/v1/recover', { body: { email: 'flood@sec.test' }, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
    }
    const recoveries = (await mailsTo('flood@sec.test')).filter((m) => m.text?.includes('reset-password'));
    expect(recoveries.length).toBeLessThanOrEqual(3);
  });

  it('the owner of a pending organisation cannot send invitations', async () => {
    const { id } = await signUp(base, 'pending-inviter@sec.test', 'client');
    const token = (await signIn(base, 'pending-inviter@sec.test')).access_token;
    const ws = { id: await ownOrganisation(id) };
    expect(await server.ctx.db('organisations').where('id', ws.id).first('status')).toEqual({ status: 'pending' });
    const r = await call<{ error: { code: string } }>(base, 'POST', `/api/organisations/${ws.id}/invitations`, {
      token,
      body: { email: 'pending-invitee@sec.test' },
    });
    expect(r.status).toBe(403);
    expect(await mailsTo('pending-invitee@sec.test')).toHaveLength(0);
  });
});

describe('4. logos belong to the organisation they were uploaded for', () => {
  it("another organisation cannot point its profile at someone's logo, nor delete it", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const a = await signUp(base, 'logo-a@sec.test', 'client').then(() => signIn(base, 'logo-a@sec.test'));
    const up = await fetch(`${base}/api/profile/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.access_token}`, 'content-type': 'image/png' },
      body: png,
    });
    expect(up.status).toBe(201);
    const { url } = (await up.json()) as { url: string };
    const aId = (await server.ctx.db('users').where('email', 'logo-a@sec.test').first('id')) as { id: string };
    const file = url.slice('/api/profile/logo/'.length);
    expect(await server.ctx.db('logo_uploads').where('file', file).first('organisation_id')).toEqual({
      organisation_id: await ownOrganisation(aId.id),
    });
    const b: Session = await signUp(base, 'logo-b@sec.test', 'client').then(() => signIn(base, 'logo-b@sec.test'));
    const point = await call<{ error: { code: string } }>(base, 'PATCH', '/api/profile', {
      token: b.access_token,
      body: { company_logo_url: url },
    });
    expect(point.status).toBe(400);
    await call(base, 'PATCH', '/api/profile', { token: b.access_token, body: { company_logo_url: null } });
    expect((await fetch(`${base}${url}`)).status).toBe(200);
  });
});

describe('6. NUL bytes and unpaired surrogates are 400s, never 500s', () => {
  it('in JSON bodies of public forms and sign-up', async () => {
    for (const bad of ['a\u0000b', 'x\ud800y']) {
      const signup = await call(base, 'POST', '/auth/v1/signup', {
        body: { email: 'nul@sec.test', password: 'Thalassa-2026', data: { role: 'client', name: bad }, ...ACCEPTED_TERMS },
      });
      expect(signup.status).toBe(400);
      const lead = await call(base, 'POST', '/api/leads', { body: { full_name: bad, email: 'n@sec.test', source: 'contact' } });
      expect(lead.status).toBe(400);
      const demo = await call(base, 'POST', '/api/demo-requests', {
        body: { full_name: 'N', email: 'n@sec.test', company: bad, role: 'client' },
      });
      expect(demo.status).toBe(400);
    }
    expect(await server.ctx.db('users').where('email', 'nul@sec.test').first()).toBeUndefined();
  });

  it('in query strings, paths and the X-File-Name header', async () => {
    const owner = await approvedClient('nul-owner@sec.test');
    const q = await call<{ error: { code: string } }>(base, 'GET', '/api/releases?q=%00', { token: owner.token });
    expect(q.status).toBe(400);
    expect(q.body.error.code).toBe('validation_failed');
    const sur = await call(base, 'GET', '/api/releases?q=%ED%A0%80', { token: owner.token });
    expect(sur.status).toBe(400);
    const media = await call(base, 'GET', '/api/media/inbox?q=%00', { token: owner.token });
    expect(media.status).toBeLessThan(500);
    const unsub = await call(base, 'GET', '/api/unsubscribe/%00abc');
    expect(unsub.status).toBeGreaterThanOrEqual(400);
    expect(unsub.status).toBeLessThan(500);
    const rel = await call<{ id: string }>(base, 'POST', '/api/releases', { token: owner.token });
    const att = await call(base, 'POST', `/api/releases/${rel.body.id}/attachments`, {
      token: owner.token,
      headers: { 'x-file-name': '%E0%A4%A', 'content-type': 'application/pdf' },
      body: 'x',
    });
    expect(att.status).toBe(400);
  });
});

describe('7. account rules', () => {
  it('refuses passwords under 8 characters and common ones', async () => {
    const short = await call<{ error: { fields: Record<string, string> } }>(base, 'POST', '/auth/v1/signup', {
      body: { email: 'short7@sec.test', password: 'Ab3$xyz', data: { role: 'client', name: 'S' }, ...ACCEPTED_TERMS },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBeTruthy();
    const common = await call<{ error: { code: string; fields: Record<string, string> } }>(base, 'POST', '/auth/v1/signup', {
      body: { email: 'common@sec.test', password: 'password1', data: { role: 'client', name: 'S' }, ...ACCEPTED_TERMS },
    });
    expect(common.status).toBe(400);
    expect(common.body.error.code).toBe('weak_password');
    expect(common.body.error.fields.password).toBeTruthy();
  });

  it('changing the password needs the current one (or a fresh recovery)', async () => {
    await signUp(base, 'change@sec.test', 'media');
    const s = await signIn(base, 'change@sec.test');
    const without = await call<{ error: { code: string } }>(base, 'PUT', '/auth/v1/user', {
      token: s.access_token,
      body: { password: 'Kainourgios-2026' },
    });
    expect(without.status).toBe(400);
    const wrong = await call(base, 'PUT', '/auth/v1/user', {
      token: s.access_token,
      body: { password: 'Kainourgios-2026', current_password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    const right = await call(base, 'PUT', '/auth/v1/user', {
      token: s.access_token,
      body: { password: 'Kainourgios-2026', current_password: 'Thalassa-2026' },
    });
    expect(right.status).toBe(200);
    await signIn(base, 'change@sec.test', 'Kainourgios-2026');
  });

  it('a fresh recovery session may set a new password once without the old one', async () => {
    await signUp(base, 'forgot@sec.test', 'media');
    await call(base, 'POST', '/auth/v1/recover', { body: { email: 'forgot@sec.test' } });
    const sent = (await mailsTo('forgot@sec.test')).find((m) => m.text?.includes('reset-password'));
    const token = /token=([\w-]+)/.exec(sent!.text!)![1]!;
    const session = await call<Session>(base, 'POST', '/auth/v1/verify', { body: { type: 'recovery', token } });
    expect(session.status).toBe(200);
    const set = await call(base, 'PUT', '/auth/v1/user', { token: session.body.access_token, body: { password: 'Anoixi-Kalokairi-9' } });
    expect(set.status).toBe(200);
    const again = await call(base, 'PUT', '/auth/v1/user', { token: session.body.access_token, body: { password: 'Fthinoporo-Xeimonas-9' } });
    expect(again.status).toBe(400);
  });

  it('sign-up with a taken address answers like a new one and tells the owner by mail', async () => {
    await signUp(base, 'taken@sec.test', 'media');
    const again = await call<{ id: string; email: string }>(base, 'POST', '/auth/v1/signup', {
      body: { email: 'TAKEN@sec.test', password: 'Allos-Kodikos-77', data: { role: 'client', name: 'Other' }, ...ACCEPTED_TERMS },
    });
    expect(again.status).toBe(200);
    expect(again.body.email).toBe('taken@sec.test');
    const rows = (await server.ctx.db('users').whereRaw('lower(email) = ?', ['taken@sec.test']).select('id')) as unknown[];
    expect(rows).toHaveLength(1);
    const sent = await mailsTo('taken@sec.test');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain(`${server.ctx.config.publicUrl}/login`);
  });
});

describe('9. failures that look like bugs', () => {
  it('answers 503 with Retry-After when the database is unreachable', async () => {
    const owner = await approvedClient('dbdown@sec.test');
    const client = server.ctx.db.client as { acquireConnection: () => Promise<unknown> };
    const original = client.acquireConnection.bind(client);
    client.acquireConnection = () =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    try {
      const api = await call<{ error: { code: string } }>(base, 'GET', '/api/releases', { token: owner.token });
      expect(api.status).toBe(503);
      expect(api.body.error.code).toBe('service_unavailable');
      const auth = await raw('POST', '/auth/v1/token?grant_type=password', {
        body: JSON.stringify({ email: 'dbdown@sec.test', password: 'Thalassa-2026' }),
      });
      expect(auth.status).toBe(503);
      expect(Number(auth.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      client.acquireConnection = original;
    }
  });
});
