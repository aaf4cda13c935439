import { only, type AuthzModule } from '../../test/authz';
import { freezeAsSent } from '../distribution/org-fixtures';

const media = (ok = 200) => only(ok, ['media']);

export const authz: AuthzModule = {
  // A release of the matrix client's organisation, sent to the matrix media user; the sender a journalist blocks is the organisation.
  setup: async ({ db, userIds }) => {
    const m = (await db('organisation_members').where({ user_id: userIds.client, role: 'owner' }).first('organisation_id')) as { organisation_id: string };
    const [row] = (await db('press_releases')
      .insert({
        title: 'Matrix inbox',
        content: '<p>x</p>',
        content_text: 'x',
        category: 'tech',
        status: 'sent',
        sent_at: new Date(),
        author_id: userIds.client,
        organisation_id: m.organisation_id,
      })
      .returning('id')) as { id: string }[];
    await db('deliveries').insert({ press_release_id: row!.id, recipient_user_id: userIds.media, email: 'media@matrix.test', state: 'sent' });
    await freezeAsSent(db, [row!.id]);
    return { inboxReleaseId: row!.id, inboxSenderId: m.organisation_id };
  },
  entries: {
    'GET /media/overview': { request: () => ({ path: '/media/overview' }), expect: media() },
    'GET /media/inbox': { request: () => ({ path: '/media/inbox?read=unread' }), expect: media() },
    'GET /media/inbox/:releaseId': { request: (fx) => ({ path: `/media/inbox/${fx.inboxReleaseId}` }), expect: media() },
    'POST /media/inbox/:releaseId/read': { request: (fx) => ({ path: `/media/inbox/${fx.inboxReleaseId}/read` }), expect: media() },
    'DELETE /media/inbox/:releaseId/read': { request: (fx) => ({ path: `/media/inbox/${fx.inboxReleaseId}/read` }), expect: media() },
    'PUT /media/inbox/:releaseId/bookmark': { request: (fx) => ({ path: `/media/inbox/${fx.inboxReleaseId}/bookmark` }), expect: media() },
    'DELETE /media/inbox/:releaseId/bookmark': { request: (fx) => ({ path: `/media/inbox/${fx.inboxReleaseId}/bookmark` }), expect: media() },
    'GET /media/preferences': { request: () => ({ path: '/media/preferences' }), expect: media() },
    'PUT /media/preferences/categories': {
      request: () => ({ path: '/media/preferences/categories', body: { categories: ['tech', 'economy'] } }),
      expect: media(),
    },
    'PUT /media/preferences/digest': { request: () => ({ path: '/media/preferences/digest', body: { digest: 'weekly' } }), expect: media() },
    'PUT /media/preferences/daily-limit': { request: () => ({ path: '/media/preferences/daily-limit', body: { dailyLimit: 5 } }), expect: media() },
    'DELETE /media/preferences/unsubscribe-all': { request: () => ({ path: '/media/preferences/unsubscribe-all' }), expect: media() },
    'POST /media/blocked-senders': { request: (fx) => ({ path: '/media/blocked-senders', body: { senderId: fx.inboxSenderId } }), expect: media() },
    'DELETE /media/blocked-senders/:senderId': { request: (fx) => ({ path: `/media/blocked-senders/${fx.inboxSenderId}` }), expect: media() },
  },
};
