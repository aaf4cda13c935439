import { collabTicketBody as ticketBody } from '../../../shared/schemas/editor';
import type { AppContext } from '../context';
import type { ApiRouter } from '../http/api-router';
import { actorOf } from '../http/authenticate';
import { valid, validate } from '../http/validate';
import { requireRelease } from '../modules/organisations/access';
import { releaseDocName } from './persistence';
import { mintTicket } from './ticket';

/** POST /api/collab/tickets: a short-lived ticket to open one release's live document. */
export function collabRoutes(api: ApiRouter, ctx: AppContext): void {
  api.post('/collab/tickets', ['client'], validate('body', ticketBody), async (_req, res) => {
    const actor = actorOf(res);
    const { releaseId } = valid(res, 'body', ticketBody);
    // Any member opens it (404 for anyone else); a reviewer's connection is read-only (collab/upgrade.ts).
    await requireRelease(ctx.db, actor, releaseId, 'read');
    const { ticket, expiresAt } = await mintTicket(
      { userId: actor.userId, sessionId: actor.sessionId, doc: releaseDocName(releaseId), name: actor.name },
      ctx.tokenKey,
    );
    res.json({ ticket, expiresAt, path: `/collab/${releaseId}` });
  });
}
