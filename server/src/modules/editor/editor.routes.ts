import { z } from 'zod';
import { scheduleBody, testEmailParams } from '../../../../shared/schemas/editor';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { EditorService } from './editor.service';

const idParams = z.object({ id: z.uuid('not a press release id') });

/** The editor's actions on a release (the content itself is saved live over /collab). */
export function editorRoutes(api: ApiRouter, ctx: AppContext): void {
  const editor = new EditorService(ctx);
  const id = validate('params', idParams);

  api.get('/releases/:id/state', ['client'], id, async (_req, res) => {
    res.json(await editor.state(actorOf(res), valid(res, 'params', idParams).id));
  });
  api.post('/releases/:id/save', ['client'], id, async (_req, res) => {
    res.json(await editor.state(actorOf(res), valid(res, 'params', idParams).id, 'write'));
  });
  api.post('/releases/:id/schedule', ['client'], id, validate('body', scheduleBody), async (_req, res) => {
    const { scheduledAt } = valid(res, 'body', scheduleBody);
    res.json(await editor.schedule(actorOf(res), valid(res, 'params', idParams).id, new Date(scheduledAt)));
  });
  api.post('/releases/:id/unschedule', ['client'], id, async (_req, res) => {
    res.json(await editor.unschedule(actorOf(res), valid(res, 'params', idParams).id));
  });
  api.post('/releases/:id/send', ['client'], id, async (_req, res) => {
    res.json(await editor.send(actorOf(res), valid(res, 'params', idParams).id));
  });
  api.get('/releases/:id/send-preview', ['client'], id, async (_req, res) => {
    res.json(await editor.sendPreview(actorOf(res), valid(res, 'params', idParams).id));
  });
  api.post('/releases/:id/test-email', ['client'], id, async (_req, res) => {
    res.status(201).json(await editor.testEmail(actorOf(res), valid(res, 'params', idParams).id));
  });
  api.get('/releases/:id/test-email/:mailId', ['client'], validate('params', testEmailParams), async (_req, res) => {
    const { id: releaseId, mailId } = valid(res, 'params', testEmailParams);
    res.json(await editor.testEmailState(actorOf(res), releaseId, mailId));
  });
  api.get('/media-lists/summary', ['client'], async (_req, res) => {
    res.json(await editor.mediaListSummary());
  });
}
