import type { Knex } from 'knex';
import { mailBlock, MAIL_BLOCK_MESSAGES, type MailBlock } from '../../../../shared/accounts';
import type { UserStatus } from '../../../../shared/constants';
import { HttpError } from '../../http/errors';
import { mailingState } from './auth.repo';

type Q = Knex | Knex.Transaction;

/** Whether the account's e-mail address is confirmed (the profile tells its owner, for the UI). */
export async function emailConfirmed(q: Q, userId: string): Promise<boolean> {
  return (await mailingState(q, userId))?.emailConfirmed ?? false;
}

/**
 * The account as mail on its behalf reads it, in one statement: its address confirmed, its own
 * status, and the approval that governs mail on a client's behalf in an organisation: the
 * organisation's (the superadmin approves organisations, not each member). `organisationId`
 * names it (the release's, the invitation's); without one, the organisation the user works in
 * now. `orgStatus` is null for a user without any organisation (journalists: their own approval
 * counts).
 */
async function mailingFacts(
  q: Q,
  userId: string,
  organisationId?: string | null,
): Promise<{ email_confirmed_at: Date | null; status: UserStatus; org_status: string | null } | undefined> {
  const org = organisationId
    ? q.raw(
        `(select o.status from organisation_members m join organisations o on o.id = m.organisation_id
           where m.user_id = u.id and m.organisation_id = ?)`,
        [organisationId],
      )
    : q.raw(
        `(select o.status from organisation_members m join organisations o on o.id = m.organisation_id
           where m.user_id = u.id
           order by (m.organisation_id = p.active_organisation_id) desc nulls last, (m.role = 'owner') desc, m.created_at
           limit 1)`,
      );
  return (await q('users as u')
    .join('profiles as p', 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first('u.email_confirmed_at', 'p.status', org.wrap('', ' as org_status'))) as
    | { email_confirmed_at: Date | null; status: UserStatus; org_status: string | null }
    | undefined;
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
  const facts = await mailingFacts(q, userId, organisationId);
  if (!facts) return { code: 'email_unconfirmed', message: MAIL_BLOCK_MESSAGES.email_unconfirmed };
  const personHeld = facts.status === 'rejected' || facts.status === 'banned';
  const status = facts.org_status === null || personHeld ? facts.status : facts.org_status;
  return mailBlock({ emailConfirmed: facts.email_confirmed_at !== null, status });
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
