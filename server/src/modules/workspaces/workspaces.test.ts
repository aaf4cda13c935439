import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { memoryTransport } from '../../test/mail';

let server: TestServer;
const mail = memoryTransport();
let owner: { id: string; token: string };
let wsId: string;

async function user(email: string, role: 'client' | 'media' = 'client') {
  const { id } = await signUp(server.url, email, role);
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
  const token = (await signIn(server.url, email)).access_token;
  tokens.set(email, token);
  return { id, token };
}
const tokens = new Map<string, string>();

async function invite(email: string) {
  const r = await call<{ id: string; acceptUrl: string; resent: boolean }>(server.url, 'POST', `/api/workspaces/${wsId}/invitations`, {
    token: owner.token,
    body: { email },
  });
  expect(r.status).toBe(201);
  return { ...r.body, token: new URL(r.body.acceptUrl).searchParams.get('accept')! };
}

beforeAll(async () => {
  server = await startTestServer({}, { mailTransport: mail });
  owner = await user('owner@ws.test');
  const r = await call<{ workspaces: { id: string; my_role: string }[] }>(server.url, 'GET', '/api/workspaces', { token: owner.token });
  wsId = r.body.workspaces[0]!.id;
  expect(r.body.workspaces[0]!.my_role).toBe('owner');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('invitations', () => {
  it('mails a link, stores only the hash, never lists the token, and re-sends on a duplicate', async () => {
    const first = await invite('Colleague@WS.test');
    await server.ctx.mailer.drain();
    const sent = mail.sent.find((m) => m.to === 'colleague@ws.test');
    expect(sent?.text).toContain(first.acceptUrl);
    const row = await server.ctx.db('organisation_invitations').where('id', first.id).first();
    expect(row.token_hash).not.toContain(first.token);
    expect(row.token_hash).toHaveLength(64);
    const list = await call<{ invitations: object[] }>(server.url, 'GET', `/api/workspaces/${wsId}/invitations`, { token: owner.token });
    expect(JSON.stringify(list.body)).not.toContain(first.token);
    expect(list.body.invitations).toHaveLength(1);
    const again = await invite('colleague@ws.test');
    expect(again.resent).toBe(true);
    expect(again.id).toBe(first.id);
    // The first link no longer works.
    const member = await user('colleague@ws.test');
    const old = await call<{ error: { code: string } }>(server.url, 'POST', '/api/invitations/accept', { token: member.token, body: { token: first.token } });
    expect(old.status).toBe(400);
    expect(old.body.error.code).toBe('invitation_invalid');
  });

  it('refuses another e-mail, then accepts the right one once (used token refused)', async () => {
    const inv = await invite('right@ws.test');
    const wrong = await user('wrong@ws.test');
    const r1 = await call<{ error: { code: string } }>(server.url, 'POST', '/api/invitations/accept', { token: wrong.token, body: { token: inv.token } });
    expect(r1.status).toBe(403);
    expect(r1.body.error.code).toBe('invitation_email_mismatch');
    const right = await user('RIGHT@ws.test'.toLowerCase());
    const r2 = await call<{ organisation_id: string; role: string }>(server.url, 'POST', '/api/invitations/accept', { token: right.token, body: { token: inv.token } });
    expect(r2.status).toBe(200);
    expect(r2.body).toMatchObject({ organisation_id: wsId, role: 'member' });
    const r3 = await call<{ error: { code: string } }>(server.url, 'POST', '/api/invitations/accept', { token: right.token, body: { token: inv.token } });
    expect(r3.status).toBe(400);
    expect(r3.body.error.code).toBe('invitation_used');
    const members = await call<{ members: { email: string; role: string }[] }>(server.url, 'GET', `/api/workspaces/${wsId}/members`, { token: right.token });
    expect(members.body.members.map((m) => m.email)).toContain('right@ws.test');
    // The owner was told in the bell.
    const note = await server.ctx.db('notifications').where({ user_id: owner.id, kind: 'workspace.member_joined' }).first();
    expect(note).toBeTruthy();
  });

  it('refuses an expired and a revoked invitation; a member cannot invite or list invitations', async () => {
    const inv = await invite('late@ws.test');
    await server.ctx.db('organisation_invitations').where('id', inv.id).update({ expires_at: new Date(Date.now() - 1000) });
    const late = await user('late@ws.test');
    const r = await call<{ error: { code: string } }>(server.url, 'POST', '/api/invitations/accept', { token: late.token, body: { token: inv.token } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invitation_expired');
    expect((await server.ctx.db('organisation_invitations').where('id', inv.id).first()).status).toBe('expired');

    const inv2 = await invite('revoked@ws.test');
    expect((await call(server.url, 'DELETE', `/api/invitations/${inv2.id}`, { token: owner.token })).status).toBe(204);
    const rev = await user('revoked@ws.test');
    const r2 = await call<{ error: { code: string } }>(server.url, 'POST', '/api/invitations/accept', { token: rev.token, body: { token: inv2.token } });
    expect(r2.body.error.code).toBe('invitation_revoked');

    const member = tokens.get('right@ws.test')!;
    const r3 = await call(server.url, 'POST', `/api/workspaces/${wsId}/invitations`, { token: member, body: { email: 'x@ws.test' } });
    expect(r3.status).toBe(403);
    const r4 = await call(server.url, 'GET', `/api/workspaces/${wsId}/invitations`, { token: member });
    expect(r4.status).toBe(403);
    const r5 = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', `/api/workspaces/${wsId}/invitations`, { token: owner.token, body: { email: 'nope' } });
    expect(r5.status).toBe(400);
    expect(r5.body.error.fields).toHaveProperty('email');
  });
});

describe('removing a member', () => {
  it('ends access at once: the live socket hears it and stops getting workspace events', async () => {
    const inv = await invite('leaving@ws.test');
    const leaving = await user('leaving@ws.test');
    expect((await call(server.url, 'POST', '/api/invitations/accept', { token: leaving.token, body: { token: inv.token } })).status).toBe(200);

    const socket: Socket = ioClient(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token: leaving.token } });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const changed: string[] = [];
    socket.on('task:changed', (t: { title: string }) => changed.push(t.title));
    const removed = new Promise<{ workspaceId: string; userId: string }>((resolve) => socket.once('workspace:member_removed', resolve));

    const seen = await call(server.url, 'POST', `/api/workspaces/${wsId}/tasks`, { token: owner.token, body: { title: 'Πριν' } });
    expect(seen.status).toBe(201);
    await expect.poll(() => changed).toContain('Πριν');

    // A member cannot remove someone else; the owner can't be removed.
    const inv2 = await invite('bystander@ws.test');
    const bystander = await user('bystander@ws.test');
    expect((await call(server.url, 'POST', '/api/invitations/accept', { token: bystander.token, body: { token: inv2.token } })).status).toBe(200);
    expect((await call(server.url, 'DELETE', `/api/workspaces/${wsId}/members/${leaving.id}`, { token: bystander.token })).status).toBe(403);
    expect((await call(server.url, 'DELETE', `/api/workspaces/${wsId}/members/${owner.id}`, { token: owner.token })).status).toBe(400);

    expect((await call(server.url, 'DELETE', `/api/workspaces/${wsId}/members/${leaving.id}`, { token: owner.token })).status).toBe(204);
    expect(await removed).toEqual({ workspaceId: wsId, userId: leaving.id });
    await call(server.url, 'POST', `/api/workspaces/${wsId}/tasks`, { token: owner.token, body: { title: 'Μετά' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(changed).not.toContain('Μετά');
    expect((await call(server.url, 'GET', `/api/workspaces/${wsId}/tasks`, { token: leaving.token })).status).toBe(404);
    socket.close();
  });
});
