import { TERMS_VERSION } from '../../../../shared/plans';
import { hashToken } from '../auth/auth.tokens';
import { everyone, only, type AuthzModule, type Caller } from '../../test/authz';

/** The organisation is `client`'s (its owner): another client or a pending one (not members) get 404. */
const ownerOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const ws = (await db('organisations').where('created_by', userIds.client).first('id')) as { id: string };
    const [user] = (await db('users').insert({ email: 'member9@matrix.test' }).returning('id')) as { id: string }[];
    await db('profiles').insert({ user_id: user!.id, email: 'member9@matrix.test', name: 'Μέλος', role: 'client', status: 'approved' });
    await db('organisation_members').insert({ organisation_id: ws.id, user_id: user!.id, role: 'editor' });
    const [inv] = (await db('organisation_invitations')
      .insert({
        organisation_id: ws.id,
        email: 'revoke9@matrix.test',
        token_hash: hashToken('matrix-invitation-9'),
        invited_by: userIds.client,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')) as { id: string }[];
    const [roleUser] = (await db('users').insert({ email: 'approver19@matrix.test' }).returning('id')) as { id: string }[];
    await db('profiles').insert({ user_id: roleUser!.id, email: 'approver19@matrix.test', name: 'Εγκρίνουσα', role: 'client', status: 'approved' });
    await db('organisation_members').insert({ organisation_id: ws.id, user_id: roleUser!.id, role: 'editor' });
    const [resend] = (await db('organisation_invitations')
      .insert({
        organisation_id: ws.id,
        email: 'resend9@matrix.test',
        token_hash: hashToken('matrix-invitation-resend-9'),
        invited_by: userIds.client,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')) as { id: string }[];
    return { ws9: ws.id, ws9Member: user!.id, ws9Invitation: inv!.id, ws9Resend: resend!.id, ws9RoleMember: roleUser!.id };
  },
  entries: {
    'GET /organisations': { request: () => ({ path: '/organisations' }), expect: only(200, ['client', 'otherClient', 'pending']) },
    'PUT /organisations/active': {
      request: (fx) => ({ path: '/organisations/active', body: { organisation_id: fx.ws9 } }),
      expect: ownerOnly(200),
    },
    'DELETE /organisations/:id': {
      // The owner gets past the role check to the name's confirmation (the organisation stays: other modules' fixtures live in it).
      request: (fx) => ({ path: `/organisations/${fx.ws9}`, body: { name: 'not its name' } }),
      expect: ownerOnly(422),
    },
    'GET /workspaces': { request: () => ({ path: '/workspaces' }), expect: only(200, ['client', 'otherClient', 'pending']) },
    'GET /organisations/:id/members': { request: (fx) => ({ path: `/organisations/${fx.ws9}/members` }), expect: ownerOnly(200) },
    'DELETE /organisations/:id/members/:userId': {
      request: (fx) => ({ path: `/organisations/${fx.ws9}/members/${fx.ws9Member}` }),
      expect: ownerOnly(204),
    },
    'PATCH /organisations/:id/settings': {
      // Kept off: the editor's fixtures send from this workspace.
      request: (fx) => ({ path: `/organisations/${fx.ws9}/settings`, body: { approval_required: false } }),
      expect: ownerOnly(200),
    },
    'PATCH /organisations/:id/members/:userId': {
      request: (fx) => ({ path: `/organisations/${fx.ws9}/members/${fx.ws9RoleMember}`, body: { role: 'publisher' } }),
      expect: ownerOnly(200),
    },
    'GET /organisations/:id/invitations': {
      request: (fx) => ({ path: `/organisations/${fx.ws9}/invitations` }),
      expect: ownerOnly(200),
    },
    'POST /organisations/:id/invitations': {
      request: (fx) => ({ path: `/organisations/${fx.ws9}/invitations`, body: { email: 'invitee9@matrix.test' } }),
      expect: ownerOnly(201),
    },
    'POST /invitations/:id/resend': { request: (fx) => ({ path: `/invitations/${fx.ws9Resend}/resend` }), expect: ownerOnly(200) },
    'DELETE /invitations/:id': { request: (fx) => ({ path: `/invitations/${fx.ws9Invitation}` }), expect: ownerOnly(204) },
    'POST /invitations/accept': {
      request: () => ({ path: '/invitations/accept', body: { token: 'no-such-invitation' } }),
      expect: only(400, ['client', 'otherClient', 'pending']),
    },
    // The invitation link's page: public, the token is the key (an unknown one: 404).
    'POST /invitations/preview': { request: () => ({ path: '/invitations/preview', body: { token: 'no-such-invitation' } }), expect: everyone(404) },
    'POST /invitations/join': {
      request: () => ({
        path: '/invitations/join',
        body: { token: 'no-such-invitation', name: 'Κανείς', password: 'Thalassa-2026', terms_accepted: true, terms_version: TERMS_VERSION },
      }),
      expect: everyone(404),
    },
  },
};
