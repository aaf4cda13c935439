import { only, type AuthzModule } from '../../test/authz';

const sa = (ok: number) => only(ok, ['superadmin']);

export const authz: AuthzModule = {
  setup: async ({ db }) => {
    const make = async (email: string, status: string) => {
      const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
      await db('profiles').insert({ user_id: u!.id, email, name: 'Matrix fixture', role: 'client', status });
      return u!.id;
    };
    const planUser = await make('admin-plan@matrix.test', 'approved');
    // The plan and trial are an organisation's: the fixture owns one.
    const [org] = (await db('organisations')
      .insert({
        name: 'Matrix plan organisation',
        created_by: planUser,
        status: 'approved',
        plan_code: 'starter',
        trial_started_at: new Date(),
        trial_ends_at: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning('id')) as { id: string }[];
    await db('organisation_members').insert({ organisation_id: org!.id, user_id: planUser, role: 'owner' });
    return {
      adminPlanOrganisation: org!.id,
      adminActionUser: await make('admin-action@matrix.test', 'approved'),
      adminBulkUser: await make('admin-bulk@matrix.test', 'pending'),
      adminPlanUser: planUser,
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
    'POST /admin/users/:id/trial': {
      request: (fx) => ({ path: `/admin/users/${fx.adminPlanUser}/trial`, body: { days: 7 } }),
      expect: sa(200),
    },
    'PUT /admin/users/:id/plan': {
      request: (fx) => ({ path: `/admin/users/${fx.adminPlanUser}/plan`, body: { plan_code: 'pro', active: false } }),
      expect: sa(200),
    },
    'POST /admin/organisations/:id/trial': {
      request: (fx) => ({ path: `/admin/organisations/${fx.adminPlanOrganisation}/trial`, body: { days: 7 } }),
      expect: sa(200),
    },
    'PUT /admin/organisations/:id/plan': {
      request: (fx) => ({ path: `/admin/organisations/${fx.adminPlanOrganisation}/plan`, body: { plan_code: 'pro', active: false } }),
      expect: sa(200),
    },
  },
};
