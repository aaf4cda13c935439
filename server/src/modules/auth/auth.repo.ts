import type { Knex } from 'knex';
import type { Role, UserStatus } from '../../../../shared/constants';

type Q = Knex | Knex.Transaction;

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  user_metadata: Record<string, unknown>;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface UserWithProfile extends UserRow {
  role: Role;
  name: string;
  organization: string | null;
  status: UserStatus;
  is_active: boolean;
}

const userWithProfileColumns = [
  'u.*',
  'p.role',
  'p.name',
  'p.organization',
  'p.status',
  'p.is_active',
] as const;

export async function findUserByEmail(q: Q, email: string): Promise<UserWithProfile | undefined> {
  return q('users as u')
    .join('profiles as p', 'p.user_id', 'u.id')
    .whereRaw('lower(u.email) = lower(?)', [email])
    .first<UserWithProfile | undefined>(...userWithProfileColumns);
}

export async function findUserById(q: Q, id: string): Promise<UserWithProfile | undefined> {
  return q('users as u')
    .join('profiles as p', 'p.user_id', 'u.id')
    .where('u.id', id)
    .first<UserWithProfile | undefined>(...userWithProfileColumns);
}

export async function emailTaken(q: Q, email: string): Promise<boolean> {
  const row = await q('users').whereRaw('lower(email) = lower(?)', [email]).first<{ id: string } | undefined>('id');
  return Boolean(row);
}

export async function insertUser(
  q: Q,
  u: { email: string; encrypted_password: string; user_metadata: Record<string, unknown>; email_confirmed_at: Date | null },
): Promise<UserRow> {
  const [row] = (await q('users')
    .insert({ ...u, user_metadata: JSON.stringify(u.user_metadata) })
    .returning('*')) as UserRow[];
  return row!;
}

export async function insertProfile(
  q: Q,
  p: {
    user_id: string;
    email: string;
    name: string;
    role: Role;
    organization: string | null;
    description: string | null;
    status: UserStatus;
    /** Sign-ups record the terms they accepted; a superadmin created by the operator has none. */
    terms_version?: string;
    terms_accepted_at?: Date;
  },
): Promise<void> {
  await q('profiles').insert(p);
}

export async function updatePassword(q: Q, userId: string, hash: string): Promise<void> {
  await q('users').where('id', userId).update({ encrypted_password: hash, updated_at: q.fn.now() });
}

export async function updateUserMetadata(q: Q, userId: string, patch: Record<string, unknown>): Promise<void> {
  const row = await q('users')
    .where('id', userId)
    .first<{ user_metadata: Record<string, unknown> } | undefined>('user_metadata');
  const merged: Record<string, unknown> = { ...(row?.user_metadata ?? {}), ...patch };
  await q('users').where('id', userId).update({ user_metadata: JSON.stringify(merged), updated_at: q.fn.now() });
}

export async function touchSignIn(q: Q, userId: string): Promise<void> {
  await q('users').where('id', userId).update({ last_sign_in_at: q.fn.now() });
}

export async function confirmEmail(q: Q, userId: string): Promise<void> {
  await q('users').where('id', userId).whereNull('email_confirmed_at').update({ email_confirmed_at: q.fn.now() });
}

// Sessions and refresh tokens -------------------------------------------------

export interface SessionRow {
  id: string;
  user_id: string;
  revoked_at: Date | null;
}

export async function createSession(q: Q, s: { user_id: string; user_agent: string | null; ip: string | null }): Promise<string> {
  const [row] = (await q('auth_sessions').insert(s).returning('id')) as { id: string }[];
  return row!.id;
}

export async function findSession(q: Q, id: string): Promise<SessionRow | undefined> {
  return q('auth_sessions').where('id', id).first<SessionRow | undefined>('id', 'user_id', 'revoked_at');
}

export async function insertRefreshToken(q: Q, t: { session_id: string; token_hash: string; parent_id: number | null }): Promise<void> {
  await q('refresh_tokens').insert(t);
}

export interface RefreshTokenRow {
  id: number;
  session_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
  user_id: string;
  session_revoked_at: Date | null;
  session_revoked_reason: string | null;
}

/** Loads and locks a refresh token with its session. */
export async function lockRefreshToken(q: Knex.Transaction, hash: string): Promise<RefreshTokenRow | undefined> {
  const row = await q('refresh_tokens as r')
    .join('auth_sessions as s', 's.id', 'r.session_id')
    .where('r.token_hash', hash)
    .forUpdate()
    .first<RefreshTokenRow | undefined>(
      'r.id',
      'r.session_id',
      'r.used_at',
      'r.revoked_at',
      's.user_id',
      's.revoked_at as session_revoked_at',
      's.revoked_reason as session_revoked_reason',
    );
  if (row) row.id = Number(row.id);
  return row;
}

export async function markRefreshTokenUsed(q: Q, id: number): Promise<void> {
  await q('refresh_tokens').where('id', id).update({ used_at: q.fn.now() });
}

export async function touchSession(q: Q, id: string): Promise<void> {
  await q('auth_sessions').where('id', id).update({ refreshed_at: q.fn.now() });
}

/** Revokes sessions and their refresh tokens; returns the ids revoked. */
export async function revokeSessions(
  q: Q,
  where: { userId: string; only?: string; except?: string },
  reason: string,
): Promise<string[]> {
  let query = q('auth_sessions').where('user_id', where.userId).whereNull('revoked_at');
  if (where.only) query = query.andWhere('id', where.only);
  if (where.except) query = query.andWhereNot('id', where.except);
  const rows = (await query.update({ revoked_at: q.fn.now(), revoked_reason: reason }).returning('id')) as { id: string }[];
  const ids = rows.map((r) => r.id);
  if (ids.length) {
    await q('refresh_tokens').whereIn('session_id', ids).whereNull('revoked_at').update({ revoked_at: q.fn.now() });
  }
  return ids;
}

// One-time tokens (confirmation, recovery) --------------------------------------

export async function insertAuthToken(
  q: Q,
  t: { user_id: string; email: string; purpose: 'confirm' | 'recover'; token_hash: string; expires_at: Date },
): Promise<void> {
  await q('auth_tokens').insert(t);
}

/** Marks a valid, unused, unexpired token as used and returns it (once). */
export async function consumeAuthToken(
  q: Q,
  hash: string,
  purpose: 'confirm' | 'recover',
): Promise<{ user_id: string; email: string } | undefined> {
  const rows = (await q('auth_tokens')
    .where({ token_hash: hash, purpose })
    .whereNull('used_at')
    .andWhere('expires_at', '>', q.fn.now())
    .update({ used_at: q.fn.now() })
    .returning(['user_id', 'email'])) as { user_id: string; email: string }[];
  return rows[0];
}

/** Ends the unused tokens of a purpose (a new confirmation link replaces the old ones). */
export async function retireAuthTokens(q: Q, userId: string, purpose: 'confirm' | 'recover'): Promise<void> {
  await q('auth_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ expires_at: q.fn.now() });
}

/** Why a token cannot be consumed: unknown, already used, or expired. */
export async function authTokenState(q: Q, hash: string, purpose: 'confirm' | 'recover'): Promise<'invalid' | 'used' | 'expired' | 'valid'> {
  const row = (await q('auth_tokens')
    .where({ token_hash: hash, purpose })
    .first('used_at', q.raw('expires_at <= now() as expired'))) as { used_at: Date | null; expired: boolean } | undefined;
  if (!row) return 'invalid';
  if (row.used_at) return 'used';
  return row.expired ? 'expired' : 'valid';
}

/** An account still waiting for its address to be confirmed (for a new confirmation link). */
/** What decides whether the platform may mail on the account's behalf (mail-on-behalf.ts). */
export async function mailingState(q: Q, userId: string): Promise<{ emailConfirmed: boolean; status: UserStatus } | undefined> {
  const row = (await q('users as u')
    .join('profiles as p', 'p.user_id', 'u.id')
    .where('u.id', userId)
    .first('u.email_confirmed_at', 'p.status')) as { email_confirmed_at: Date | null; status: UserStatus } | undefined;
  return row && { emailConfirmed: row.email_confirmed_at !== null, status: row.status };
}

export async function unconfirmedUser(q: Q, email: string): Promise<{ id: string; email: string; status: UserStatus } | undefined> {
  return (await q('users as u')
    .join('profiles as p', 'p.user_id', 'u.id')
    .whereRaw('lower(u.email) = ?', [email.toLowerCase()])
    .whereNull('u.email_confirmed_at')
    .where('p.is_active', true)
    .whereNot('p.status', 'banned')
    .first('u.id', 'u.email', 'p.status')) as { id: string; email: string; status: UserStatus } | undefined;
}

// Recovery sessions -----------------------------------------------------------------

export async function startRecoveryWindow(q: Q, sessionId: string, seconds: number): Promise<void> {
  await q('auth_sessions')
    .where('id', sessionId)
    .update({ recovery_until: q.raw(`now() + (? * interval '1 second')`, [seconds]) });
}

export async function inRecoveryWindow(q: Q, sessionId: string): Promise<boolean> {
  const row = await q('auth_sessions')
    .where('id', sessionId)
    .whereNull('revoked_at')
    .andWhere('recovery_until', '>', q.fn.now())
    .first<{ id: string } | undefined>('id');
  return Boolean(row);
}

export async function endRecoveryWindow(q: Q, sessionId: string): Promise<void> {
  await q('auth_sessions').where('id', sessionId).update({ recovery_until: null });
}
