import { only, type AuthzModule } from '../../test/authz';

/**
 * Every client reads the newsroom of the organisation they work in now (every matrix client owns
 * one, pending ones too); owners and admins change it; nobody else has any.
 */
const clients = (ok: number) => only(ok, ['client', 'otherClient', 'pending']);

export const authz: AuthzModule = {
  entries: {
    'GET /newsroom/settings': { request: () => ({ path: '/newsroom/settings' }), expect: clients(200) },
    'PUT /newsroom/settings': {
      // Each caller saves the same address: the first organisation takes it, the other is told it
      // is taken, and an organisation awaiting approval may not claim an address at all.
      request: () => ({
        path: '/newsroom/settings',
        body: { newsroom_slug: 'matrix-newsroom', newsroom_enabled: true, boilerplate: '', press_contact_name: '', press_contact_email: '', press_contact_phone: '' },
      }),
      expect: { ...clients(200), otherClient: 409, pending: 403 },
    },
    'GET /newsroom/slug-availability': { request: () => ({ path: '/newsroom/slug-availability?slug=matrix-free' }), expect: clients(200) },
  },
};
