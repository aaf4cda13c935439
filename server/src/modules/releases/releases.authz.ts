import { only, type AuthzModule } from '../../test/authz';
import { ownOrganisationOf } from '../../test/releases';

/** The fixtures belong to `client`'s organisation: other clients (and the pending one) are not members and get 404. */
const owner = (ok: number) => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const organisationId = await ownOrganisationOf(db, userIds.client);
    const insert = async (title: string) => {
      const [row] = (await db('press_releases')
        .insert({ title, content: '<p>x</p>', content_text: 'x', search_text: title.toLowerCase(), author_id: userIds.client, organisation_id: organisationId })
        .returning('id')) as { id: string }[];
      return row!.id;
    };
    return { releaseId: await insert('Matrix release'), releaseToDelete: await insert('Matrix release to delete') };
  },
  entries: {
    'GET /releases': { request: () => ({ path: '/releases' }), expect: only(200, ['client', 'otherClient', 'pending']) },
    'POST /releases': { request: () => ({ path: '/releases' }), expect: only(201, ['client', 'otherClient', 'pending']) },
    'GET /releases/:id': { request: (fx) => ({ path: `/releases/${fx.releaseId}` }), expect: owner(200) },
    'POST /releases/:id/duplicate': {
      request: (fx) => ({ path: `/releases/${fx.releaseId}/duplicate` }),
      expect: owner(201),
    },
    'DELETE /releases/:id': { request: (fx) => ({ path: `/releases/${fx.releaseToDelete}` }), expect: owner(200) },
  },
};
