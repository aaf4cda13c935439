import { only, type AuthzModule, type Caller } from '../../test/authz';

/** The organisation is `client`'s (its owner, an admin): another client or a pending one (not members) get 404. */
const ownerOnly = (ok: number): Record<Caller, number> => ({
  ...only(ok, ['client']),
  otherClient: 404,
  pending: 404,
});
const sa = (ok: number) => only(ok, ['superadmin']);

export const authz: AuthzModule = {
  setup: async ({ db, organisationIds }) => {
    const org = organisationIds.client;
    const insert = async (row: Record<string, unknown>) => {
      const [r] = (await db('suppressions').insert(row).returning('id')) as { id: string }[];
      return r!.id;
    };
    const suppOrgLift = await insert({
      email_lc: 'lift-me@matrix.test',
      organisation_id: org,
      reason: 'manual',
      source: 'admin',
    });
    const suppGlobalLift = await insert({
      email_lc: 'lift-me-global@matrix.test',
      organisation_id: null,
      reason: 'manual',
      source: 'admin',
    });
    // The media caller's own complaint about the client's mail (lifted by its entry before any send of the matrix).
    const suppComplaint = await insert({
      email_lc: 'media@matrix.test',
      organisation_id: org,
      reason: 'complaint',
      source: 'arf',
    });
    return { suppOrg: org, suppOrgLift, suppGlobalLift, suppComplaint };
  },
  entries: {
    'GET /organisations/:id/suppressions': {
      request: (fx) => ({ path: `/organisations/${fx.suppOrg}/suppressions?reason=manual` }),
      expect: ownerOnly(200),
    },
    'GET /organisations/:id/suppressions.csv': {
      request: (fx) => ({ path: `/organisations/${fx.suppOrg}/suppressions.csv` }),
      expect: ownerOnly(200),
    },
    'POST /organisations/:id/suppressions': {
      request: (fx) => ({
        path: `/organisations/${fx.suppOrg}/suppressions`,
        body: { email: 'added@matrix.test', note: 'ζήτησε να μη λαμβάνει' },
      }),
      expect: ownerOnly(201),
    },
    'POST /organisations/:id/suppressions/import': {
      request: (fx) => ({
        path: `/organisations/${fx.suppOrg}/suppressions/import`,
        body: { text: 'email\nimported@matrix.test\nnot-an-address' },
      }),
      expect: ownerOnly(200),
    },
    'DELETE /organisations/:id/suppressions/:suppressionId': {
      request: (fx) => ({ path: `/organisations/${fx.suppOrg}/suppressions/${fx.suppOrgLift}` }),
      expect: ownerOnly(204),
    },
    'GET /admin/suppressions': {
      request: () => ({ path: '/admin/suppressions?q=matrix&page=1' }),
      expect: sa(200),
    },
    'GET /admin/suppressions.csv': {
      request: () => ({ path: '/admin/suppressions.csv' }),
      expect: sa(200),
    },
    'POST /admin/suppressions': {
      request: () => ({ path: '/admin/suppressions', body: { email: 'global-added@matrix.test' } }),
      expect: sa(201),
    },
    'POST /admin/suppressions/import': {
      request: () => ({
        path: '/admin/suppressions/import',
        body: { text: 'global-imported@matrix.test' },
      }),
      expect: sa(200),
    },
    'DELETE /admin/suppressions/:suppressionId': {
      request: (fx) => ({ path: `/admin/suppressions/${fx.suppGlobalLift}` }),
      expect: sa(204),
    },
    'GET /media/suppressions': {
      request: () => ({ path: '/media/suppressions' }),
      expect: only(200, ['media']),
    },
    'DELETE /media/suppressions/:suppressionId': {
      request: (fx) => ({ path: `/media/suppressions/${fx.suppComplaint}` }),
      expect: only(204, ['media']),
    },
  },
};
