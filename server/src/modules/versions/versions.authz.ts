import * as Y from 'yjs';
import { only, type AuthzModule, type Caller } from '../../test/authz';
import { ownOrganisationOf } from '../../test/releases';

/** The release belongs to `client`'s organisation: other clients (and the pending one) are not members and get 404. */
const ownerOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const [r] = (await db('press_releases')
      .insert({ title: 'Matrix versions', content: '<p>x</p>', content_text: 'x', search_text: 'matrix versions', author_id: userIds.client, organisation_id: await ownOrganisationOf(db, userIds.client) })
      .returning('id')) as { id: string }[];
    const [v] = (await db('release_versions')
      .insert({ press_release_id: r!.id, seq: 1, kind: 'auto', title: 'Matrix versions', doc_state: Buffer.from(Y.encodeStateAsUpdate(new Y.Doc())), content_hash: 'x' })
      .returning('id')) as { id: string }[];
    return { versionsRelease: r!.id, versionId: v!.id };
  },
  entries: {
    'GET /releases/:id/versions': { request: (fx) => ({ path: `/releases/${fx.versionsRelease}/versions` }), expect: ownerOnly(200) },
    'POST /releases/:id/versions': {
      request: (fx) => ({ path: `/releases/${fx.versionsRelease}/versions`, body: { name: 'Έκδοση πίνακα' } }),
      expect: ownerOnly(201),
    },
    'GET /releases/:id/versions/compare': {
      request: (fx) => ({ path: `/releases/${fx.versionsRelease}/versions/compare?a=${fx.versionId}&b=current` }),
      expect: ownerOnly(200),
    },
    'POST /releases/:id/versions/:versionId/restore': {
      request: (fx) => ({ path: `/releases/${fx.versionsRelease}/versions/${fx.versionId}/restore` }),
      expect: ownerOnly(200),
    },
  },
};
