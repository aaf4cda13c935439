import { sendingDomainCreateBody, sendingDomainParams } from '../../../../shared/schemas/sending-domains';
import { workspaceIdParams } from '../../../../shared/schemas/workspaces';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './sending-domains.service';

/**
 * An organisation's sending domains: every member reads them, its owners and admins
 * ('domains.manage') add, check and remove them. Access by modules/organisations/access.ts.
 */
export function sendingDomainRoutes(api: ApiRouter, ctx: AppContext): void {
  const clients = ['client'] as const;

  api.get('/organisations/:id/sending-domains', clients, validate('params', workspaceIdParams), async (_req, res) => {
    res.json(await service.listSendingDomains(ctx, actorOf(res), valid(res, 'params', workspaceIdParams).id));
  });

  api.post(
    '/organisations/:id/sending-domains',
    clients,
    validate('params', workspaceIdParams),
    validate('body', sendingDomainCreateBody),
    async (_req, res) => {
      const { id } = valid(res, 'params', workspaceIdParams);
      res.status(201).json(await service.addSendingDomain(ctx, actorOf(res), id, valid(res, 'body', sendingDomainCreateBody)));
    },
  );

  api.post('/organisations/:id/sending-domains/:domainId/verify', clients, validate('params', sendingDomainParams), async (_req, res) => {
    const { id, domainId } = valid(res, 'params', sendingDomainParams);
    res.json(await service.verifySendingDomain(ctx, actorOf(res), id, domainId));
  });

  api.delete('/organisations/:id/sending-domains/:domainId', clients, validate('params', sendingDomainParams), async (_req, res) => {
    const { id, domainId } = valid(res, 'params', sendingDomainParams);
    await service.removeSendingDomain(ctx, actorOf(res), id, domainId);
    res.status(204).end();
  });
}
