import { ROLE_HOMES, type Role, type UserStatus } from '@shared/constants';

/** The account status screen of a user not (or not yet) approved. */
export const ACCOUNT_STATUS_PATH = '/account-status';

/** Where a signed-in user belongs: a pending or rejected account to its status screen, the others home. */
export function landingFor(profile: { role: Role; status: UserStatus }): string {
  return profile.status === 'pending' || profile.status === 'rejected' ? ACCOUNT_STATUS_PATH : ROLE_HOMES[profile.role];
}

/**
 * Where a sign-in (or a password reset) goes: the page the user was sent away from (the
 * remembered one) wins; otherwise where they belong, never the marketing page.
 */
export function afterSignIn(profile: { role: Role; status: UserStatus } | null, remembered?: string): string {
  return remembered ?? (profile ? landingFor(profile) : '/');
}
