import crypto from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Knex } from 'knex';

export const TICKET_TTL_SECONDS = 60;

export interface CollabTicket {
  userId: string;
  sessionId: string;
  /** The document the ticket opens, e.g. release:<uuid>. */
  doc: string;
  name: string;
  /** The ticket's own id: a ticket opens one connection, once. */
  jti?: string;
  /** When it expires (seconds since the epoch). */
  exp?: number;
}

/** A short-lived ticket for one document, minted by an authenticated REST call. */
export async function mintTicket(t: CollabTicket, key: Uint8Array, now = Math.floor(Date.now() / 1000)) {
  const expiresAt = now + TICKET_TTL_SECONDS;
  const ticket = await new SignJWT({ sid: t.sessionId, doc: t.doc, name: t.name })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(t.userId)
    .setAudience('collab')
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .setJti(crypto.randomUUID())
    .sign(key);
  return { ticket, expiresAt };
}

export type TicketCheck = { ok: true; ticket: CollabTicket } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyTicket(token: string, key: Uint8Array): Promise<TicketCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: 'collab', algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.doc !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      ticket: {
        userId: payload.sub,
        sessionId: payload.sid,
        doc: payload.doc,
        name: typeof payload.name === 'string' ? payload.name : '',
        jti: typeof payload.jti === 'string' ? payload.jti : undefined,
        exp: payload.exp,
      },
    };
  } catch (err) {
    const code = (err as { code?: string }).code;
    return { ok: false, reason: code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
  }
}

/**
 * Uses a ticket up: true the first time its id is presented (in any process: the record
 * is in Postgres), false after. A ticket without an id is refused. Expired records are
 * pruned on the way.
 */
export async function useTicketOnce(db: Knex, t: CollabTicket): Promise<boolean> {
  if (!t.jti || !t.exp) return false;
  const res = (await db.raw(
    `with pruned as (delete from collab_ticket_uses where expires_at < now() - interval '1 minute')
     insert into collab_ticket_uses (jti, expires_at) values (?, to_timestamp(?))
     on conflict (jti) do nothing returning jti`,
    [t.jti, t.exp],
  )) as { rows: unknown[] };
  return res.rows.length === 1;
}
