import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { rooms } from '../../../shared/events';
import type { Actor } from '../http/authenticate';
import { createLogger } from '../logger';
import { createRealtime, type Realtime } from './index';

/**
 * Broadcasts without Redis are written by local-delivery.ts straight to each socket's
 * WebSocket: the same events, once per socket, in order, and through engine.io for a socket
 * that is not on a WebSocket or has a packet waiting there.
 */
describe('local delivery of broadcasts', () => {
  let server: http.Server;
  let realtime: Realtime;
  let url: string;
  const clients: Socket[] = [];
  const actor = (userId: string): Actor => ({ userId, sessionId: `s-${userId}`, role: 'client', status: 'approved', isActive: true, email: `${userId}@x.test`, name: userId });

  beforeAll(async () => {
    server = http.createServer();
    // The token is the user id; everyone also joins the room 'organisation:o'.
    realtime = createRealtime(
      server,
      createLogger({ logLevel: 'silent', env: 'test' }),
      (token) => Promise.resolve(token ? actor(token) : null),
      () => Promise.resolve([rooms.organisation('o')]),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await realtime.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  /** A signed-in client that records every 'status:changed' it gets, in order. */
  async function connect(userId: string, transport: 'websocket' | 'polling'): Promise<{ socket: Socket; got: string[] }> {
    const socket = ioClient(url, { transports: [transport], upgrade: false, reconnection: false, auth: { token: userId } });
    clients.push(socket);
    const got: string[] = [];
    socket.on('status:changed', (p: { at: string }) => got.push(p.at));
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    return { socket, got };
  }
  /** Resolves once the client has `n` events. */
  const until = (client: { socket: Socket; got: string[] }, n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (client.got.length < n) return;
        client.socket.off('status:changed', check);
        resolve();
      };
      client.socket.on('status:changed', check);
      check();
    });

  it('several rooms reach each socket once; a batch reaches each socket in order, and nobody outside its rooms', async () => {
    const [a, b, c] = [await connect('a', 'websocket'), await connect('b', 'websocket'), await connect('c', 'polling')];

    realtime.broadcast([rooms.organisation('o'), rooms.user('a')], 'status:changed', { at: '1' });
    realtime.broadcastMany([
      { room: rooms.user('a'), event: 'status:changed', args: [{ at: '2' }] },
      { room: rooms.user('b'), event: 'status:changed', args: [{ at: '3' }] },
      { room: rooms.user('c'), event: 'status:changed', args: [{ at: '4' }] },
      { room: rooms.organisation('o'), event: 'status:changed', args: [{ at: '5' }] },
    ]);
    await Promise.all([until(a, 3), until(b, 3), until(c, 3)]);
    // The last event every one of them gets, through the same path: nothing else came before it.
    realtime.broadcast(rooms.organisation('o'), 'status:changed', { at: 'end' });
    await Promise.all([until(a, 4), until(b, 4), until(c, 4)]);

    expect(a.got).toEqual(['1', '2', '5', 'end']);
    expect(b.got).toEqual(['1', '3', '5', 'end']);
    // Long-polling: through engine.io, the same events.
    expect(c.got).toEqual(['1', '4', '5', 'end']);
  });

  it('a broadcast does not overtake packets already waiting in engine.io for a socket', async () => {
    const d = await connect('d', 'websocket');
    const socket = [...realtime.io.of('/').sockets.values()].find((s) => s.data.userId === 'd')!;
    // The first is written at once; the second waits in engine.io's buffer for the first's write.
    socket.emit('status:changed', { at: '1' });
    socket.emit('status:changed', { at: '2' });
    realtime.broadcast(rooms.user('d'), 'status:changed', { at: '3' });
    realtime.broadcastMany([{ room: rooms.user('d'), event: 'status:changed', args: [{ at: '4' }] }]);
    await until(d, 4);
    expect(d.got).toEqual(['1', '2', '3', '4']);
  });
});
