import { everyone, only, type AuthzModule } from '../../test/authz';
import { ownOrganisationOf } from '../../test/releases';

const ownerOnly = (ok: number) => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });
/** A 1x1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const authz: AuthzModule = {
  setup: async ({ db, userIds }) => {
    const [rel] = (await db('press_releases').insert({ title: 'Matrix attachments', author_id: userIds.client, organisation_id: await ownOrganisationOf(db, userIds.client) }).returning('id')) as { id: string }[];
    const [att] = (await db('release_attachments')
      .insert({ press_release_id: rel!.id, file_name: 'gone.pdf', mime_type: 'application/pdf', size_bytes: 5, storage_key: 'attachments/none', uploaded_by: userIds.client })
      .returning('id')) as { id: string }[];
    const [del] = (await db('release_attachments')
      .insert({ press_release_id: rel!.id, file_name: 'del.pdf', mime_type: 'application/pdf', size_bytes: 5, storage_key: 'attachments/none2', uploaded_by: userIds.client })
      .returning('id')) as { id: string }[];
    return { attReleaseId: rel!.id, attId: att!.id, attDeleteId: del!.id, pngBase64: PNG };
  },
  entries: {
    'GET /releases/:id/attachments': { request: (fx) => ({ path: `/releases/${fx.attReleaseId}/attachments` }), expect: ownerOnly(200) },
    // The matrix sends JSON; a JSON body is not an accepted file type: 400 for the owner.
    'POST /releases/:id/attachments': { request: (fx) => ({ path: `/releases/${fx.attReleaseId}/attachments`, body: { not: 'a file' } }), expect: ownerOnly(400) },
    'DELETE /releases/:id/attachments/:attachmentId': {
      request: (fx) => ({ path: `/releases/${fx.attReleaseId}/attachments/${fx.attDeleteId}` }),
      expect: ownerOnly(204),
    },
    // Without a valid signed token nobody gets the file.
    'GET /attachments/:attachmentId/file': { request: (fx) => ({ path: `/attachments/${fx.attId}/file?token=not-a-valid-token` }), expect: everyone(403) },
  },
};
