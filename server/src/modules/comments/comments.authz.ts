import * as Y from 'yjs';
import { CONTENT_FIELD } from '../../../../shared/editor/extensions';
import { releaseDocName, writeSnapshot } from '../../collab/persistence';
import { only, type AuthzModule, type Caller } from '../../test/authz';
import { ownOrganisationOf } from '../../test/releases';

/** The release belongs to `client`'s organisation: other clients (and the pending one) are not members and get 404. */
const ownerOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const organisationId = await ownOrganisationOf(db, userIds.client);
    const [r] = (await db('press_releases')
      .insert({ title: 'Matrix comments', content: '<p>Λέξεις για σχόλια.</p>', content_text: 'Λέξεις για σχόλια.', search_text: 'matrix comments', author_id: userIds.client, organisation_id: organisationId })
      .returning('id')) as { id: string }[];
    // The release's live document, with words a new thread can be anchored to.
    const doc = new Y.Doc();
    const p = new Y.XmlElement('paragraph');
    const text = new Y.XmlText('Λέξεις για σχόλια.');
    p.insert(0, [text]);
    doc.getXmlFragment(CONTENT_FIELD).insert(0, [p]);
    await writeSnapshot(db, releaseDocName(r!.id), Y.encodeStateAsUpdate(doc));
    const anchorStart = b64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(text, 0, 0)));
    const anchorEnd = b64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(text, 6, -1)));
    const root = async (quote: string, extra: Record<string, unknown> = {}) => {
      const [c] = (await db('release_comments')
        .insert({
          press_release_id: r!.id,
          organisation_id: organisationId,
          author_id: userIds.client,
          body: `Σχόλιο ${quote}`,
          field: 'content',
          anchor_start: Buffer.from(anchorStart, 'base64'),
          anchor_end: Buffer.from(anchorEnd, 'base64'),
          quote,
          ...extra,
        })
        .returning('id')) as { id: string }[];
      return c!.id;
    };
    return {
      commentsRelease: r!.id,
      commentsAnchorStart: anchorStart,
      commentsAnchorEnd: anchorEnd,
      commentReplyTo: await root('απάντηση'),
      commentToEdit: await root('αλλαγή'),
      commentToDelete: await root('διαγραφή'),
      commentToResolve: await root('επίλυση'),
      commentToReopen: await root('επανάνοιγμα', { resolved_at: new Date(), resolved_by: userIds.client }),
    };
  },
  entries: {
    'GET /releases/:id/comments': { request: (fx) => ({ path: `/releases/${fx.commentsRelease}/comments` }), expect: ownerOnly(200) },
    'POST /releases/:id/comments': {
      request: (fx) => ({
        path: `/releases/${fx.commentsRelease}/comments`,
        body: { field: 'content', anchorStart: fx.commentsAnchorStart, anchorEnd: fx.commentsAnchorEnd, quote: 'Λέξεις', body: 'Σχόλιο πίνακα' },
      }),
      expect: ownerOnly(201),
    },
    'POST /comments/:id/replies': { request: (fx) => ({ path: `/comments/${fx.commentReplyTo}/replies`, body: { body: 'Απάντηση πίνακα' } }), expect: ownerOnly(201) },
    'PATCH /comments/:id': { request: (fx) => ({ path: `/comments/${fx.commentToEdit}`, body: { body: 'Αλλαγμένο σχόλιο' } }), expect: ownerOnly(200) },
    'DELETE /comments/:id': { request: (fx) => ({ path: `/comments/${fx.commentToDelete}` }), expect: ownerOnly(204) },
    'POST /comments/:id/resolve': { request: (fx) => ({ path: `/comments/${fx.commentToResolve}/resolve` }), expect: ownerOnly(200) },
    'POST /comments/:id/reopen': { request: (fx) => ({ path: `/comments/${fx.commentToReopen}/reopen` }), expect: ownerOnly(200) },
  },
};
