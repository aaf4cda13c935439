import { z } from 'zod';
import { compareQuery, namedVersionBody, versionParams } from '../../../../shared/schemas/versions';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './versions.service';

const releaseParams = z.object({ id: z.uuid('id must be a press release id') });

/** A release's version history: list, save a named version, compare two, restore one. */
export function versionRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/releases/:id/versions', ['client'], validate('params', releaseParams), async (_req, res) => {
    res.json(await service.listVersions(ctx, actorOf(res), valid(res, 'params', releaseParams).id));
  });
  api.post('/releases/:id/versions', ['client'], validate('params', releaseParams), validate('body', namedVersionBody), async (_req, res) => {
    const { id } = valid(res, 'params', releaseParams);
    res.status(201).json(await service.saveNamedVersion(ctx, actorOf(res), id, valid(res, 'body', namedVersionBody).name));
  });
  api.get('/releases/:id/versions/compare', ['client'], validate('params', releaseParams), validate('query', compareQuery), async (_req, res) => {
    const { a, b } = valid(res, 'query', compareQuery);
    res.json(await service.compareVersions(ctx, actorOf(res), valid(res, 'params', releaseParams).id, a, b));
  });
  api.post('/releases/:id/versions/:versionId/restore', ['client'], validate('params', versionParams), async (_req, res) => {
    const { id, versionId } = valid(res, 'params', versionParams);
    res.json(await service.restoreVersion(ctx, actorOf(res), id, versionId));
  });
}
