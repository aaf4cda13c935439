import { only, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  entries: {
    'GET /client/dashboard': {
      request: () => ({ path: '/client/dashboard' }),
      expect: only(200, ['client', 'otherClient', 'pending']),
    },
  },
};
