import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUsersPage } from '../../../../shared/schemas/admin';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';

let server: TestServer;
let saToken: string;
let saId: string;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  const { id } = await signUp(server.url, 'root@admin.test', 'client');
  await server.ctx.db('profiles').where('user_id', id).update({ role: 'superadmin', status: 'approved' });
  saId = id;
  saToken = (await signIn(server.url, 'root@admin.test', 'Thalassa-2026', server.config.superadminLoginPath)).access_token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** A fresh user in the given state. */
async function user(state: { status?: string; is_active?: boolean; role?: string } = {}) {
  const email = `u${++n}@admin.test`;
  const { id } = await signUp(server.url, email, 'client');
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'pending', ...state });
  return { id, email };
}

const act = (id: string, body: unknown, token = saToken) =>
  call<AdminUser & { error?: { code: string } }>(server.url, 'POST', `/api/admin/users/${id}/actions`, { token, body });
const audits = (id: string) => server.ctx.db('audit_logs').where('entity_id', id).orderBy('id');

describe('user transitions', () => {
  const allowed: [string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, string][] = [
    ['approve', { status: 'pending' }, { action: 'approve' }, { status: 'approved' }, 'user.approve'],
    ['reject', { status: 'pending' }, { action: 'reject' }, { status: 'rejected' }, 'user.reject'],
    ['ban a pending user', { status: 'pending' }, { action: 'ban' }, { status: 'banned' }, 'user.ban'],
    ['ban an approved user', { status: 'approved' }, { action: 'ban' }, { status: 'banned' }, 'user.ban'],
    ['ban a rejected user', { status: 'rejected' }, { action: 'ban' }, { status: 'banned' }, 'user.ban'],
    ['unban', { status: 'banned' }, { action: 'unban' }, { status: 'approved' }, 'user.unban'],
    ['deactivate', { status: 'approved' }, { action: 'deactivate' }, { is_active: false, status: 'approved' }, 'user.deactivate'],
    ['activate', { status: 'rejected', is_active: false }, { action: 'activate' }, { is_active: true, status: 'rejected' }, 'user.activate'],
    ['client to media', { status: 'pending' }, { action: 'role_change', role: 'media' }, { role: 'media', status: 'approved' }, 'user.role_change'],
    ['media to client', { status: 'approved', role: 'media' }, { action: 'role_change', role: 'client' }, { role: 'client', status: 'approved' }, 'user.role_change'],
  ];
  for (const [name, start, body, expected, action] of allowed) {
    it(`allows: ${name}, with its audit row`, async () => {
      const u = await user(start);
      const r = await act(u.id, body);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject(expected);
      const row = await server.ctx.db('profiles').where('user_id', u.id).first();
      expect(row).toMatchObject(expected);
      const rows = await audits(u.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action_type: action,
        actor_user_id: saId,
        actor_email: 'root@admin.test',
        actor_role: 'superadmin',
        entity_type: 'user',
        metadata: expect.objectContaining({ email: u.email }) as unknown,
      });
    });
  }

  const refused: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
    ['approve an approved user', { status: 'approved' }, { action: 'approve' }, 'not_pending'],
    ['approve a rejected user', { status: 'rejected' }, { action: 'approve' }, 'not_pending'],
    ['reject an approved user', { status: 'approved' }, { action: 'reject' }, 'not_pending'],
    ['reject a banned user', { status: 'banned' }, { action: 'reject' }, 'not_pending'],
    ['ban a banned user', { status: 'banned' }, { action: 'ban' }, 'already_banned'],
    ['unban a user who is not banned', { status: 'approved' }, { action: 'unban' }, 'not_banned'],
    ['activate an active user', { status: 'approved' }, { action: 'activate' }, 'already_active'],
    ['deactivate an inactive user', { status: 'approved', is_active: false }, { action: 'deactivate' }, 'already_inactive'],
    ['change the role of a superadmin', { status: 'approved', role: 'superadmin' }, { action: 'role_change', role: 'client' }, 'superadmin_role_locked'],
    ['change to the same role', { status: 'approved' }, { action: 'role_change', role: 'client' }, 'same_role'],
  ];
  for (const [name, start, body, code] of refused) {
    it(`refuses: ${name} (409 ${code}, nothing changed, no audit row)`, async () => {
      const u = await user(start);
      const before = await server.ctx.db('profiles').where('user_id', u.id).first();
      const r = await act(u.id, body);
      expect(r.status).toBe(409);
      expect(r.body.error?.code).toBe(code);
      const after = await server.ctx.db('profiles').where('user_id', u.id).first();
      expect(after).toMatchObject({ status: before.status, role: before.role, is_active: before.is_active });
      expect(await audits(u.id)).toHaveLength(0);
    });
  }

  it('approval e-mails the user, as the sign-up confirmation promised (one approval, bulk too); a rejection does not', async () => {
    const mails = (email: string) => server.ctx.db('mail_outbox').where('to_email', email).where('subject', 'like', 'Ο λογαριασμός σας εγκρίθηκε%');
    const one = await user();
    const other = await user();
    const rejected = await user();
    await act(one.id, { action: 'approve' });
    await act(rejected.id, { action: 'reject' });
    await call(server.url, 'POST', '/api/admin/users/bulk-approve', { token: saToken, body: { ids: [other.id] } });
    expect(await mails(one.email)).toHaveLength(1);
    expect(await mails(other.email)).toHaveLength(1);
    expect(await mails(rejected.email)).toHaveLength(0);
    const [mail] = (await mails(one.email)) as { text: string }[];
    expect(mail!.text).toContain('Μπορείτε πλέον να στέλνετε δελτία τύπου');
  });

  it('refuses actions on your own account', async () => {
    const r = await act(saId, { action: 'deactivate' });
    expect(r.status).toBe(409);
    expect(r.body.error?.code).toBe('cannot_modify_self');
  });

  it('answers 404 for an unknown user and 400 naming the field for bad input', async () => {
    expect((await act('00000000-0000-4000-8000-000000000009', { action: 'approve' })).status).toBe(404);
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', '/api/admin/users/not-a-uuid/actions', {
      token: saToken,
      body: { action: 'approve' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('id');
    const u = await user();
    const noRole = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', `/api/admin/users/${u.id}/actions`, {
      token: saToken,
      body: { action: 'role_change' },
    });
    expect(noRole.status).toBe(400);
    expect(noRole.body.error.fields).toHaveProperty('role');
    const badAction = await act(u.id, { action: 'delete' });
    expect(badAction.status).toBe(400);
  });

  it('ban ends the user sessions at once (their token stops working)', async () => {
    const u = await user({ status: 'approved' });
    const s = await signIn(server.url, u.email);
    expect((await call(server.url, 'GET', '/api/profile', { token: s.access_token })).status).toBe(200);
    expect((await act(u.id, { action: 'ban' })).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/profile', { token: s.access_token })).status).toBe(401);
    const sessions = await server.ctx.db('auth_sessions').where('user_id', u.id);
    expect(sessions.every((x: { revoked_at: Date | null; revoked_reason: string }) => x.revoked_at && x.revoked_reason === 'banned')).toBe(true);
    const refresh = await call(server.url, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: s.refresh_token } });
    expect(refresh.status).not.toBe(200);
  });

  it('deactivate ends the user sessions too', async () => {
    const u = await user({ status: 'approved' });
    const s = await signIn(server.url, u.email);
    expect((await act(u.id, { action: 'deactivate' })).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/profile', { token: s.access_token })).status).toBe(401);
    const [audit] = await audits(u.id);
    expect(audit.metadata).toMatchObject({ is_active: { from: true, to: false }, sessions_revoked: 1 });
  });

  it('rolls the audit row back with a failed change (same transaction)', async () => {
    const u = await user();
    // A deferred trigger fails at COMMIT, after the audit row was written: both must roll back together.
    await server.ctx.db.raw(`
      create or replace function fail_profile_update() returns trigger language plpgsql as $$
      begin raise exception 'boom'; end $$`);
    await server.ctx.db.raw(
      `create constraint trigger fail_profile_update after update on profiles deferrable initially deferred for each row when (new.user_id = '${u.id}') execute function fail_profile_update()`,
    );
    try {
      const r = await act(u.id, { action: 'approve' });
      expect(r.status).toBe(500);
    } finally {
      await server.ctx.db.raw('drop trigger fail_profile_update on profiles');
    }
    expect(await audits(u.id)).toHaveLength(0);
    expect((await server.ctx.db('profiles').where('user_id', u.id).first()).status).toBe('pending');
  });
});

describe('bulk approve', () => {
  it('approves the pending ones, skips the others, one audit row each', async () => {
    const a = await user();
    const b = await user();
    const c = await user({ status: 'banned' });
    const r = await call<{ approved: number; skipped: number }>(server.url, 'POST', '/api/admin/users/bulk-approve', {
      token: saToken,
      body: { ids: [a.id, b.id, c.id] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ approved: 2, skipped: 1 });
    for (const x of [a, b]) {
      expect((await server.ctx.db('profiles').where('user_id', x.id).first()).status).toBe('approved');
      expect(await audits(x.id)).toMatchObject([{ action_type: 'user.approve', metadata: { bulk: true } }]);
    }
    expect((await server.ctx.db('profiles').where('user_id', c.id).first()).status).toBe('banned');
    expect(await audits(c.id)).toHaveLength(0);
  });

  it('needs at least one id', async () => {
    const r = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', '/api/admin/users/bulk-approve', {
      token: saToken,
      body: { ids: [] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toHaveProperty('ids');
  });
});

describe('user list', () => {
  it('searches name, e-mail and organization, filters role and status, 10 per page, newest first', async () => {
    for (let i = 0; i < 12; i++) {
      const email = `zeta${i}@search.test`;
      const { id } = await signUp(server.url, email, i % 2 ? 'media' : 'client');
      await server.ctx.db('profiles').where('user_id', id).update({
        organization: i === 3 ? 'Ωμέγα Α.Ε.' : 'Org',
        is_active: i !== 5,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const get = (qs: string) => call<AdminUsersPage>(server.url, 'GET', `/api/admin/users?${qs}`, { token: saToken });
    const p1 = await get('q=zeta');
    expect(p1.status).toBe(200);
    expect(p1.body.total).toBe(12);
    expect(p1.body.items).toHaveLength(10);
    expect(p1.body.items[0]!.email).toBe('zeta11@search.test');
    const p2 = await get('q=ZETA&page=2');
    expect(p2.body.items.map((u) => u.email)).toEqual(['zeta1@search.test', 'zeta0@search.test']);
    expect((await get('q=ωμέγα')).body.items.map((u) => u.email)).toEqual(['zeta3@search.test']);
    expect((await get('q=zeta&role=media')).body.total).toBe(6);
    expect((await get('q=zeta&status=inactive')).body.items.map((u) => u.email)).toEqual(['zeta5@search.test']);
    expect((await get('q=100%25')).body.total).toBe(0);
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'GET', '/api/admin/users?status=nope&page=0', { token: saToken });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['page', 'status']);
  });

  it('exports CSV named with the date', async () => {
    const res = await fetch(`${server.url}/api/admin/users/export?q=zeta`, { headers: { authorization: `Bearer ${saToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('user_id,name,email');
    expect(lines).toHaveLength(13);
  });
});

describe('the superadmin approves organisations', () => {
  const ownedOrg = async (id: string) =>
    (await server.ctx
      .db('organisation_members as m')
      .join('organisations as o', 'o.id', 'm.organisation_id')
      .where({ 'm.user_id': id, 'm.role': 'owner' })
      .first('o.id', 'o.status', 'o.name')) as { id: string; status: string; name: string };

  it('approving a company’s owner approves its pending organisation; rejecting rejects it; bulk approval too', async () => {
    const approved = await user();
    await server.ctx.db('organisations').where('id', (await ownedOrg(approved.id)).id).update({ status: 'pending' });
    expect((await act(approved.id, { action: 'approve' })).status).toBe(200);
    expect((await ownedOrg(approved.id)).status).toBe('approved');

    const rejected = await user();
    await server.ctx.db('organisations').where('id', (await ownedOrg(rejected.id)).id).update({ status: 'pending' });
    expect((await act(rejected.id, { action: 'reject' })).status).toBe(200);
    expect((await ownedOrg(rejected.id)).status).toBe('rejected');

    const bulk = await user();
    await server.ctx.db('organisations').where('id', (await ownedOrg(bulk.id)).id).update({ status: 'pending' });
    const r = await call(server.url, 'POST', '/api/admin/users/bulk-approve', { token: saToken, body: { ids: [bulk.id] } });
    expect(r.status).toBe(200);
    expect((await ownedOrg(bulk.id)).status).toBe('approved');
  });

  it('an invited member of the organisation is no owner: approving or banning them leaves the organisation as it is', async () => {
    const owner = await user({ status: 'approved' });
    const org = await ownedOrg(owner.id);
    await server.ctx.db('organisations').where('id', org.id).update({ status: 'approved' });
    const invited = await user();
    await server.ctx.db('organisation_members').insert({ organisation_id: org.id, user_id: invited.id, role: 'editor' });
    expect((await act(invited.id, { action: 'ban' })).status).toBe(200);
    expect((await ownedOrg(owner.id)).status).toBe('approved');
    // Bans act on the person.
    expect((await server.ctx.db('profiles').where('user_id', invited.id).first('status')).status).toBe('banned');
  });

  it('lists each user’s organisations with their role there', async () => {
    const owner = await user({ status: 'approved' });
    const org = await ownedOrg(owner.id);
    await server.ctx.db('organisations').where('id', org.id).update({ name: 'Πολυεθνική Ομάδα' });
    const agent = await user({ status: 'approved' });
    await server.ctx.db('organisation_members').insert({ organisation_id: org.id, user_id: agent.id, role: 'reviewer' });
    const page = await call<AdminUsersPage>(server.url, 'GET', `/api/admin/users?q=${encodeURIComponent(agent.email)}`, { token: saToken });
    expect(page.status).toBe(200);
    const row = page.body.items.find((u) => u.user_id === agent.id)!;
    expect(row.organisations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Test Org', role: 'owner' }),
        expect.objectContaining({ id: org.id, name: 'Πολυεθνική Ομάδα', role: 'reviewer' }),
      ]),
    );
    // The organisation's name finds its members.
    const byOrg = await call<AdminUsersPage>(server.url, 'GET', `/api/admin/users?q=${encodeURIComponent('πολυεθνική')}`, { token: saToken });
    expect(byOrg.body.items.map((u) => u.user_id).sort()).toEqual([owner.id, agent.id].sort());
    const csv = await (await fetch(`${server.url}/api/admin/users/export?q=${encodeURIComponent(agent.email)}`, { headers: { authorization: `Bearer ${saToken}` } })).text();
    expect(csv).toContain('Πολυεθνική Ομάδα (Αναθεωρητής)');
  });
});

describe('the plan column', () => {
  it('shows a plan state only for an account whose plan is in force: none for a rejected or a pending one', async () => {
    // Four company sign-ups, each with its organisation and its trial started at sign-up.
    const signup = async (tag: string) => (await signUp(server.url, `${tag}@planstate.test`, 'client')).id;
    const pending = await signup('pending');
    const rejected = await signup('rejected');
    const approved = await signup('approved');
    const banned = await signup('banned');
    expect((await act(rejected, { action: 'reject' })).status).toBe(200);
    expect((await act(approved, { action: 'approve' })).status).toBe(200);
    expect((await act(banned, { action: 'approve' })).status).toBe(200);
    expect((await act(banned, { action: 'ban' })).status).toBe(200);

    const list = async (qs = '') =>
      (await call<AdminUsersPage>(server.url, 'GET', `/api/admin/users?q=planstate.test${qs}`, { token: saToken })).body.items;
    const stateOf = new Map((await list()).map((u) => [u.user_id, u.plan_state]));
    expect(stateOf.get(pending)).toBeNull();
    expect(stateOf.get(rejected)).toBeNull();
    expect(stateOf.get(approved)).toBe('trial');
    // A ban is undone by an unban, which gives the account its plan back as it was: its state stays shown.
    expect(stateOf.get(banned)).toBe('trial');

    // The trial filter reads the same state: a rejected or pending account is in no trial.
    expect((await list('&trial=trial')).map((u) => u.user_id).sort()).toEqual([approved, banned].sort());
    // The action's answer (the row the page shows after a rejection) has no state either.
    const late = await signup('late');
    const r = await act(late, { action: 'reject' });
    expect(r.body.plan_state).toBeNull();

    // The CSV export too.
    const csv = await (await fetch(`${server.url}/api/admin/users/export?q=rejected%40planstate.test`, { headers: { authorization: `Bearer ${saToken}` } })).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]));
    expect(cells.plan_state).toBe('');
  });
});
