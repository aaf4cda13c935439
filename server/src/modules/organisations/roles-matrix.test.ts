/**
 * Role × action, for what releases.roles.test.ts (releases) and workspaces.test.ts (members,
 * invitations) leave out: the approval rule, the company profile and logo, the newsroom,
 * attachments, versions, approval requests, coverage and reports, invitation resend/revoke,
 * deleting the organisation, tasks and the dictionary. One organisation with one member per
 * role, a member of another organisation and a removed member (was a publisher).
 *
 * What each action allows is shared/organisation-roles.ts; the check is
 * server/src/modules/organisations/access.ts. A caller outside the organisation gets 404; a
 * member whose role lacks the action 403 `role_forbidden`. Routes of the *active* organisation
 * (/profile, /newsroom/settings, /tasks, /client/reports) act for the outsider in their own
 * organisation (never in this one), and answer the removed member, who belongs to none now,
 * 404 `no_organisation`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { addMember, insertRelease, newOrganisation, type OrganisationRole, type TestMember } from '../../test/releases';

let server: TestServer;
let db: Db;
let orgId: string;
let otherOrg: string;
const team = {} as Record<OrganisationRole, TestMember>;
let outsider: TestMember;
let removed: TestMember;

const ROLES: OrganisationRole[] = ['owner', 'admin', 'publisher', 'editor', 'reviewer'];
const WRITERS: OrganisationRole[] = ['owner', 'admin', 'publisher', 'editor'];
const ADMINS: OrganisationRole[] = ['owner', 'admin'];
type Err = { error?: { code: string; message: string } };
type Who = OrganisationRole | 'outsider' | 'removed';
const CALLERS: Who[] = [...ROLES, 'outsider', 'removed'];

const ORG_NAME = 'Αιγαίο Τεχνολογίες';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const api = <T = unknown>(method: string, path: string, token: string, body?: unknown) => call<T & Err>(server.url, method, `/api${path}`, { token, body });
const tokenOf = (who: Who) => (who === 'outsider' ? outsider.token : who === 'removed' ? removed.token : team[who].token);

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

/** The status, and the error code a refusal must carry (role_forbidden for 403). */
function expectAnswer(who: Who, what: string, r: { status: number; body: Err }, want: number, removedCode = 'not_found'): void {
  expect([who, what, r.status], JSON.stringify(r.body)).toEqual([who, what, want]);
  if (want === 403) expect([who, what, r.body.error?.code]).toEqual([who, what, 'role_forbidden']);
  if (want === 404 && who === 'removed') expect([who, what, r.body.error?.code]).toEqual([who, what, removedCode]);
}

function upload(path: string, token: string, data: Buffer, headers: Record<string, string>) {
  return fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: new Uint8Array(data),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as { id?: string; url?: string } & Err }));
}
const attach = (releaseId: string, token: string, name = 'Δελτίο.pdf') =>
  upload(`/releases/${releaseId}/attachments`, token, PDF, { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) });

const orgRow = async () =>
  (await db('organisations').where('id', orgId).first('name', 'approval_required', 'description', 'logo_url', 'newsroom_slug', 'boilerplate')) as Record<
    string,
    unknown
  >;

beforeAll(async () => {
  server = await startTestServer();
  db = server.ctx.db;
  orgId = await newOrganisation(db, { name: ORG_NAME });
  for (const role of ROLES) team[role] = await addMember(server, orgId, role, `${role}@matrix.test`, `Μέλος ${role}`);
  otherOrg = await newOrganisation(db, { name: 'Άλλη εταιρεία' });
  outsider = await addMember(server, otherOrg, 'owner', 'outsider@matrix.test');
  // Was a publisher of the team; removed since (their session is still valid).
  removed = await addMember(server, orgId, 'publisher', 'removed@matrix.test');
  await db('organisation_members').where({ organisation_id: orgId, user_id: removed.id }).delete();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the organisation’s settings', () => {
  it('settings.update: owner and admin set the approval rule; publisher, editor, reviewer 403; outside and removed 404', async () => {
    const want = expectation(200, ADMINS);
    for (const who of CALLERS) {
      const value = who !== 'admin'; // the admin turns it off again, everyone else tries to turn it on
      await db('organisations').where('id', orgId).update({ approval_required: !value });
      const r = await api<{ approval_required: boolean }>('PATCH', `/organisations/${orgId}/settings`, tokenOf(who), { approval_required: value });
      expectAnswer(who, 'settings', r, want[who]);
      expect([who, (await orgRow()).approval_required]).toEqual([who, want[who] === 200 ? value : !value]);
      if (want[who] === 200) expect(r.body.approval_required).toBe(value);
    }
    await db('organisations').where('id', orgId).update({ approval_required: false });
  });

  it('an editor cannot switch the approval rule off: refused, the row unchanged, nothing audited', async () => {
    await db('organisations').where('id', orgId).update({ approval_required: true });
    try {
      const audits = async () => Number((await db('audit_logs').where({ action_type: 'workspace.settings_changed', entity_id: orgId }).count({ n: '*' }).first())!.n);
      const before = await audits();
      const r = await api('PATCH', `/organisations/${orgId}/settings`, team.editor.token, { approval_required: false });
      expect(r.status).toBe(403);
      expect(r.body.error?.code).toBe('role_forbidden');
      expect((await orgRow()).approval_required).toBe(true);
      expect(await audits()).toBe(before);
      // And so the editor's release still needs approval before the publisher may send it.
      const id = await insertRelease(db, orgId, team.editor.id, { title: 'Χωρίς έγκριση όχι' });
      const send = await api('POST', `/releases/${id}/send`, team.publisher.token);
      expect(send.status).toBe(409);
      expect(send.body.error?.code).toBe('approval_required');
    } finally {
      await db('organisations').where('id', orgId).update({ approval_required: false });
    }
  });

  it('settings.update: the company profile (PATCH /profile) of the active organisation: owner and admin; others 403; removed 404', async () => {
    const want = { ...expectation(200, ADMINS), outsider: 200, removed: 404 };
    for (const who of CALLERS) {
      const before = (await orgRow()).description;
      const description = `Περιγραφή από ${who}`;
      const r = await api<{ description?: string }>('PATCH', '/profile', tokenOf(who), { description, website: `https://${who}.example` });
      expectAnswer(who, 'profile', r, want[who], 'no_organisation');
      const after = (await orgRow()).description;
      if (who === 'owner' || who === 'admin') {
        expect(after).toBe(description);
      } else {
        // Refused, or (the outsider) written to their own organisation, never to this one.
        expect([who, after]).toEqual([who, before]);
      }
    }
    const theirs = (await db('organisations').where('id', otherOrg).first('description')) as { description: string };
    expect(theirs.description).toBe('Περιγραφή από outsider');
    // The name and the default category are company fields too.
    const rename = await api('PATCH', '/profile', team.editor.token, { organization: 'Άλλο όνομα', default_category: 'culture' });
    expect(rename.status).toBe(403);
    expect((await orgRow()).name).toBe(ORG_NAME);
    // A member's personal fields are theirs, whatever the role.
    expect((await api('PATCH', '/profile', team.reviewer.token, { name: 'Νέο όνομα αναθεωρητή' })).status).toBe(200);
  });

  it('settings.update: the logo (POST /profile/logo, the active organisation): owner and admin; others 403; removed 404', async () => {
    const want = { ...expectation(201, ADMINS), outsider: 201, removed: 404 };
    for (const who of CALLERS) {
      const before = (await orgRow()).logo_url;
      const r = await upload('/profile/logo', tokenOf(who), PNG, { 'content-type': 'image/png' });
      expectAnswer(who, 'logo', r, want[who], 'no_organisation');
      const after = (await orgRow()).logo_url;
      if (who === 'owner' || who === 'admin') expect(after).toBe(r.body.url);
      else expect([who, after]).toEqual([who, before]);
    }
    expect(((await db('organisations').where('id', otherOrg).first('logo_url')) as { logo_url: string }).logo_url).toMatch(/^\/api\/profile\/logo\//);
  });

  it('newsroom: every member reads the settings (removed 404); newsroom.update saves them: owner and admin, others 403', async () => {
    const body = (slug: string, who: Who) => ({
      newsroom_slug: slug,
      newsroom_enabled: true,
      boilerplate: `Σχετικά, από ${who}`,
      press_contact_name: null,
      press_contact_email: null,
      press_contact_phone: null,
    });
    for (const who of CALLERS) {
      const read = await api<{ newsroom_slug: string | null }>('GET', '/newsroom/settings', tokenOf(who));
      expectAnswer(who, 'newsroom read', read, who === 'removed' ? 404 : 200, 'no_organisation');
      const before = await orgRow();
      const slug = who === 'outsider' ? 'allh-etaireia-matrix' : 'aigaio-matrix';
      const r = await api<{ newsroom_slug: string }>('PUT', '/newsroom/settings', tokenOf(who), body(slug, who));
      const want = { ...expectation(200, ADMINS), outsider: 200, removed: 404 }[who];
      expectAnswer(who, 'newsroom save', r, want, 'no_organisation');
      const after = await orgRow();
      if (who === 'owner' || who === 'admin') {
        expect(after).toMatchObject({ newsroom_slug: 'aigaio-matrix', boilerplate: `Σχετικά, από ${who}` });
      } else {
        expect([who, after.newsroom_slug, after.boilerplate]).toEqual([who, before.newsroom_slug, before.boilerplate]);
      }
    }
    // The slug check is a read: every member may ask.
    expect((await api('GET', '/newsroom/slug-availability?slug=kati-allo', team.reviewer.token)).status).toBe(200);
    expect((await api('GET', '/newsroom/slug-availability?slug=kati-allo', removed.token)).status).toBe(404);
  });
});

describe('a draft’s files, versions and approval', () => {
  it('attachments (write): the writing roles upload and delete; a reviewer 403; outside and removed 404', async () => {
    const id = await insertRelease(db, orgId, team.editor.id, { title: 'Με συνημμένα' });
    const files = async () => (await db('release_attachments').where('press_release_id', id).pluck('id')) as string[];
    for (const who of CALLERS) {
      const want = expectation(201, WRITERS)[who];
      const before = (await files()).length;
      const up = await attach(id, tokenOf(who), `Αρχείο ${who}.pdf`);
      expectAnswer(who, 'upload', up, want);
      expect([who, (await files()).length]).toEqual([who, want === 201 ? before + 1 : before]);

      // A file the editor attached, removed by the caller.
      const mine = await attach(id, team.editor.token, `Για διαγραφή από ${who}.pdf`);
      expect(mine.status).toBe(201);
      const del = await api('DELETE', `/releases/${id}/attachments/${mine.body.id}`, tokenOf(who));
      expectAnswer(who, 'delete', del, want === 201 ? 204 : want);
      expect([who, (await files()).includes(mine.body.id!)]).toEqual([who, want !== 201]);
      // Keep the release under the per-release limit of files.
      await db('release_attachments').where('press_release_id', id).delete();
    }
  });

  it('versions: every member lists them (read); the writing roles save and restore (write); a reviewer 403', async () => {
    const id = await insertRelease(db, orgId, team.editor.id, { title: 'Με εκδόσεις' });
    const saved = await api<{ id: string }>('POST', `/releases/${id}/versions`, team.editor.token, { name: 'Πρώτη' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const versions = async () => Number((await db('release_versions').where('press_release_id', id).count({ n: '*' }).first())!.n);
    for (const who of CALLERS) {
      expectAnswer(who, 'list', await api('GET', `/releases/${id}/versions`, tokenOf(who)), expectation(200, ROLES)[who]);
      const want = expectation(201, WRITERS)[who];
      const before = await versions();
      expectAnswer(who, 'save', await api('POST', `/releases/${id}/versions`, tokenOf(who), { name: `Του ${who}` }), want);
      if (want !== 201) expect([who, await versions()]).toEqual([who, before]);
      const restore = await api('POST', `/releases/${id}/versions/${saved.body.id}/restore`, tokenOf(who));
      expectAnswer(who, 'restore', restore, want === 201 ? 200 : want);
    }
  });

  it('approval request (write): with the rule on an editor asks (201), a reviewer may not (403); outside and removed 404', async () => {
    await db('organisations').where('id', orgId).update({ approval_required: true });
    try {
      for (const who of CALLERS) {
        const id = await insertRelease(db, orgId, team.editor.id, { title: `Για έγκριση ${who}` });
        const r = await api('POST', `/releases/${id}/approval-requests`, tokenOf(who), { note: `Από ${who}` });
        const want = expectation(201, WRITERS)[who];
        expectAnswer(who, 'request', r, want);
        const asked = Number((await db('release_approvals').where('press_release_id', id).count({ n: '*' }).first())!.n);
        expect([who, asked]).toEqual([who, want === 201 ? 1 : 0]);
      }
    } finally {
      await db('organisations').where('id', orgId).update({ approval_required: false });
    }
    // With the rule off there is nothing to ask.
    const id = await insertRelease(db, orgId, team.editor.id, { title: 'Χωρίς κανόνα' });
    const off = await api('POST', `/releases/${id}/approval-requests`, team.editor.token, {});
    expect(off.status).toBe(409);
    expect(off.body.error?.code).toBe('approval_off');
  });
});

describe('coverage and reports', () => {
  it('coverage (write, on a sent release): the writing roles add and remove links; a reviewer 403; every member reads it', async () => {
    const sentAt = new Date(Date.now() - 86_400_000);
    const id = await insertRelease(db, orgId, team.editor.id, { title: 'Σταλμένο', status: 'sent', sent_at: sentAt });
    for (const who of CALLERS) {
      expectAnswer(who, 'read', await api('GET', `/client/reports/${id}/coverage`, tokenOf(who)), expectation(200, ROLES)[who]);
      const url = `https://news.example/${who}`;
      const want = expectation(201, WRITERS)[who];
      const add = await api<{ manualCoverage: string[] }>('POST', `/client/reports/${id}/coverage`, tokenOf(who), { url });
      expectAnswer(who, 'add', add, want);
      if (want === 201) expect(add.body.manualCoverage).toContain(url);
      // A link the editor added, removed by the caller.
      const theirs = `https://news.example/editor-for-${who}`;
      expect((await api('POST', `/client/reports/${id}/coverage`, team.editor.token, { url: theirs })).status).toBe(201);
      const rm = await api<{ manualCoverage: string[] }>('DELETE', `/client/reports/${id}/coverage?url=${encodeURIComponent(theirs)}`, tokenOf(who));
      expectAnswer(who, 'remove', rm, want === 201 ? 200 : want);
      const links = (await api<{ manualCoverage: string[] }>('GET', `/client/reports/${id}/coverage`, team.owner.token)).body.manualCoverage;
      expect([who, links.includes(theirs)]).toEqual([who, want !== 201]);
    }
  });

  it('reports and their exports (read): every member; the outsider sees only their own organisation; removed 404', async () => {
    const title = 'Αναφορά της ομάδας';
    await insertRelease(db, orgId, team.editor.id, { title, status: 'sent', sent_at: new Date(Date.now() - 3_600_000) });
    for (const who of CALLERS) {
      const report = await api<{ rows: { title: string }[] }>('GET', '/client/reports', tokenOf(who));
      expectAnswer(who, 'report', report, who === 'removed' ? 404 : 200, 'no_organisation');
      if (report.status === 200) expect([who, report.body.rows.some((r) => r.title === title)]).toEqual([who, who !== 'outsider']);
      const csv = await fetch(`${server.url}/api/client/reports/export.csv`, { headers: { authorization: `Bearer ${tokenOf(who)}` } });
      expect([who, 'csv', csv.status]).toEqual([who, 'csv', who === 'removed' ? 404 : 200]);
      const text = await csv.text();
      if (csv.status === 200) expect([who, text.includes(title)]).toEqual([who, who !== 'outsider']);
    }
    // The PDF (laid out on the CPU pool): once for the weakest role, once for the removed member.
    const pdf = await fetch(`${server.url}/api/client/reports/export.pdf`, { headers: { authorization: `Bearer ${team.reviewer.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const gone = await fetch(`${server.url}/api/client/reports/export.pdf`, { headers: { authorization: `Bearer ${removed.token}` } });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as Err).error?.code).toBe('no_organisation');
  });
});

describe('invitations and the organisation itself', () => {
  /** A pending invitation of the team, sent by the owner. */
  async function invitation(email: string): Promise<string> {
    const r = await api<{ id: string }>('POST', `/organisations/${orgId}/invitations`, team.owner.token, { email, role: 'editor' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id;
  }
  const statusOf = async (id: string) => ((await db('organisation_invitations').where('id', id).first('status', 'token_hash')) as { status: string; token_hash: string });

  it('members.manage: owner and admin resend and revoke an invitation; publisher, editor, reviewer 403; outside and removed 404', async () => {
    const want = expectation(200, ADMINS);
    for (const who of CALLERS) {
      const id = await invitation(`resend-${who}@matrix.test`);
      const before = await statusOf(id);
      const resend = await api<{ resent: boolean }>('POST', `/invitations/${id}/resend`, tokenOf(who));
      expectAnswer(who, 'resend', resend, want[who]);
      const after = await statusOf(id);
      // Resent: a new link (its hash changes); refused: the old link still stands.
      expect([who, after.token_hash === before.token_hash]).toEqual([who, want[who] !== 200]);

      const other = await invitation(`revoke-${who}@matrix.test`);
      const revoke = await api('DELETE', `/invitations/${other}`, tokenOf(who));
      expectAnswer(who, 'revoke', revoke, want[who] === 200 ? 204 : want[who]);
      expect([who, (await statusOf(other)).status]).toEqual([who, want[who] === 200 ? 'revoked' : 'pending']);
    }
  });

  it('owners.manage: an invitation to become an owner is the owner’s to resend and to revoke; an admin gets 403', async () => {
    const r = await api<{ id: string }>('POST', `/organisations/${orgId}/invitations`, team.owner.token, { email: 'co-owner@matrix.test', role: 'owner' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const resend = await api('POST', `/invitations/${r.body.id}/resend`, team.admin.token);
    expect(resend.status).toBe(403);
    expect(resend.body.error?.code).toBe('role_forbidden');
    // Revoking it takes the owner role back from the one it was given to, as changing an owner's role does.
    const revoke = await api('DELETE', `/invitations/${r.body.id}`, team.admin.token);
    expect(revoke.status).toBe(403);
    expect(revoke.body.error?.code).toBe('role_forbidden');
    expect((await statusOf(r.body.id)).status).toBe('pending');
    expect((await api('DELETE', `/invitations/${r.body.id}`, team.owner.token)).status).toBe(204);
  });

  it('organisation.delete: only the owner, and only with the organisation’s name; the others 403; outside and removed 404', async () => {
    for (const who of CALLERS.filter((w) => w !== 'owner')) {
      const r = await api('DELETE', `/organisations/${orgId}`, tokenOf(who), { name: ORG_NAME });
      expectAnswer(who, 'delete', r, expectation(204, ['owner'])[who]);
    }
    const wrong = await api('DELETE', `/organisations/${orgId}`, team.owner.token, { name: 'Άλλη Εταιρεία' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error?.code).toBe('confirmation_mismatch');
    expect(await db('organisations').where('id', orgId).first('id')).toEqual({ id: orgId });

    // The owner's success, on a throwaway organisation (with an admin, who may not).
    const spare = await newOrganisation(db, { name: 'Προσωρινή' });
    const boss = await addMember(server, spare, 'owner', 'boss@spare.test');
    const admin = await addMember(server, spare, 'admin', 'admin@spare.test');
    expect((await api('DELETE', `/organisations/${spare}`, admin.token, { name: 'Προσωρινή' })).status).toBe(403);
    expect((await api('DELETE', `/organisations/${spare}`, boss.token, { name: 'Προσωρινή' })).status).toBe(204);
    expect(await db('organisations').where('id', spare).first('id')).toBeUndefined();
  });
});

describe('tasks and the dictionary', () => {
  it('tasks: every member reads the board; tasks.write creates and changes a task (reviewer 403); removed 404', async () => {
    const [row] = (await db('tasks').insert({ organisation_id: orgId, title: 'Της ομάδας', created_by: team.owner.id }).returning('id')) as { id: string }[];
    const taskId = row!.id;
    const version = async () => ((await db('tasks').where('id', taskId).first('version')) as { version: number }).version;
    for (const who of CALLERS) {
      const list = await api<{ organisation: { id: string }; tasks: { id: string }[] }>('GET', '/tasks', tokenOf(who));
      expectAnswer(who, 'list', list, who === 'removed' ? 404 : 200, 'no_organisation');
      if (list.status === 200) expect([who, list.body.tasks.some((t) => t.id === taskId)]).toEqual([who, who !== 'outsider']);
      const wantWrite = { ...expectation(201, WRITERS), outsider: 201 }[who];
      const created = await api<{ organisation_id: string }>('POST', '/tasks', tokenOf(who), { title: `Νέα του ${who}` });
      expectAnswer(who, 'create', created, wantWrite, 'no_organisation');
      if (created.status === 201) expect(created.body.organisation_id).toBe(who === 'outsider' ? otherOrg : orgId);
      const patch = await api('PATCH', `/tasks/${taskId}`, tokenOf(who), { version: await version(), title: `Άλλαξε από ${who}` });
      // A task of an organisation the caller is not in: the same 404 as none (code not_found).
      expectAnswer(who, 'update', patch, expectation(200, WRITERS)[who]);
    }
  });

  it('dictionary: every member reads it; words.write adds and removes words (reviewer 403); outside and removed 404', async () => {
    /** Letters only, as the dictionary takes them: one word per caller. */
    const WORDS: Record<Who, string> = { owner: 'Αλφα', admin: 'Βήτα', publisher: 'Γάμμα', editor: 'Δέλτα', reviewer: 'Έψιλον', outsider: 'Ζήτα', removed: 'Ήτα' };
    const words = () => db('organisation_words').where('organisation_id', orgId).pluck('word') as Promise<string[]>;
    for (const who of CALLERS) {
      expectAnswer(who, 'list', await api('GET', `/organisations/${orgId}/dictionary`, tokenOf(who)), expectation(200, ROLES)[who]);
      const word = WORDS[who];
      const want = expectation(201, WRITERS)[who];
      const add = await api<{ id: string }>('POST', `/organisations/${orgId}/dictionary`, tokenOf(who), { word });
      // A word added anew is 201; the same word again would be 200.
      expectAnswer(who, 'add', add, want);
      expect([who, (await words()).includes(word)]).toEqual([who, want === 201]);
      const [w] = (await db('organisation_words')
        .insert({ organisation_id: orgId, word: `Σβήσιμο-${WORDS[who]}`, created_by: team.owner.id })
        .returning('id')) as { id: string }[];
      const rm = await api('DELETE', `/organisations/${orgId}/dictionary/${w!.id}`, tokenOf(who));
      expectAnswer(who, 'remove', rm, want === 201 ? 204 : want);
      expect([who, (await words()).includes(`Σβήσιμο-${WORDS[who]}`)]).toEqual([who, want !== 201]);
    }
  });

  it('the removed member reaches nothing of the organisation any more (404 everywhere)', async () => {
    const id = await insertRelease(db, orgId, team.editor.id, { title: 'Μετά την αφαίρεση' });
    const paths: [string, string, unknown?][] = [
      ['GET', '/tasks'],
      ['GET', '/newsroom/settings'],
      ['GET', '/client/reports'],
      ['GET', `/organisations/${orgId}/dictionary`],
      ['GET', `/organisations/${orgId}/members`],
      ['GET', `/releases/${id}`],
      ['GET', `/releases/${id}/versions`],
      ['GET', `/releases/${id}/attachments`],
      ['GET', `/releases/${id}/approval`],
      ['GET', `/client/reports/${id}/coverage`],
    ];
    for (const [method, path, body] of paths) {
      const r = await api(method, path, removed.token, body);
      expect([path, r.status]).toEqual([path, 404]);
    }
    // Nothing they asked for was written.
    expect(await db('tasks').where('created_by', removed.id).first('id')).toBeUndefined();
    expect(await db('organisation_words').where('created_by', removed.id).first('id')).toBeUndefined();
  });
});

describe('deleting a release that is no longer a draft', () => {
  // 'write' is «delete a draft» (shared/organisation-roles.ts); taking a scheduled release off
  // the schedule is 'schedule', and a sent one is the publishers' too (its copy leaves the newsroom).
  const statusOf = async (id: string) => ((await db('press_releases').where('id', id).first('status')) as { status: string } | undefined)?.status;

  it('a scheduled release: an editor may not delete it (that would unschedule it, which needs schedule); a publisher may', async () => {
    const at = new Date(Date.now() + 86_400_000);
    const id = await insertRelease(db, orgId, team.editor.id, { title: 'Προγραμματισμένο', status: 'scheduled', scheduled_at: at });
    const r = await api('DELETE', `/releases/${id}`, team.editor.token);
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.error?.code).toBe('role_forbidden');
    expect(await statusOf(id)).toBe('scheduled');
    // The unschedule button says the same.
    expect((await api('POST', `/releases/${id}/unschedule`, team.editor.token)).status).toBe(403);
    expect((await api('DELETE', `/releases/${id}`, team.publisher.token)).status).toBe(200);
    expect(await statusOf(id)).toBeUndefined();
  });

  it('a sent release: an editor may not archive it (withdraw it from the newsroom); a publisher may', async () => {
    const id = await insertRelease(db, orgId, team.editor.id, { title: 'Σταλμένο, προς αρχειοθέτηση', status: 'sent', sent_at: new Date(Date.now() - 3_600_000) });
    const r = await api('DELETE', `/releases/${id}`, team.editor.token);
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(r.body.error?.code).toBe('role_forbidden');
    expect(await statusOf(id)).toBe('sent');
    expect((await api('DELETE', `/releases/${id}`, team.publisher.token)).status).toBe(200);
    expect(await statusOf(id)).toBe('archived');
  });
});
