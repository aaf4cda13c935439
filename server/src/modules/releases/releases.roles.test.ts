/**
 * Releases belong to an organisation: every member reaches them with what their role allows
 * (shared/organisation-roles.ts), anyone else gets 404. Per role and action: create, read,
 * edit (the live document), send, schedule, approve, delete — allowed, 403 `role_forbidden`, 404.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../../shared/schemas/approvals';
import type { ReleaseDetail, ReleaseListResponse } from '../../../../shared/schemas/releases';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { openEditor, setParagraphs, until, type TestEditor } from '../../test/collab-client';
import { call } from '../../test/http';
import { addMember, insertRelease, newOrganisation, type OrganisationRole, type TestMember } from '../../test/releases';

let server: TestServer;
let db: Db;
let orgId: string;
const team = {} as Record<OrganisationRole, TestMember>;
let outsider: TestMember;
let removed: TestMember;
const editors: TestEditor[] = [];

const ROLES: OrganisationRole[] = ['owner', 'admin', 'publisher', 'editor', 'reviewer'];
type Err = { error: { code: string; message: string } };
type Who = OrganisationRole | 'outsider' | 'removed';

const api = <T = unknown>(method: string, path: string, token: string, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });
const tokenOf = (who: Who) => (who === 'outsider' ? outsider.token : who === 'removed' ? removed.token : team[who].token);
const release = (values: Record<string, unknown> = {}) => insertRelease(db, orgId, team.editor.id, values);
const statusOf = async (id: string) => ((await db('press_releases').where('id', id).first('status')) as { status: string } | undefined)?.status;

/** Expected HTTP status per caller: `ok` for the roles listed, 403 for the other members, 404 outside. */
const expectation = (ok: number, roles: OrganisationRole[]): Record<Who, number> => ({
  owner: roles.includes('owner') ? ok : 403,
  admin: roles.includes('admin') ? ok : 403,
  publisher: roles.includes('publisher') ? ok : 403,
  editor: roles.includes('editor') ? ok : 403,
  reviewer: roles.includes('reviewer') ? ok : 403,
  outsider: 404,
  removed: 404,
});
const CALLERS: Who[] = [...ROLES, 'outsider', 'removed'];

beforeAll(async () => {
  server = await startTestServer();
  // The render thread starts (seconds under tsx) while the team is made: no test times it.
  const warm = server.ctx.collab.warm();
  db = server.ctx.db;
  orgId = await newOrganisation(db, { name: 'Αιγαίο Τεχνολογίες' });
  for (const role of ROLES) team[role] = await addMember(server, orgId, role, `${role}@roles.test`, `Μέλος ${role}`);
  const otherOrg = await newOrganisation(db, { name: 'Άλλη εταιρεία' });
  outsider = await addMember(server, otherOrg, 'owner', 'outsider@roles.test');
  // Was an editor of the team; removed since (their session is still valid).
  removed = await addMember(server, orgId, 'editor', 'removed@roles.test');
  await db('organisation_members').where({ organisation_id: orgId, user_id: removed.id }).delete();
  await warm;
}, 60_000);

afterAll(async () => {
  for (const e of editors) e.provider.destroy();
  await server?.stop();
});

describe('per role and action', () => {
  it('create: the writing roles create in their active organisation as the author; a reviewer may not', async () => {
    await db('organisations').where('id', orgId).update({ default_category: 'culture' });
    for (const who of ROLES) {
      const r = await api<{ id: string } & Err>('POST', '/releases', team[who].token, { title: `Του ${who}` });
      if (who === 'reviewer') {
        expect(r.status).toBe(403);
        expect(r.body.error.code).toBe('role_forbidden');
        continue;
      }
      expect(r.status, who).toBe(201);
      const row = (await db('press_releases').where('id', r.body.id).first('organisation_id', 'author_id', 'category')) as Record<string, unknown>;
      // The organisation's default category is ticked.
      expect(row).toEqual({ organisation_id: orgId, author_id: team[who].id, category: 'culture' });
    }
    // Someone of another organisation creates in theirs, never in this one.
    const o = await api<{ id: string }>('POST', '/releases', outsider.token, { title: 'Ξένο' });
    expect(((await db('press_releases').where('id', o.body.id).first('organisation_id')) as { organisation_id: string }).organisation_id).toBe(outsider.organisationId);
    // Removed from their only organisation: nowhere to create.
    expect((await api('POST', '/releases', removed.token, { title: 'Χωρίς οργανισμό' })).status).toBe(404);
  });

  it("read: every member opens a colleague's release with their role; anyone else gets 404", async () => {
    const id = await release({ title: 'Του συντάκτη' });
    for (const who of CALLERS) {
      const r = await api<ReleaseDetail>('GET', `/releases/${id}`, tokenOf(who));
      expect(r.status, who).toBe(expectation(200, ROLES)[who]);
      if (r.status === 200) {
        expect(r.body.my_role).toBe(who);
        expect(r.body.author).toEqual({ id: team.editor.id, name: 'Μέλος editor' });
      }
      expect((await api('GET', `/releases/${id}/state`, tokenOf(who))).status, who).toBe(expectation(200, ROLES)[who]);
      expect((await api('GET', `/releases/${id}/versions`, tokenOf(who))).status, who).toBe(expectation(200, ROLES)[who]);
      expect((await api('GET', `/releases/${id}/attachments`, tokenOf(who))).status, who).toBe(expectation(200, ROLES)[who]);
      expect((await api('GET', `/releases/${id}/approval`, tokenOf(who))).status, who).toBe(expectation(200, ROLES)[who]);
    }
  });

  it('edit: a writing role changes the live document; a reviewer only suggests, a plain change is refused (4422); others get no ticket', async () => {
    const id = await release({ title: 'Κοινό κείμενο' });
    for (const who of ['owner', 'admin', 'publisher', 'editor'] as const) {
      const e = await openEditor(server.url, team[who].token, id);
      editors.push(e);
      await e.synced;
      setParagraphs(e.doc, [`Γραμμένο από ${who}.`]);
      await until(async () => ((await db('press_releases').where('id', id).first('content_text')) as { content_text: string }).content_text.includes(`από ${who}`));
      e.provider.destroy();
    }
    // The reviewer syncs the document (reads it) but a change that is not a suggestion of their own closes the connection, unapplied.
    const rv = await openEditor(server.url, team.reviewer.token, id);
    editors.push(rv);
    await rv.synced;
    expect(JSON.stringify(rv.doc.getXmlFragment('default').toJSON())).toContain('Γραμμένο από editor.');
    const closed = new Promise<number>((resolve) => rv.provider.on('connection-close', (ev: { code?: number } | null) => resolve(ev?.code ?? 0)));
    setParagraphs(rv.doc, ['Αλλαγή του αναθεωρητή.']);
    expect(await closed).toBe(4422);
    rv.provider.destroy();
    // The server's copy lacks it (a document being unloaded is reopened only once it is stored),
    // and storing what it holds pending now (as its timer would ~0.5 s later) leaves the row without it.
    const check = await openEditor(server.url, team.editor.token, id);
    editors.push(check);
    await check.synced;
    expect(JSON.stringify(check.doc.getXmlFragment('default').toJSON())).not.toContain('αναθεωρητή');
    await server.ctx.collab.flushRelease(id);
    check.provider.destroy();
    expect(((await db('press_releases').where('id', id).first('content_text')) as { content_text: string }).content_text).not.toContain('αναθεωρητή');
    for (const who of ['outsider', 'removed'] as const) {
      expect((await api('POST', '/collab/tickets', tokenOf(who), { releaseId: id })).status, who).toBe(404);
    }
    // Saving a version, attaching a file, asking for approval are writing too.
    expect((await api<Err>('POST', `/releases/${id}/versions`, team.reviewer.token, { name: 'Όχι' })).body.error.code).toBe('role_forbidden');
    expect((await api('POST', `/releases/${id}/versions`, team.editor.token, { name: 'Ναι' })).status).toBe(201);
    expect((await api('POST', `/releases/${id}/save`, team.reviewer.token)).status).toBe(403);
    expect((await api('POST', `/releases/${id}/duplicate`, team.reviewer.token)).status).toBe(403);
    expect((await api('POST', `/releases/${id}/duplicate`, outsider.token)).status).toBe(404);
    const copy = await api<ReleaseDetail>('POST', `/releases/${id}/duplicate`, team.publisher.token);
    expect(copy.status).toBe(201);
    expect(copy.body.organisation_id).toBe(orgId);
    expect(copy.body.author?.id).toBe(team.publisher.id);
  });

  it("a member's open editor only suggests when their role stops writing, and closes when they are removed", async () => {
    const id = await release({ title: 'Αλλαγή ρόλου' });
    const m = await addMember(server, orgId, 'editor', 'demoted@roles.test');
    const e = await openEditor(server.url, m.token, id);
    editors.push(e);
    await e.synced;
    await db('organisation_members').where({ organisation_id: orgId, user_id: m.id }).update({ role: 'reviewer' });
    await server.ctx.collab.recheckAccess(m.id);
    const closed = new Promise<number>((resolve) => e.provider.on('connection-close', (ev: { code?: number } | null) => resolve(ev?.code ?? 0)));
    setParagraphs(e.doc, ['Μετά τον υποβιβασμό.']);
    expect(await closed).toBe(4422);
    e.provider.destroy();

    const again = await openEditor(server.url, m.token, id);
    editors.push(again);
    await again.synced;
    const gone = new Promise<number>((resolve) => again.provider.on('connection-close', (ev: { code?: number } | null) => resolve(ev?.code ?? 0)));
    await db('organisation_members').where({ organisation_id: orgId, user_id: m.id }).delete();
    await server.ctx.collab.recheckAccess(m.id);
    expect(await gone).toBe(4403);
    again.provider.destroy();
  });

  it('send: owner, admin and publisher send; an editor and a reviewer never (403), even with the approval rule off', async () => {
    for (const who of CALLERS) {
      const id = await release({ title: `Αποστολή ${who}` });
      const r = await api<Err>('POST', `/releases/${id}/send`, tokenOf(who));
      const want = expectation(200, ['owner', 'admin', 'publisher'])[who];
      expect(r.status, `${who}: ${JSON.stringify(r.body)}`).toBe(want);
      if (want === 403) expect(r.body.error.code).toBe('role_forbidden');
      expect(await statusOf(id)).toBe(want === 200 ? 'sent' : 'draft');
    }
  });

  it('schedule and unschedule: only the roles that schedule', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString();
    for (const who of CALLERS) {
      const id = await release({ title: `Προγραμματισμός ${who}` });
      const r = await api<Err>('POST', `/releases/${id}/schedule`, tokenOf(who), { scheduledAt: at });
      const want = expectation(200, ['owner', 'admin', 'publisher'])[who];
      expect(r.status, `${who}: ${JSON.stringify(r.body)}`).toBe(want);
      if (want === 403) expect(r.body.error.code).toBe('role_forbidden');
      expect(await statusOf(id)).toBe(want === 200 ? 'scheduled' : 'draft');
    }
    const id = await release({ title: 'Ακύρωση προγραμματισμού', status: 'draft' });
    expect((await api('POST', `/releases/${id}/schedule`, team.publisher.token, { scheduledAt: at })).status).toBe(200);
    expect((await api('POST', `/releases/${id}/unschedule`, team.editor.token)).status).toBe(403);
    expect((await api('POST', `/releases/${id}/unschedule`, outsider.token)).status).toBe(404);
    expect((await api('POST', `/releases/${id}/unschedule`, team.admin.token)).status).toBe(200);
  });

  it('delete: the writing roles delete a draft; a reviewer may not; others get 404', async () => {
    for (const who of CALLERS) {
      const id = await release({ title: `Διαγραφή ${who}` });
      const r = await api('DELETE', `/releases/${id}`, tokenOf(who));
      const want = expectation(200, ['owner', 'admin', 'publisher', 'editor'])[who];
      expect(r.status, who).toBe(want);
      expect(await statusOf(id)).toBe(want === 200 ? undefined : 'draft');
    }
  });
});

describe('the approval rule of the organisation', () => {
  it("applies to a colleague's release: nobody sends it unapproved; the roles that approve decide, the others may not", async () => {
    await db('organisations').where('id', orgId).update({ approval_required: true });
    try {
      const id = await release({ title: 'Δελτίο συναδέλφου' });
      const w = await openEditor(server.url, team.editor.token, id);
      editors.push(w);
      await w.synced;
      setParagraphs(w.doc, ['Το κείμενο της συναδέλφου.']);
      await until(async () => ((await db('press_releases').where('id', id).first('content_text')) as { content_text: string }).content_text.includes('συναδέλφου'));

      // The publisher (who may send) cannot send the editor's release without approval.
      const refused = await api<Err>('POST', `/releases/${id}/send`, team.publisher.token);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('approval_required');
      const sched = await api<Err>('POST', `/releases/${id}/schedule`, team.owner.token, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
      expect(sched.body.error.code).toBe('approval_required');

      // The editor asks; the request reaches the members who approve (in the app) and the organisation's room.
      const broadcast = vi.spyOn(server.ctx.realtime, 'broadcast');
      const req = await api<Approval>('POST', `/releases/${id}/approval-requests`, team.editor.token, { note: 'Παρακαλώ' });
      expect(req.status).toBe(201);
      expect(broadcast).toHaveBeenCalledWith(`organisation:${orgId}`, 'approvals:changed', expect.objectContaining({ releaseId: id, status: 'pending' }));
      broadcast.mockRestore();
      const told = ((await db('notifications').where('kind', 'approval.requested').whereRaw("data->>'releaseId' = ?", [id]).select('user_id')) as { user_id: string }[])
        .map((n) => n.user_id)
        .sort();
      expect(told).toEqual([team.owner.id, team.admin.id, team.publisher.id].sort());
      // The approvers' queue (their active organisation) lists it; the editor's lists it as theirs.
      const queue = await api<{ pending: Approval[] }>('GET', '/approvals', team.publisher.token);
      expect(queue.body.pending.map((a) => a.releaseId)).toContain(id);
      expect((await api<{ pending: number }>('GET', '/approvals/count', team.editor.token)).body.pending).toBe(0);
      expect((await api<{ pending: Approval[] }>('GET', '/approvals', outsider.token)).body.pending).toEqual([]);

      const decide = (who: Who) => api<Err>('POST', `/approvals/${req.body.id}/decision`, tokenOf(who), { decision: 'approve', versionId: req.body.versionId });
      for (const who of ['editor', 'reviewer'] as const) {
        const r = await decide(who);
        expect(r.status, who).toBe(403);
        expect(r.body.error.code).toBe('role_forbidden');
      }
      expect((await decide('outsider')).status).toBe(404);
      expect((await decide('removed')).status).toBe(404);
      expect((await decide('admin')).status).toBe(200);

      // Approved, exactly this text: the publisher sends it; the editor still may not.
      expect((await api<Err>('POST', `/releases/${id}/send`, team.editor.token)).body.error.code).toBe('role_forbidden');
      const sent = await api('POST', `/releases/${id}/send`, team.publisher.token);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(await statusOf(id)).toBe('sent');
    } finally {
      await db('organisations').where('id', orgId).update({ approval_required: false });
    }
  });

  it('the roles that approve: owner, admin and publisher decide (each on a request of someone else)', async () => {
    await db('organisations').where('id', orgId).update({ approval_required: true });
    try {
      for (const who of ['owner', 'publisher'] as const) {
        const id = await release({ title: `Έγκριση από ${who}` });
        const req = await api<Approval>('POST', `/releases/${id}/approval-requests`, team.editor.token, {});
        expect(req.status).toBe(201);
        const r = await api('POST', `/approvals/${req.body.id}/decision`, tokenOf(who), { decision: 'reject', versionId: req.body.versionId, comment: 'Όχι ακόμη' });
        expect(r.status, who).toBe(200);
      }
    } finally {
      await db('organisations').where('id', orgId).update({ approval_required: false });
    }
  });
});

describe('the organisation’s list', () => {
  it("shows every member's releases with author and co-editors; «mine» keeps what I wrote or edited; outsiders see none", async () => {
    const org = await newOrganisation(db, { name: 'Λίστα' });
    const owner = await addMember(server, org, 'owner', 'owner@list.test', 'Ελένη');
    const colleague = await addMember(server, org, 'editor', 'colleague@list.test', 'Νίκος');
    const hers = await insertRelease(db, org, owner.id, { title: 'Της Ελένης', created_at: new Date(Date.now() - 60_000) });
    const his = await insertRelease(db, org, colleague.id, { title: 'Του Νίκου' });
    // Eleni edited Nikos's release (a version records who edited).
    await db('release_edit_marks').insert({ press_release_id: his, author_ids: [owner.id, colleague.id] });

    const all = await api<ReleaseListResponse>('GET', '/releases', owner.token);
    expect(all.status).toBe(200);
    expect(all.body.items.map((i) => i.id)).toEqual([his, hers]);
    expect(all.body.items[0]).toMatchObject({ author: { id: colleague.id, name: 'Νίκος' }, co_editors: [{ id: owner.id, name: 'Ελένη' }] });
    expect(all.body.items[1]).toMatchObject({ author: { id: owner.id, name: 'Ελένη' }, co_editors: [] });
    expect((await api<ReleaseListResponse>('GET', '/releases', colleague.token)).body.items.map((i) => i.id)).toEqual([his, hers]);

    const mineOfNikos = await api<ReleaseListResponse>('GET', '/releases?mine=true', colleague.token);
    expect(mineOfNikos.body.items.map((i) => i.id)).toEqual([his]);
    expect(mineOfNikos.body.totalAll).toBe(1);
    expect((await api<ReleaseListResponse>('GET', '/releases?mine=true', owner.token)).body.items.map((i) => i.id)).toEqual([his, hers]);
    expect((await api('GET', '/releases?mine=maybe', owner.token)).status).toBe(400);
    expect((await api<ReleaseListResponse>('GET', '/releases', outsider.token)).body.items.map((i) => i.id)).not.toContain(his);
  });

  it("a colleague's new release is announced to the whole organisation's room", async () => {
    const broadcast = vi.spyOn(server.ctx.realtime, 'broadcast');
    const r = await api<{ id: string }>('POST', '/releases', team.editor.token, { title: 'Νέο της ομάδας' });
    expect(broadcast).toHaveBeenCalledWith(`organisation:${orgId}`, 'releases:changed', { releaseId: r.body.id, reason: 'created' });
    broadcast.mockClear();
    await api('DELETE', `/releases/${r.body.id}`, team.editor.token);
    expect(broadcast).toHaveBeenCalledWith(`organisation:${orgId}`, 'releases:changed', { releaseId: r.body.id, reason: 'deleted' });
    broadcast.mockRestore();
  });

  it("deleting a user keeps the organisation's releases (their author becomes unknown)", async () => {
    const leaving = await addMember(server, orgId, 'editor', 'leaving@roles.test');
    const id = await insertRelease(db, orgId, leaving.id, { title: 'Μένει στον οργανισμό' });
    await db('users').where('id', leaving.id).delete();
    expect(await db('press_releases').where('id', id).first('organisation_id', 'author_id')).toEqual({ organisation_id: orgId, author_id: null });
    const r = await api<ReleaseDetail>('GET', `/releases/${id}`, team.owner.token);
    expect(r.status).toBe(200);
    expect(r.body.author).toBeNull();
  });
});
