import { everyone, only, signedIn, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  entries: {
    'GET /profile': { request: () => ({ path: '/profile' }), expect: signedIn(200) },
    'PATCH /profile': { request: () => ({ path: '/profile', body: { name: 'Νέο όνομα' } }), expect: signedIn(200) },
    // The logo is the active organisation's (owners and admins: every matrix client owns theirs).
    // The matrix sends no image: every client reaches the check of the file and gets a 400.
    'POST /profile/logo': { request: () => ({ path: '/profile/logo' }), expect: only(400, ['client', 'otherClient', 'pending']) },
    'GET /profile/logo/:file': {
      request: () => ({ path: `/profile/logo/${'0'.repeat(32)}.png` }),
      expect: everyone(404),
    },
  },
};
