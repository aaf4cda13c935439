import {
  adminUsersQuery,
  bulkApproveBody,
  organisationIdParams,
  userActionBody,
  userIdParams,
} from '../../../../shared/schemas/admin';
import { extendTrialBody, setPlanBody } from '../../../../shared/schemas/plans';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { todayStamp } from '../../http/csv';
import { usersCsv } from './admin-users.presenter';
import * as plans from '../plans/plans.service';
import * as service from './admin-users.service';

const SA = ['superadmin'] as const;

/** Superadmin user management: list, export, actions, bulk approve. */
export function adminUserRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/admin/users', SA, validate('query', adminUsersQuery), async (_req, res) => {
    res.json(await service.listUsers(ctx, valid(res, 'query', adminUsersQuery)));
  });

  api.get('/admin/users/export', SA, validate('query', adminUsersQuery), async (_req, res) => {
    const rows = await service.exportUsers(ctx, valid(res, 'query', adminUsersQuery));
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="users-${todayStamp()}.csv"`);
    res.send(usersCsv(rows));
  });

  api.post(
    '/admin/users/bulk-approve',
    SA,
    validate('body', bulkApproveBody),
    async (_req, res) => {
      res.json(await service.bulkApprove(ctx, actorOf(res), valid(res, 'body', bulkApproveBody).ids));
    },
  );

  api.post(
    '/admin/users/:id/actions',
    SA,
    validate('params', userIdParams),
    validate('body', userActionBody),
    async (_req, res) => {
      const { id } = valid(res, 'params', userIdParams);
      res.json(await service.applyUserAction(ctx, actorOf(res), id, valid(res, 'body', userActionBody)));
    },
  );

  // Plans and the trial (no payment provider): the superadmin extends a trial or sets a plan.
  // Both belong to an organisation: the user routes act on the oldest organisation the user
  // owns (409 no_plan when they own none); the organisation routes name it.
  api.post('/admin/users/:id/trial', SA, validate('params', userIdParams), validate('body', extendTrialBody), async (_req, res) => {
    const { id } = valid(res, 'params', userIdParams);
    await plans.extendTrial(ctx, actorOf(res), await plans.organisationOfUser(ctx.db, id), valid(res, 'body', extendTrialBody).days);
    res.json(await service.getUser(ctx, id));
  });

  api.put('/admin/users/:id/plan', SA, validate('params', userIdParams), validate('body', setPlanBody), async (_req, res) => {
    const { id } = valid(res, 'params', userIdParams);
    await plans.setPlan(ctx, actorOf(res), await plans.organisationOfUser(ctx.db, id), valid(res, 'body', setPlanBody));
    res.json(await service.getUser(ctx, id));
  });

  api.post('/admin/organisations/:id/trial', SA, validate('params', organisationIdParams), validate('body', extendTrialBody), async (_req, res) => {
    const { id } = valid(res, 'params', organisationIdParams);
    await plans.extendTrial(ctx, actorOf(res), id, valid(res, 'body', extendTrialBody).days);
    res.json(await plans.organisationPlanOf(ctx, id));
  });

  api.put('/admin/organisations/:id/plan', SA, validate('params', organisationIdParams), validate('body', setPlanBody), async (_req, res) => {
    const { id } = valid(res, 'params', organisationIdParams);
    await plans.setPlan(ctx, actorOf(res), id, valid(res, 'body', setPlanBody));
    res.json(await plans.organisationPlanOf(ctx, id));
  });
}
