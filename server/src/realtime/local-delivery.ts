import * as wsModule from 'ws';
import type { Io } from './index';

/**
 * Delivery of broadcasts to this process's sockets, at the cost of a bare `ws` broadcast.
 *
 * Socket.IO already encodes a broadcast once (and even precomputes its WebSocket frame), but
 * then hands it to each socket through engine.io's per-packet machinery: a packet object, a
 * write buffer, five events and a write callback per socket, and a second write (a second
 * system call) for a second message to the same socket in the same tick. Here each message
 * is encoded once into the same frame Socket.IO would send, and every socket gets all of its
 * messages of the batch in one corked write, straight to its WebSocket, in order.
 *
 * Only a socket whose engine.io connection is open, on the WebSocket transport, without
 * compression and with nothing queued in engine.io is written to directly (so nothing can
 * overtake an earlier packet); any other socket (long-polling, upgrading, a packet already
 * waiting) gets the same encoded packet through engine.io, exactly as Socket.IO's adapter
 * would give it. A message that does not encode to a single text packet (binary data) goes
 * through `io.to(room).emit`. Callers use this only with the in-memory adapter (without Redis):
 * with the Redis adapter every broadcast must also be published to the other processes.
 */
export interface LocalMessage {
  room: string | string[];
  event: string;
  args: unknown[];
}

/** The engine.io and ws internals this reads (engine.io's own WebSocket transport uses the same `_sender.sendFrame`). */
interface WsInternals {
  readyState: number;
  _socket?: { cork(): void; uncork(): void };
  _sender?: { sendFrame(frame: Buffer[]): void };
}
interface EngineInternals {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: { name: string; perMessageDeflate?: unknown; socket?: WsInternals };
}
interface SocketInternals {
  conn: EngineInternals;
  client: { writeToEngine(packets: string[], opts: Record<string, unknown>): void };
}

type Frame = Buffer[];
const frameOf: ((data: Buffer, opts: Record<string, unknown>) => Frame) | undefined = (
  wsModule as unknown as { Sender?: { frame?: (data: Buffer, opts: Record<string, unknown>) => Frame } }
).Sender?.frame;
/** Socket.IO's "event" packet type, and engine.io's "message" packet type prefix. */
const EVENT = 2;
const WS_OPEN = 1;

interface Encoded {
  packet: string;
  frame: Frame;
}

/** The socket's WebSocket when a frame may be written to it directly, else null. */
function directSocket(conn: EngineInternals): WsInternals | null {
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length) return null;
  const t = conn.transport;
  if (t.name !== 'websocket' || t.perMessageDeflate) return null;
  const ws = t.socket;
  if (!ws || ws.readyState !== WS_OPEN || !ws._socket || typeof ws._sender?.sendFrame !== 'function') return null;
  return ws;
}

export function createLocalDelivery(io: Io) {
  const nsp = io.of('/');
  const encoder = io.encoder as unknown as { encode(p: { type: number; data: unknown[]; nsp: string }): unknown[] };

  /** One encoding of the message: the Socket.IO packet and its WebSocket frame; null for binary data. */
  function encode(event: string, args: unknown[]): Encoded | null {
    if (!frameOf) return null;
    const packets = encoder.encode({ type: EVENT, data: [event, ...args], nsp: nsp.name });
    if (packets.length !== 1 || typeof packets[0] !== 'string') return null;
    const packet = packets[0];
    return { packet, frame: frameOf(Buffer.from(`4${packet}`), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }) };
  }

  /** The connected sockets of the rooms, each once. */
  function socketsOf(room: string | string[], each: (socket: SocketInternals) => void): void {
    const names = typeof room === 'string' ? [room] : room;
    const seen = names.length > 1 ? new Set<string>() : null;
    for (const name of names) {
      const ids = nsp.adapter.rooms.get(name);
      if (!ids) continue;
      for (const id of ids) {
        if (seen) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        const socket = nsp.sockets.get(id);
        if (socket) each(socket as unknown as SocketInternals);
      }
    }
  }

  /** Writes a socket's messages: one corked write to its WebSocket, or through engine.io. */
  function write(socket: SocketInternals, messages: Encoded[]): void {
    const ws = directSocket(socket.conn);
    if (ws) {
      const sender = ws._sender!;
      const raw = ws._socket!;
      raw.cork();
      for (const m of messages) sender.sendFrame(m.frame);
      raw.uncork();
      return;
    }
    // As Socket.IO's adapter hands a broadcast to each socket (the precomputed frame included).
    for (const m of messages) socket.client.writeToEngine([m.packet], { preEncoded: true, wsPreEncodedFrame: m.frame });
  }

  return {
    /** Delivers the messages to this process's sockets; each socket gets its own in order, in one write. */
    deliver(messages: LocalMessage[]): void {
      const encoded: Encoded[] = [];
      for (const m of messages) {
        const e = encode(m.event, m.args);
        if (!e) {
          // Binary data (never sent today): the whole batch through Socket.IO, in order.
          for (const x of messages) (io.to(x.room).emit as (event: string, ...args: unknown[]) => boolean)(x.event, ...x.args);
          return;
        }
        encoded.push(e);
      }
      if (messages.length === 1) {
        socketsOf(messages[0]!.room, (socket) => write(socket, encoded));
        return;
      }
      const perSocket = new Map<SocketInternals, Encoded[]>();
      messages.forEach((m, i) => {
        socketsOf(m.room, (socket) => {
          const list = perSocket.get(socket);
          if (list) list.push(encoded[i]!);
          else perSocket.set(socket, [encoded[i]!]);
        });
      });
      for (const [socket, list] of perSocket) write(socket, list);
    },
  };
}
