import type { NextFunction, Request, Response } from 'express';
import type { Role, UserStatus } from '../../../shared/constants';
import type { Db } from '../db/knex';
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

/** Verifies an access token and its live session; null when anything is off. */
export async function actorFromToken(db: Db, key: Uint8Array, token: string | undefined): Promise<Actor | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(token, key);
  if (!claims) return null;
  const row = await db('auth_sessions as s')
    .join('profiles as p', 'p.user_id', 's.user_id')
    .where('s.id', claims.sid)
    .andWhere('s.user_id', claims.sub)
    .whereNull('s.revoked_at')
    .first<{ role: Role; status: UserStatus; is_active: boolean; email: string; name: string } | undefined>(
      'p.role',
      'p.status',
      'p.is_active',
      'p.email',
      'p.name',
    );
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
