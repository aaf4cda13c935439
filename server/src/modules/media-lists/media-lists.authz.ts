import { only, type AuthzModule } from '../../test/authz';

const sa = (ok: number) => only(ok, ['superadmin']);

export const authz: AuthzModule = {
  setup: async ({ db }) => {
    const make = async (email: string) => {
      const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
      await db('profiles').insert({ user_id: u!.id, email, name: 'Matrix media', role: 'media', status: 'approved' });
      return u!.id;
    };
    const listMedia = await make('list-media@matrix.test');
    const removeMedia = await make('remove-media@matrix.test');
    await db('media_lists').insert({ category: 'politics', media_id: removeMedia });
    return { listMedia, removeMedia };
  },
  entries: {
    'GET /admin/media-lists': { request: () => ({ path: '/admin/media-lists' }), expect: sa(200) },
    'GET /admin/media-candidates': { request: () => ({ path: '/admin/media-candidates?category=tech' }), expect: sa(200) },
    'GET /admin/media-lists/:category': { request: () => ({ path: '/admin/media-lists/tech?page=1' }), expect: sa(200) },
    'GET /admin/media-lists/:category/export': { request: () => ({ path: '/admin/media-lists/tech/export' }), expect: sa(200) },
    'POST /admin/media-lists/:category': {
      request: (fx) => ({ path: '/admin/media-lists/tech', body: { mediaIds: [fx.listMedia] } }),
      expect: sa(200),
    },
    'POST /admin/media-lists/:category/import': {
      request: () => ({ path: '/admin/media-lists/sports/import', body: { text: 'list-media@matrix.test, nobody@matrix.test' } }),
      expect: sa(200),
    },
    'DELETE /admin/media-lists/:category/:mediaId': {
      request: (fx) => ({ path: `/admin/media-lists/politics/${fx.removeMedia}` }),
      expect: sa(204),
    },
  },
};
