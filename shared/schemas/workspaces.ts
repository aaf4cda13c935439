import { z } from 'zod';
import { INVITATION_STATUSES, ORGANISATION_ROLES } from '../constants';
import { emailSchema } from './auth';

export const workspaceRoleSchema = z.enum(ORGANISATION_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

const uuid = (name: string) => z.uuid(`${name} must be a valid id`);

export const workspaceIdParams = z.object({ id: uuid('id') });
export const workspaceMemberParams = z.object({ id: uuid('id'), userId: uuid('userId') });
export const invitationIdParams = z.object({ id: uuid('id') });

export const workspaceMemberSchema = z.object({
  user_id: z.string(),
  role: workspaceRoleSchema,
  name: z.string(),
  email: z.string(),
  joined_at: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_by: z.string(),
  owner_name: z.string(),
  /** The caller's role in this workspace. */
  my_role: workspaceRoleSchema,
  /** Releases of this workspace are sent only after an approver approved the exact version (issue 19). */
  approval_required: z.boolean(),
  members: z.array(workspaceMemberSchema),
  task_count: z.number().int(),
  /** Latest task change (or the workspace's creation): the board opens the most active one. */
  last_activity_at: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspacesResponse = z.object({ workspaces: z.array(workspaceSchema) });
export const membersResponse = z.object({ members: z.array(workspaceMemberSchema) });

export const invitationStatusSchema = z.enum(INVITATION_STATUSES);

export const invitationSchema = z.object({
  id: z.string(),
  organisation_id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  status: invitationStatusSchema,
  invited_by: z.string().nullable(),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsResponse = z.object({ invitations: z.array(invitationSchema) });

export const invitationCreateBody = z.object({ email: emailSchema });
export type InvitationCreateBody = z.infer<typeof invitationCreateBody>;

/**
 * The answer to POST /workspaces/:id/invitations. `resent` when a pending invitation to the
 * same address already existed (it gets a new link and a new expiry). `acceptUrl` is only
 * present outside production (NODE_ENV !== 'production') so end-to-end tests can follow the
 * link without reading e-mail; in production the link exists only in the e-mail.
 */
export const invitationCreatedSchema = invitationSchema.extend({
  resent: z.boolean(),
  acceptUrl: z.string().optional(),
});

export const invitationAcceptBody = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is too long'),
});

export const invitationAcceptedSchema = z.object({
  organisation_id: z.string(),
  workspace_name: z.string(),
  role: workspaceRoleSchema,
  /** True when the caller was already a member (the invitation is used up all the same). */
  already_member: z.boolean(),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** Error codes of the invitation flow (the UI maps them to Greek messages). */
export const INVITATION_ERROR_CODES = [
  'invitation_invalid',
  'invitation_used',
  'invitation_revoked',
  'invitation_expired',
  'invitation_email_mismatch',
  'already_member',
  'invitation_not_pending',
  'cannot_remove_owner',
] as const;
