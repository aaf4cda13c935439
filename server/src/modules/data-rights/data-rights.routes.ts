import { dataExportQuery, erasureConfirmBody, erasureIdParams, erasureRequestBody } from '../../../../shared/schemas/data-rights';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as erasure from './erasure.service';
import { streamDataExport } from './export.service';

/**
 * Data rights (GDPR), as the privacy page promises them: a copy of one's data (a ZIP), and the
 * erasure of one's account (password, e-mailed link, 14 days' grace); the superadmin sees and
 * actions the pending erasures.
 */
export function dataRightsRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/account/export', 'authenticated', validate('query', dataExportQuery), async (_req, res) => {
    await streamDataExport(ctx, actorOf(res), valid(res, 'query', dataExportQuery), res);
  });

  api.get('/account/erasure', 'authenticated', async (_req, res) => {
    res.json(await erasure.erasureState(ctx, actorOf(res)));
  });
  api.post('/account/erasure', 'authenticated', validate('body', erasureRequestBody), async (_req, res) => {
    res.status(202).json(await erasure.requestErasure(ctx, actorOf(res), valid(res, 'body', erasureRequestBody).password));
  });
  api.post('/account/erasure/confirm', 'authenticated', validate('body', erasureConfirmBody), async (_req, res) => {
    res.json(await erasure.confirmErasure(ctx, actorOf(res), valid(res, 'body', erasureConfirmBody).token));
  });
  api.delete('/account/erasure', 'authenticated', async (_req, res) => {
    await erasure.withdrawErasure(ctx, actorOf(res));
    res.status(204).end();
  });

  api.get('/admin/erasures', ['superadmin'], async (_req, res) => {
    res.json(await erasure.listPending(ctx));
  });
  api.post('/admin/erasures/:id/erase', ['superadmin'], validate('params', erasureIdParams), async (_req, res) => {
    await erasure.adminErase(ctx, actorOf(res), valid(res, 'params', erasureIdParams).id);
    res.json(await erasure.listPending(ctx));
  });
  api.post('/admin/erasures/:id/cancel', ['superadmin'], validate('params', erasureIdParams), async (_req, res) => {
    await erasure.adminCancel(ctx, actorOf(res), valid(res, 'params', erasureIdParams).id);
    res.json(await erasure.listPending(ctx));
  });
}
