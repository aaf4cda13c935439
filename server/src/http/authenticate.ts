import type { NextFunction, Request, Response } from 'express';
import type { Role, UserStatus } from '../../../shared/constants';
import type { Db } from '../db/knex';
import { preparedRaw } from '../db/prepared';
import { verifyAccessToken } from '../modules/auth/auth.tokens';
import { unauthorized } from './errors';

/** Who is calling: loaded fresh on every request, so bans and role changes apply at once. */
export interface Actor {
  userId: string;
  sessionId: string;
  role: Role;
  status: UserStatus;
  isActive: boolean;
  email: string;
  name: string;
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

interface SessionRow {
  role: Role;
  status: UserStatus;
  is_active: boolean;
  email: string;
  name: string;
}

/** The session, open, with its user's profile: on every signed-in request, so prepared once per connection. */
const SESSION_SQL = `select p.role, p.status, p.is_active, p.email, p.name
  from auth_sessions s join profiles p on p.user_id = s.user_id
  where s.id = ? and s.user_id = ? and s.revoked_at is null
  limit 1`;

/** Verifies an access token and its live session; null when anything is off. */
export async function actorFromToken(db: Db, key: Uint8Array, token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(token, key);
  if (!claims) return null;
  const { rows } = await preparedRaw<{ rows: SessionRow[] }>(db, SESSION_SQL, [claims.sid, claims.sub]);
  const row = rows[0];
  if (!row || row.status === 'banned' || !row.is_active) return null;
  return {
    userId: claims.sub,
    sessionId: claims.sid,
    role: row.role,
    status: row.status,
    isActive: row.is_active,
    email: row.email,
    name: row.name,
  };
}

export function authenticate(db: Db, key: Uint8Array, required: boolean) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const actor = await actorFromToken(db, key, bearerToken(req));
    if (!actor && required) {
      next(unauthorized('A valid access token is required'));
      return;
    }
    res.locals.actor = actor;
    next();
  };
}

export function actorOf(res: Response): Actor {
  const actor = res.locals.actor as Actor | null | undefined;
  if (!actor) throw unauthorized();
  return actor;
}

export function maybeActor(res: Response): Actor | null {
  return (res.locals.actor as Actor | null | undefined) ?? null;
}
