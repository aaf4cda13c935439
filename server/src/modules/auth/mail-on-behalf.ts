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
 * The approval that governs mail on a client's behalf in an organisation: the organisation's
 * (the superadmin approves organisations, not each member). `organisationId` names it (the
 * release's, the invitation's); without one, the organisation the user works in now. Null
 * for a user without any organisation (journalists: their own approval counts).
 */
async function organisationStatus(q: Q, userId: string, organisationId?: string | null): Promise<string | null> {
  const query = q('organisation_members as m')
    .join('organisations as o', 'o.id', 'm.organisation_id')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.user_id', userId);
  if (organisationId) void query.where('m.organisation_id', organisationId);
  else {
    void query
      .orderByRaw('(m.organisation_id = p.active_organisation_id) desc nulls last')
      .orderByRaw("(m.role = 'owner') desc")
      .orderBy('m.created_at');
  }
  const row = (await query.first('o.status')) as { status: string } | undefined;
  return row?.status ?? null;
}

/**
 * Whether the platform may send mail on this account's behalf now (the account read fresh):
 * null when it may, else why not. The rule itself is shared/accounts.ts's mailBlock(): the
 * address confirmed, and approved. For a member of an organisation the approval is the
 * organisation's: an invited member of an approved organisation mails at once (whatever their
 * own sign-up left on their profile), every member of a pending or rejected one waits; a person
 * the superadmin rejected or banned stays refused.
 */
export async function mailOnBehalfBlock(q: Q, userId: string, organisationId?: string | null): Promise<MailBlock | null> {
  const state = await mailingState(q, userId);
  if (!state) return { code: 'email_unconfirmed', message: MAIL_BLOCK_MESSAGES.email_unconfirmed };
  const org = await organisationStatus(q, userId, organisationId);
  const personHeld = state.status === 'rejected' || state.status === 'banned';
  const status = org === null || personHeld ? state.status : org;
  return mailBlock({ emailConfirmed: state.emailConfirmed, status });
}

/**
 * The one guard of every action that mails on a user's behalf (the test e-mail, invitations,
 * send, schedule, approval requests and decisions): 403 `email_unconfirmed` while the address
 * is not confirmed, 403 `account_not_approved` while the account or the organisation the mail
 * speaks for is pending or rejected. The organisation is required (the release's, the
 * invitation's): a member acts on any organisation she belongs to, not only the active one, so
 * the active one's approval says nothing about this mail. `null` only for mail of a person
 * outside any organisation. Mails the account needs to get there (confirmation, password
 * recovery) never pass here.
 */
export async function assertMayMailOnBehalf(q: Q, userId: string, organisationId: string | null): Promise<void> {
  const block = await mailOnBehalfBlock(q, userId, organisationId);
  if (block) throw new HttpError(403, block.code, block.message);
}
