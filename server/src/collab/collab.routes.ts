import { collabTicketBody as ticketBody } from '../../../shared/schemas/editor';
import type { AppContext } from '../context';
import type { ApiRouter } from '../http/api-router';
import { actorOf } from '../http/authenticate';
import { notFound } from '../http/errors';
import { valid, validate } from '../http/validate';
import { editableRelease } from './access';
import { releaseDocName } from './persistence';
import { mintTicket } from './ticket';

/** POST /api/collab/tickets: a short-lived ticket to open one release's live document. */
export function collabRoutes(api: ApiRouter, ctx: AppContext): void {
  api.post('/collab/tickets', ['client'], validate('body', ticketBody), async (_req, res) => {
    const actor = actorOf(res);
    const { releaseId } = valid(res, 'body', ticketBody);
    if (!(await editableRelease(ctx.db, actor.userId, releaseId))) throw notFound('Press release not found');
    const { ticket, expiresAt } = await mintTicket(
      { userId: actor.userId, sessionId: actor.sessionId, doc: releaseDocName(releaseId), name: actor.name },
      ctx.tokenKey,
    );
    res.json({ ticket, expiresAt, path: `/collab/${releaseId}` });
  });
}
