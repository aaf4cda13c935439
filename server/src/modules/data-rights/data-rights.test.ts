import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../clock';
import { startTestServer, type TestServer } from '../../test/app';
import { call, joinOrganisation, signIn, signUp } from '../../test/http';
import { until } from '../../test/wait';
import { onAccountErased } from './erasure.registry';
import { ERASED_NAME, erasedEmail } from './erasure.repo';

const PASSWORD = 'Thalassa-2026';
const DAY = 24 * 3600_000;
const clock = new TestClock(Date.now(), { running: true });

let server: TestServer;
const db = () => server.ctx.db;

interface User {
  id: string;
  email: string;
  token: string;
}

async function approvedUser(email: string, role: 'client' | 'media'): Promise<User> {
  const { id } = await signUp(server.url, email, role);
  await db()('profiles').where('user_id', id).update({ status: 'approved' });
  await db()('organisations').where('created_by', id).update({ status: 'approved' });
  return { id, email, token: (await signIn(server.url, email)).access_token };
}

const organisationOf = async (userId: string) =>
  ((await db()('organisation_members').where({ user_id: userId, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;

/** A release written by `client` and sent to every journalist of the economy list; its id. */
async function sentRelease(client: User, title: string): Promise<string> {
  const [row] = (await db()('press_releases')
    .insert({
      title,
      content: `<p>${title}: το κείμενο.</p>`,
      content_text: `${title}: το κείμενο.`,
      category: 'economy',
      media_list_categories: ['economy'],
      author_id: client.id,
      organisation_id: await organisationOf(client.id),
      edited_at: new Date(),
    })
    .returning('id')) as { id: string }[];
  const r = await call(server.url, 'POST', `/api/releases/${row!.id}/send`, { token: client.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return row!.id;
}

async function download(token: string, query = ''): Promise<{ status: number; files: Record<string, Uint8Array>; type: string | null; body: string }> {
  const res = await fetch(`${server.url}/api/account/export${query}`, { headers: { authorization: `Bearer ${token}` } });
  const buf = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, files: {}, type: res.headers.get('content-type'), body: strFromU8(buf) };
  return { status: res.status, files: unzipSync(buf), type: res.headers.get('content-type'), body: '' };
}
const jsonOf = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

/** The link of the last erasure mail to `email`: its token. */
async function erasureToken(email: string): Promise<string> {
  const row = (await db()('mail_outbox').where('to_email', email).andWhere('subject', 'like', 'Επιβεβαιώστε τη διαγραφή%').orderBy('id', 'desc').first('text')) as
    | { text: string }
    | undefined;
  const m = /\?erasure=([A-Za-z0-9_-]+)/.exec(row?.text ?? '');
  if (!m) throw new Error(`no erasure mail to ${email}`);
  return decodeURIComponent(m[1]!);
}

const auditOf = async (action: string, entityId?: string) =>
  (await db()('audit_logs').where('action_type', action).modify((q) => (entityId ? void q.where('entity_id', entityId) : undefined)).select('*')) as {
    actor_user_id: string | null;
    entity_id: string;
    metadata: Record<string, unknown>;
  }[];

let client: User;
let journalist: User;
let superadmin: User;
let releaseId: string;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://deltio.example.gr' }, { clock });
  client = await approvedUser('owner@rights.test', 'client');
  journalist = await approvedUser('reporter@rights.test', 'media');
  await db()('media_lists').insert({ category: 'economy', media_id: journalist.id });
  const sa = await approvedUser('boss@rights.test', 'media');
  await db()('profiles').where('user_id', sa.id).update({ role: 'superadmin' });
  superadmin = { ...sa, token: (await signIn(server.url, sa.email, PASSWORD, server.config.superadminLoginPath)).access_token };
  releaseId = await sentRelease(client, 'Νέο εργοστάσιο στη Λάρισα');
  await db()('reporting_events').insert({ press_release_id: releaseId, recipient_user_id: journalist.id, kind: 'open', channel: 'email' });
  await db()('cookie_consents').insert({ user_id: journalist.id, functional: true });
  await db()('notifications').insert({ user_id: journalist.id, kind: 'release', title: 'Νέο δελτίο' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  clock.set(Date.now());
});

describe('download my data', () => {
  it("gives a journalist a ZIP of their profile, received releases, tracking, consents and sessions (no secrets), audited", async () => {
    const { status, files, type } = await download(journalist.token);
    expect(status).toBe(200);
    expect(type).toBe('application/zip');
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'organisations.json', 'releases.json', 'comments.json', 'notifications.json', 'received-releases.json', 'tracking.json', 'consents.json', 'sessions.json']),
    );
    const profile = jsonOf(files, 'profile.json') as { account: Record<string, unknown>; profile: Record<string, unknown> };
    expect(profile.account.email).toBe(journalist.email);
    expect(profile.account).not.toHaveProperty('encrypted_password');
    expect(profile.profile.role).toBe('media');
    const received = jsonOf(files, 'received-releases.json') as { press_release_id: string; title: string; release_sent_at: string }[];
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ press_release_id: releaseId, title: 'Νέο εργοστάσιο στη Λάρισα' });
    expect(received[0]!.release_sent_at).toBeTruthy();
    expect(jsonOf(files, 'tracking.json')).toEqual([expect.objectContaining({ press_release_id: releaseId, kind: 'open', channel: 'email' })]);
    expect(jsonOf(files, 'notifications.json')).toContainEqual(expect.objectContaining({ title: 'Νέο δελτίο' }));
    expect(jsonOf(files, 'consents.json')).toMatchObject({ cookies: { functional: true, necessary: true }, terms: { version: expect.any(String) } });
    const sessions = strFromU8(files['sessions.json']!);
    expect(JSON.parse(sessions)).not.toHaveLength(0);
    expect(sessions).not.toMatch(/token|hash/i);
    expect(await auditOf('account.data_exported', journalist.id)).toHaveLength(1);
  });

  it("gives a client the releases they wrote (text as stored), their comments and the files they uploaded", async () => {
    const key = await server.ctx.files.put(`attachments/${releaseId}`, Buffer.from('%PDF-1.4 data'), 'application/pdf');
    await db()('release_attachments').insert({ press_release_id: releaseId, file_name: 'έκθεση.pdf', mime_type: 'application/pdf', size_bytes: 13, storage_key: key, uploaded_by: client.id });
    await db()('release_comments').insert({ press_release_id: releaseId, organisation_id: await organisationOf(client.id), author_id: client.id, body: 'Να αλλάξει ο τίτλος;', field: 'content', anchor_start: Buffer.from([1]), anchor_end: Buffer.from([2]), quote: 'Νέο εργοστάσιο' });
    const { status, files } = await download(client.token);
    expect(status).toBe(200);
    const releases = jsonOf(files, 'releases.json') as { id: string; content: string; status: string }[];
    expect(releases).toEqual([expect.objectContaining({ id: releaseId, content: '<p>Νέο εργοστάσιο στη Λάρισα: το κείμενο.</p>', status: 'sent' })]);
    expect(jsonOf(files, 'comments.json')).toEqual([expect.objectContaining({ body: 'Να αλλάξει ο τίτλος;' })]);
    expect(jsonOf(files, 'organisations.json')).toEqual([expect.objectContaining({ role: 'owner' })]);
    expect(strFromU8(files[`files/attachments/${releaseId}/έκθεση.pdf`]!)).toBe('%PDF-1.4 data');
    expect(jsonOf(files, 'received-releases.json')).toEqual([]);
    // Without the files, on request.
    const light = await download(client.token, '?files=omit');
    expect(Object.keys(light.files).some((n) => n.startsWith('files/'))).toBe(false);
  });

  it('answers bad input with a JSON error naming the field, and an anonymous caller with 401', async () => {
    const bad = await download(client.token, '?files=maybe');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: 'validation_failed', fields: { files: expect.any(String) } } });
    expect((await fetch(`${server.url}/api/account/export`)).status).toBe(401);
  });
});

describe('delete my account', () => {
  it('refuses a wrong password with a JSON error naming the field', async () => {
    const r = await call<{ error: { code: string; fields: Record<string, string> } }>(server.url, 'POST', '/api/account/erasure', {
      token: journalist.token,
      body: { password: 'wrong-password' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_password', fields: { password: expect.any(String) } });
    const empty = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', '/api/account/erasure', { token: journalist.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toHaveProperty('password');
    expect(await db()('account_erasures').where('user_id', journalist.id)).toHaveLength(0);
  });

  it('password, then the mailed link; a sign-in within the grace period cancels; after 14 days the job erases; sign-in refused; copies stay', async () => {
    // 1. The password: a link goes to the address, nothing is scheduled yet.
    let r = await call<{ status: string }>(server.url, 'POST', '/api/account/erasure', { token: journalist.token, body: { password: PASSWORD } });
    expect(r.status).toBe(202);
    const token = await erasureToken(journalist.email);
    expect((await call<{ request: { status: string } }>(server.url, 'GET', '/api/account/erasure', { token: journalist.token })).body.request?.status).toBe('requested');

    // 2. The link: scheduled 14 days ahead (by the server's clock), every session ended.
    const wrong = await call<{ error: { code: string; fields: Record<string, string> } }>(server.url, 'POST', '/api/account/erasure/confirm', {
      token: journalist.token,
      body: { token: 'x'.repeat(43) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'invalid_token', fields: { token: expect.any(String) } });
    const confirmed = await call<{ status: string; dueAt: string }>(server.url, 'POST', '/api/account/erasure/confirm', { token: journalist.token, body: { token } });
    expect(confirmed.status).toBe(200);
    expect(Math.abs(new Date(confirmed.body.dueAt).getTime() - (clock.now().getTime() + 14 * DAY))).toBeLessThan(60_000);
    expect((await call(server.url, 'GET', '/api/account/erasure', { token: journalist.token })).status).toBe(401);

    // 3. A sign-in within the grace period cancels it, and says so in the bell.
    clock.advance(13 * DAY);
    const again = await signIn(server.url, journalist.email);
    journalist.token = again.access_token;
    const row = (await db()('account_erasures').where('user_id', journalist.id).orderBy('requested_at', 'desc').first()) as { id: string; status: string; cancelled_by: string };
    expect(row).toMatchObject({ status: 'cancelled', cancelled_by: 'sign_in' });
    const bell = await call<{ items: { title: string }[] }>(server.url, 'GET', '/api/notifications', { token: journalist.token });
    expect(bell.body.items.map((n) => n.title)).toContain('Η διαγραφή του λογαριασμού σας ακυρώθηκε');
    expect(await auditOf('account.erasure_cancelled', row.id)).toHaveLength(1);
    // The queued job, once due, finds nothing to do.
    clock.advance(2 * DAY);
    await until(async () => (await db()('jobs').where('kind', 'account.erase').whereIn('status', ['queued', 'running']).count<{ n: number }[]>('* as n'))[0]!.n == 0, 10_000, 'the stale job');
    expect((await db()('profiles').where('user_id', journalist.id).first('name')) as { name: string }).not.toEqual({ name: ERASED_NAME });

    // 4. Asked and confirmed again; nobody signs in for 14 days: the job erases the account.
    r = await call(server.url, 'POST', '/api/account/erasure', { token: journalist.token, body: { password: PASSWORD } });
    expect(r.status).toBe(202);
    const second = await call<{ dueAt: string }>(server.url, 'POST', '/api/account/erasure/confirm', { token: journalist.token, body: { token: await erasureToken(journalist.email) } });
    expect(second.status).toBe(200);
    const deliveriesBefore = await db()('deliveries').where('recipient_user_id', journalist.id).count<{ n: string }[]>('* as n');
    clock.advance(14 * DAY + 60_000);
    await until(async () => ((await db()('account_erasures').where('user_id', journalist.id).orderBy('requested_at', 'desc').first('status')) as { status: string }).status === 'erased', 10_000, 'the erasure');

    // Sign-in refused afterwards, with the ordinary answer.
    const refused = await call<{ error: { code: string } }>(server.url, 'POST', '/auth/v1/token?grant_type=password', { body: { email: journalist.email, password: PASSWORD } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_credentials');
    // Personal data erased or anonymised; the received copy and the release stay.
    expect(await db()('profiles').where('user_id', journalist.id).first('name', 'email', 'is_active')).toEqual({ name: ERASED_NAME, email: erasedEmail(journalist.id), is_active: false });
    expect(await db()('users').where('email', journalist.email)).toHaveLength(0);
    expect(await db()('auth_sessions').where('user_id', journalist.id)).toHaveLength(0);
    expect(await db()('notifications').where('user_id', journalist.id)).toHaveLength(0);
    expect(await db()('reporting_events').where('recipient_user_id', journalist.id)).toHaveLength(0);
    expect(await db()('cookie_consents').where('user_id', journalist.id)).toHaveLength(0);
    expect(await db()('deliveries').where('recipient_user_id', journalist.id).count<{ n: string }[]>('* as n')).toEqual(deliveriesBefore);
    expect(await db()('deliveries').where('email', journalist.email)).toHaveLength(0);
    expect(await db()('press_releases').where('id', releaseId)).toHaveLength(1);
    const [erased] = await auditOf('account.erased');
    expect(erased).toMatchObject({ actor_user_id: null, metadata: expect.objectContaining({ userId: journalist.id, early: false }) });
    expect(await auditOf('account.erasure_requested')).not.toHaveLength(0);
    expect(await auditOf('account.erasure_scheduled')).not.toHaveLength(0);
  });

  it("keeps a client's organisation, its releases and the journalists' received copies; other modules erase their rows through the registry", async () => {
    const seen: string[] = [];
    onAccountErased('test-module', (_trx, { userId }) => {
      seen.push(userId);
      return Promise.resolve();
    });
    const solo = await approvedUser('solo@rights.test', 'client');
    const reader = await approvedUser('reader@rights.test', 'media');
    await db()('media_lists').insert({ category: 'economy', media_id: reader.id });
    const id = await sentRelease(solo, 'Δελτίο που μένει');
    expect((await call(server.url, 'POST', '/api/account/erasure', { token: solo.token, body: { password: PASSWORD } })).status).toBe(202);
    expect((await call(server.url, 'POST', '/api/account/erasure/confirm', { token: solo.token, body: { token: await erasureToken(solo.email) } })).status).toBe(200);
    clock.advance(15 * DAY);
    await until(async () => ((await db()('account_erasures').where('user_id', solo.id).first('status')) as { status: string }).status === 'erased', 10_000, 'the erasure');
    expect(seen).toContain(solo.id);
    expect(await db()('press_releases').where({ id, status: 'sent' })).toHaveLength(1);
    expect(await db()('release_sent_versions').where('press_release_id', id)).toHaveLength(1);
    expect(await db()('deliveries').where({ press_release_id: id, recipient_user_id: reader.id })).toHaveLength(1);
    expect(await db()('organisations').where('id', await organisationOf(solo.id))).toHaveLength(1);
  });

  it('refuses the last owner of an organisation where others work, with a clear message', async () => {
    const owner = await approvedUser('boss-of-team@rights.test', 'client');
    await joinOrganisation(server.url, owner.token, 'colleague@rights.test', 'editor');
    const r = await call<{ error: { code: string; message: string; fields: Record<string, string> } }>(server.url, 'POST', '/api/account/erasure', {
      token: owner.token,
      body: { password: PASSWORD },
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'last_owner', fields: { organisation: expect.any(String) } });
    const state = await call<{ blockers: { name: string }[] }>(server.url, 'GET', '/api/account/erasure', { token: owner.token });
    expect(state.body.blockers).toHaveLength(1);
  });
});

describe('the superadmin and pending erasures', () => {
  async function scheduled(email: string): Promise<User & { erasureId: string }> {
    const u = await approvedUser(email, 'media');
    expect((await call(server.url, 'POST', '/api/account/erasure', { token: u.token, body: { password: PASSWORD } })).status).toBe(202);
    expect((await call(server.url, 'POST', '/api/account/erasure/confirm', { token: u.token, body: { token: await erasureToken(email) } })).status).toBe(200);
    const row = (await db()('account_erasures').where({ user_id: u.id, status: 'scheduled' }).first('id')) as { id: string };
    return { ...u, erasureId: row.id };
  }

  it('lists who asked, when, and when it is due; only the superadmin', async () => {
    const u = await scheduled('pending-one@rights.test');
    const list = await call<{ items: { id: string; email: string; requestedAt: string; dueAt: string; status: string }[] }>(server.url, 'GET', '/api/admin/erasures', {
      token: superadmin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(expect.objectContaining({ id: u.erasureId, email: u.email, status: 'scheduled', dueAt: expect.any(String), requestedAt: expect.any(String) }));
    expect((await call(server.url, 'GET', '/api/admin/erasures', { token: client.token })).status).toBe(403);
    expect((await call(server.url, 'POST', `/api/admin/erasures/${u.erasureId}/erase`, { token: client.token })).status).toBe(403);
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', '/api/admin/erasures/not-a-uuid/erase', { token: superadmin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('id');
  });

  it('erases now, before the due date, with an audit entry naming the superadmin', async () => {
    const u = await scheduled('erase-now@rights.test');
    const r = await call<{ items: { id: string }[] }>(server.url, 'POST', `/api/admin/erasures/${u.erasureId}/erase`, { token: superadmin.token });
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.id)).not.toContain(u.erasureId);
    expect(await db()('profiles').where('user_id', u.id).first('name')).toEqual({ name: ERASED_NAME });
    expect(await auditOf('account.erased', u.erasureId)).toEqual([expect.objectContaining({ actor_user_id: superadmin.id, metadata: expect.objectContaining({ early: true }) })]);
    expect((await call(server.url, 'POST', `/api/admin/erasures/${u.erasureId}/erase`, { token: superadmin.token })).status).toBe(409);
  });

  it('cancels; the account stays and can sign in', async () => {
    const u = await scheduled('cancel-me@rights.test');
    const r = await call(server.url, 'POST', `/api/admin/erasures/${u.erasureId}/cancel`, { token: superadmin.token });
    expect(r.status).toBe(200);
    expect(await db()('account_erasures').where('id', u.erasureId).first('status', 'cancelled_by')).toEqual({ status: 'cancelled', cancelled_by: 'superadmin' });
    expect(await db()('jobs').where('dedupe_key', `account.erase:${u.erasureId}`)).toHaveLength(0);
    expect(await auditOf('account.erasure_cancelled', u.erasureId)).toEqual([expect.objectContaining({ actor_user_id: superadmin.id })]);
    await signIn(server.url, u.email);
  });
});
