import { newsroomSettingsBody, slugAvailabilityQuery } from '../../../../shared/schemas/newsroom';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './newsroom.service';

const CLIENT = ['client'] as const;

/** The client's newsroom settings (the public pages themselves are in newsroom.pages.ts). */
export function newsroomRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/newsroom/settings', CLIENT, async (_req, res) => {
    res.json(await service.getSettings(ctx, actorOf(res)));
  });

  api.put('/newsroom/settings', CLIENT, validate('body', newsroomSettingsBody), async (_req, res) => {
    res.json(await service.saveSettings(ctx, actorOf(res), valid(res, 'body', newsroomSettingsBody)));
  });

  api.get('/newsroom/slug-availability', CLIENT, validate('query', slugAvailabilityQuery), async (_req, res) => {
    res.json(await service.slugAvailability(ctx, actorOf(res), valid(res, 'query', slugAvailabilityQuery).slug));
  });
}
