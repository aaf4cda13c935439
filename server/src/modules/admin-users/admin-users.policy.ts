import type { Role, UserStatus } from '../../../../shared/constants';
import type { UserActionBody } from '../../../../shared/schemas/admin';
import { conflict, type HttpError } from '../../http/errors';

export interface TargetUser {
  user_id: string;
  role: Role;
  status: UserStatus;
  is_active: boolean;
}

export interface UserPatch {
  status?: UserStatus;
  is_active?: boolean;
  role?: Role;
}

/**
 * Whose plan is in force, so that its state (trial, active, expired) means something: an
 * account the superadmin let in (approved; or banned, which an unban undoes with the plan as
 * it was) whose organisation is approved too, as the trial notices read it. A pending or
 * rejected account has the plan it chose at sign-up but no plan state: it cannot use it.
 */
export const PLAN_IN_FORCE_STATUSES = ['approved', 'banned'] as const satisfies readonly UserStatus[];
export const PLAN_IN_FORCE_ORGANISATION = 'approved';

export function planInForce(row: { status: UserStatus; organisation_status: string | null }): boolean {
  return (PLAN_IN_FORCE_STATUSES as readonly UserStatus[]).includes(row.status) && row.organisation_status === PLAN_IN_FORCE_ORGANISATION;
}

const REFUSALS: Record<string, string> = {
  not_pending: 'Approve and reject are offered only while the user is pending',
  already_banned: 'The user is already banned',
  not_banned: 'Only a banned user can be unbanned',
  already_active: 'The user is already active',
  already_inactive: 'The user is already inactive',
  superadmin_role_locked: 'The role of a superadmin cannot be changed',
  same_role: 'The user already has this role',
  cannot_modify_self: 'You cannot change your own account from the console',
};

const refuse = (code: keyof typeof REFUSALS): HttpError => conflict(code, REFUSALS[code]!);

/**
 * The user-status state machine of the spec (section 4), as a pure function:
 * the patch to apply, or the 409 that refuses the transition.
 */
export function decideUserAction(actorId: string, target: TargetUser, body: UserActionBody): UserPatch | HttpError {
  if (target.user_id === actorId) return refuse('cannot_modify_self');
  switch (body.action) {
    case 'approve':
      return target.status === 'pending' ? { status: 'approved' } : refuse('not_pending');
    case 'reject':
      return target.status === 'pending' ? { status: 'rejected' } : refuse('not_pending');
    case 'ban':
      return target.status !== 'banned' ? { status: 'banned' } : refuse('already_banned');
    case 'unban':
      return target.status === 'banned' ? { status: 'approved' } : refuse('not_banned');
    case 'activate':
      return target.is_active ? refuse('already_active') : { is_active: true };
    case 'deactivate':
      return target.is_active ? { is_active: false } : refuse('already_inactive');
    case 'role_change':
      if (target.role === 'superadmin') return refuse('superadmin_role_locked');
      if (target.role === body.role) return refuse('same_role');
      return { role: body.role!, status: 'approved' };
  }
}

/** Bulk approve applies only to pending users (approve is offered only while pending). */
export const canBulkApprove = (actorId: string, target: TargetUser) =>
  target.user_id !== actorId && target.status === 'pending';
