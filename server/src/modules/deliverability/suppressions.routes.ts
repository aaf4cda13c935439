import type { Response } from 'express';
import {
  addSuppressionBody,
  importSuppressionsBody,
  suppressionItemParams,
  suppressionListQuery,
  suppressionOrgItemParams,
  suppressionOrgParams,
} from '../../../../shared/schemas/suppressions';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { todayStamp } from '../../http/csv';
import { valid, validate } from '../../http/validate';
import * as service from './suppressions.service';

const CLIENTS = ['client'] as const;
const SA = ['superadmin'] as const;
const MEDIA = ['media'] as const;

/**
 * The suppression list: an organisation's (/organisations/:id/suppressions: its admins write,
 * its members read), the global one (/admin/suppressions: the superadmin), and a journalist's
 * own complaints (/media/suppressions: see and take back).
 */
export function suppressionRoutes(api: ApiRouter, ctx: AppContext): void {
  const csv = (res: Response, name: string, body: string) => {
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader(
      'content-disposition',
      `attachment; filename="${name}-${todayStamp(ctx.clock.now())}.csv"`,
    );
    res.send(body);
  };

  // ---- an organisation's list
  api.get(
    '/organisations/:id/suppressions',
    CLIENTS,
    validate('params', suppressionOrgParams),
    validate('query', suppressionListQuery),
    async (_req, res) => {
      const { id } = valid(res, 'params', suppressionOrgParams);
      res.json(
        await service.list(
          ctx,
          actorOf(res),
          { organisationId: id },
          valid(res, 'query', suppressionListQuery),
        ),
      );
    },
  );

  api.get(
    '/organisations/:id/suppressions.csv',
    CLIENTS,
    validate('params', suppressionOrgParams),
    async (_req, res) => {
      const { id } = valid(res, 'params', suppressionOrgParams);
      csv(res, 'suppressions', await service.exportCsv(ctx, actorOf(res), { organisationId: id }));
    },
  );

  api.post(
    '/organisations/:id/suppressions',
    CLIENTS,
    validate('params', suppressionOrgParams),
    validate('body', addSuppressionBody),
    async (_req, res) => {
      const { id } = valid(res, 'params', suppressionOrgParams);
      const out = await service.add(
        ctx,
        actorOf(res),
        { organisationId: id },
        valid(res, 'body', addSuppressionBody),
      );
      res.status(out.created ? 201 : 200).json(out);
    },
  );

  api.post(
    '/organisations/:id/suppressions/import',
    CLIENTS,
    validate('params', suppressionOrgParams),
    validate('body', importSuppressionsBody),
    async (_req, res) => {
      const { id } = valid(res, 'params', suppressionOrgParams);
      res.json(
        await service.importCsv(
          ctx,
          actorOf(res),
          { organisationId: id },
          valid(res, 'body', importSuppressionsBody).text,
        ),
      );
    },
  );

  api.delete(
    '/organisations/:id/suppressions/:suppressionId',
    CLIENTS,
    validate('params', suppressionOrgItemParams),
    async (_req, res) => {
      const { id, suppressionId } = valid(res, 'params', suppressionOrgItemParams);
      await service.remove(ctx, actorOf(res), { organisationId: id }, suppressionId);
      res.status(204).end();
    },
  );

  // ---- the global list (hard bounces, too many soft ones, complaints about platform mail)
  api.get('/admin/suppressions', SA, validate('query', suppressionListQuery), async (_req, res) => {
    res.json(
      await service.list(
        ctx,
        actorOf(res),
        service.globalScope(),
        valid(res, 'query', suppressionListQuery),
      ),
    );
  });

  api.get('/admin/suppressions.csv', SA, async (_req, res) => {
    csv(
      res,
      'suppressions-global',
      await service.exportCsv(ctx, actorOf(res), service.globalScope()),
    );
  });

  api.post('/admin/suppressions', SA, validate('body', addSuppressionBody), async (_req, res) => {
    const out = await service.add(
      ctx,
      actorOf(res),
      service.globalScope(),
      valid(res, 'body', addSuppressionBody),
    );
    res.status(out.created ? 201 : 200).json(out);
  });

  api.post(
    '/admin/suppressions/import',
    SA,
    validate('body', importSuppressionsBody),
    async (_req, res) => {
      res.json(
        await service.importCsv(
          ctx,
          actorOf(res),
          service.globalScope(),
          valid(res, 'body', importSuppressionsBody).text,
        ),
      );
    },
  );

  api.delete(
    '/admin/suppressions/:suppressionId',
    SA,
    validate('params', suppressionItemParams),
    async (_req, res) => {
      await service.remove(
        ctx,
        actorOf(res),
        service.globalScope(),
        valid(res, 'params', suppressionItemParams).suppressionId,
      );
      res.status(204).end();
    },
  );

  // ---- a journalist's own complaints
  api.get('/media/suppressions', MEDIA, async (_req, res) => {
    res.json(await service.mediaComplaints(ctx, actorOf(res)));
  });

  api.delete(
    '/media/suppressions/:suppressionId',
    MEDIA,
    validate('params', suppressionItemParams),
    async (_req, res) => {
      await service.liftMediaComplaint(
        ctx,
        actorOf(res),
        valid(res, 'params', suppressionItemParams).suppressionId,
      );
      res.status(204).end();
    },
  );
}
