import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
/** Ours: the server has stored everything up to this state vector (drives "saved"). */
export const MESSAGE_SAVED = 100;

export interface ConnInfo {
  userId: string;
  sessionId: string;
  /** Awareness client ids this connection controls (removed when it closes). */
  awarenessIds: Set<number>;
}

export interface SharedDocHooks {
  /** Stores a batch of updates durably; resolves when committed. */
  persist(updates: Uint8Array[]): Promise<void>;
  /** Called after each stored batch (derive HTML/metadata for the release row). */
  afterPersist(doc: Y.Doc): void;
  onError(err: unknown): void;
}

/**
 * One loaded document: the Y.Doc, its awareness, its connections, and the buffer of
 * updates not yet stored (flushed within FLUSH_MS).
 */
export class SharedDoc {
  static FLUSH_MS = 500;
  readonly awareness: awarenessProtocol.Awareness;
  readonly conns = new Map<WebSocket, ConnInfo>();
  private pending: Uint8Array[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly doc: Y.Doc,
    private readonly hooks: SharedDocHooks,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null);
    doc.on('update', (update: Uint8Array) => {
      this.pending.push(update);
      this.schedule();
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      syncProtocol.writeUpdate(encoder, update);
      this.broadcast(encoding.toUint8Array(encoder));
    });
    this.awareness.on(
      'update',
      ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
        const changed = [...added, ...updated, ...removed];
        const info = origin ? this.conns.get(origin as WebSocket) : undefined;
        if (info) {
          for (const id of added) info.awarenessIds.add(id);
          for (const id of removed) info.awarenessIds.delete(id);
        }
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
        encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed));
        this.broadcast(encoding.toUint8Array(encoder));
      },
    );
  }

  get dirty(): boolean {
    return this.pending.length > 0;
  }

  /** Adds a connection and starts the sync: our step 1, and the current awareness states. */
  add(ws: WebSocket, info: ConnInfo): void {
    this.conns.set(ws, info);
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, this.doc);
    send(ws, encoding.toUint8Array(encoder));
    const states = this.awareness.getStates();
    if (states.size > 0) {
      const aw = encoding.createEncoder();
      encoding.writeVarUint(aw, MESSAGE_AWARENESS);
      encoding.writeVarUint8Array(aw, awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...states.keys()]));
      send(ws, encoding.toUint8Array(aw));
    }
  }

  /** Removes a connection and its awareness states. */
  remove(ws: WebSocket): void {
    const info = this.conns.get(ws);
    this.conns.delete(ws);
    if (info?.awarenessIds.size) awarenessProtocol.removeAwarenessStates(this.awareness, [...info.awarenessIds], null);
  }

  /** Handles one message from a connection. Throws on a malformed message. */
  handle(ws: WebSocket, data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    const encoder = encoding.createEncoder();
    const type = decoding.readVarUint(decoder);
    switch (type) {
      case MESSAGE_SYNC: {
        encoding.writeVarUint(encoder, MESSAGE_SYNC);
        syncProtocol.readSyncMessage(decoder, encoder, this.doc, ws);
        if (encoding.length(encoder) > 1) send(ws, encoding.toUint8Array(encoder));
        break;
      }
      case MESSAGE_AWARENESS:
        awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), ws);
        break;
      default:
        // Unknown message types (auth, query-awareness) are ignored.
        break;
    }
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, SharedDoc.FLUSH_MS);
  }

  /** Stores what is pending, then tells every connection what is saved. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.flushing = this.flushing.then(async () => {
      if (!this.pending.length) return;
      const batch = this.pending;
      this.pending = [];
      const savedVector = Y.encodeStateVector(this.doc);
      try {
        await this.hooks.persist(batch);
      } catch (err) {
        // Keep the batch for the next attempt; nothing is acknowledged.
        this.pending = [...batch, ...this.pending];
        this.hooks.onError(err);
        this.schedule();
        return;
      }
      const encoder = encoding.createEncoder();
      encoding.writeVarUint(encoder, MESSAGE_SAVED);
      encoding.writeVarUint8Array(encoder, savedVector);
      this.broadcast(encoding.toUint8Array(encoder));
      this.hooks.afterPersist(this.doc);
    });
    return this.flushing;
  }

  broadcast(message: Uint8Array): void {
    for (const ws of this.conns.keys()) send(ws, message);
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.awareness.destroy();
    this.doc.destroy();
  }
}

function send(ws: WebSocket, message: Uint8Array): void {
  if (ws.readyState !== ws.OPEN) return;
  ws.send(message, (err) => {
    if (err) ws.terminate();
  });
}
