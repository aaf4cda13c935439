import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';

let server: TestServer;
let owner: { id: string; token: string };
let member: { id: string; token: string };
let outsider: { id: string; token: string };
let media: { id: string; token: string };
let wsId: string;

interface TaskDto {
  id: string;
  title: string;
  status: string;
  version: number;
  description: string | null;
  due_date: string | null;
  priority: string;
  assignee: { name: string } | null;
  creator: { user_id: string } | null;
}

async function user(email: string, role: 'client' | 'media' = 'client') {
  const { id } = await signUp(server.url, email, role);
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
  return { id, token: (await signIn(server.url, email)).access_token };
}

const create = (token: string, body: unknown, ws = wsId) =>
  call<TaskDto & { error?: { code: string; fields?: Record<string, string> } }>(server.url, 'POST', `/api/workspaces/${ws}/tasks`, { token, body });
const patch = (token: string, id: string, body: unknown) =>
  call<TaskDto & { error?: { code: string }; task?: TaskDto }>(server.url, 'PATCH', `/api/tasks/${id}`, { token, body });

beforeAll(async () => {
  server = await startTestServer();
  owner = await user('owner@tasks.test');
  member = await user('member@tasks.test');
  outsider = await user('outsider@tasks.test');
  media = await user('media@tasks.test', 'media');
  wsId = ((await server.ctx.db('organisations').where('created_by', owner.id).first('id')) as { id: string }).id;
  await server.ctx.db('organisation_members').insert({ organisation_id: wsId, user_id: member.id, role: 'member' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('task permissions', () => {
  it('a member creates with defaults; empty description and due date are null; audit task.create', async () => {
    const r = await create(member.token, { title: '  Σύνταξη δελτίου  ', description: '   ', due_date: '' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'Σύνταξη δελτίου', description: null, due_date: null, priority: 'normal', status: 'open', version: 1 });
    expect(r.body.creator?.user_id).toBe(member.id);
    const audit = await server.ctx.db('audit_logs').where({ action_type: 'task.create', entity_id: r.body.id }).first();
    expect(audit.actor_user_id).toBe(member.id);
  });

  it('refuses a blank title, a bad status or priority, naming the field', async () => {
    const r = await create(owner.token, { title: '   ', priority: 'huge' });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.error!.fields!)).toEqual(expect.arrayContaining(['title', 'priority']));
  });

  it('an outsider gets 404 for reading, creating and changing; media gets 403', async () => {
    const t = await create(owner.token, { title: 'Ιδιωτική' });
    expect((await call(server.url, 'GET', `/api/workspaces/${wsId}/tasks`, { token: outsider.token })).status).toBe(404);
    expect((await create(outsider.token, { title: 'x' })).status).toBe(404);
    expect((await patch(outsider.token, t.body.id, { version: 1, status: 'done' })).status).toBe(404);
    expect((await call(server.url, 'GET', `/api/workspaces/${wsId}/tasks`, { token: media.token })).status).toBe(403);
    expect((await patch(media.token, t.body.id, { version: 1, status: 'done' })).status).toBe(403);
    const list = await call<{ tasks: TaskDto[] }>(server.url, 'GET', `/api/workspaces/${wsId}/tasks`, { token: member.token });
    expect(list.body.tasks.map((x) => x.title)).toContain('Ιδιωτική');
  });

  it('an assignee must be a member of the workspace', async () => {
    const bad = await create(owner.token, { title: 'Ανάθεση', assignee_user_id: outsider.id });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toHaveProperty('assignee_user_id');
    const ok = await create(owner.token, { title: 'Ανάθεση', assignee_user_id: member.id, priority: 'urgent' });
    expect(ok.status).toBe(201);
    expect(ok.body.assignee?.name).toBe('Test client');
    const bad2 = await patch(owner.token, ok.body.id, { version: 1, assignee_user_id: outsider.id });
    expect(bad2.status).toBe(400);
    // The assignee is told in their bell.
    const note = await server.ctx.db('notifications').where({ user_id: member.id, kind: 'task.assigned' }).first();
    expect(note.title).toBe('Σας ανατέθηκε μια εργασία');
  });

  it('filters by status, priority, assignee (incl. unassigned) and search', async () => {
    const get = async (qs: string) =>
      (await call<{ tasks: TaskDto[] }>(server.url, 'GET', `/api/workspaces/${wsId}/tasks?${qs}`, { token: owner.token })).body.tasks.map((t) => t.title);
    expect(await get('priority=urgent')).toEqual(['Ανάθεση']);
    expect(await get(`assignee=${member.id}`)).toEqual(['Ανάθεση']);
    expect(await get('assignee=unassigned')).not.toContain('Ανάθεση');
    expect(await get('q=ΣΎΝΤΑΞΗ')).toEqual(['Σύνταξη δελτίου']);
    expect(await get('status=done')).toEqual([]);
    expect((await call(server.url, 'GET', `/api/workspaces/${wsId}/tasks?status=bogus`, { token: owner.token })).status).toBe(400);
  });
});

describe('linked press release', () => {
  it("links a release of the workspace (shown with its title), refuses another client's release", async () => {
    const insert = async (clientId: string, title: string) =>
      ((await server.ctx.db('press_releases').insert({ title, client_id: clientId }).returning('id')) as { id: string }[])[0]!.id;
    const mine = await insert(owner.id, 'Δελτίο της ομάδας');
    const theirs = await insert(outsider.id, 'Ξένο δελτίο');
    const ok = await create(member.token, { title: 'Με δελτίο', press_release_id: mine });
    expect(ok.status).toBe(201);
    expect((ok.body as unknown as { press_release: { title: string } }).press_release.title).toBe('Δελτίο της ομάδας');
    const bad = await create(member.token, { title: 'Με ξένο δελτίο', press_release_id: theirs });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toHaveProperty('press_release_id');
    const list = await call<{ releases: { id: string }[] }>(server.url, 'GET', `/api/workspaces/${wsId}/tasks`, { token: member.token });
    expect(list.body.releases.map((r) => r.id)).toEqual([mine]);
  });
});

describe('concurrent updates', () => {
  it('two PATCHes with the same version: one wins, the other gets 409 with the current task; nothing is lost', async () => {
    const t = (await create(owner.token, { title: 'Ταυτόχρονη' })).body;
    const [a, b] = await Promise.all([
      patch(owner.token, t.id, { version: 1, status: 'in_progress' }),
      patch(member.token, t.id, { version: 1, status: 'blocked', priority: 'high' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body.error?.code).toBe('version_conflict');
    expect(loser.body.task).toMatchObject({ id: t.id, version: 2, status: winner.body.status });
    const row = await server.ctx.db('tasks').where('id', t.id).first();
    expect(row.version).toBe(2);
    expect(row.status).toBe(winner.body.status);
    // The loser retries with the fresh version and succeeds; two audit rows of task.update in all.
    const retry = await patch(loser === a ? owner.token : member.token, t.id, { version: 2, status: 'done' });
    expect(retry.status).toBe(200);
    expect(retry.body.version).toBe(3);
    const audits = await server.ctx.db('audit_logs').where({ action_type: 'task.update', entity_id: t.id });
    expect(audits).toHaveLength(2);
    expect(audits[1].metadata.changes.status).toEqual({ from: winner.body.status, to: 'done' });
  });

  it('any status moves to any other, and the fields can all be edited', async () => {
    const t = (await create(owner.token, { title: 'Κύκλος' })).body;
    let version = t.version;
    for (const status of ['done', 'open', 'blocked', 'in_progress', 'open']) {
      const r = await patch(member.token, t.id, { version, status });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(status);
      version = r.body.version;
    }
    const r = await patch(owner.token, t.id, { version, title: 'Νέος τίτλος', description: 'Κείμενο', due_date: '2026-12-24', priority: 'low' });
    expect(r.body).toMatchObject({ title: 'Νέος τίτλος', description: 'Κείμενο', due_date: '2026-12-24', priority: 'low' });
    const bad = await patch(owner.token, t.id, { version: r.body.version, due_date: '2026-02-31' });
    expect(bad.status).toBe(400);
  });
});
