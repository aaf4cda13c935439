import { FIRST_SCREEN_PATHS, type FirstScreen } from '../../../../shared/schemas/first-screen';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError } from '../../http/errors';
import { clientDashboard } from '../client-dashboard/client-dashboard.service';
import { ownProfile } from '../profiles/profiles.routes';
import { getRelease } from '../releases/releases.service';

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
 * role), the release only when the release policy lets the client read it.
 */
export async function firstScreen(ctx: AppContext, actor: Actor, path: string): Promise<FirstScreen> {
  const profile = ownProfile(ctx.db, actor);
  const isClient = actor.role === 'client';
  const editor = isClient ? FIRST_SCREEN_PATHS.editor.exec(path) : null;
  const [dashboard, release] = await Promise.all([
    isClient && FIRST_SCREEN_PATHS.clientHome.test(path) ? unlessRefused(clientDashboard(ctx, actor)) : undefined,
    editor ? unlessRefused(getRelease(ctx, actor, editor[1]!)) : undefined,
  ]);
  return {
    profile: await profile,
    ...(dashboard ? { dashboard } : {}),
    ...(release ? { release } : {}),
  } as FirstScreen;
}
