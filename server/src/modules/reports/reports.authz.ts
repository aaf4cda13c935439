import { only, type AuthzModule } from '../../test/authz';

/**
 * Coverage links: only members of the release's organisation; a member of another organisation
 * (or a pending one) sees no such release.
 */
const owner = (ok: number) => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });
const anyClient = (ok: number) => only(ok, ['client', 'otherClient', 'pending']);

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const { organisation_id } = (await db('organisation_members').where({ user_id: userIds.client, role: 'owner' }).first('organisation_id')) as {
      organisation_id: string;
    };
    const sent = async (title: string) => {
      const [row] = (await db('press_releases')
        .insert({ title, category: 'tech', status: 'sent', sent_at: new Date(), author_id: userIds.client, organisation_id })
        .returning('id')) as { id: string }[];
      return row!.id;
    };
    const coverageRelease = await sent('Matrix coverage release');
    const uncoverRelease = await sent('Matrix coverage removal');
    await db('reporting').insert({ press_release_id: uncoverRelease, coverage_links: ['https://matrix.example/story'] });
    return { coverageRelease, uncoverRelease };
  },
  entries: {
    'GET /client/reports': { request: () => ({ path: '/client/reports' }), expect: anyClient(200) },
    'GET /client/reports/export.csv': { request: () => ({ path: '/client/reports/export.csv' }), expect: anyClient(200) },
    'GET /client/reports/export.pdf': { request: () => ({ path: '/client/reports/export.pdf' }), expect: anyClient(200) },
    'GET /client/reports/:releaseId/coverage': { request: (fx) => ({ path: `/client/reports/${fx.uncoverRelease}/coverage` }), expect: owner(200) },
    'POST /client/reports/:releaseId/coverage': {
      request: (fx) => ({ path: `/client/reports/${fx.coverageRelease}/coverage`, body: { url: 'https://matrix.example/new' } }),
      expect: owner(201),
    },
    'DELETE /client/reports/:releaseId/coverage': {
      request: (fx) => ({ path: `/client/reports/${fx.uncoverRelease}/coverage?url=${encodeURIComponent('https://matrix.example/story')}` }),
      expect: owner(200),
    },
  },
};
