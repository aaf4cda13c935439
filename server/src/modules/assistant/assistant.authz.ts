import { only, type AuthzModule, type Caller } from '../../test/authz';

/** The release's organisation's members only: outsiders (another client, a pending one) get 404, other roles 403. */
const membersOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const m = (await db('organisation_members').where({ user_id: userIds.client, role: 'owner' }).first('organisation_id')) as { organisation_id: string };
    const ws = { id: m.organisation_id };
    const [release] = (await db('press_releases')
      .insert({ title: 'Matrix assistant', content: '<p>x</p>', content_text: 'x', search_text: 'matrix', author_id: userIds.client, organisation_id: ws.id })
      .returning('id')) as { id: string }[];
    const [word] = (await db('organisation_words').insert({ organisation_id: ws.id, word: 'Μητρώο', created_by: userIds.client }).returning('id')) as { id: string }[];
    return { assistantWs: ws.id, assistantRelease: release!.id, assistantWord: word!.id };
  },
  entries: {
    'POST /assistant/suggestions': {
      request: () => ({ path: '/assistant/suggestions', body: { title: 'Τίτλος', text: 'Η εταιρεία ανακοινώνει νέο προϊόν. Το προϊόν κυκλοφορεί τον Μάιο.' } }),
      expect: only(200, ['client', 'otherClient', 'pending']),
    },
    'POST /assistant/review': {
      request: (fx) => ({
        path: '/assistant/review',
        body: { releaseId: fx.assistantRelease, title: 'Τίτλος', blocks: [{ type: 'paragraph', text: 'Η εταιρεία ανακοινώνει νέο προϊόν.' }] },
      }),
      expect: membersOnly(200),
    },
    'GET /organisations/:id/dictionary': { request: (fx) => ({ path: `/organisations/${fx.assistantWs}/dictionary` }), expect: membersOnly(200) },
    'POST /organisations/:id/dictionary': {
      request: (fx) => ({ path: `/organisations/${fx.assistantWs}/dictionary`, body: { word: 'Νηρηίδα' } }),
      expect: membersOnly(201),
    },
    'DELETE /organisations/:id/dictionary/:wordId': {
      request: (fx) => ({ path: `/organisations/${fx.assistantWs}/dictionary/${fx.assistantWord}` }),
      expect: membersOnly(204),
    },
  },
};
