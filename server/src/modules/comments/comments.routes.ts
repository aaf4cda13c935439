import { z } from 'zod';
import { commentParams, commentTextBody, createCommentBody } from '../../../../shared/schemas/review';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './comments.service';

const releaseParams = z.object({ id: z.uuid('id must be a press release id') });

/** Comments on a release's text: threads anchored to words, replies, edits, deletes, resolve and reopen. */
export function commentRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/releases/:id/comments', ['client'], validate('params', releaseParams), async (_req, res) => {
    res.json(await service.listComments(ctx, actorOf(res), valid(res, 'params', releaseParams).id));
  });
  api.post('/releases/:id/comments', ['client'], validate('params', releaseParams), validate('body', createCommentBody), async (_req, res) => {
    const { id } = valid(res, 'params', releaseParams);
    res.status(201).json(await service.createThread(ctx, actorOf(res), id, valid(res, 'body', createCommentBody)));
  });
  api.post('/comments/:id/replies', ['client'], validate('params', commentParams), validate('body', commentTextBody), async (_req, res) => {
    const { id } = valid(res, 'params', commentParams);
    res.status(201).json(await service.reply(ctx, actorOf(res), id, valid(res, 'body', commentTextBody)));
  });
  api.patch('/comments/:id', ['client'], validate('params', commentParams), validate('body', commentTextBody), async (_req, res) => {
    const { id } = valid(res, 'params', commentParams);
    res.json(await service.editComment(ctx, actorOf(res), id, valid(res, 'body', commentTextBody)));
  });
  api.delete('/comments/:id', ['client'], validate('params', commentParams), async (_req, res) => {
    await service.deleteComment(ctx, actorOf(res), valid(res, 'params', commentParams).id);
    res.status(204).end();
  });
  api.post('/comments/:id/resolve', ['client'], validate('params', commentParams), async (_req, res) => {
    res.json(await service.setResolved(ctx, actorOf(res), valid(res, 'params', commentParams).id, true));
  });
  api.post('/comments/:id/reopen', ['client'], validate('params', commentParams), async (_req, res) => {
    res.json(await service.setResolved(ctx, actorOf(res), valid(res, 'params', commentParams).id, false));
  });
}
