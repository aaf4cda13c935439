import { only, type AuthzModule } from '../test/authz';
import { ownOrganisationOf } from '../test/releases';

/** The fixture release belongs to `client`'s organisation: everyone else gets 404 or 403. */
export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const [row] = (await db('press_releases').insert({ title: 'Matrix collab', author_id: userIds.client, organisation_id: await ownOrganisationOf(db, userIds.client) }).returning('id')) as { id: string }[];
    return { collabReleaseId: row!.id };
  },
  entries: {
    'POST /collab/tickets': {
      request: (fx) => ({ path: '/collab/tickets', body: { releaseId: fx.collabReleaseId } }),
      expect: { ...only(200, ['client']), otherClient: 404, pending: 404 },
    },
  },
};
