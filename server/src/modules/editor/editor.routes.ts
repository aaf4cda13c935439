import { z } from 'zod';
import { scheduleBody } from '../../../../shared/schemas/editor';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { originOf } from '../../http/origin';
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
    res.json(await editor.state(actorOf(res), valid(res, 'params', idParams).id));
  });
  api.post('/releases/:id/schedule', ['client'], id, validate('body', scheduleBody), async (req, res) => {
    const { scheduledAt } = valid(res, 'body', scheduleBody);
    res.json(await editor.schedule(actorOf(res), valid(res, 'params', idParams).id, new Date(scheduledAt), originOf(req)));
  });
  api.post('/releases/:id/unschedule', ['client'], id, async (_req, res) => {
    res.json(await editor.unschedule(actorOf(res), valid(res, 'params', idParams).id));
  });
  api.post('/releases/:id/send', ['client'], id, async (req, res) => {
    res.json(await editor.send(actorOf(res), valid(res, 'params', idParams).id, originOf(req)));
  });
  api.get('/media-lists/summary', ['client'], async (_req, res) => {
    res.json(await editor.mediaListSummary());
  });
}
