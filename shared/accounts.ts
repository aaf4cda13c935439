/**
 * Account constants both sides use without zod (the public entry imports the auth client,
 * and zod must not come with it): the e-mail confirmation's outcomes and why a session ended.
 */

/** Where the confirmation link lands: /email-confirmed?status=… */
export const CONFIRM_STATUSES = ['ok', 'already', 'expired', 'invalid'] as const;
export type ConfirmStatus = (typeof CONFIRM_STATUSES)[number];

/** Why a session ended (the socket's session:revoked, a refused refresh), as the sign-in page explains it. */
export const SESSION_END_REASONS = ['signed_out', 'banned', 'deactivated', 'password_changed', 'revoked', 'expired'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
