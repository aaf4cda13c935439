import { only, signedIn, type AuthzModule } from '../../test/authz';

const NO_SUCH = '00000000-0000-4000-8000-000000000000';

export const authz: AuthzModule = {
  entries: {
    // Everyone signed in may download their own data.
    'GET /account/export': { request: () => ({ path: '/account/export?files=omit' }), expect: signedIn(200) },
    'GET /account/erasure': { request: () => ({ path: '/account/erasure' }), expect: signedIn(200) },
    // A wrong password is a 400 naming the field; a superadmin account is not erased by its owner.
    'POST /account/erasure': {
      request: () => ({ path: '/account/erasure', body: { password: 'not-the-password' } }),
      expect: { ...signedIn(400), superadmin: 403 },
    },
    'POST /account/erasure/confirm': {
      request: () => ({ path: '/account/erasure/confirm', body: { token: 'x'.repeat(43) } }),
      expect: signedIn(400),
    },
    'DELETE /account/erasure': { request: () => ({ path: '/account/erasure' }), expect: signedIn(404) },
    'GET /admin/erasures': { request: () => ({ path: '/admin/erasures' }), expect: only(200, ['superadmin']) },
    'POST /admin/erasures/:id/erase': { request: () => ({ path: `/admin/erasures/${NO_SUCH}/erase` }), expect: only(404, ['superadmin']) },
    'POST /admin/erasures/:id/cancel': { request: () => ({ path: `/admin/erasures/${NO_SUCH}/cancel` }), expect: only(404, ['superadmin']) },
  },
};
