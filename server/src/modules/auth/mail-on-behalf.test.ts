/**
 * The platform sends no mail on behalf of an account whose e-mail address is
 * not confirmed or that is not approved (pending, rejected). Otherwise anyone could sign up
 * with a victim's address and have us mail it attacker-written text (the test e-mail), or mail
 * any address (invitations, sends, approval requests). Each refused action answers 403 with
 * its code and leaves no row in the mail outbox; a confirmed, approved account still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStatus } from '../../../../shared/constants';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { mailOnBehalfBlock } from './mail-on-behalf';

let server: TestServer;
let db: Db;

interface Account {
  id: string;
  email: string;
  token: string;
  workspaceId: string;
}

type Err = { error: { code: string; message: string } };

/** An account in exactly the given state, whatever the sign-up helpers do by default. */
async function account(name: string, state: { confirmed: boolean; status: UserStatus }): Promise<Account> {
  const email = `${name}@on-behalf.test`;
  const { id } = await signUp(server.url, email, 'client');
  await db('users').where('id', id).update({ email_confirmed_at: state.confirmed ? new Date() : null });
  await db('profiles').where('user_id', id).update({ status: state.status, name });
  const token = (await signIn(server.url, email)).access_token;
  const ws = (await db('organisation_members').where({ user_id: id, role: 'owner' }).first('organisation_id')) as { organisation_id: string };
  // The superadmin's decision on a company is its organisation's.
  await db('organisations').where('id', ws.organisation_id).update({ status: state.status === 'banned' ? 'approved' : state.status });
  return { id, email, token, workspaceId: ws.organisation_id };
}

async function release(owner: string, fields: Record<string, unknown> = {}): Promise<string> {
  const organisation_id =
    (fields.organisation_id as string | undefined) ??
    ((await db('organisation_members').where({ user_id: owner, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
  const [row] = (await db('press_releases')
    .insert({ title: 'Κείμενο επιτιθέμενου', content: '<p>Κείμενο</p>', content_text: 'Κείμενο', category: 'tech', author_id: owner, ...fields, organisation_id })
    .returning('id')) as { id: string }[];
  return row!.id;
}

const api = <T>(method: string, path: string, token: string, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });
const outboxSize = async () => Number(((await db('mail_outbox').count<{ n: string }[]>({ n: '*' }))[0] as { n: string | number }).n);
const statusOf = async (id: string) => ((await db('press_releases').where('id', id).first('status')) as { status: string }).status;

let ok: Account;
let okApprover: Account;
const blocked: Record<'unconfirmed' | 'pending' | 'rejected' | 'pendingUnconfirmed', Account> = {} as never;
const expectedCode = {
  unconfirmed: 'email_unconfirmed',
  pending: 'account_not_approved',
  rejected: 'account_not_approved',
  // Both: the address comes first (the one step the user can take alone).
  pendingUnconfirmed: 'email_unconfirmed',
} as const;
const cases = Object.keys(expectedCode) as (keyof typeof expectedCode)[];
/** The same accounts acting as members of ok's approved organisation (null: allowed). */
const inApprovedOrganisation: Record<keyof typeof expectedCode, string | null> = {
  unconfirmed: 'email_unconfirmed',
  pending: null,
  rejected: 'account_not_approved',
  pendingUnconfirmed: 'email_unconfirmed',
};

beforeAll(async () => {
  server = await startTestServer();
  db = server.ctx.db;
  ok = await account('ok', { confirmed: true, status: 'approved' });
  okApprover = await account('ok-approver', { confirmed: true, status: 'approved' });
  blocked.unconfirmed = await account('unconfirmed', { confirmed: false, status: 'approved' });
  blocked.pending = await account('pending', { confirmed: true, status: 'pending' });
  blocked.rejected = await account('rejected', { confirmed: true, status: 'rejected' });
  blocked.pendingUnconfirmed = await account('pending-unconfirmed', { confirmed: false, status: 'pending' });
  // ok's workspace sends only after approval: everyone else is a member (approver) of it.
  await db('organisations').where('id', ok.workspaceId).update({ approval_required: true });
  await db('organisation_members').insert([
    { organisation_id: ok.workspaceId, user_id: okApprover.id, role: 'publisher' },
    ...cases.map((c) => ({ organisation_id: ok.workspaceId, user_id: blocked[c].id, role: 'publisher' })),
  ]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** Runs a mail-sending action and checks that it was refused with `code` and mailed nothing. */
async function expectRefused(code: string, action: () => Promise<{ status: number; body: unknown }>): Promise<void> {
  const before = await outboxSize();
  const r = await action();
  expect(r.status, JSON.stringify(r.body)).toBe(403);
  expect((r.body as Err).error.code).toBe(code);
  expect((r.body as Err).error.message).toBeTruthy();
  expect(await outboxSize()).toBe(before);
}

describe.each(cases)('an account that is %s', (c) => {
  const code = expectedCode[c];

  it('cannot send the test e-mail to itself', async () => {
    const id = await release(blocked[c].id);
    await expectRefused(code, () => api('POST', `/releases/${id}/test-email`, blocked[c].token));
  });

  it('cannot invite anyone to its workspace', async () => {
    await expectRefused(code, () => api('POST', `/organisations/${blocked[c].workspaceId}/invitations`, blocked[c].token, { email: `victim-${c}@elsewhere.test` }));
    expect(await db('organisation_invitations').where('organisation_id', blocked[c].workspaceId)).toHaveLength(0);
  });

  it('cannot send a release', async () => {
    const id = await release(blocked[c].id);
    await expectRefused(code, () => api('POST', `/releases/${id}/send`, blocked[c].token));
    expect(await statusOf(id)).toBe('draft');
    expect(await db('deliveries').where('press_release_id', id)).toHaveLength(0);
  });

  it('cannot schedule a release', async () => {
    const id = await release(blocked[c].id);
    await expectRefused(code, () => api('POST', `/releases/${id}/schedule`, blocked[c].token, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(await statusOf(id)).toBe('draft');
  });

  // In ok's approved organisation the organisation's approval counts: a pending sign-up who was
  // invited there mails for it; an unconfirmed address or a rejected person still may not.
  const inApproved = inApprovedOrganisation[c];

  it(inApproved ? 'cannot have its approval request mailed to the approvers' : 'has its approval request mailed in an approved organisation it belongs to', async () => {
    const id = await release(ok.id, { organisation_id: ok.workspaceId });
    const ask = () => api('POST', `/releases/${id}/approval-requests`, blocked[c].token, { note: 'Γράφω ό,τι θέλω εδώ' });
    if (!inApproved) return void expect((await ask()).status).toBe(201);
    await expectRefused(inApproved, ask);
    expect(await db('release_approvals').where('press_release_id', id)).toHaveLength(0);
  });

  it(inApproved ? 'cannot have its approval decision mailed to the requester' : 'has its approval decision mailed in an approved organisation it belongs to', async () => {
    const id = await release(ok.id, { organisation_id: ok.workspaceId });
    const req = await api<{ id: string; versionId: string }>('POST', `/releases/${id}/approval-requests`, ok.token, { note: '' });
    expect(req.status).toBe(201);
    const decide = () => api('POST', `/approvals/${req.body.id}/decision`, blocked[c].token, { decision: 'reject', versionId: req.body.versionId, comment: 'Γράφω ό,τι θέλω εδώ' });
    if (!inApproved) return void expect((await decide()).status).toBe(200);
    await expectRefused(inApproved, decide);
    expect(((await db('release_approvals').where('id', req.body.id).first('status')) as { status: string }).status).toBe('pending');
  });
});

describe('a confirmed, approved account', () => {
  it('sends the test e-mail, invites, sends, schedules, asks for and gives approval', async () => {
    let before = await outboxSize();
    const test = await api<{ to: string }>('POST', `/releases/${await release(okApprover.id)}/test-email`, okApprover.token);
    expect(test.status).toBe(201);
    expect(test.body.to).toBe(okApprover.email);
    expect(await outboxSize()).toBe(before + 1);

    before = await outboxSize();
    const inv = await api('POST', `/organisations/${okApprover.workspaceId}/invitations`, okApprover.token, { email: 'colleague@on-behalf.test' });
    expect(inv.status).toBe(201);
    expect(await outboxSize()).toBe(before + 1);

    const sent = await api<{ status: string }>('POST', `/releases/${await release(okApprover.id)}/send`, okApprover.token);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    const scheduled = await api<{ status: string }>('POST', `/releases/${await release(okApprover.id)}/schedule`, okApprover.token, {
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.status).toBe('scheduled');

    const id = await release(ok.id, { organisation_id: ok.workspaceId });
    before = await outboxSize();
    const req = await api<{ id: string; versionId: string }>('POST', `/releases/${id}/approval-requests`, ok.token, { note: 'Για αύριο' });
    expect(req.status).toBe(201);
    expect(await outboxSize()).toBeGreaterThan(before);
    before = await outboxSize();
    const decided = await api('POST', `/approvals/${req.body.id}/decision`, okApprover.token, { decision: 'approve', versionId: req.body.versionId });
    expect(decided.status).toBe(200);
    expect(await outboxSize()).toBe(before + 1);
  });

  it('still gets the mails that confirm and recover its own account while unconfirmed', async () => {
    const before = await outboxSize();
    const r = await call(server.url, 'POST', '/auth/v1/resend', { body: { type: 'signup', email: blocked.unconfirmed.email } });
    expect(r.status).toBe(200);
    const rec = await call(server.url, 'POST', '/auth/v1/recover', { body: { email: blocked.pending.email } });
    expect(rec.status).toBe(200);
    expect(await outboxSize()).toBe(before + 2);
  });
});

describe('the approval that counts is the organisation’s', () => {
  const orgOf = async (id: string) =>
    ((await db('organisation_members').where({ user_id: id, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;

  it('an invited member of an approved organisation may mail for it at once; a member of a pending one may not', async () => {
    // Invited into ok's approved organisation, whatever their own sign-up left on the profile.
    const invited = await account('invited-member', { confirmed: true, status: 'pending' });
    await db('organisation_members').insert({ organisation_id: ok.workspaceId, user_id: invited.id, role: 'editor' });
    await db('profiles').where('user_id', invited.id).update({ active_organisation_id: ok.workspaceId });
    expect(await mailOnBehalfBlock(db, invited.id, ok.workspaceId)).toBeNull();
    expect(await mailOnBehalfBlock(db, invited.id)).toBeNull(); // the active organisation
    // For her own pending organisation she may not.
    expect((await mailOnBehalfBlock(db, invited.id, await orgOf(invited.id)))?.code).toBe('account_not_approved');

    // An approved person in a pending organisation waits for it.
    const waiting = await account('member-of-pending', { confirmed: true, status: 'approved' });
    await db('organisations').where('id', await orgOf(waiting.id)).update({ status: 'pending' });
    expect(await mailOnBehalfBlock(db, waiting.id)).toMatchObject({ code: 'account_not_approved' });
    await db('organisations').where('id', await orgOf(waiting.id)).update({ status: 'rejected' });
    expect(await mailOnBehalfBlock(db, waiting.id)).toMatchObject({ code: 'account_not_approved' });

    // A person the superadmin rejected stays refused, even in an approved organisation; an unconfirmed address first.
    const rejected = await account('rejected-member', { confirmed: true, status: 'rejected' });
    expect((await mailOnBehalfBlock(db, rejected.id, ok.workspaceId))?.code).toBe('account_not_approved');
    const unconfirmed = await account('unconfirmed-member', { confirmed: false, status: 'approved' });
    expect((await mailOnBehalfBlock(db, unconfirmed.id, ok.workspaceId))?.code).toBe('email_unconfirmed');
  });
});

describe('the organisation the mail speaks for, not the active one', () => {
  it('a member active in an approved organisation cannot send, schedule, test, ask approval or invite for a pending one she also belongs to', async () => {
    // Approved and active in ok's organisation; publisher of a pending company's organisation.
    const agent = await account('agency-member', { confirmed: true, status: 'approved' });
    await db('organisation_members').insert({ organisation_id: ok.workspaceId, user_id: agent.id, role: 'publisher' });
    await db('profiles').where('user_id', agent.id).update({ active_organisation_id: ok.workspaceId });
    const pendingCompany = await account('pending-company', { confirmed: true, status: 'pending' });
    await db('organisation_members').insert({ organisation_id: pendingCompany.workspaceId, user_id: agent.id, role: 'admin' });
    await db('organisations').where('id', pendingCompany.workspaceId).update({ approval_required: true });
    const id = await release(agent.id, { organisation_id: pendingCompany.workspaceId });
    const before = await outboxSize();

    for (const [method, path, body] of [
      ['POST', `/releases/${id}/send`, undefined],
      ['POST', `/releases/${id}/schedule`, { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }],
      ['POST', `/releases/${id}/test-email`, undefined],
      ['POST', `/releases/${id}/approval-requests`, { note: 'Για αύριο' }],
      ['POST', `/organisations/${pendingCompany.workspaceId}/invitations`, { email: 'new-colleague@on-behalf.test', role: 'editor' }],
    ] as const) {
      const r = await api<Err>(method, path, agent.token, body);
      expect({ path, status: r.status, code: r.body.error?.code }).toEqual({ path, status: 403, code: 'account_not_approved' });
    }
    expect(await statusOf(id)).toBe('draft');
    expect(await outboxSize()).toBe(before);
  });
});
