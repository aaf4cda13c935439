import { only, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  entries: {
    'GET /admin/audit-logs': {
      request: () => ({ path: '/admin/audit-logs?action=user.approve&actor=matrix&from=2026-01-01&to=2030-12-31' }),
      expect: only(200, ['superadmin']),
    },
  },
};
