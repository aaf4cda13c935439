import {
  blockSenderBody,
  categoriesBody,
  dailyLimitBody,
  digestBody,
  inboxQuery,
  inboxReleaseParams,
  senderParams,
} from '../../../../shared/schemas/media';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { MediaInboxService } from './media-inbox.service';

const MEDIA = ['media'] as const;

/**
 * The journalist's area: counters, the inbox of received releases (read, bookmark),
 * and the preferences distribution honours (categories, blocked senders, digest).
 * Every route reads or writes only the caller's own deliveries and settings.
 */
export function mediaInboxRoutes(api: ApiRouter, ctx: AppContext): void {
  const service = new MediaInboxService(ctx);
  const release = validate('params', inboxReleaseParams);
  const releaseId = (res: Parameters<typeof actorOf>[0]) => valid(res, 'params', inboxReleaseParams).releaseId;

  api.get('/media/overview', MEDIA, async (_req, res) => {
    res.json(await service.overview(actorOf(res)));
  });

  api.get('/media/inbox', MEDIA, validate('query', inboxQuery), async (_req, res) => {
    res.json(await service.list(actorOf(res), valid(res, 'query', inboxQuery)));
  });

  api.get('/media/inbox/:releaseId', MEDIA, release, async (_req, res) => {
    res.json(await service.read(actorOf(res), releaseId(res)));
  });

  api.post('/media/inbox/:releaseId/read', MEDIA, release, async (_req, res) => {
    res.json(await service.markRead(actorOf(res), releaseId(res)));
  });

  api.delete('/media/inbox/:releaseId/read', MEDIA, release, async (_req, res) => {
    res.json(await service.markUnread(actorOf(res), releaseId(res)));
  });

  api.put('/media/inbox/:releaseId/bookmark', MEDIA, release, async (_req, res) => {
    res.json(await service.bookmark(actorOf(res), releaseId(res), true));
  });

  api.delete('/media/inbox/:releaseId/bookmark', MEDIA, release, async (_req, res) => {
    res.json(await service.bookmark(actorOf(res), releaseId(res), false));
  });

  api.get('/media/preferences', MEDIA, async (_req, res) => {
    res.json(await service.preferences(actorOf(res)));
  });

  api.put('/media/preferences/categories', MEDIA, validate('body', categoriesBody), async (_req, res) => {
    res.json(await service.setCategories(actorOf(res), valid(res, 'body', categoriesBody).categories));
  });

  api.put('/media/preferences/digest', MEDIA, validate('body', digestBody), async (_req, res) => {
    res.json(await service.setDigest(actorOf(res), valid(res, 'body', digestBody).digest));
  });

  api.put('/media/preferences/daily-limit', MEDIA, validate('body', dailyLimitBody), async (_req, res) => {
    res.json(await service.setDailyLimit(actorOf(res), valid(res, 'body', dailyLimitBody).dailyLimit));
  });

  api.delete('/media/preferences/unsubscribe-all', MEDIA, async (_req, res) => {
    res.json(await service.resubscribe(actorOf(res)));
  });

  api.post('/media/blocked-senders', MEDIA, validate('body', blockSenderBody), async (_req, res) => {
    res.json(await service.blockSender(actorOf(res), valid(res, 'body', blockSenderBody).senderId));
  });

  api.delete('/media/blocked-senders/:senderId', MEDIA, validate('params', senderParams), async (_req, res) => {
    res.json(await service.unblockSender(actorOf(res), valid(res, 'params', senderParams).senderId));
  });
}
