import * as Y from 'yjs';
import { only, type AuthzModule, type Caller, type MatrixWorld } from '../../test/authz';
import { ownOrganisationOf } from '../../test/releases';
import { releaseDocName, seedSnapshot } from '../../collab/persistence';
import { docFromJson } from '../../collab/render';

/** The release belongs to `client`'s organisation: other clients (and the pending one) are not members and get 404. */
const ownerOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

/** A release of the client's organisation whose live document holds one insertion by the client. */
async function releaseWithSuggestion(world: MatrixWorld, sid: string): Promise<string> {
  const { db, userIds } = world;
  const [r] = (await db('press_releases')
    .insert({ title: 'Matrix suggestions', content: '<p>x</p>', content_text: 'x', search_text: 'matrix suggestions', author_id: userIds.client, organisation_id: await ownOrganisationOf(db, userIds.client) })
    .returning('id')) as { id: string }[];
  const doc = docFromJson({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }, { type: 'text', text: ' νέο', marks: [{ type: 'insertion', attrs: { id: sid } }] }] }],
  });
  await seedSnapshot(db, releaseDocName(r!.id), Y.encodeStateAsUpdate(doc));
  doc.destroy();
  return r!.id;
}

export const authz: AuthzModule = {
  setup: async (world) => {
    const sid = `${world.userIds.client}:matrix01`;
    return {
      suggestionsRelease: await releaseWithSuggestion(world, sid),
      acceptRelease: await releaseWithSuggestion(world, sid),
      rejectRelease: await releaseWithSuggestion(world, sid),
      suggestionId: encodeURIComponent(sid),
    };
  },
  entries: {
    'GET /releases/:id/suggestions': { request: (fx) => ({ path: `/releases/${fx.suggestionsRelease}/suggestions` }), expect: ownerOnly(200) },
    'POST /releases/:id/suggestions/:sid/accept': {
      request: (fx) => ({ path: `/releases/${fx.acceptRelease}/suggestions/${fx.suggestionId}/accept` }),
      expect: ownerOnly(200),
    },
    'POST /releases/:id/suggestions/:sid/reject': {
      request: (fx) => ({ path: `/releases/${fx.rejectRelease}/suggestions/${fx.suggestionId}/reject` }),
      expect: ownerOnly(200),
    },
    'POST /releases/:id/suggestions/accept-all': { request: (fx) => ({ path: `/releases/${fx.suggestionsRelease}/suggestions/accept-all` }), expect: ownerOnly(200) },
    'POST /releases/:id/suggestions/reject-all': { request: (fx) => ({ path: `/releases/${fx.suggestionsRelease}/suggestions/reject-all` }), expect: ownerOnly(200) },
  },
};
