import type { Request } from 'express';
import {
  activeOrganisationBody,
  organisationDeleteBody,
  invitationAcceptBody,
  invitationCreateBody,
  invitationIdParams,
  invitationJoinBody,
  invitationPreviewBody,
  memberRoleChangeBody,
  workspaceIdParams,
  workspaceMemberParams,
} from '../../../../shared/schemas/workspaces';
import { workspaceSettingsBody } from '../../../../shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import type { RequestMeta } from '../auth/auth.service';
import * as service from './workspaces.service';

function meta(req: Request): RequestMeta {
  return { ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 500) ?? null };
}

/**
 * Organisations (their members, roles and invitations), the caller's active organisation,
 * and the invitation link. Clients only, except the link's preview and the one-step join;
 * the organisation's access is checked by modules/organisations/access.ts.
 */
export function workspaceRoutes(api: ApiRouter, ctx: AppContext): void {
  const clients = ['client'] as const;

  api.get('/organisations', clients, async (_req, res) => {
    res.json({ organisations: await service.listMyOrganisations(ctx.db, actorOf(res).userId) });
  });

  api.put('/organisations/active', clients, validate('body', activeOrganisationBody), async (_req, res) => {
    const { organisation_id } = valid(res, 'body', activeOrganisationBody);
    res.json({ organisations: await service.switchOrganisation(ctx, actorOf(res), organisation_id) });
  });

  api.delete('/organisations/:id', clients, validate('params', workspaceIdParams), validate('body', organisationDeleteBody), async (_req, res) => {
    const { id } = valid(res, 'params', workspaceIdParams);
    await service.deleteOrganisation(ctx, actorOf(res), id, valid(res, 'body', organisationDeleteBody).name);
    res.status(204).end();
  });

  api.get('/workspaces', clients, async (_req, res) => {
    res.json({ workspaces: await service.listMyWorkspaces(ctx, actorOf(res)) });
  });

  api.get('/organisations/:id/members', clients, validate('params', workspaceIdParams), async (_req, res) => {
    const { id } = valid(res, 'params', workspaceIdParams);
    res.json(await service.listMembers(ctx, actorOf(res), id));
  });

  api.delete('/organisations/:id/members/:userId', clients, validate('params', workspaceMemberParams), async (_req, res) => {
    const { id, userId } = valid(res, 'params', workspaceMemberParams);
    await service.removeMember(ctx, actorOf(res), id, userId);
    res.status(204).end();
  });

  api.patch('/organisations/:id/settings', clients, validate('params', workspaceIdParams), validate('body', workspaceSettingsBody), async (_req, res) => {
    const { id } = valid(res, 'params', workspaceIdParams);
    res.json(await service.updateSettings(ctx, actorOf(res), id, valid(res, 'body', workspaceSettingsBody).approval_required));
  });

  api.patch(
    '/organisations/:id/members/:userId',
    clients,
    validate('params', workspaceMemberParams),
    validate('body', memberRoleChangeBody),
    async (_req, res) => {
      const { id, userId } = valid(res, 'params', workspaceMemberParams);
      res.json(await service.changeMemberRole(ctx, actorOf(res), id, userId, valid(res, 'body', memberRoleChangeBody).role));
    },
  );

  api.get('/organisations/:id/invitations', clients, validate('params', workspaceIdParams), async (_req, res) => {
    const { id } = valid(res, 'params', workspaceIdParams);
    res.json({ invitations: await service.listInvitations(ctx, actorOf(res), id) });
  });

  api.post(
    '/organisations/:id/invitations',
    clients,
    validate('params', workspaceIdParams),
    validate('body', invitationCreateBody),
    async (_req, res) => {
      const { id } = valid(res, 'params', workspaceIdParams);
      const { email, role } = valid(res, 'body', invitationCreateBody);
      res.status(201).json(await service.invite(ctx, actorOf(res), id, email, role));
    },
  );

  api.post('/invitations/:id/resend', clients, validate('params', invitationIdParams), async (_req, res) => {
    const { id } = valid(res, 'params', invitationIdParams);
    res.json(await service.resendInvitation(ctx, actorOf(res), id));
  });

  api.delete('/invitations/:id', clients, validate('params', invitationIdParams), async (_req, res) => {
    const { id } = valid(res, 'params', invitationIdParams);
    await service.revokeInvitation(ctx, actorOf(res), id);
    res.status(204).end();
  });

  api.post('/invitations/accept', clients, validate('body', invitationAcceptBody), async (_req, res) => {
    const { token } = valid(res, 'body', invitationAcceptBody);
    res.json(await service.acceptInvitation(ctx, actorOf(res), token));
  });

  // The link's page: public (the token is the key), in the body so that it stays out of access logs.
  api.post('/invitations/preview', 'public', validate('body', invitationPreviewBody), async (_req, res) => {
    res.json(await service.previewInvitation(ctx, valid(res, 'body', invitationPreviewBody).token));
  });

  api.post('/invitations/join', 'public', validate('body', invitationJoinBody), async (req, res) => {
    res.json(await service.joinWithInvitation(ctx, valid(res, 'body', invitationJoinBody), meta(req)));
  });
}
