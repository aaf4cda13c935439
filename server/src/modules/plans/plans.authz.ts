import { only, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  entries: {
    'GET /account/plan': { request: () => ({ path: '/account/plan' }), expect: only(200, ['client', 'otherClient', 'pending']) },
  },
};
