import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { wantedAddress } from './profiles.service';

let server: TestServer;
let token: string;
let userId: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(body: Buffer | string, type: string, auth = token) {
  const res = await fetch(`${server.url}/api/profile/logo`, {
    method: 'POST',
    headers: { 'content-type': type, authorization: `Bearer ${auth}` },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as { url?: string; error?: { code: string; message: string; fields?: Record<string, string> } } };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ id: userId } = await signUp(server.url, 'logo@profiles.test'));
  token = (await signIn(server.url, 'logo@profiles.test')).access_token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('POST /profile/logo', () => {
  it('stores a PNG, saves its URL on the profile and serves it back', async () => {
    const r = await upload(PNG, 'image/png');
    expect(r.status).toBe(201);
    expect(r.body.url).toMatch(/^\/api\/profile\/logo\/[0-9a-f]{32}\.png$/);
    const profile = await call<{ company_logo_url: string }>(server.url, 'GET', '/api/profile', { token });
    expect(profile.body.company_logo_url).toBe(r.body.url);
    const img = await fetch(`${server.url}${r.body.url!}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    // A second upload replaces the first, whose file is removed.
    const r2 = await upload(PNG, 'image/png');
    expect(r2.status).toBe(201);
    expect((await fetch(`${server.url}${r.body.url!}`)).status).toBe(404);
  });

  it('refuses files over 2 MB with a 400 naming the field', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const r = await upload(big, 'image/png');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'file_too_large', fields: { file: 'The logo must be at most 2 MB' } });
    // Exactly at the limit is accepted.
    const edge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(edge, 'image/png')).status).toBe(201);
  });

  it('refuses SVG, text, a disguised file and an empty body', async () => {
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
    expect(svg.status).toBe(400);
    expect(svg.body.error?.code).toBe('unsupported_file_type');
    expect((await upload('hello', 'text/plain')).status).toBe(400);
    expect((await upload(Buffer.from('GIF-not-really'), 'image/gif')).body.error?.code).toBe('unsupported_file_type');
    expect((await upload(Buffer.alloc(0), 'image/png')).body.error?.code).toBe('file_required');
  });

  it('serves nothing outside the logo folder', async () => {
    expect((await fetch(`${server.url}/api/profile/logo/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/profile/logo/${'a'.repeat(32)}.svg`)).status).toBe(404);
  });
});

describe('PATCH /profile (settings and onboarding)', () => {
  it('saves every settings field, and the mail module reads the switches', async () => {
    const body = {
      organization: 'Ακμή ΑΕ',
      website: 'https://akmi.gr',
      default_category: 'economy',
      company_logo_url: 'https://akmi.gr/logo.png',
      email_notifications: { press_release_sent: false, reporting_updates: true, weekly_summary: true, system_updates: false },
    };
    const r = await call<Record<string, unknown>>(server.url, 'PATCH', '/api/profile', { token, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject(body);
    expect(await wantedAddress(server.ctx.db, userId, 'press_release_sent')).toBeNull();
    expect(await wantedAddress(server.ctx.db, userId, 'weekly_summary')).toBe('logo@profiles.test');
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'PATCH', '/api/profile', {
      token,
      body: { company_logo_url: 'javascript:alert(1)', default_category: 'weather' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['company_logo_url', 'default_category']);
  });

  it('greets a client once in the bell when onboarding completes', async () => {
    await call(server.url, 'PATCH', '/api/profile', { token, body: { onboarded: true, organization: 'Ακμή' } });
    await call(server.url, 'PATCH', '/api/profile', { token, body: { onboarded: false } });
    await call(server.url, 'PATCH', '/api/profile', { token, body: { onboarded: true } });
    const n = await call<{ items: { kind: string; title: string; readAt: string | null }[]; unreadCount: number }>(
      server.url,
      'GET',
      '/api/notifications',
      { token },
    );
    expect(n.body.items.filter((i) => i.kind === 'onboarding.welcome')).toHaveLength(1);
    expect(n.body.unreadCount).toBe(1);
  });
});

describe('notifications', () => {
  it('lists own notifications newest first and marks one or all read', async () => {
    const other = await signUp(server.url, 'other@profiles.test');
    const otherToken = (await signIn(server.url, 'other@profiles.test')).access_token;
    const rows = (await server.ctx
      .db('notifications')
      .insert([
        { user_id: userId, kind: 't', title: 'Παλιά', created_at: new Date(Date.now() - 3_600_000) },
        { user_id: userId, kind: 't', title: 'Νέα' },
        { user_id: other.id, kind: 't', title: 'Ξένη' },
      ])
      .returning('id')) as { id: number }[];
    const before = await call<{ items: { title: string }[]; unreadCount: number }>(server.url, 'GET', '/api/notifications', { token });
    expect(before.body.items.map((i) => i.title)).toEqual(['Νέα', 'Καλώς ήρθατε στο Deltio!', 'Παλιά']);
    expect(before.body.items.some((i) => i.title === 'Ξένη')).toBe(false);
    const unread = before.body.unreadCount;
    const one = await call<{ unreadCount: number }>(server.url, 'POST', `/api/notifications/${rows[0]!.id}/read`, { token });
    expect(one.body.unreadCount).toBe(unread - 1);
    expect((await call(server.url, 'POST', `/api/notifications/${rows[2]!.id}/read`, { token })).status).toBe(404);
    expect((await call(server.url, 'POST', '/api/notifications/abc/read', { token })).status).toBe(400);
    await call(server.url, 'POST', '/api/notifications/read-all', { token });
    expect((await call<{ unreadCount: number }>(server.url, 'GET', '/api/notifications', { token })).body.unreadCount).toBe(0);
    expect((await call<{ unreadCount: number }>(server.url, 'GET', '/api/notifications', { token: otherToken })).body.unreadCount).toBe(1);
  });
});

describe('the company profile is the organisation’s', () => {
  const orgOf = async (id: string) =>
    ((await server.ctx.db('organisation_members').where({ user_id: id, role: 'owner' }).first('organisation_id')) as { organisation_id: string })
      .organisation_id;

  /** A new client who joins the organisation of the first test user with `role`, working in it. */
  async function colleague(email: string, role: string) {
    const { id } = await signUp(server.url, email);
    const organisationId = await orgOf(userId);
    await server.ctx.db('organisation_members').insert({ organisation_id: organisationId, user_id: id, role });
    await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved', active_organisation_id: organisationId });
    return { id, token: (await signIn(server.url, email)).access_token };
  }

  it('saves the company fields on the organisation, which every member reads; personal fields stay on the person', async () => {
    const saved = await call<{ organization: string; website: string; default_category: string; organisation: { role: string } }>(
      server.url,
      'PATCH',
      '/api/profile',
      { token, body: { organization: 'Κοινή Εταιρεία ΑΕ', website: 'https://koini.gr', default_category: 'tech', name: 'Ιδιοκτήτρια' } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ organization: 'Κοινή Εταιρεία ΑΕ', website: 'https://koini.gr', default_category: 'tech', organisation: { role: 'owner' } });
    const org = await server.ctx.db('organisations').where('id', await orgOf(userId)).first('name', 'website', 'default_category');
    expect(org).toEqual({ name: 'Κοινή Εταιρεία ΑΕ', website: 'https://koini.gr', default_category: 'tech' });
    const editor = await colleague('editor@profiles.test', 'editor');
    const seen = await call<{ organization: string; website: string; default_category: string; name: string }>(server.url, 'GET', '/api/profile', {
      token: editor.token,
    });
    expect(seen.body).toMatchObject({ organization: 'Κοινή Εταιρεία ΑΕ', website: 'https://koini.gr', default_category: 'tech', name: 'Test client' });
  });

  it('refuses a change of the company by an editor or a reviewer (403) and still saves their own fields', async () => {
    for (const role of ['editor', 'reviewer']) {
      const m = await colleague(`${role}-2@profiles.test`, role);
      const refused = await call<{ error: { code: string } }>(server.url, 'PATCH', '/api/profile', { token: m.token, body: { organization: 'Άλλο όνομα' } });
      expect(refused.status, role).toBe(403);
      expect(refused.body.error.code).toBe('role_forbidden');
      // The settings form sends the company's fields as they are along with a personal change: that is allowed.
      const own = await call<{ name: string }>(server.url, 'PATCH', '/api/profile', {
        token: m.token,
        body: { name: `Ο ${role}`, organization: 'Κοινή Εταιρεία ΑΕ', website: 'https://koini.gr' },
      });
      expect(own.status, role).toBe(200);
      expect(own.body.name).toBe(`Ο ${role}`);
      const logo = await upload(PNG, 'image/png', m.token);
      expect(logo.status, role).toBe(403);
    }
    expect((await server.ctx.db('organisations').where('id', await orgOf(userId)).first('name')).name).toBe('Κοινή Εταιρεία ΑΕ');
  });

  it('records the organisation of an uploaded logo: an admin uploads it, every member reads it, another organisation may not use it', async () => {
    const admin = await colleague('admin@profiles.test', 'admin');
    const r = await upload(PNG, 'image/png', admin.token);
    expect(r.status).toBe(201);
    const file = r.body.url!.split('/').pop();
    expect(await server.ctx.db('logo_uploads').where({ file }).first('organisation_id', 'user_id')).toEqual({
      organisation_id: await orgOf(userId),
      user_id: admin.id,
    });
    const owner = await call<{ company_logo_url: string }>(server.url, 'GET', '/api/profile', { token });
    expect(owner.body.company_logo_url).toBe(r.body.url);
    expect((await fetch(`${server.url}${r.body.url}`)).status).toBe(200);
    const { id: outsiderId } = await signUp(server.url, 'outsider@profiles.test');
    expect(outsiderId).toBeTruthy();
    const outsider = (await signIn(server.url, 'outsider@profiles.test')).access_token;
    const stolen = await call<{ error: { fields: Record<string, string> } }>(server.url, 'PATCH', '/api/profile', {
      token: outsider,
      body: { company_logo_url: r.body.url },
    });
    expect(stolen.status).toBe(400);
    expect(Object.keys(stolen.body.error.fields)).toEqual(['company_logo_url']);
  });
});
