import * as Y from 'yjs';
import { only, type AuthzModule, type Caller } from '../../test/authz';

/**
 * The releases belong to an organisation (of another owner, so that `client`'s own organisation
 * keeps sending without approval for the other modules' fixtures) where `client` is a publisher
 * (approves): other clients (and the pending one) are not members and get 404.
 */
const ownerOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const [owner] = (await db('users').insert({ email: 'owner19@matrix.test' }).returning('id')) as { id: string }[];
    await db('profiles').insert({ user_id: owner!.id, email: 'owner19@matrix.test', name: 'Ιδιοκτήτρια', role: 'client', status: 'approved' });
    const [ws] = (await db('organisations').insert({ created_by: owner!.id, name: 'Χώρος έγκρισης', approval_required: true, status: 'approved' }).returning('id')) as { id: string }[];
    await db('organisation_members').insert([
      { organisation_id: ws!.id, user_id: owner!.id, role: 'owner' },
      { organisation_id: ws!.id, user_id: userIds.client, role: 'publisher' },
    ]);
    const [member] = (await db('users').insert({ email: 'writer19@matrix.test' }).returning('id')) as { id: string }[];
    await db('profiles').insert({ user_id: member!.id, email: 'writer19@matrix.test', name: 'Συντάκτρια', role: 'client', status: 'approved' });
    await db('organisation_members').insert({ organisation_id: ws!.id, user_id: member!.id, role: 'editor' });
    const release = async (title: string) => {
      const [r] = (await db('press_releases')
        .insert({ title, content: '<p>x</p>', content_text: 'x', search_text: title.toLowerCase(), author_id: member!.id, organisation_id: ws!.id })
        .returning('id')) as { id: string }[];
      return r!.id;
    };
    const approvalRelease = await release('Matrix approval');
    const decisionRelease = await release('Matrix decision');
    const [v] = (await db('release_versions')
      .insert({ press_release_id: decisionRelease, seq: 1, kind: 'named', title: 'Matrix decision', doc_state: Buffer.from(Y.encodeStateAsUpdate(new Y.Doc())), content_hash: 'x' })
      .returning('id')) as { id: string }[];
    const [a] = (await db('release_approvals')
      .insert({ press_release_id: decisionRelease, organisation_id: ws!.id, version_id: v!.id, requested_by: member!.id })
      .returning('id')) as { id: string }[];
    return { approvalRelease, approvalId: a!.id, approvalVersionId: v!.id };
  },
  entries: {
    'GET /releases/:id/approval': { request: (fx) => ({ path: `/releases/${fx.approvalRelease}/approval` }), expect: ownerOnly(200) },
    'POST /releases/:id/approval-requests': {
      request: (fx) => ({ path: `/releases/${fx.approvalRelease}/approval-requests`, body: { note: 'Παρακαλώ έγκριση' } }),
      expect: ownerOnly(201),
    },
    'POST /approvals/:id/decision': {
      request: (fx) => ({ path: `/approvals/${fx.approvalId}/decision`, body: { decision: 'approve', versionId: fx.approvalVersionId } }),
      expect: ownerOnly(200),
    },
    'GET /approvals': { request: () => ({ path: '/approvals' }), expect: only(200, ['client', 'otherClient', 'pending']) },
    'GET /approvals/count': { request: () => ({ path: '/approvals/count' }), expect: only(200, ['client', 'otherClient', 'pending']) },
  },
};
