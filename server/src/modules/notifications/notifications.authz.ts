import { signedIn, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const [row] = (await db('notifications')
      .insert({ user_id: userIds.client, kind: 'matrix', title: 'Matrix' })
      .returning('id')) as { id: number }[];
    return { notificationId: String(row!.id) };
  },
  entries: {
    'GET /notifications': { request: () => ({ path: '/notifications' }), expect: signedIn(200) },
    'POST /notifications/read-all': { request: () => ({ path: '/notifications/read-all' }), expect: signedIn(200) },
    // Someone else's notification is a 404 (no leak); the owner may mark it read again.
    'POST /notifications/:id/read': {
      request: (fx) => ({ path: `/notifications/${fx.notificationId}/read` }),
      expect: { ...signedIn(404), client: 200 },
    },
  },
};
