import { jwtVerify, SignJWT } from 'jose';

export const TICKET_TTL_SECONDS = 60;

export interface CollabTicket {
  userId: string;
  sessionId: string;
  /** The document the ticket opens, e.g. release:<uuid>. */
  doc: string;
  name: string;
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
      ticket: { userId: payload.sub, sessionId: payload.sid, doc: payload.doc, name: typeof payload.name === 'string' ? payload.name : '' },
    };
  } catch (err) {
    const code = (err as { code?: string }).code;
    return { ok: false, reason: code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
  }
}
