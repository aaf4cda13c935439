import { suggestionParams, suggestionReleaseParams } from '../../../../shared/schemas/suggestions';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './suggestions.service';

/** Suggested changes of a release: the pending list, accept or reject one, accept or reject all. */
export function suggestionRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/releases/:id/suggestions', ['client'], validate('params', suggestionReleaseParams), async (_req, res) => {
    res.json(await service.listSuggestions(ctx, actorOf(res), valid(res, 'params', suggestionReleaseParams).id));
  });
  api.post('/releases/:id/suggestions/accept-all', ['client'], validate('params', suggestionReleaseParams), async (_req, res) => {
    res.json(await service.resolveSuggestions(ctx, actorOf(res), valid(res, 'params', suggestionReleaseParams).id, null, 'accepted'));
  });
  api.post('/releases/:id/suggestions/reject-all', ['client'], validate('params', suggestionReleaseParams), async (_req, res) => {
    res.json(await service.resolveSuggestions(ctx, actorOf(res), valid(res, 'params', suggestionReleaseParams).id, null, 'rejected'));
  });
  api.post('/releases/:id/suggestions/:sid/accept', ['client'], validate('params', suggestionParams), async (_req, res) => {
    const { id, sid } = valid(res, 'params', suggestionParams);
    res.json(await service.resolveSuggestions(ctx, actorOf(res), id, sid, 'accepted'));
  });
  api.post('/releases/:id/suggestions/:sid/reject', ['client'], validate('params', suggestionParams), async (_req, res) => {
    const { id, sid } = valid(res, 'params', suggestionParams);
    res.json(await service.resolveSuggestions(ctx, actorOf(res), id, sid, 'rejected'));
  });
}
