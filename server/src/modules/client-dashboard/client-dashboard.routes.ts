import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { clientDashboard } from './client-dashboard.service';

/** GET /client/dashboard: the client's own numbers, recent releases and upcoming actions. */
export function clientDashboardRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/client/dashboard', ['client'], async (_req, res) => {
    res.json(await clientDashboard(ctx, actorOf(res)));
  });
}
