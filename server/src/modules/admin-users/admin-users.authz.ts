import { only, type AuthzModule } from '../../test/authz';

const sa = (ok: number) => only(ok, ['superadmin']);

export const authz: AuthzModule = {
  setup: async ({ db }) => {
    const make = async (email: string, status: string) => {
      const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
      await db('profiles').insert({ user_id: u!.id, email, name: 'Matrix fixture', role: 'client', status });
      return u!.id;
    };
    return {
      adminActionUser: await make('admin-action@matrix.test', 'approved'),
      adminBulkUser: await make('admin-bulk@matrix.test', 'pending'),
    };
  },
  entries: {
    'GET /admin/users': { request: () => ({ path: '/admin/users?q=matrix&role=client&status=all&page=1' }), expect: sa(200) },
    'GET /admin/users/export': { request: () => ({ path: '/admin/users/export?role=client' }), expect: sa(200) },
    'POST /admin/users/bulk-approve': {
      request: (fx) => ({ path: '/admin/users/bulk-approve', body: { ids: [fx.adminBulkUser] } }),
      expect: sa(200),
    },
    'POST /admin/users/:id/actions': {
      request: (fx) => ({ path: `/admin/users/${fx.adminActionUser}/actions`, body: { action: 'deactivate' } }),
      expect: sa(200),
    },
  },
};
