import type { Knex } from 'knex';
import type { ErasureStatus } from '../../../../shared/constants';

type Q = Knex | Knex.Transaction;

export interface ErasureRow {
  id: string;
  user_id: string;
  status: ErasureStatus;
  token_hash: string | null;
  token_expires_at: Date | null;
  requested_at: Date;
  confirmed_at: Date | null;
  due_at: Date | null;
  cancelled_at: Date | null;
  cancelled_by: 'sign_in' | 'user' | 'superadmin' | null;
  erased_at: Date | null;
  erased_by: string | null;
}

const OPEN = ['requested', 'scheduled'] as const;

export async function openErasure(q: Q, userId: string): Promise<ErasureRow | undefined> {
  return q('account_erasures').where('user_id', userId).whereIn('status', OPEN).first<ErasureRow | undefined>();
}

export async function erasureById(q: Q, id: string, lock = false): Promise<ErasureRow | undefined> {
  const query = q('account_erasures').where('id', id);
  return (lock ? query.forUpdate() : query).first<ErasureRow | undefined>();
}

/** A new request, replacing an unconfirmed one of the same account (a fresh link; the old one stops working). */
export async function insertRequest(q: Q, row: { user_id: string; token_hash: string; token_expires_at: Date; requested_at: Date }): Promise<ErasureRow> {
  await q('account_erasures').where({ user_id: row.user_id, status: 'requested' }).delete();
  const [r] = (await q('account_erasures').insert({ ...row, status: 'requested' }).returning('*')) as ErasureRow[];
  return r!;
}

/** The unconfirmed request of `userId` with this token, still valid at `now`, locked. */
export async function requestByToken(q: Q, userId: string, tokenHash: string, now: Date): Promise<ErasureRow | undefined> {
  return q('account_erasures')
    .where({ user_id: userId, token_hash: tokenHash, status: 'requested' })
    .andWhere('token_expires_at', '>', now)
    .forUpdate()
    .first<ErasureRow | undefined>();
}

export async function markScheduled(q: Q, id: string, at: Date, dueAt: Date): Promise<void> {
  await q('account_erasures').where('id', id).update({ status: 'scheduled', token_hash: null, token_expires_at: null, confirmed_at: at, due_at: dueAt });
}

/** Cancels the account's open request (only a scheduled one for a sign-in); the cancelled row, if any. */
export async function cancelOpen(
  q: Q,
  where: { userId?: string; id?: string },
  by: 'sign_in' | 'user' | 'superadmin',
  at: Date,
  statuses: readonly ErasureStatus[] = OPEN,
): Promise<ErasureRow | undefined> {
  let query = q('account_erasures').whereIn('status', statuses);
  if (where.userId) query = query.andWhere('user_id', where.userId);
  if (where.id) query = query.andWhere('id', where.id);
  const [row] = (await query.update({ status: 'cancelled', cancelled_at: at, cancelled_by: by, token_hash: null, token_expires_at: null }).returning('*')) as ErasureRow[];
  return row;
}

export async function markErased(q: Q, id: string, at: Date, by: string | null): Promise<void> {
  await q('account_erasures').where('id', id).update({ status: 'erased', erased_at: at, erased_by: by });
}

export interface PendingRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  role: string;
  status: 'requested' | 'scheduled';
  requested_at: Date;
  due_at: Date | null;
}

/** Open requests for the superadmin: the scheduled ones by due date, then those awaiting the e-mail link. */
export async function listOpen(q: Q): Promise<PendingRow[]> {
  return q('account_erasures as e')
    .join('profiles as p', 'p.user_id', 'e.user_id')
    .whereIn('e.status', OPEN)
    .orderByRaw("e.status = 'scheduled' desc, e.due_at asc nulls last, e.requested_at asc")
    .limit(500)
    .select<PendingRow[]>('e.id', 'e.user_id', 'p.name', 'p.email', 'p.role', 'e.status', 'e.requested_at', 'e.due_at');
}

/**
 * Organisations whose last owner `userId` is while someone else still works there: the account
 * cannot go until another member is made owner (or the others leave).
 */
export async function lastOwnerBlockers(q: Q, userId: string): Promise<{ organisationId: string; name: string }[]> {
  const rows = (await q.raw(
    `select o.id as "organisationId", o.name
       from organisation_members m
       join organisations o on o.id = m.organisation_id
      where m.user_id = ? and m.role = 'owner'
        and not exists (select 1 from organisation_members x where x.organisation_id = m.organisation_id and x.user_id <> m.user_id and x.role = 'owner')
        and exists (select 1 from organisation_members y where y.organisation_id = m.organisation_id and y.user_id <> m.user_id)
      order by o.name`,
    [userId],
  )) as { rows: { organisationId: string; name: string }[] };
  return rows.rows;
}

export async function passwordHashOf(q: Q, userId: string): Promise<string | null> {
  const row = await q('users').where('id', userId).first<{ encrypted_password: string | null } | undefined>('encrypted_password');
  return row?.encrypted_password ?? null;
}

export async function contactOf(q: Q, userId: string): Promise<{ email: string; role: string; name: string } | undefined> {
  return q('profiles').where('user_id', userId).first<{ email: string; role: string; name: string } | undefined>('email', 'role', 'name');
}

/** The placeholder address of an erased account: unique, never deliverable (.invalid). */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;
export const ERASED_NAME = 'Διαγραμμένος χρήστης';

/**
 * The account itself, anonymised in place: the row stays so that the organisation's releases,
 * comments and versions keep an author and the journalists' received copies keep their
 * recipient; nothing in it names the person any more, and nothing can sign in with it.
 */
export async function anonymiseAccount(trx: Knex.Transaction, userId: string): Promise<{ email: string; role: string } | undefined> {
  const before = await contactOf(trx, userId);
  if (!before) return undefined;
  const email = erasedEmail(userId);
  await trx('users').where('id', userId).update({ email, encrypted_password: null, user_metadata: JSON.stringify({}), last_sign_in_at: null });
  await trx('profiles').where('user_id', userId).update({
    name: ERASED_NAME,
    email,
    organization: null,
    description: null,
    website: null,
    is_active: false,
    categories: trx.raw("'{}'::text[]"),
    digest_frequency: 'none',
    active_organisation_id: null,
  });
  // Sessions (their addresses and browsers), one-time links, rate-limit keys of the address.
  await trx('auth_sessions').where('user_id', userId).delete();
  await trx('auth_tokens').where('user_id', userId).delete();
  // No more releases for an erased journalist; their blocks go with them.
  await trx('media_lists').where('media_id', userId).delete();
  await trx('unsubscribes').where('user_id', userId).delete();
  // Memberships go, except where the account is the organisation's only member (it stays the
  // anonymised owner of what the organisation published).
  await trx('organisation_members as m')
    .where('m.user_id', userId)
    .whereExists(function () {
      void this.from('organisation_members as x').whereRaw('x.organisation_id = m.organisation_id').andWhereRaw('x.user_id <> m.user_id');
    })
    .delete();
  // Received copies stay; the address they were mailed to does not.
  await trx('deliveries').where('recipient_user_id', userId).update({ email });
  // Mail not sent yet is dropped; mail sent keeps its record under the placeholder.
  await trx('mail_outbox').whereRaw('lower(to_email) = lower(?)', [before.email]).where('status', 'queued').delete();
  await trx('mail_outbox').whereRaw('lower(to_email) = lower(?)', [before.email]).update({ to_email: email });
  // The audit log is kept (accountability), without the person's address.
  await trx('audit_logs').where('actor_user_id', userId).update({ actor_email: email });
  return before;
}
