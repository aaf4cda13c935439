import {
  invitationAcceptBody,
  invitationCreateBody,
  invitationIdParams,
  workspaceIdParams,
  workspaceMemberParams,
} from '../../../../shared/schemas/workspaces';
import { memberRoleBody, workspaceSettingsBody } from '../../../../shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import * as service from './workspaces.service';

/** Workspaces, members and invitations. Clients only; membership is checked per workspace. */
export function workspaceRoutes(api: ApiRouter, ctx: AppContext): void {
  const clients = ['client'] as const;

  api.get('/workspaces', clients, async (_req, res) => {
    res.json({ workspaces: await service.listMyWorkspaces(ctx, actorOf(res)) });
  });

  api.get('/workspaces/:id/members', clients, validate('params', workspaceIdParams), async (_req, res) => {
    const { id } = valid(res, 'params', workspaceIdParams);
    res.json({ members: await service.listMembers(ctx, actorOf(res), id) });
  });

  api.delete('/workspaces/:id/members/:userId', clients, validate('params', workspaceMemberParams), async (_req, res) => {
    const { id, userId } = valid(res, 'params', workspaceMemberParams);
    await service.removeMember(ctx, actorOf(res), id, userId);
    res.status(204).end();
  });

  api.patch('/workspaces/:id/settings', clients, validate('params', workspaceIdParams), validate('body', workspaceSettingsBody), async (_req, res) => {
    const { id } = valid(res, 'params', workspaceIdParams);
    res.json(await service.updateSettings(ctx, actorOf(res), id, valid(res, 'body', workspaceSettingsBody).approval_required));
  });

  api.patch('/workspaces/:id/members/:userId', clients, validate('params', workspaceMemberParams), validate('body', memberRoleBody), async (_req, res) => {
    const { id, userId } = valid(res, 'params', workspaceMemberParams);
    res.json(await service.changeMemberRole(ctx, actorOf(res), id, userId, valid(res, 'body', memberRoleBody).role));
  });

  api.get('/workspaces/:id/invitations', clients, validate('params', workspaceIdParams), async (_req, res) => {
    const { id } = valid(res, 'params', workspaceIdParams);
    res.json({ invitations: await service.listInvitations(ctx, actorOf(res), id) });
  });

  api.post(
    '/workspaces/:id/invitations',
    clients,
    validate('params', workspaceIdParams),
    validate('body', invitationCreateBody),
    async (_req, res) => {
      const { id } = valid(res, 'params', workspaceIdParams);
      const { email } = valid(res, 'body', invitationCreateBody);
      res.status(201).json(await service.invite(ctx, actorOf(res), id, email));
    },
  );

  api.delete('/invitations/:id', clients, validate('params', invitationIdParams), async (_req, res) => {
    const { id } = valid(res, 'params', invitationIdParams);
    await service.revokeInvitation(ctx, actorOf(res), id);
    res.status(204).end();
  });

  api.post('/invitations/accept', clients, validate('body', invitationAcceptBody), async (_req, res) => {
    const { token } = valid(res, 'body', invitationAcceptBody);
    res.json(await service.acceptInvitation(ctx, actorOf(res), token));
  });
}
