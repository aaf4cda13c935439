/**
 * Account constants both sides use without zod (the public entry imports the auth client,
 * and zod must not come with it): the e-mail confirmation's outcomes and why a session ended.
 */

/** Where the confirmation link lands: /email-confirmed?status=… */
export const CONFIRM_STATUSES = ['ok', 'already', 'expired', 'invalid'] as const;
export type ConfirmStatus = (typeof CONFIRM_STATUSES)[number];

/** Why a session ended (the socket's session:revoked, a refused refresh), as the sign-in page explains it. */
export const SESSION_END_REASONS = ['signed_out', 'banned', 'deactivated', 'password_changed', 'revoked', 'expired', 'erasure_scheduled'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * The platform mails on an account's behalf (the test e-mail, invitations, sends, schedules,
 * approval requests and decisions) only once its address is confirmed and it is approved:
 * otherwise anyone could sign up with someone else's address and have us mail it, or mail
 * others from an account nobody has checked. The 403 codes, the address first (the one step
 * the user can take alone).
 */
export const MAIL_BLOCK_CODES = ['email_unconfirmed', 'account_not_approved'] as const;
export type MailBlockCode = (typeof MAIL_BLOCK_CODES)[number];

export interface MailBlock {
  code: MailBlockCode;
  /** What the user is told (Greek; the server sends it as the error's message too). */
  message: string;
}

export const MAIL_BLOCK_MESSAGES = {
  email_unconfirmed:
    'Επιβεβαιώστε πρώτα τη διεύθυνση email σας με τον σύνδεσμο που σας στείλαμε. Μέχρι τότε η πλατφόρμα δεν στέλνει email από τον λογαριασμό σας.',
  pending: 'Ο λογαριασμός σας περιμένει έγκριση από τον διαχειριστή. Μέχρι τότε η πλατφόρμα δεν στέλνει email από τον λογαριασμό σας.',
  rejected:
    'Ο διαχειριστής της πλατφόρμας δεν ενέκρινε τον λογαριασμό σας, οπότε η πλατφόρμα δεν στέλνει email από τον λογαριασμό σας.',
} as const;

/** Why the platform may not mail on this account's behalf now, or null when it may (the one rule, both sides). */
export function mailBlock(account: { emailConfirmed: boolean; status: string }): MailBlock | null {
  if (!account.emailConfirmed) return { code: 'email_unconfirmed', message: MAIL_BLOCK_MESSAGES.email_unconfirmed };
  if (account.status === 'approved') return null;
  return { code: 'account_not_approved', message: account.status === 'rejected' ? MAIL_BLOCK_MESSAGES.rejected : MAIL_BLOCK_MESSAGES.pending };
}
