import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import { decodeAuthMessage } from '../../../shared/editor/collab-auth';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from '../../../shared/editor/collab-protocol';
import type { Db } from '../db/knex';
import { checkAccessToken } from '../modules/auth/auth.tokens';
import type { CollabAccess, SessionAccess } from './access';
import { releaseDocName } from './persistence';
import { useTicketOnce, verifyTicket } from './ticket';

/** Who a /collab connection is, once authenticated. */
export interface SocketIdentity {
  userId: string;
  sessionId: string;
}

/** An authenticated identity, or the close code and reason to refuse the connection with. */
export type SocketAuth = { ok: true; who: SocketIdentity } | { ok: false; code: number; reason: string };

/** How long a connection without a ticket has to send its auth message. */
export const AUTH_DEADLINE_MS = 10_000;

/** Calls `expire` once the deadline passed; returns the cancel. Tests pass their own. */
export type AuthDeadline = (expire: () => void) => () => void;

export const defaultAuthDeadline: AuthDeadline = (expire) => {
  const timer = setTimeout(expire, AUTH_DEADLINE_MS);
  return () => clearTimeout(timer);
};

type Refusal = SocketAuth & { ok: false };
const refuse = (code: number, reason: string): Refusal => ({ ok: false, code, reason });

/** sessionAccess (access.ts), or its batched form (sessionAccessBatcher). */
export type SessionAccessLookup = (userId: string, sessionId: string, releaseId: string) => Promise<SessionAccess>;

/**
 * The session the page already holds: its access token, sent as the connection's first message
 * (MESSAGE_AUTH). The same checks as an /api request (signature, expiry, session not revoked,
 * user neither banned nor deactivated), with the user's access to the release, in one read and
 * no write per connection (`lookup`: sessionAccess, batched with other connections' by
 * sessionAccessBatcher). An expired token is refused with 4401 so the client refreshes it and
 * reconnects. `whileReading` is called once the token is verified, while its session and access
 * are still being read (the caller prepares what it will send if they hold; it sends nothing).
 */
export async function identityFromToken(
  lookup: SessionAccessLookup,
  key: Uint8Array,
  token: string | null,
  releaseId: string,
  whileReading?: () => void,
): Promise<Refusal | { ok: true; who: SocketIdentity; access: CollabAccess | undefined }> {
  if (!token) return refuse(CLOSE_UNAUTHORIZED, 'no auth message');
  // The read starts beside the signature check (an asynchronous HMAC), on the claims the token
  // says it has; its answer is used only once the signature and expiry are checked and the
  // verified claims are the same, else it is dropped.
  const said = claimsSaid(token);
  const early = said ? lookup(said.sub, said.sid, releaseId) : undefined;
  early?.catch(() => undefined); // a refused token's read may fail unobserved
  const check = await checkAccessToken(token, key);
  if (!check.ok) return refuse(CLOSE_UNAUTHORIZED, check.reason === 'expired' ? 'token expired' : 'invalid token');
  const { sub: userId, sid: sessionId } = check.claims;
  const reading = early && said?.sub === userId && said.sid === sessionId ? early : lookup(userId, sessionId, releaseId);
  whileReading?.();
  const found = await reading;
  if (!found) return refuse(CLOSE_UNAUTHORIZED, 'session ended');
  // Only clients edit releases (as only they may ask for a ticket).
  if (found.role !== 'client') return refuse(CLOSE_FORBIDDEN, 'forbidden');
  return { ok: true, who: { userId, sessionId }, access: found.access };
}

/** The subject and session a token claims, unverified (null when it claims none). */
function claimsSaid(token: string): { sub: string; sid: string } | null {
  try {
    const { sub, sid } = decodeJwt(token);
    return typeof sub === 'string' && typeof sid === 'string' ? { sub, sid } : null;
  } catch {
    return null;
  }
}

/**
 * The older path: a one-use ticket minted by POST /api/collab/tickets, in the URL. Its session
 * must still be open and belong to its user; a ticket opens one connection (recorded in Postgres).
 */
export async function identityFromTicket(db: Db, key: Uint8Array, ticketParam: string, releaseId: string): Promise<SocketAuth> {
  const check = await verifyTicket(ticketParam, key);
  if (!check.ok) return refuse(CLOSE_UNAUTHORIZED, check.reason === 'expired' ? 'ticket expired' : 'invalid ticket');
  const { ticket } = check;
  if (ticket.doc !== releaseDocName(releaseId)) return refuse(CLOSE_FORBIDDEN, 'forbidden');
  const session = await db('auth_sessions')
    .where({ id: ticket.sessionId, user_id: ticket.userId })
    .whereNull('revoked_at')
    .first<{ id: string } | undefined>('id');
  if (!session) return refuse(CLOSE_UNAUTHORIZED, 'session ended');
  if (!(await useTicketOnce(db, ticket))) return refuse(CLOSE_UNAUTHORIZED, 'ticket already used');
  return { ok: true, who: { userId: ticket.userId, sessionId: ticket.sessionId } };
}

/**
 * The token of the connection's first message, taken out of `buffered` (where the connection's
 * early messages are collected). Null when the first message is not an auth message, or none
 * came before the deadline or the close.
 */
export function awaitAuthMessage(ws: WebSocket, buffered: Buffer[], deadline: AuthDeadline): Promise<string | null> {
  return new Promise((resolve) => {
    let cancel = () => undefined as void;
    let settled = false;
    const done = (token: string | null) => {
      if (settled) return;
      settled = true;
      cancel();
      ws.off('message', onMessage);
      ws.off('close', onClose);
      resolve(token);
    };
    // `buffered` received the message already: the collecting listener was added first.
    const onMessage = () => {
      const first = buffered.shift();
      done(first ? decodeAuthMessage(new Uint8Array(first)) : null);
    };
    const onClose = () => done(null);
    if (buffered.length > 0) return onMessage();
    ws.on('message', onMessage);
    ws.on('close', onClose);
    cancel = deadline(() => done(null));
  });
}
