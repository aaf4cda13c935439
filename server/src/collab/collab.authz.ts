import { only, type AuthzModule } from '../test/authz';

/** The fixture release belongs to `client`: everyone else gets 404 or 403. */
export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const [row] = (await db('press_releases').insert({ title: 'Matrix collab', client_id: userIds.client }).returning('id')) as { id: string }[];
    return { collabReleaseId: row!.id };
  },
  entries: {
    'POST /collab/tickets': {
      request: (fx) => ({ path: '/collab/tickets', body: { releaseId: fx.collabReleaseId } }),
      expect: { ...only(200, ['client']), otherClient: 404, pending: 404 },
    },
  },
};
