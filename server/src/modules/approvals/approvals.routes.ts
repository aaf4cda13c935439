import { z } from 'zod';
import { approvalDecisionBody, approvalIdParams, approvalRequestBody } from '../../../../shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './approvals.service';

const releaseParams = z.object({ id: z.uuid('id must be a press release id') });

/** Approval before sending: a release's approval, requests, decisions, the approver's queue and its badge. */
export function approvalRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/releases/:id/approval', ['client'], validate('params', releaseParams), async (_req, res) => {
    res.json(await service.releaseApproval(ctx, actorOf(res), valid(res, 'params', releaseParams).id));
  });
  api.post('/releases/:id/approval-requests', ['client'], validate('params', releaseParams), validate('body', approvalRequestBody), async (_req, res) => {
    const { id } = valid(res, 'params', releaseParams);
    res.status(201).json(await service.requestApproval(ctx, actorOf(res), id, valid(res, 'body', approvalRequestBody)));
  });
  api.post('/approvals/:id/decision', ['client'], validate('params', approvalIdParams), validate('body', approvalDecisionBody), async (_req, res) => {
    const { id } = valid(res, 'params', approvalIdParams);
    res.json(await service.decideApproval(ctx, actorOf(res), id, valid(res, 'body', approvalDecisionBody)));
  });
  api.get('/approvals', ['client'], async (_req, res) => {
    res.json(await service.approvalQueue(ctx, actorOf(res)));
  });
  api.get('/approvals/count', ['client'], async (_req, res) => {
    res.json(await service.pendingCount(ctx, actorOf(res)));
  });
}
