import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events';
import { authClient } from '@client/auth/client';
import { useSession } from '@client/stores/session';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let connectedAs: string | null = null;

/**
 * The one Socket.IO connection. It authenticates with the current access token in the
 * handshake, reconnects as someone else when the user changes, and signs out when the
 * server ends the session.
 */
export function getSocket(): AppSocket {
  if (socket) return socket;
  connectedAs = authClient.getSession()?.user.id ?? null;
  socket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: (cb) => {
      void authClient.getAccessToken().then((token) => cb(token ? { token } : {}));
    },
  });
  socket.on('session:revoked', ({ reason }) => authClient.handleRevoked(reason));
  socket.on('profile:changed', () => void useSession.getState().loadProfile());
  // Back after a dropped connection: what changed meanwhile (an approval, a ban) was not heard.
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore && authClient.getSession()) void useSession.getState().loadProfile();
    connectedBefore = true;
  });
  socket.on('connect_error', (err) => {
    // A token the server refuses: refresh once; if the session is over, stay anonymous.
    if (err.message === 'unauthorized') {
      void authClient.refresh().then(() => socket?.connect());
    }
  });
  return socket;
}

authClient.onAuthStateChange((event, session) => {
  const userId = session?.user.id ?? null;
  if (!socket) return;
  if (event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED') return; // the next handshake reads the new token
  if (userId !== connectedAs) {
    connectedAs = userId;
    socket.disconnect().connect();
  }
});

export function startSocket(): void {
  getSocket();
}
