import { only, type AuthzModule } from '../../test/authz';
import { ownOrganisationOf } from '../../test/releases';

/** Fixture releases belong to `client`'s organisation; other clients (and the pending one) get 404. */
const ownerOnly = (ok: number) => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const organisationId = await ownOrganisationOf(db, userIds.client);
    const make = async (status: 'draft' | 'scheduled') => {
      const [row] = (await db('press_releases')
        .insert({
          title: 'Matrix release',
          content: '<p>Κείμενο</p>',
          content_text: 'Κείμενο',
          category: 'tech',
          status,
          scheduled_at: status === 'scheduled' ? new Date(Date.now() + 86_400_000) : null,
          author_id: userIds.client,
          organisation_id: organisationId,
        })
        .returning('id')) as { id: string }[];
      return row!.id;
    };
    return {
      editorStateId: await make('draft'),
      editorSendId: await make('draft'),
      editorScheduleId: await make('draft'),
      editorUnscheduleId: await make('scheduled'),
    };
  },
  entries: {
    'GET /releases/:id/state': { request: (fx) => ({ path: `/releases/${fx.editorStateId}/state` }), expect: ownerOnly(200) },
    'POST /releases/:id/save': { request: (fx) => ({ path: `/releases/${fx.editorStateId}/save` }), expect: ownerOnly(200) },
    'POST /releases/:id/schedule': {
      request: (fx) => ({ path: `/releases/${fx.editorScheduleId}/schedule`, body: { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() } }),
      expect: ownerOnly(200),
    },
    'POST /releases/:id/unschedule': { request: (fx) => ({ path: `/releases/${fx.editorUnscheduleId}/unschedule` }), expect: ownerOnly(200) },
    'POST /releases/:id/send': { request: (fx) => ({ path: `/releases/${fx.editorSendId}/send` }), expect: ownerOnly(200) },
    'GET /releases/:id/send-preview': { request: (fx) => ({ path: `/releases/${fx.editorStateId}/send-preview` }), expect: ownerOnly(200) },
    'POST /releases/:id/test-email': { request: (fx) => ({ path: `/releases/${fx.editorStateId}/test-email` }), expect: ownerOnly(201) },
    'GET /releases/:id/test-email/:mailId': {
      // No such mail: the owner gets 404 as well; what matters is that nobody else gets further.
      request: (fx) => ({ path: `/releases/${fx.editorStateId}/test-email/1` }),
      expect: ownerOnly(404),
    },
    'GET /media-lists/summary': { request: () => ({ path: '/media-lists/summary' }), expect: only(200, ['client', 'otherClient', 'pending']) },
  },
};
