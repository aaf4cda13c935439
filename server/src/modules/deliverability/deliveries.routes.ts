import { releaseIdParams } from '../../../../shared/schemas/reports';
import { deliveryTableQuery } from '../../../../shared/schemas/suppressions';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { deliveryTable } from './deliveries.service';

const CLIENT = ['client'] as const;

/** A release's delivery table (per recipient), beside its report; live through report:changed (kind 'delivery'). */
export function deliveryTableRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get(
    '/client/reports/:releaseId/deliveries',
    CLIENT,
    validate('params', releaseIdParams),
    validate('query', deliveryTableQuery),
    async (_req, res) => {
      const { releaseId } = valid(res, 'params', releaseIdParams);
      res.json(
        await deliveryTable(ctx, actorOf(res), releaseId, valid(res, 'query', deliveryTableQuery)),
      );
    },
  );
}
