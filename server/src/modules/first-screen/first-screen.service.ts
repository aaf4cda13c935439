import { FIRST_SCREEN_PATHS, type FirstScreen } from '../../../../shared/schemas/first-screen';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError } from '../../http/errors';
import { clientDashboard } from '../client-dashboard/client-dashboard.service';
import { ownProfile } from '../profiles/profiles.routes';
import { getRelease } from '../releases/releases.service';
import { loadDocument, releaseDocName } from '../../collab/persistence';
import * as Y from 'yjs';

/** Past this, the editor syncs its document over the socket instead (the first answer stays small). */
export const FIRST_SCREEN_DOCUMENT_MAX_BYTES = 256 * 1024;

/** The release's stored document, when it has content and is small enough to come along. */
async function storedDocument(ctx: AppContext, releaseId: string): Promise<FirstScreen['document']> {
  const { doc, exists } = await loadDocument(ctx.db, releaseDocName(releaseId));
  try {
    if (!exists || (doc.getXmlFragment('default').length === 0 && doc.getText('title').length === 0)) return undefined;
    const update = Y.encodeStateAsUpdate(doc);
    return update.byteLength > FIRST_SCREEN_DOCUMENT_MAX_BYTES ? undefined : { releaseId, update: Buffer.from(update).toString('base64') };
  } finally {
    doc.destroy();
  }
}

/** A part the caller may not have: left out (the page asks for it itself and shows the refusal). */
function unlessRefused<T>(p: Promise<T>): Promise<T | undefined> {
  return p.catch((err: unknown) => {
    if (err instanceof HttpError && err.status >= 400 && err.status < 500) return undefined;
    throw err;
  });
}

/**
 * The first screen of `path` for the actor: their profile, and on a client's home its
 * dashboard, in the editor the release. Each part is computed by the service behind its own GET,
 * with that GET's checks: the dashboard and the release only for a client (their routes'
 * role), the release only when the release policy lets the client read it, and with the release
 * its stored document.
 */
export async function firstScreen(ctx: AppContext, actor: Actor, path: string): Promise<FirstScreen> {
  const profile = ownProfile(ctx.db, actor);
  const isClient = actor.role === 'client';
  const editor = isClient ? FIRST_SCREEN_PATHS.editor.exec(path) : null;
  const [dashboard, release, stored] = await Promise.all([
    isClient && FIRST_SCREEN_PATHS.clientHome.test(path) ? unlessRefused(clientDashboard(ctx, actor)) : undefined,
    editor ? unlessRefused(getRelease(ctx, actor, editor[1]!)) : undefined,
    // Read beside the release, given only with it (so under its read check).
    editor ? storedDocument(ctx, editor[1]!) : undefined,
  ]);
  const document = release ? stored : undefined;
  return {
    profile: await profile,
    ...(dashboard ? { dashboard } : {}),
    ...(release ? { release } : {}),
    ...(document ? { document } : {}),
  } as FirstScreen;
}
