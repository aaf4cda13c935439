import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { signHs256, verifyHs256 } from '../modules/auth/jwt-hs256';

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
export function mintTicket(t: CollabTicket, key: Uint8Array, now = Math.floor(Date.now() / 1000)): Promise<{ ticket: string; expiresAt: number }> {
  const expiresAt = now + TICKET_TTL_SECONDS;
  const ticket = signHs256(
    { sid: t.sessionId, doc: t.doc, name: t.name, sub: t.userId, aud: 'collab', iat: now, exp: expiresAt, jti: crypto.randomUUID() },
    key,
  );
  return Promise.resolve({ ticket, expiresAt });
}

export type TicketCheck = { ok: true; ticket: CollabTicket } | { ok: false; reason: 'expired' | 'invalid' };

export function verifyTicket(token: string, key: Uint8Array): Promise<TicketCheck> {
  const check = verifyHs256(token, key, { audience: 'collab' });
  if (!check.ok) return Promise.resolve(check);
  const { payload } = check;
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.doc !== 'string') {
    return Promise.resolve({ ok: false, reason: 'invalid' });
  }
  return Promise.resolve({
    ok: true,
    ticket: {
      userId: payload.sub,
      sessionId: payload.sid,
      doc: payload.doc,
      name: typeof payload.name === 'string' ? payload.name : '',
      jti: typeof payload.jti === 'string' ? payload.jti : undefined,
      exp: payload.exp,
    },
  });
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
