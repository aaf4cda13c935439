import { pushSubscribeBody, pushUnsubscribeBody } from '../../../../shared/schemas/push';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { pushSettings, subscribe, unsubscribe } from './push.service';

const MEDIA = ['media'] as const;

/** A journalist's push notifications: the server's key and their browsers; opt a browser in or out. */
export function pushRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/push/config', MEDIA, async (_req, res) => {
    res.json(await pushSettings(ctx, actorOf(res)));
  });

  api.post('/push/subscriptions', MEDIA, validate('body', pushSubscribeBody), async (req, res) => {
    res.status(201).json(await subscribe(ctx, actorOf(res), valid(res, 'body', pushSubscribeBody), req.get('user-agent') ?? null));
  });

  api.delete('/push/subscriptions', MEDIA, validate('body', pushUnsubscribeBody), async (_req, res) => {
    res.json(await unsubscribe(ctx, actorOf(res), valid(res, 'body', pushUnsubscribeBody).endpoint));
  });
}
