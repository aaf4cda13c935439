import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import * as repo from './tasks.repo';
import { addMember, insertMember, insertOrganisation, insertRelease, insertUser, tokenOf } from '../distribution/org-fixtures';

let server: TestServer;
let owner: { id: string; token: string };
let member: { id: string; token: string };
let reviewer: { id: string; token: string };
let outsider: { id: string; token: string };
let media: { id: string; token: string };
let wsId: string;
let otherOrg: string;

interface TaskDto {
  id: string;
  organisation_id: string;
  title: string;
  status: string;
  version: number;
  description: string | null;
  due_date: string | null;
  priority: string;
  assignee: { name: string } | null;
  creator: { user_id: string } | null;
}

interface BoardDto {
  organisation: { id: string; name: string; role: string; canWrite: boolean };
  members: { user_id: string; role: string }[];
  tasks: TaskDto[];
  releases: { id: string; title: string }[];
}

async function signedIn(id: string, email: string) {
  return { id, token: await tokenOf(server.url, email) };
}

const create = (token: string, body: unknown) =>
  call<TaskDto & { error?: { code: string; fields?: Record<string, string> } }>(server.url, 'POST', '/api/tasks', { token, body });
const patch = (token: string, id: string, body: unknown) =>
  call<TaskDto & { error?: { code: string }; task?: TaskDto }>(server.url, 'PATCH', `/api/tasks/${id}`, { token, body });
const board = (token: string, qs = '') => call<BoardDto>(server.url, 'GET', `/api/tasks${qs ? `?${qs}` : ''}`, { token });

beforeAll(async () => {
  server = await startTestServer();
  const db = server.ctx.db;
  wsId = await insertOrganisation(db, 'Αιγαίο Α.Ε.');
  otherOrg = await insertOrganisation(db, 'Όλυμπος Α.Ε.');
  owner = await signedIn(await insertMember(db, wsId, 'owner@tasks.test', 'owner'), 'owner@tasks.test');
  member = await signedIn(await insertMember(db, wsId, 'member@tasks.test', 'editor'), 'member@tasks.test');
  reviewer = await signedIn(await insertMember(db, wsId, 'reviewer@tasks.test', 'reviewer'), 'reviewer@tasks.test');
  outsider = await signedIn(await insertMember(db, otherOrg, 'outsider@tasks.test', 'owner'), 'outsider@tasks.test');
  media = await signedIn(await insertUser(db, 'media@tasks.test', 'media'), 'media@tasks.test');
  await db('profiles').where('user_id', member.id).update({ name: 'Μαρία Συντάκτρια' });
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

  it("the board is the active organisation's: another organisation's member sees only their own and gets 404 on its tasks; media gets 403", async () => {
    const t = await create(owner.token, { title: 'Ιδιωτική' });
    expect(t.body.organisation_id).toBe(wsId);
    const theirs = await board(outsider.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.organisation.id).toBe(otherOrg);
    expect(theirs.body.tasks.map((x) => x.title)).not.toContain('Ιδιωτική');
    const made = await create(outsider.token, { title: 'Στον δικό τους' });
    expect(made.body.organisation_id).toBe(otherOrg);
    expect((await patch(outsider.token, t.body.id, { version: 1, status: 'done' })).status).toBe(404);
    expect((await patch(owner.token, made.body.id, { version: 1, status: 'done' })).status).toBe(404);
    expect((await board(media.token)).status).toBe(403);
    expect((await patch(media.token, t.body.id, { version: 1, status: 'done' })).status).toBe(403);
    const list = await board(member.token);
    expect(list.body.organisation).toMatchObject({ id: wsId, name: 'Αιγαίο Α.Ε.', role: 'editor', canWrite: true });
    expect(list.body.tasks.map((x) => x.title)).toContain('Ιδιωτική');
    expect(list.body.members.map((x) => x.user_id).sort()).toEqual([owner.id, member.id, reviewer.id].sort());
  });

  it('a reviewer reads the board but cannot create or change a task (403)', async () => {
    const t = await create(owner.token, { title: 'Για τον αναθεωρητή' });
    const read = await board(reviewer.token);
    expect(read.status).toBe(200);
    expect(read.body.organisation).toMatchObject({ role: 'reviewer', canWrite: false });
    expect(read.body.tasks.map((x) => x.title)).toContain('Για τον αναθεωρητή');
    const created = await create(reviewer.token, { title: 'Όχι' });
    expect(created.status).toBe(403);
    expect(created.body.error?.code).toBe('role_forbidden');
    expect((await patch(reviewer.token, t.body.id, { version: 1, status: 'done' })).status).toBe(403);
  });

  it('a removed member gets 404 on the tasks of the organisation they left', async () => {
    const gone = await signedIn(await insertMember(server.ctx.db, wsId, 'gone@tasks.test', 'publisher'), 'gone@tasks.test');
    const t = await create(gone.token, { title: 'Πριν φύγει' });
    expect(t.status).toBe(201);
    await server.ctx.db('organisation_members').where({ organisation_id: wsId, user_id: gone.id }).delete();
    expect((await patch(gone.token, t.body.id, { version: 1, status: 'done' })).status).toBe(404);
    expect((await board(gone.token)).status).toBe(404);
    // The task stays the organisation's.
    expect((await board(owner.token)).body.tasks.map((x) => x.title)).toContain('Πριν φύγει');
  });

  it('a member of two organisations sees the board of the active one and changes a task of the other by its link', async () => {
    const agent = await signedIn(await insertMember(server.ctx.db, otherOrg, 'agency@tasks.test', 'publisher'), 'agency@tasks.test');
    await addMember(server.ctx.db, wsId, agent.id, 'editor');
    const t = await create(owner.token, { title: 'Για το γραφείο', assignee_user_id: agent.id });
    expect(t.status).toBe(201);
    const mine = await board(agent.token);
    expect(mine.body.organisation.id).toBe(otherOrg);
    expect(mine.body.tasks.map((x) => x.title)).not.toContain('Για το γραφείο');
    expect((await patch(agent.token, t.body.id, { version: 1, status: 'in_progress' })).status).toBe(200);
    const note = (await server.ctx.db('notifications').where({ user_id: agent.id, kind: 'task.assigned' }).first()) as { link: string; data: { organisationId: string } };
    expect(note.link).toBe(`/client/tasks?organisation=${wsId}&task=${t.body.id}`);
    expect(note.data.organisationId).toBe(wsId);
    await server.ctx.db('profiles').where('user_id', agent.id).update({ active_organisation_id: wsId });
    expect((await board(agent.token)).body.tasks.map((x) => x.title)).toContain('Για το γραφείο');
  });

  it("a task's change reaches the organisation's room live", async () => {
    const socket = ioClient(server.url, { auth: { token: member.token }, transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const heard = new Promise<TaskDto>((resolve) => socket.on('task:changed', (task: TaskDto) => resolve(task)));
    const t = await create(owner.token, { title: 'Ζωντανά' });
    try {
      expect(await heard).toMatchObject({ id: t.body.id, organisation_id: wsId });
    } finally {
      socket.close();
    }
  });

  it("a change of the task's own columns reaches the room as what changed (the columns written, the new version and time); a change of its assignee, as the whole task", async () => {
    const socket = ioClient(server.url, { auth: { token: member.token }, transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const t = (await create(owner.token, { title: 'Μικρό μήνυμα' })).body;
    const events: { payload: Record<string, unknown>; bytes: number }[] = [];
    const next = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (events.length >= n ? resolve() : setTimeout(check, 5));
        check();
      });
    socket.on('task:changed', (payload: Record<string, unknown>) => {
      if (payload.id === t.id) events.push({ payload, bytes: JSON.stringify(payload).length });
    });
    try {
      const moved = await patch(owner.token, t.id, { version: 1, status: 'blocked' });
      await next(1);
      expect(events[0]!.payload).toEqual({ id: t.id, organisation_id: wsId, version: 2, updated_at: (moved.body as unknown as { updated_at: string }).updated_at, changes: { status: 'blocked' } });
      expect(events[0]!.bytes).toBeLessThan(JSON.stringify(moved.body).length / 2);
      const assigned = await patch(owner.token, t.id, { version: 2, assignee_user_id: reviewer.id });
      await next(2);
      expect(events[1]!.payload).toEqual(assigned.body);
    } finally {
      socket.close();
    }
  });

  it('an assignee must be a member of the organisation', async () => {
    const bad = await create(owner.token, { title: 'Ανάθεση', assignee_user_id: outsider.id });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toHaveProperty('assignee_user_id');
    const ok = await create(owner.token, { title: 'Ανάθεση', assignee_user_id: member.id, priority: 'urgent' });
    expect(ok.status).toBe(201);
    expect(ok.body.assignee?.name).toBe('Μαρία Συντάκτρια');
    const bad2 = await patch(owner.token, ok.body.id, { version: 1, assignee_user_id: outsider.id });
    expect(bad2.status).toBe(400);
    // The assignee is told in their bell.
    const note = await server.ctx.db('notifications').where({ user_id: member.id, kind: 'task.assigned' }).first();
    expect(note.title).toBe('Σας ανατέθηκε μια εργασία');
  });

  it('filters by status, priority, assignee (incl. unassigned) and search', async () => {
    const get = async (qs: string) =>
      (await board(owner.token, qs)).body.tasks.map((t) => t.title);
    expect(await get('priority=urgent')).toEqual(['Ανάθεση']);
    expect(await get(`assignee=${member.id}`)).toEqual(['Ανάθεση']);
    expect(await get('assignee=unassigned')).not.toContain('Ανάθεση');
    expect(await get('q=ΣΎΝΤΑΞΗ')).toEqual(['Σύνταξη δελτίου']);
    expect(await get('status=done')).toEqual([]);
    expect((await board(owner.token, 'status=bogus')).status).toBe(400);
  });
});

describe('linked press release', () => {
  it("links a release of the organisation (whoever wrote it, shown with its title), refuses another organisation's release", async () => {
    const mine = await insertRelease(server.ctx.db, wsId, owner.id, 'Δελτίο της ομάδας');
    const byColleague = await insertRelease(server.ctx.db, wsId, member.id, 'Δελτίο συναδέλφου');
    const theirs = await insertRelease(server.ctx.db, otherOrg, outsider.id, 'Ξένο δελτίο');
    const ok = await create(member.token, { title: 'Με δελτίο', press_release_id: mine });
    expect(ok.status).toBe(201);
    expect((ok.body as unknown as { press_release: { title: string } }).press_release.title).toBe('Δελτίο της ομάδας');
    expect((await create(owner.token, { title: 'Με δελτίο συναδέλφου', press_release_id: byColleague })).status).toBe(201);
    const bad = await create(member.token, { title: 'Με ξένο δελτίο', press_release_id: theirs });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toHaveProperty('press_release_id');
    const badPatch = await patch(member.token, ok.body.id, { version: 1, press_release_id: theirs });
    expect(badPatch.status).toBe(400);
    const list = await board(member.token);
    expect(list.body.releases.map((r) => r.id).sort()).toEqual([mine, byColleague].sort());
  });
});

describe('what a change writes and answers', () => {
  it('a change answers the task with its people and release and writes one audit row of it as written; no change writes nothing and answers the same task; a stale version gets it with the 409', async () => {
    const db = server.ctx.db;
    const release = await insertRelease(db, wsId, owner.id, 'Δελτίο της εργασίας');
    const t = (await create(owner.token, { title: 'Ίχνος', assignee_user_id: member.id, press_release_id: release })).body;
    const r = await patch(owner.token, t.id, { version: 1, title: 'Ίχνος δύο', status: 'done', priority: 'normal' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: t.id,
      organisation_id: wsId,
      title: 'Ίχνος δύο',
      status: 'done',
      priority: 'normal',
      version: 2,
      assignee: { user_id: member.id, name: 'Μαρία Συντάκτρια', email: 'member@tasks.test' },
      creator: { user_id: owner.id, email: 'owner@tasks.test' },
      press_release: { id: release, title: 'Δελτίο της εργασίας' },
    });
    const audits = () => db('audit_logs').where({ action_type: 'task.update', entity_id: t.id });
    const [audit, ...more] = await audits();
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ actor_user_id: owner.id, actor_email: 'owner@tasks.test', actor_role: 'client', entity_type: 'task' });
    // The priority was already 'normal': not a change.
    expect(audit.metadata).toEqual({
      organisation_id: wsId,
      title: 'Ίχνος δύο',
      version: 2,
      changes: { title: { from: 'Ίχνος', to: 'Ίχνος δύο' }, status: { from: 'open', to: 'done' } },
    });

    const same = await patch(owner.token, t.id, { version: 2, title: 'Ίχνος δύο', status: 'done' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(r.body);
    expect(await audits()).toHaveLength(1);

    const stale = await patch(member.token, t.id, { version: 1, status: 'open' });
    expect(stale.status).toBe(409);
    expect(stale.body.task).toEqual(r.body);
    expect(await audits()).toHaveLength(1);
  });
});

describe('what a change costs', () => {
  /** The statements the server sends while `run` runs (the job queue's polling left out). */
  async function statementsOf(run: () => Promise<unknown>, prepared: (string | undefined)[] = []): Promise<string[]> {
    const sent: string[] = [];
    const listener = (q: { sql: string; options?: { name?: string } }) => {
      if (/\bjobs\b/.test(q.sql)) return;
      sent.push(q.sql);
      prepared.push(q.options?.name);
    };
    server.ctx.db.on('query', listener);
    try {
      await run();
    } finally {
      server.ctx.db.removeListener('query', listener);
    }
    return sent;
  }

  it('a status change is two statements: the session check, and the change that checks the membership, the role and the version itself, with its audit row (no read before it, no BEGIN, no COMMIT)', async () => {
    const t = (await create(owner.token, { title: 'Τρεις εντολές' })).body;
    let r: Awaited<ReturnType<typeof patch>> | undefined;
    const names: (string | undefined)[] = [];
    const sent = await statementsOf(async () => {
      r = await patch(member.token, t.id, { version: 1, status: 'in_progress' });
    }, names);
    expect(r!.status).toBe(200);
    expect(r!.body).toMatchObject({ status: 'in_progress', version: 2 });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/^with old as/);
    // Both are named prepared statements (db/prepared.ts): planned once per connection, not on every change.
    expect(names).toEqual([expect.stringMatching(/^s\d+_[0-9a-f]{24}$/), expect.stringMatching(/^s\d+_[0-9a-f]{24}$/)]);
    expect(sent.filter((sql) => /^(begin|commit|rollback)/i.test(sql.trim()))).toEqual([]);
    const audit = await server.ctx.db('audit_logs').where({ action_type: 'task.update', entity_id: t.id }).first();
    expect(audit.metadata.changes).toEqual({ status: { from: 'open', to: 'in_progress' } });
  });

  it("a change of an assigned task is two statements too, and the assignee's notification is stored and pushed live with it", async () => {
    const t = (await create(owner.token, { title: 'Με ανάθεση', assignee_user_id: member.id })).body;
    const socket = ioClient(server.url, { auth: { token: member.token }, transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    try {
      interface Pushed {
        id: number;
        kind: string;
        title: string;
        body: string;
        link: string;
        data: { taskId?: string };
        createdAt: string;
      }
      const pushed = new Promise<Pushed>((resolve) =>
        socket.on('notification:new', (n: Pushed) => {
          if (n.kind === 'task.updated' && n.data.taskId === t.id) resolve(n);
        }),
      );
      let r: Awaited<ReturnType<typeof patch>> | undefined;
      const sent = await statementsOf(async () => {
        r = await patch(owner.token, t.id, { version: 1, status: 'done' });
      });
      expect(r!.status).toBe(200);
      expect(sent).toHaveLength(2);
      const stored = await server.ctx.db('notifications').where({ user_id: member.id, kind: 'task.updated' }).whereRaw("data->>'taskId' = ?", [t.id]);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        title: 'Ενημέρωση εργασίας',
        body: 'owner άλλαξε την κατάσταση σε «Ολοκληρώθηκε»: «Με ανάθεση»',
        link: `/client/tasks?organisation=${wsId}&task=${t.id}`,
        data: { taskId: t.id, organisationId: wsId, workspaceId: wsId, changed: ['status'] },
        organisation_id: null,
      });
      const n = await pushed;
      expect(n).toMatchObject({ id: Number(stored[0].id), title: 'Ενημέρωση εργασίας', body: stored[0].body, link: stored[0].link });
      expect(n.createdAt).toBe(new Date(stored[0].created_at as Date).toISOString());
    } finally {
      socket.close();
    }
  });

  it("a change of several fields in that one statement: the audit row and the assignee's notification name only what changed, in the order of the fields", async () => {
    const db = server.ctx.db;
    const t = (await create(owner.token, { title: 'Πολλά πεδία', assignee_user_id: member.id, priority: 'high' })).body;
    let r: Awaited<ReturnType<typeof patch>> | undefined;
    const sent = await statementsOf(async () => {
      r = await patch(owner.token, t.id, { version: 1, status: 'open', priority: 'low', due_date: '2026-12-24', description: 'Κείμενο', title: 'Πολλά πεδία' });
    });
    expect(r!.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(r!.body).toMatchObject({ version: 2, status: 'open', priority: 'low', due_date: '2026-12-24', description: 'Κείμενο', title: 'Πολλά πεδία' });
    const [audit, ...more] = await db('audit_logs').where({ action_type: 'task.update', entity_id: t.id });
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ actor_user_id: owner.id, actor_email: 'owner@tasks.test', actor_role: 'client', entity_type: 'task' });
    // The status and the title were already so: not changes.
    expect(audit.metadata).toEqual({
      organisation_id: wsId,
      title: 'Πολλά πεδία',
      version: 2,
      changes: { description: { from: null, to: 'Κείμενο' }, priority: { from: 'high', to: 'low' }, due_date: { from: null, to: '2026-12-24' } },
    });
    const notes = await db('notifications').where({ user_id: member.id, kind: 'task.updated' }).whereRaw("data->>'taskId' = ?", [t.id]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: 'Ενημέρωση εργασίας',
      body: 'owner ενημέρωσε την εργασία «Πολλά πεδία»',
      data: { taskId: t.id, organisationId: wsId, workspaceId: wsId, changed: ['description', 'priority', 'due_date'] },
    });
    // The board has the task as the answer gave it.
    expect((await board(owner.token)).body.tasks.find((x) => x.id === t.id)).toEqual(r!.body);
  });

  it('a change the one statement refuses is then read to say why, and writes nothing: 404 outside the organisation, 403 for a reviewer, 409 on a stale version', async () => {
    const db = server.ctx.db;
    const t = (await create(owner.token, { title: 'Άρνηση' })).body;
    expect((await patch(outsider.token, t.id, { version: 1, status: 'done' })).status).toBe(404);
    const forbidden = await patch(reviewer.token, t.id, { version: 1, status: 'done' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error?.code).toBe('role_forbidden');
    const stale = await patch(member.token, t.id, { version: 7, status: 'done' });
    expect(stale.status).toBe(409);
    expect(stale.body.task).toMatchObject({ id: t.id, version: 1, status: 'open' });
    expect(await db('tasks').where('id', t.id).first()).toMatchObject({ status: 'open', version: 1 });
    expect(await db('audit_logs').where({ action_type: 'task.update', entity_id: t.id })).toHaveLength(0);
  });

  it('the change applies only to the task as it was read: a changed column nulled in between (a deleted release or user) writes nothing', async () => {
    const db = server.ctx.db;
    const release = await insertRelease(db, wsId, owner.id, 'Θα διαγραφεί');
    const t = (await create(owner.token, { title: 'Ανάμεσα', press_release_id: release })).body;
    const read = (await repo.readTaskFor(db, t.id, owner.id))!;
    expect(read).toMatchObject({ press_release_id: release, member_role: 'owner', version: 1 });
    // What a release's deletion does to the task: its column nulled, no new version.
    await db('tasks').where('id', t.id).update({ press_release_id: null });
    const audit = { actor_user_id: owner.id, actor_email: null, actor_role: 'client', action_type: 'task.update', entity_type: 'task', entity_id: t.id, metadata: '{}' };
    const lost = await repo.updateTaskReturning(db, t.id, { version: 1, from: { press_release_id: release } }, { press_release_id: null, status: 'done' }, audit, null);
    expect(lost).toBeUndefined();
    expect(await db('tasks').where('id', t.id).first()).toMatchObject({ status: 'open', version: 1 });
    expect(await db('audit_logs').where({ action_type: 'task.update', entity_id: t.id })).toHaveLength(0);
    // Through the API the task is read afresh: the change applies to it as it now is.
    const r = await patch(owner.token, t.id, { version: 1, status: 'done' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ press_release: null, status: 'done', version: 2 });
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
    // In the order they were written: a select without an order may return them either way.
    const audits = await server.ctx.db('audit_logs').where({ action_type: 'task.update', entity_id: t.id }).orderBy('id');
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
