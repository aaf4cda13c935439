import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../test/app';
import { ACCEPTED_TERMS, call, joinOrganisation, signIn, signUp } from '../../test/http';
import { memoryTransport } from '../../test/mail';
import { TestClock } from '../../clock';
import { INVITATION_TTL_MS } from './workspaces.service';

let server: TestServer;
const mail = memoryTransport();
let owner: { id: string; token: string };
let orgId: string;
const sockets: Socket[] = [];
/** How long a live event may take to arrive on a busy machine (expect.poll's default is 1 s). */
const LIVE = { timeout: 10_000 };

/** A client signed up, approved as the superadmin would (the account and the organisation it signed up with), signed in. */
async function user(email: string) {
  const { id } = await signUp(server.url, email, 'client');
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
  await server.ctx
    .db('organisations')
    .whereIn('id', server.ctx.db('organisation_members').where({ user_id: id, role: 'owner' }).select('organisation_id'))
    .update({ status: 'approved' });
  return { id, token: (await signIn(server.url, email)).access_token };
}

async function activeOrg(token: string): Promise<string> {
  const r = await call<{ organisations: { id: string; active: boolean }[] }>(server.url, 'GET', '/api/organisations', { token });
  return r.body.organisations.find((o) => o.active)!.id;
}

async function invite(email: string, role = 'editor', token = owner.token, org = orgId) {
  const r = await call<{ id: string; acceptUrl: string; resent: boolean; role: string }>(server.url, 'POST', `/api/organisations/${org}/invitations`, {
    token,
    body: { email, role },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ...r.body, token: new URL(r.body.acceptUrl).searchParams.get('token')! };
}

const preview = (token: string) => call<{ organisation_name: string; error?: { code: string } }>(server.url, 'POST', '/api/invitations/preview', { body: { token } });
const join = (token: string, name = 'Νέα Συνάδελφος') =>
  call<{ access_token: string; user: { id: string; email: string }; error?: { code: string } }>(server.url, 'POST', '/api/invitations/join', {
    body: { token, name, password: 'Thalassa-2026', ...ACCEPTED_TERMS },
  });

async function socketOf(token: string): Promise<Socket> {
  const s: Socket = ioClient(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  sockets.push(s);
  await new Promise<void>((resolve) => s.once('session:ready', () => resolve()));
  return s;
}

/** The server's clock, running: expiry is moved by it, never by the wall clock. */
const clock = new TestClock(Date.now(), { running: true });

beforeAll(async () => {
  server = await startTestServer({}, { mailTransport: mail, clock });
  owner = await user('owner@org.test');
  orgId = await activeOrg(owner.token);
  // No seat limit for the role tests; the seats test uses an organisation of its own.
  await server.ctx.db('organisations').where('id', orgId).update({ plan_code: 'enterprise', name: 'Αιγαίο Τεχνολογίες' });
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

describe('joining from an invitation', () => {
  it('creates the account inside the organisation in one step: no organisation or trial of its own, approved, address confirmed, signed in', async () => {
    const orgsBefore = Number((await server.ctx.db('organisations').count({ n: '*' }).first())!.n);
    const inv = await invite('Colleague@Org.test', 'editor');
    await server.ctx.mailer.drain();
    const sent = mail.sent.find((m) => m.to === 'colleague@org.test');
    expect(sent?.text).toContain(inv.acceptUrl);
    expect(inv.acceptUrl).toContain('/invitation?token=');
    const row = await server.ctx.db('organisation_invitations').where('id', inv.id).first();
    expect(row.token_hash).not.toContain(inv.token);

    const p = await preview(inv.token);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      organisation_id: orgId,
      organisation_name: 'Αιγαίο Τεχνολογίες',
      inviter_name: 'Test client',
      email: 'colleague@org.test',
      role: 'editor',
      account_exists: false,
    });

    const r = await join(inv.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.access_token).toBeTruthy();
    expect(r.body.user.email).toBe('colleague@org.test');
    const userId = r.body.user.id;

    const profile = await server.ctx.db('profiles').where('user_id', userId).first();
    expect(profile).toMatchObject({ role: 'client', status: 'approved', onboarded: true, active_organisation_id: orgId, name: 'Νέα Συνάδελφος' });
    expect((await server.ctx.db('users').where('id', userId).first()).email_confirmed_at).not.toBeNull();
    const memberships = await server.ctx.db('organisation_members').where('user_id', userId);
    expect(memberships).toEqual([expect.objectContaining({ organisation_id: orgId, role: 'editor' })]);
    expect(Number((await server.ctx.db('organisations').count({ n: '*' }).first())!.n)).toBe(orgsBefore);
    expect(await server.ctx.db('organisations').where('created_by', userId)).toHaveLength(0);

    const mine = await call<{ organisations: object[] }>(server.url, 'GET', '/api/organisations', { token: r.body.access_token });
    expect(mine.body.organisations).toEqual([{ id: orgId, name: 'Αιγαίο Τεχνολογίες', role: 'editor', status: expect.any(String), active: true }]);
    // The same password signs in again.
    expect((await signIn(server.url, 'colleague@org.test')).user.id).toBe(userId);
    // The owner was told in the bell.
    expect(await server.ctx.db('notifications').where({ user_id: owner.id, kind: 'workspace.member_joined' }).first()).toBeTruthy();
    // The link is spent.
    const again = await preview(inv.token);
    expect(again.status).toBe(410);
    expect(again.body.error?.code).toBe('invitation_used');
    expect((await join(inv.token)).status).toBe(410);
  });

  it('answers 404 for an unknown link, refuses a weak password and an address that has an account', async () => {
    const unknown = await preview('no-such-invitation-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('invitation_invalid');
    expect((await join('no-such-invitation-token')).status).toBe(404);

    const existing = await user('existing@org.test');
    const inv = await invite('existing@org.test', 'publisher');
    expect((await preview(inv.token)).body).toMatchObject({ account_exists: true, role: 'publisher' });
    const r = await join(inv.token);
    expect(r.status).toBe(409);
    expect(r.body.error?.code).toBe('account_exists');
    const noTerms = await call(server.url, 'POST', '/api/invitations/join', { body: { token: inv.token, name: 'X', password: 'Thalassa-2026' } });
    expect(noTerms.status).toBe(400);

    // An existing user accepts in one click; the organisation becomes their active one.
    const ownOrg = await activeOrg(existing.token);
    expect(ownOrg).not.toBe(orgId);
    const ok = await call<{ organisation_id: string; role: string }>(server.url, 'POST', '/api/invitations/accept', {
      token: existing.token,
      body: { token: inv.token },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ organisation_id: orgId, role: 'publisher' });
    const list = await call<{ organisations: { id: string; active: boolean; role: string }[] }>(server.url, 'GET', '/api/organisations', {
      token: existing.token,
    });
    expect(list.body.organisations).toHaveLength(2);
    expect(list.body.organisations.find((o) => o.active)).toMatchObject({ id: orgId, role: 'publisher' });
  });
});

describe('members and roles', () => {
  let s: Record<'admin' | 'publisher' | 'editor' | 'reviewer' | 'removed', { token: string; id: string }>;
  let outsider: { id: string; token: string };
  let target: { id: string; token: string };

  beforeAll(async () => {
    const make = async (role: 'admin' | 'publisher' | 'editor' | 'reviewer', email: string) => {
      const session = await joinOrganisation(server.url, owner.token, email, role, { organisationId: orgId });
      return { token: session.access_token, id: session.user.id };
    };
    s = {
      admin: await make('admin', 'admin@org.test'),
      publisher: await make('publisher', 'publisher@org.test'),
      editor: await make('editor', 'editor@org.test'),
      reviewer: await make('reviewer', 'reviewer@org.test'),
      removed: await make('editor', 'removed@org.test'),
    };
    target = await make('editor', 'target@org.test');
    outsider = await user('outsider@other.test');
    expect((await call(server.url, 'DELETE', `/api/organisations/${orgId}/members/${s.removed.id}`, { token: owner.token })).status).toBe(204);
  }, 60_000);

  const callers = () => ({ owner: owner.token, ...Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.token])), outsider: outsider.token });

  it('lists members with roles and seats to every member; 404 outside', async () => {
    const expected = { owner: 200, admin: 200, publisher: 200, editor: 200, reviewer: 200, removed: 404, outsider: 404 };
    for (const [who, token] of Object.entries(callers())) {
      const r = await call<{ members: { user_id: string; role: string }[]; my_role: string; seats: object }>(server.url, 'GET', `/api/organisations/${orgId}/members`, {
        token,
      });
      expect([who, r.status]).toEqual([who, expected[who as keyof typeof expected]]);
      if (r.status === 200) {
        expect(r.body.members.find((m) => m.user_id === target.id)?.role).toBe('editor');
        expect(r.body.members.some((m) => m.user_id === s.removed.id)).toBe(false);
        expect(r.body.seats).toMatchObject({ allowed: null });
      }
    }
  });

  it('members.manage: owner and admin change roles and manage invitations; others 403; outside and removed 404', async () => {
    const expected = { owner: 200, admin: 200, publisher: 403, editor: 403, reviewer: 403, removed: 404, outsider: 404 };
    for (const [who, token] of Object.entries(callers())) {
      const want = expected[who as keyof typeof expected];
      const role = await call<{ role: string }>(server.url, 'PATCH', `/api/organisations/${orgId}/members/${target.id}`, { token, body: { role: 'reviewer' } });
      expect([who, role.status]).toEqual([who, want]);
      const list = await call(server.url, 'GET', `/api/organisations/${orgId}/invitations`, { token });
      expect([who, 'list', list.status]).toEqual([who, 'list', want]);
      const inv = await call(server.url, 'POST', `/api/organisations/${orgId}/invitations`, { token, body: { email: `by-${who}@org.test`, role: 'editor' } });
      expect([who, 'invite', inv.status]).toEqual([who, 'invite', want === 200 ? 201 : want]);
      // Removing someone else is members.manage too (tried on nobody's membership: a member-less id answers 204 only when allowed).
      const rm = await call(server.url, 'DELETE', `/api/organisations/${orgId}/members/${outsider.id}`, { token });
      expect([who, 'remove', rm.status]).toEqual([who, 'remove', want === 200 ? 204 : want]);
    }
    // A member may leave by themselves, whatever their role.
    const leaver = await joinOrganisation(server.url, owner.token, 'leaver@org.test', 'reviewer', { organisationId: orgId });
    expect((await call(server.url, 'DELETE', `/api/organisations/${orgId}/members/${leaver.user.id}`, { token: leaver.access_token })).status).toBe(204);
  });

  it('owners.manage: only an owner gives or takes the owner role; an organisation keeps one owner', async () => {
    const toOwner = await call<{ error: { code: string } }>(server.url, 'PATCH', `/api/organisations/${orgId}/members/${target.id}`, {
      token: s.admin.token,
      body: { role: 'owner' },
    });
    expect(toOwner.status).toBe(403);
    expect(toOwner.body.error.code).toBe('role_forbidden');
    expect((await call(server.url, 'PATCH', `/api/organisations/${orgId}/members/${owner.id}`, { token: s.admin.token, body: { role: 'editor' } })).status).toBe(403);
    expect((await call(server.url, 'DELETE', `/api/organisations/${orgId}/members/${owner.id}`, { token: s.admin.token })).status).toBe(403);
    expect((await call(server.url, 'POST', `/api/organisations/${orgId}/invitations`, { token: s.admin.token, body: { email: 'boss@org.test', role: 'owner' } })).status).toBe(403);

    // The only owner can neither step down nor leave.
    const down = await call<{ error: { code: string } }>(server.url, 'PATCH', `/api/organisations/${orgId}/members/${owner.id}`, { token: owner.token, body: { role: 'admin' } });
    expect(down.status).toBe(409);
    expect(down.body.error.code).toBe('last_owner');
    expect((await call(server.url, 'DELETE', `/api/organisations/${orgId}/members/${owner.id}`, { token: owner.token })).status).toBe(409);

    // With a second owner, the first may step down (and the new owner may take it back).
    expect((await call(server.url, 'PATCH', `/api/organisations/${orgId}/members/${target.id}`, { token: owner.token, body: { role: 'owner' } })).status).toBe(200);
    expect((await call(server.url, 'PATCH', `/api/organisations/${orgId}/members/${owner.id}`, { token: owner.token, body: { role: 'admin' } })).status).toBe(200);
    expect((await call(server.url, 'PATCH', `/api/organisations/${orgId}/members/${owner.id}`, { token: target.token, body: { role: 'owner' } })).status).toBe(200);
    expect((await call(server.url, 'PATCH', `/api/organisations/${orgId}/members/${target.id}`, { token: owner.token, body: { role: 'editor' } })).status).toBe(200);
    const audit = await server.ctx.db('audit_logs').where({ action_type: 'workspace.member_role_changed', entity_id: orgId });
    expect(audit.length).toBeGreaterThan(3);
  });

  it('a role change and a removal reach the member live; a removed member leaves the room and keeps no access; their work stays', async () => {
    const member = await joinOrganisation(server.url, owner.token, 'live@org.test', 'publisher', { organisationId: orgId });
    const socket = await socketOf(member.access_token);
    const events: { role: string | null; reason: string }[] = [];
    socket.on('organisation:membership', (e: { role: string | null; reason: string }) => events.push(e));
    let changes = 0;
    socket.on('workspace:members_changed', () => changes++);

    expect((await call(server.url, 'PATCH', `/api/organisations/${orgId}/members/${member.user.id}`, { token: s.admin.token, body: { role: 'editor' } })).status).toBe(200);
    await expect.poll(() => events, LIVE).toContainEqual(expect.objectContaining({ role: 'editor', reason: 'role' }));
    await expect.poll(() => changes, LIVE).toBeGreaterThan(0);

    const [release] = (await server.ctx.db('press_releases')
      .insert({ organisation_id: orgId, author_id: member.user.id, title: 'Του μέλους', content: '', category: 'Τεχνολογία', status: 'draft' })
      .returning('id')
      .catch(() => [undefined])) as ({ id: string } | undefined)[];

    expect((await call(server.url, 'DELETE', `/api/organisations/${orgId}/members/${member.user.id}`, { token: s.admin.token })).status).toBe(204);
    await expect.poll(() => events, LIVE).toContainEqual(expect.objectContaining({ role: null, reason: 'removed' }));
    const before = changes;
    const ownerSocket = await socketOf(owner.token);
    let ownerChanges = 0;
    ownerSocket.on('workspace:members_changed', () => ownerChanges++);
    await invite('after-removal@org.test');
    // The organisation heard of it (the event was sent), and a round trip on the removed
    // member's socket (answered after anything already sent to it) shows it never reached them.
    await expect.poll(() => ownerChanges, LIVE).toBeGreaterThan(0);
    await socket.emitWithAck('ping');
    expect(changes).toBe(before);
    expect((await call(server.url, 'GET', `/api/organisations/${orgId}/members`, { token: member.access_token })).status).toBe(404);
    if (release) expect(await server.ctx.db('press_releases').where('id', release.id).first()).toBeTruthy();
    expect(await server.ctx.db('users').where('id', member.user.id).first()).toBeTruthy();
  });
});

describe('invitations expire, are revoked and resent', () => {
  it('an invitation expires by the server’s clock: listed as expired, its link refused, once the clock passes its expiry', async () => {
    const inv = await invite('clockwise@org.test', 'editor');
    expect((await preview(inv.token)).status).toBe(200);
    clock.advance(INVITATION_TTL_MS + 60_000);
    try {
      const p = await preview(inv.token);
      expect(p.status).toBe(410);
      expect(p.body.error?.code).toBe('invitation_expired');
      const list = await call<{ invitations: { id: string }[] }>(server.url, 'GET', `/api/organisations/${orgId}/invitations`, { token: owner.token });
      expect(list.body.invitations.map((i) => i.id)).not.toContain(inv.id);
    } finally {
      clock.advance(-(INVITATION_TTL_MS + 60_000));
    }
  });

  it('an expired link answers 410 and drops from the list; resending gives a new link and expiry (the old one stops working)', async () => {
    const inv = await invite('late@org.test', 'reviewer');
    await server.ctx.db('organisation_invitations').where('id', inv.id).update({ expires_at: new Date(Date.now() - 1000) });
    const p = await preview(inv.token);
    expect(p.status).toBe(410);
    expect(p.body.error?.code).toBe('invitation_expired');
    expect((await server.ctx.db('organisation_invitations').where('id', inv.id).first()).status).toBe('expired');
    const list = await call<{ invitations: { id: string }[] }>(server.url, 'GET', `/api/organisations/${orgId}/invitations`, { token: owner.token });
    expect(list.body.invitations.map((i) => i.id)).not.toContain(inv.id);

    const again = await call<{ id: string; acceptUrl: string; resent: boolean; expires_at: string; status: string; role: string }>(
      server.url,
      'POST',
      `/api/invitations/${inv.id}/resend`,
      { token: owner.token },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: inv.id, resent: true, status: 'pending', role: 'reviewer' });
    expect(new Date(again.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const fresh = new URL(again.body.acceptUrl).searchParams.get('token')!;
    expect(fresh).not.toBe(inv.token);
    expect((await preview(inv.token)).status).toBe(404);
    expect((await preview(fresh)).body).toMatchObject({ role: 'reviewer', email: 'late@org.test' });
    // Not by an editor; not outside.
    const editor = await joinOrganisation(server.url, owner.token, 'editor2@org.test', 'editor', { organisationId: orgId });
    expect((await call(server.url, 'POST', `/api/invitations/${inv.id}/resend`, { token: editor.access_token })).status).toBe(403);
    const stranger = await user('stranger@other.test');
    expect((await call(server.url, 'POST', `/api/invitations/${inv.id}/resend`, { token: stranger.token })).status).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/invitations/${inv.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('a revoked link answers 410 and cannot be resent', async () => {
    const inv = await invite('revoked@org.test');
    expect((await call(server.url, 'DELETE', `/api/invitations/${inv.id}`, { token: owner.token })).status).toBe(204);
    const p = await preview(inv.token);
    expect(p.status).toBe(410);
    expect(p.body.error?.code).toBe('invitation_revoked');
    expect((await join(inv.token)).status).toBe(410);
    const r = await call<{ error: { code: string } }>(server.url, 'POST', `/api/invitations/${inv.id}/resend`, { token: owner.token });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('invitation_not_pending');
  });
});

describe('seats', () => {
  it('members and pending invitations count against the plan; a resend takes no new seat; joining needs a seat', async () => {
    const boss = await user('boss@seats.test');
    const org = await activeOrg(boss.token);
    await server.ctx.db('organisations').where('id', org).update({ plan_code: 'pro' }); // 5 members
    const invs = [];
    for (let i = 1; i <= 4; i++) invs.push(await invite(`seat${i}@seats.test`, 'editor', boss.token, org));
    const seats = await call<{ seats: object }>(server.url, 'GET', `/api/organisations/${org}/members`, { token: boss.token });
    expect(seats.body.seats).toEqual({ members: 1, invited: 4, used: 5, allowed: 5 });
    const full = await call<{ error: { code: string } }>(server.url, 'POST', `/api/organisations/${org}/invitations`, {
      token: boss.token,
      body: { email: 'seat5@seats.test' },
    });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('plan_limit_members');
    expect((await call(server.url, 'POST', `/api/invitations/${invs[0]!.id}/resend`, { token: boss.token })).status).toBe(200);
    expect((await call(server.url, 'DELETE', `/api/invitations/${invs[1]!.id}`, { token: boss.token })).status).toBe(204);
    const fifth = await invite('seat5@seats.test', 'editor', boss.token, org);
    // The plan shrank meanwhile: the link no longer finds a seat.
    await server.ctx.db('organisations').where('id', org).update({ plan_code: 'starter' });
    const r = await join(fifth.token);
    expect(r.status).toBe(409);
    expect(r.body.error?.code).toBe('plan_limit_members');
    expect(await server.ctx.db('users').where('email', 'seat5@seats.test').first()).toBeUndefined();
  });
});

describe('several organisations per user', () => {
  it('switches the active organisation (404 outside), remembered server-side; sockets follow the active one', async () => {
    const agent = await user('agent@agency.test');
    const agencyOrg = await activeOrg(agent.token);
    const inv = await invite('agent@agency.test', 'publisher');
    expect((await call(server.url, 'POST', '/api/invitations/accept', { token: agent.token, body: { token: inv.token } })).status).toBe(200);
    expect(await activeOrg(agent.token)).toBe(orgId);

    const socket = await socketOf(agent.token);
    const seen: string[] = [];
    socket.on('workspace:members_changed', (p: { workspaceId: string }) => seen.push(p.workspaceId));
    const switched: { organisationId: string; reason: string }[] = [];
    socket.on('organisation:membership', (e: { organisationId: string; reason: string }) => switched.push(e));

    const stranger = await user('nobody@agency.test');
    const strangerOrg = await activeOrg(stranger.token);
    const no = await call(server.url, 'PUT', '/api/organisations/active', { token: agent.token, body: { organisation_id: strangerOrg } });
    expect(no.status).toBe(404);
    expect((await call(server.url, 'PUT', '/api/organisations/active', { token: agent.token, body: { organisation_id: 'x' } })).status).toBe(400);

    const r = await call<{ organisations: { id: string; active: boolean }[] }>(server.url, 'PUT', '/api/organisations/active', {
      token: agent.token,
      body: { organisation_id: agencyOrg },
    });
    expect(r.status).toBe(200);
    expect(r.body.organisations.find((o) => o.active)?.id).toBe(agencyOrg);
    expect((await server.ctx.db('profiles').where('user_id', agent.id).first()).active_organisation_id).toBe(agencyOrg);
    expect(await activeOrg((await signIn(server.url, 'agent@agency.test')).access_token)).toBe(agencyOrg);
    await expect.poll(() => switched, LIVE).toContainEqual(expect.objectContaining({ organisationId: agencyOrg, reason: 'switched' }));

    // The socket hears the active organisation only.
    await invite('for-the-team@org.test');
    await call(server.url, 'PATCH', `/api/organisations/${agencyOrg}/settings`, { token: agent.token, body: { approval_required: false } });
    await expect.poll(() => seen, LIVE).toContain(agencyOrg);
    expect(seen).not.toContain(orgId);

    // A new socket joins the remembered one.
    const second = await socketOf(agent.token);
    const heard: string[] = [];
    second.on('workspace:members_changed', (p: { workspaceId: string }) => heard.push(p.workspaceId));
    await invite('for-the-team-2@org.test');
    await call(server.url, 'PATCH', `/api/organisations/${agencyOrg}/settings`, { token: agent.token, body: { approval_required: false } });
    await expect.poll(() => heard, LIVE).toContain(agencyOrg);
    expect(heard).not.toContain(orgId);
  });
});

describe('deleting an organisation', () => {
  it('only an owner, confirmed by its name; refused once anything went out; deletes its drafts and moves its members on', async () => {
    const boss = await user('boss@delete.test');
    const org = await activeOrg(boss.token);
    await server.ctx.db('organisations').where('id', org).update({ name: 'Προσωρινή Εταιρεία', plan_code: 'enterprise' });
    const admin = await joinOrganisation(server.url, boss.token, 'admin@delete.test', 'admin', { organisationId: org });
    // A member who also has an organisation of her own moves there.
    const agent = await user('agent@delete.test');
    const agentsOwn = await activeOrg(agent.token);
    await server.ctx.db('organisation_members').insert({ organisation_id: org, user_id: agent.id, role: 'editor' });
    await call(server.url, 'PUT', '/api/organisations/active', { token: agent.token, body: { organisation_id: org } });
    const draft = await call<{ id: string }>(server.url, 'POST', '/api/releases', { token: boss.token, body: { title: 'Πρόχειρο που φεύγει' } });
    expect(draft.status).toBe(201);
    const del = (token: string, name: string, id = org) => call<{ error: { code: string; fields?: Record<string, string> } }>(server.url, 'DELETE', `/api/organisations/${id}`, { token, body: { name } });

    expect((await del(admin.access_token, 'Προσωρινή Εταιρεία')).status).toBe(403);
    expect((await del(agent.token, 'Προσωρινή Εταιρεία')).status).toBe(403);
    expect((await del(owner.token, 'Προσωρινή Εταιρεία')).status).toBe(404);
    const wrong = await del(boss.token, 'Άλλη Εταιρεία');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe('confirmation_mismatch');
    expect(wrong.body.error.fields?.name).toMatch(/όνομα του οργανισμού/);

    // Something scheduled or sent keeps the organisation.
    await server.ctx.db.transaction(async (trx) => {
      await trx.raw("select set_config('deltio.lifecycle', 'on', true)");
      await trx('press_releases').where('id', draft.body.id).update({ status: 'scheduled', scheduled_at: new Date(Date.now() + 86_400_000) });
    });
    expect((await del(boss.token, 'Προσωρινή Εταιρεία')).body.error.code).toBe('organisation_has_sent');
    await server.ctx.db.transaction(async (trx) => {
      await trx.raw("select set_config('deltio.lifecycle', 'on', true)");
      await trx('press_releases').where('id', draft.body.id).update({ status: 'draft', scheduled_at: null });
    });

    const told = await socketOf(agent.token);
    const membership = new Promise<{ organisationId: string; role: string | null; reason: string }>((resolve) => told.once('organisation:membership', resolve));
    // The name is compared without case or extra spaces.
    expect((await del(boss.token, '  προσωρινή   εταιρεία ')).status).toBe(204);
    expect(await membership).toMatchObject({ organisationId: org, role: null, reason: 'removed' });
    expect(await server.ctx.db('organisations').where('id', org).first('id')).toBeUndefined();
    expect(await server.ctx.db('press_releases').where('id', draft.body.id).first('id')).toBeUndefined();
    expect(await activeOrg(agent.token)).toBe(agentsOwn);
    const audit = (await server.ctx.db('audit_logs').where({ action_type: 'organisation.deleted', entity_id: org }).first('actor_user_id', 'metadata')) as {
      actor_user_id: string;
      metadata: { drafts: number; members: number };
    };
    expect(audit).toMatchObject({ actor_user_id: boss.id, metadata: { drafts: 1, members: 3 } });
  });
});
