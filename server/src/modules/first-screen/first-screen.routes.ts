import { firstScreenQuery } from '../../../../shared/schemas/first-screen';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { firstScreen } from './first-screen.service';

/** GET /first-screen?path=…: a signed-in screen's first data in one request (the page starts it from its HTML). */
export function firstScreenRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/first-screen', 'authenticated', validate('query', firstScreenQuery), async (_req, res) => {
    res.json(await firstScreen(ctx, actorOf(res), valid(res, 'query', firstScreenQuery).path));
  });
}
