import type { Knex } from 'knex';
import { mailBlock, MAIL_BLOCK_MESSAGES, type MailBlock } from '../../../../shared/accounts';
import { HttpError } from '../../http/errors';
import { mailingState } from './auth.repo';

type Q = Knex | Knex.Transaction;

/** Whether the account's e-mail address is confirmed (the profile tells its owner, for the UI). */
export async function emailConfirmed(q: Q, userId: string): Promise<boolean> {
  return (await mailingState(q, userId))?.emailConfirmed ?? false;
}

/**
 * Whether the platform may send mail on this account's behalf now (the account read fresh):
 * null when it may, else why not. The rule itself is shared/accounts.ts's mailBlock().
 */
export async function mailOnBehalfBlock(q: Q, userId: string): Promise<MailBlock | null> {
  const state = await mailingState(q, userId);
  return state ? mailBlock(state) : { code: 'email_unconfirmed', message: MAIL_BLOCK_MESSAGES.email_unconfirmed };
}

/**
 * The one guard of every action that mails on a user's behalf (the test e-mail, invitations,
 * send, schedule, approval requests and decisions): 403 `email_unconfirmed` while the address
 * is not confirmed, 403 `account_not_approved` while the account is pending or rejected.
 * Mails the account needs to get there (confirmation, password recovery) never pass here.
 */
export async function assertMayMailOnBehalf(q: Q, userId: string): Promise<void> {
  const block = await mailOnBehalfBlock(q, userId);
  if (block) throw new HttpError(403, block.code, block.message);
}
