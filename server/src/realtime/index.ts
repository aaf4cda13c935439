import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import {
  rooms,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '../../../shared/events';
import type { Actor } from '../http/authenticate';
import type { Logger } from '../logger';
import type { RedisLink, RedisLinkOptions } from '../redis/link';
import { createLocalDelivery, type LocalMessage } from './local-delivery';
import { useRedisAdapter } from './redis-adapter';

export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** One message of a batch: an event and its payload for a room (or several). */
export type Push = {
  [E in keyof ServerToClientEvents]: { room: string | string[]; event: E; args: Parameters<ServerToClientEvents[E]> };
}[keyof ServerToClientEvents];

/**
 * An open newsroom page says which in its handshake (`?newsroom=<slug>`, empty for the index of
 * all newsrooms) and hears only that newsroom's changes. Anything else asks for nothing.
 */
export function newsroomRooms(query: unknown): string[] {
  if (typeof query !== 'string') return [];
  if (query === '') return [rooms.newsrooms()];
  return /^[a-z0-9][a-z0-9-]{0,99}$/.test(query) ? [rooms.newsroom(query)] : [];
}

export interface Realtime {
  io: Io;
  /**
   * The one broadcast function: call it after the transaction commits. Several rooms reach
   * each socket once, however many of them it is in (an owner in their own room and their
   * workspace's).
   */
  broadcast<E extends keyof ServerToClientEvents>(
    room: string | string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Several broadcasts at once (a send's pushes, one per recipient), after the commit: each
   * message encoded once, and each socket gets all of its messages in one write, in order.
   */
  broadcastMany(pushes: Push[]): void;
  /** Tells the sessions' sockets they are over, then disconnects them. */
  endSessions(sessionIds: string[], reason: string): void;
  /** Puts every live socket of a user into a room (e.g. a workspace they just joined). */
  joinUser(userId: string, room: string): void;
  /** Takes every live socket of a user out of a room (e.g. removed from a workspace). */
  removeUser(userId: string, room: string): void;
  /** Extra hooks run by endSessions (the collab endpoint registers one). */
  onSessionsEnded(listener: (sessionIds: string[], reason: string) => void): void;
  /** Joins the other server processes through Redis (REDIS_URL); resolves with the connection. */
  useRedis(url: string, opts?: Omit<RedisLinkOptions, 'name'>): Promise<RedisLink>;
  close(): Promise<void>;
}

/** Rooms a signed-in socket joins; everything else is joined by explicit, checked requests. */
export function roomsFor(actor: Actor): string[] {
  return [rooms.user(actor.userId), rooms.session(actor.sessionId), rooms.role(actor.role)];
}

export function createRealtime(
  httpServer: HttpServer,
  logger: Logger,
  authenticateToken: (token: string | undefined) => Promise<Actor | null>,
  /** Rooms a signed-in user joins beyond their own (workspaces they belong to...). */
  extraRooms: (actor: Actor) => Promise<string[]> = () => Promise.resolve([]),
): Realtime {
  const io: Io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // The collab endpoint shares this HTTP server: never cut its upgrades.
    destroyUpgrade: false,
    maxHttpBufferSize: 1e6,
  });
  const listeners: ((ids: string[], reason: string) => void)[] = [];
  // Without Redis this process's sockets are all there is: written to directly (local-delivery.ts).
  // With the Redis adapter every broadcast goes through it, so the other processes get it too.
  const local = createLocalDelivery(io);
  let clustered = false;
  const emit = (m: Push | LocalMessage) => (io.to(m.room).emit as (event: string, ...args: unknown[]) => boolean)(m.event, ...m.args);
  let closeAdapter: () => Promise<void> = () => Promise.resolve();

  // Handshake: a token, when given, must be valid; without one the socket is anonymous.
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : undefined;
    authenticateToken(token)
      .then(async (actor) => {
        if (token && !actor) {
          next(new Error('unauthorized'));
          return;
        }
        socket.data.userId = actor?.userId ?? null;
        socket.data.role = actor?.role ?? null;
        socket.data.sessionId = actor?.sessionId ?? null;
        if (actor) await socket.join([...roomsFor(actor), ...(await extraRooms(actor))]);
        await socket.join([rooms.public(), ...newsroomRooms(socket.handshake.query.newsroom)]);
        next();
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'socket handshake failed');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket) => {
    socket.emit('session:ready', { userId: socket.data.userId, role: socket.data.role });
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack({ at: new Date().toISOString() });
    });
  });

  return {
    io,
    broadcast(room, event, ...args) {
      const message = { room, event, args };
      if (clustered) emit(message);
      else local.deliver([message]);
    },
    broadcastMany(pushes) {
      if (!pushes.length) return;
      if (clustered) for (const p of pushes) emit(p);
      else local.deliver(pushes);
    },
    endSessions(sessionIds, reason) {
      for (const id of sessionIds) {
        io.to(rooms.session(id)).emit('session:revoked', { reason });
        io.in(rooms.session(id)).disconnectSockets(true);
      }
      for (const l of listeners) l(sessionIds, reason);
    },
    joinUser(userId, room) {
      io.in(rooms.user(userId)).socketsJoin(room);
    },
    removeUser(userId, room) {
      io.in(rooms.user(userId)).socketsLeave(room);
    },
    onSessionsEnded(listener) {
      listeners.push(listener);
    },
    async useRedis(url, opts) {
      const link = await useRedisAdapter(io, url, logger, opts);
      clustered = true;
      closeAdapter = () => link.close();
      return link;
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        io.disconnectSockets(true);
        void io.close(() => resolve());
      });
      await closeAdapter();
    },
  };
}
