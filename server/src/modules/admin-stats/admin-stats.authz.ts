import { only, type AuthzModule } from '../../test/authz';

const sa = (ok: number) => only(ok, ['superadmin']);

export const authz: AuthzModule = {
  entries: {
    'GET /admin/overview': { request: () => ({ path: '/admin/overview' }), expect: sa(200) },
    'GET /admin/health': { request: () => ({ path: '/admin/health' }), expect: sa(200) },
    'GET /admin/statistics': { request: () => ({ path: '/admin/statistics?from=2026-01-01&to=2026-01-31' }), expect: sa(200) },
  },
};
