import {
  addMediaBody,
  categoryParams,
  importMediaBody,
  mediaCandidatesQuery,
  mediaListQuery,
  mediaMemberParams,
} from '../../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { csvLine, todayStamp } from '../../http/csv';
import * as service from './media-lists.service';

const SA = ['superadmin'] as const;

/** Superadmin management of which media belong to which category list. */
export function mediaListRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/admin/media-lists', SA, async (_req, res) => {
    res.json(await service.counts(ctx));
  });

  api.get('/admin/media-candidates', SA, validate('query', mediaCandidatesQuery), async (_req, res) => {
    const { category, q, after } = valid(res, 'query', mediaCandidatesQuery);
    res.json(await service.candidates(ctx, category, q, after));
  });

  api.get(
    '/admin/media-lists/:category',
    SA,
    validate('params', categoryParams),
    validate('query', mediaListQuery),
    async (_req, res) => {
      const { category } = valid(res, 'params', categoryParams);
      const { q, page } = valid(res, 'query', mediaListQuery);
      res.json(await service.listMembers(ctx, category, q, page));
    },
  );

  api.get('/admin/media-lists/:category/export', SA, validate('params', categoryParams), async (_req, res) => {
    const { category } = valid(res, 'params', categoryParams);
    const rows = await service.allMembers(ctx, category);
    const lines = [csvLine(['category', 'media_id', 'name', 'email', 'organization', 'added_at'])];
    for (const r of rows) {
      lines.push(csvLine([r.category, r.media_id, r.profile.name, r.profile.email, r.profile.organization, r.created_at]));
    }
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="media-${category}-${todayStamp()}.csv"`);
    res.send(`\uFEFF${lines.join('\r\n')}\r\n`);
  });

  api.post(
    '/admin/media-lists/:category',
    SA,
    validate('params', categoryParams),
    validate('body', addMediaBody),
    async (_req, res) => {
      const { category } = valid(res, 'params', categoryParams);
      res.json(await service.addMembers(ctx, actorOf(res), category, valid(res, 'body', addMediaBody).mediaIds));
    },
  );

  api.post(
    '/admin/media-lists/:category/import',
    SA,
    validate('params', categoryParams),
    validate('body', importMediaBody),
    async (_req, res) => {
      const { category } = valid(res, 'params', categoryParams);
      res.json(await service.importByEmails(ctx, actorOf(res), category, valid(res, 'body', importMediaBody).text));
    },
  );

  api.delete('/admin/media-lists/:category/:mediaId', SA, validate('params', mediaMemberParams), async (_req, res) => {
    const { category, mediaId } = valid(res, 'params', mediaMemberParams);
    await service.removeMember(ctx, actorOf(res), category, mediaId);
    res.status(204).end();
  });
}
