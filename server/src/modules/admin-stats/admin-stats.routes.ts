import { statisticsQuery } from '../../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { valid, validate } from '../../http/validate';
import * as service from './admin-stats.service';

const SA = ['superadmin'] as const;

/** Overview counters and charts, the health card, and platform statistics. */
export function adminStatsRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/admin/overview', SA, async (_req, res) => {
    res.json(await service.overview(ctx));
  });
  api.get('/admin/health', SA, async (_req, res) => {
    res.json(await service.health(ctx));
  });
  api.get('/admin/statistics', SA, validate('query', statisticsQuery), async (_req, res) => {
    const { from, to } = valid(res, 'query', statisticsQuery);
    res.json(await service.statistics(ctx, from, to));
  });
}
