import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import * as service from './plans.service';

/** The signed-in client's plan and trial (client settings, the trial banner). */
export function planRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/account/plan', ['client'], async (_req, res) => {
    res.json(await service.accountPlan(ctx, actorOf(res)));
  });
}
