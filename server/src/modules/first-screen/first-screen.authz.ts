import { signedIn, type AuthzModule } from '../../test/authz';

/** Every signed-in caller gets their own profile; the parts they may not read are left out (first-screen.test.ts). */
export const authz: AuthzModule = {
  entries: {
    'GET /first-screen': { request: () => ({ path: '/first-screen?path=%2Fclient' }), expect: signedIn(200) },
  },
};
