import { everyone, signedIn, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  entries: {
    'GET /profile': { request: () => ({ path: '/profile' }), expect: signedIn(200) },
    'PATCH /profile': { request: () => ({ path: '/profile', body: { name: 'Νέο όνομα' } }), expect: signedIn(200) },
    // The matrix sends no image: every signed-in caller reaches the handler and gets a 400.
    'POST /profile/logo': { request: () => ({ path: '/profile/logo' }), expect: signedIn(400) },
    'GET /profile/logo/:file': {
      request: () => ({ path: `/profile/logo/${'0'.repeat(32)}.png` }),
      expect: everyone(404),
    },
  },
};
