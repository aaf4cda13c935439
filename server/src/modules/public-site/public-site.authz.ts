import { everyone, only, signedIn, type AuthzModule } from '../../test/authz';

const components = {
  api: 'operational',
  app: 'operational',
  database: 'operational',
  emails: 'operational',
  newsletters: 'operational',
};

export const authz: AuthzModule = {
  async setup({ db }) {
    const [row] = (await db('incidents')
      .insert({
        title: 'Matrix incident',
        status: 'investigating',
        impact: 'minor',
        updates: JSON.stringify([]),
      })
      .returning('id')) as { id: string }[];
    return { incidentId: row!.id };
  },
  entries: {
    'GET /plans': { request: () => ({ path: '/plans' }), expect: everyone(200) },
    'POST /leads': {
      request: () => ({
        path: '/leads',
        body: {
          full_name: 'Μαρία Παππά',
          email: 'maria@matrix.test',
          company: 'Matrix ΑΕ',
          message: 'Γεια',
          source: 'contact',
        },
      }),
      expect: everyone(201),
    },
    'POST /demo-requests': {
      request: () => ({
        path: '/demo-requests',
        body: {
          full_name: 'Νίκος Λάμπρου',
          email: 'nikos@matrix.test',
          company: 'Matrix ΑΕ',
          role: 'client',
        },
      }),
      expect: everyone(201),
    },
    'GET /status': { request: () => ({ path: '/status' }), expect: everyone(200) },
    'PUT /status': {
      request: () => ({ path: '/status', body: { overall: 'operational', components } }),
      expect: only(200, ['superadmin']),
    },
    'POST /incidents': {
      request: () => ({
        path: '/incidents',
        body: { title: 'Καθυστέρηση email', impact: 'minor' },
      }),
      expect: only(201, ['superadmin']),
    },
    'PATCH /incidents/:id': {
      request: (fx) => ({
        path: `/incidents/${fx.incidentId}`,
        body: { message: 'Ελέγχουμε την αιτία.' },
      }),
      expect: only(200, ['superadmin']),
    },
    'PUT /cookie-consent': {
      request: () => ({
        path: '/cookie-consent',
        body: { functional: true, performance: false, marketing: false },
      }),
      expect: signedIn(200),
    },
    'GET /platform-settings': {
      request: () => ({ path: '/platform-settings' }),
      expect: only(200, ['superadmin']),
    },
    'PUT /platform-settings': {
      request: () => ({ path: '/platform-settings', body: { signup_requires_approval: true } }),
      expect: only(200, ['superadmin']),
    },
  },
};
