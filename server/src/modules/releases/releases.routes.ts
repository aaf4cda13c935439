import { releaseCreateBody, releaseIdParams, releaseListQuery } from '../../../../shared/schemas/releases';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './releases.service';

/** The organisation's press releases: list (search, filters, pages), one, new draft, duplicate, delete. */
export function releaseRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/releases', ['client'], validate('query', releaseListQuery), async (_req, res) => {
    res.json(await service.listReleases(ctx, actorOf(res), valid(res, 'query', releaseListQuery)));
  });

  api.post('/releases', ['client'], validate('body', releaseCreateBody), async (_req, res) => {
    res.status(201).json(await service.createDraft(ctx, actorOf(res), valid(res, 'body', releaseCreateBody)));
  });

  api.get('/releases/:id', ['client'], validate('params', releaseIdParams), async (_req, res) => {
    res.json(await service.getRelease(ctx, actorOf(res), valid(res, 'params', releaseIdParams).id));
  });

  api.post('/releases/:id/duplicate', ['client'], validate('params', releaseIdParams), async (_req, res) => {
    res.status(201).json(await service.duplicateRelease(ctx, actorOf(res), valid(res, 'params', releaseIdParams).id));
  });

  api.delete('/releases/:id', ['client'], validate('params', releaseIdParams), async (_req, res) => {
    // A draft is deleted for good; a sent release is archived (its reports stay).
    res.json({ outcome: await service.removeRelease(ctx, actorOf(res), valid(res, 'params', releaseIdParams).id) });
  });
}
