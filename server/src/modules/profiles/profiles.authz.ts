import { signedIn, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  entries: {
    'GET /profile': { request: () => ({ path: '/profile' }), expect: signedIn(200) },
    'PATCH /profile': { request: () => ({ path: '/profile', body: { name: 'Νέο όνομα' } }), expect: signedIn(200) },
  },
};
