import { z } from 'zod';
import { INVITATION_STATUSES, ORGANISATION_ROLES, ORGANISATION_STATUSES } from '../constants';
import { TERMS_VERSION } from '../plans';
import { emailSchema, passwordSchema } from './auth';

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
  /** Releases of this workspace are sent only after an approver approved the exact version. */
  approval_required: z.boolean(),
  members: z.array(workspaceMemberSchema),
  task_count: z.number().int(),
  /** Latest task change (or the workspace's creation): the board opens the most active one. */
  last_activity_at: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspacesResponse = z.object({ workspaces: z.array(workspaceSchema) });
/**
 * The organisation's seats: members plus pending invitations, against the plan's limit
 * (`allowed` null: no limit, or no plan).
 */
export const seatsSchema = z.object({
  members: z.number().int(),
  invited: z.number().int(),
  used: z.number().int(),
  allowed: z.number().int().nullable(),
});
export type Seats = z.infer<typeof seatsSchema>;

export const membersResponse = z.object({
  members: z.array(workspaceMemberSchema),
  /** The caller's role here (the page shows role selects only to those who may manage members). */
  my_role: workspaceRoleSchema,
  seats: seatsSchema,
});
export type MembersResponse = z.infer<typeof membersResponse>;

/** A member's new role; giving or taking 'owner' needs the owners.manage action. */
export const memberRoleChangeBody = z.object({ role: z.enum(ORGANISATION_ROLES, { error: 'Ο ρόλος δεν είναι έγκυρος' }) });
export type MemberRoleChangeBody = z.infer<typeof memberRoleChangeBody>;

/** One of the caller's organisations (GET /organisations). `active`: the one every screen is scoped to. */
export const organisationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: workspaceRoleSchema,
  status: z.enum(ORGANISATION_STATUSES),
  active: z.boolean(),
});
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;
export const organisationsResponse = z.object({ organisations: z.array(organisationSummarySchema) });
export type OrganisationsResponse = z.infer<typeof organisationsResponse>;

export const activeOrganisationBody = z.object({ organisation_id: uuid('organisation_id') });

/** DELETE /organisations/:id: the owner types the organisation's name to confirm. */
export const organisationDeleteBody = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(300, 'name is too long'),
});
export type ActiveOrganisationBody = z.infer<typeof activeOrganisationBody>;

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

export const invitationCreateBody = z.object({
  email: emailSchema,
  /** The role the invited person gets on joining (inviting an owner needs owners.manage). */
  role: z.enum(ORGANISATION_ROLES, { error: 'Ο ρόλος δεν είναι έγκυρος' }).default('editor'),
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBody>;

/**
 * The answer to POST /organisations/:id/invitations. `resent` when a pending invitation to the
 * same address already existed (it gets a new link and a new expiry). `acceptUrl` is only
 * present outside production (NODE_ENV !== 'production') so end-to-end tests can follow the
 * link without reading e-mail; in production the link exists only in the e-mail.
 */
export const invitationCreatedSchema = invitationSchema.extend({
  resent: z.boolean(),
  acceptUrl: z.string().optional(),
});

const invitationToken = z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token is too long');

export const invitationAcceptBody = z.object({ token: invitationToken });

/** The public preview of an invitation link (POST /invitations/preview). */
export const invitationPreviewBody = z.object({ token: invitationToken });
export const invitationPreviewSchema = z.object({
  organisation_id: z.string(),
  organisation_name: z.string(),
  inviter_name: z.string().nullable(),
  email: z.string(),
  role: workspaceRoleSchema,
  expires_at: z.string(),
  /** The address already has an account: its owner signs in and accepts instead of creating one. */
  account_exists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * Joining from the link (POST /invitations/join): the account is created inside the
 * organisation, its address confirmed by the link itself; the answer is a session, as a
 * password sign-in's.
 */
export const invitationJoinBody = z.object({
  token: invitationToken,
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(120, 'name is too long'),
  password: passwordSchema,
  terms_accepted: z.literal(true, { error: 'the terms of service must be accepted' }),
  terms_version: z.literal(TERMS_VERSION, { error: `terms_version must be ${TERMS_VERSION}` }),
});
export type InvitationJoinBody = z.infer<typeof invitationJoinBody>;

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
  'account_exists',
  'last_owner',
] as const;
