import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';

let server: TestServer;
let token: string;
let pendingToken: string;
let clientId: string;
let pendingId: string;

beforeAll(async () => {
  server = await startTestServer({}, { seedDemo: true });
  const a = await signUp(server.url, 'writer@editor.test', 'client');
  const p = await signUp(server.url, 'pending@editor.test', 'client');
  clientId = a.id;
  pendingId = p.id;
  await server.ctx.db('profiles').where('user_id', clientId).update({ status: 'approved' });
  await server.ctx.db('organisations').where('created_by', clientId).update({ status: 'approved' });
  token = (await signIn(server.url, 'writer@editor.test')).access_token;
  pendingToken = (await signIn(server.url, 'pending@editor.test')).access_token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function release(author: string, fields: Record<string, unknown> = {}) {
  const org = (await server.ctx.db('organisation_members').where({ user_id: author, role: 'owner' }).first('organisation_id')) as { organisation_id: string };
  const [row] = (await server.ctx.db('press_releases')
    .insert({ title: 'Τίτλος', content: '<p>Κείμενο</p>', content_text: 'Κείμενο', category: 'economy', author_id: author, organisation_id: org.organisation_id, ...fields })
    .returning('id')) as { id: string }[];
  return row!.id;
}

describe('editor actions', () => {
  it('refuses send and schedule without title, content or category, naming them', async () => {
    const id = await release(clientId, { title: '', content_text: '', category: null });
    const r = await call<{ error: { code: string; fields: Record<string, string> } }>(server.url, 'POST', `/api/releases/${id}/send`, { token });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('missing_fields');
    expect(Object.keys(r.body.error.fields).sort()).toEqual(['category', 'content', 'title']);
  });

  it('schedules (status scheduled, scheduled_at) and refuses a time in the past', async () => {
    const id = await release(clientId);
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const r = await call<{ status: string; scheduledAt: string }>(server.url, 'POST', `/api/releases/${id}/schedule`, { token, body: { scheduledAt: at } });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('scheduled');
    expect(new Date(r.body.scheduledAt).toISOString()).toBe(at);
    const past = await call(server.url, 'POST', `/api/releases/${id}/schedule`, { token, body: { scheduledAt: '2020-01-01T10:00:00Z' } });
    expect(past.status).toBe(400);
    const bad = await call(server.url, 'POST', `/api/releases/${id}/schedule`, { token, body: { scheduledAt: 'αύριο' } });
    expect(bad.status).toBe(400);
  });

  it('sends once, writes the press_release.sent audit row, and refuses a second send', async () => {
    const id = await release(clientId);
    const r = await call<{ status: string; sentAt: string }>(server.url, 'POST', `/api/releases/${id}/send`, { token });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('sent');
    expect(r.body.sentAt).toBeTruthy();
    const audit = await server.ctx.db('audit_logs').where({ action_type: 'press_release.sent', entity_id: id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: clientId, actor_email: 'writer@editor.test', actor_role: 'client' });
    const again = await call<{ error: { code: string } }>(server.url, 'POST', `/api/releases/${id}/send`, { token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_sent');
  });

  it('tells a pending client that sending waits for approval', async () => {
    const id = await release(pendingId);
    const r = await call<{ error: { code: string } }>(server.url, 'POST', `/api/releases/${id}/send`, { token: pendingToken });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('account_not_approved');
    const s = await call(server.url, 'POST', `/api/releases/${id}/schedule`, { token: pendingToken, body: { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(s.status).toBe(403);
  });

  it('lists the category media lists with their real member counts', async () => {
    const r = await call<{ category: string; count: number }[]>(server.url, 'GET', '/api/media-lists/summary', { token });
    expect(r.body.map((x) => x.category)).toEqual(['politics', 'economy', 'tech', 'culture', 'lifestyle', 'sports']);
    const tech = (await server.ctx.db('media_lists as l')
      .join('profiles as p', 'p.user_id', 'l.media_id')
      .where({ 'l.category': 'tech', 'p.status': 'approved', 'p.is_active': true })
      .count<{ n: number }[]>({ n: '*' })) as { n: number | string }[];
    expect(r.body.find((x) => x.category === 'tech')?.count).toBe(Number(tech[0]!.n));
    expect(r.body.find((x) => x.category === 'tech')!.count).toBeGreaterThan(0);
  });
});
