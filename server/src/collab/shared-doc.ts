import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { CLOSE_READ_ONLY, CLOSE_REJECTED, MESSAGE_SAVED, RENDER_ERRORS } from '../../../shared/editor/collab-protocol';
import { encodeRenderErrorMessage as renderErrorMessage, encodeSavedMessage } from '../../../shared/editor/server-messages';
import { SchemaViolation, UpdateGuard, wouldChange } from './schema-check';

/**
 * What a connection may do with the document: `write` edits (adding only suggestions of its
 * own); `suggest` (a reviewer) only adds or withdraws its own suggested changes of the text
 * (UpdateGuard's checkSuggestOnly; anything else closes the connection with 4422); `read` syncs
 * and may change nothing (4409).
 */
export type ConnectionMode = 'write' | 'suggest' | 'read';

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export { MESSAGE_SAVED };

/**
 * Origin of updates and awareness changes relayed from another server process (REDIS_URL):
 * that process checked, stores and acknowledges them; here they are only applied and shown.
 */
export const PEER = Symbol('peer');
/**
 * Origin of a change the server makes to a live document on a user's behalf (restoring a
 * version): checked like a client's update, then stored, relayed and shown like one.
 */
export const SERVER_CHANGE = Symbol('server-change');
/**
 * Origin of updates read back from Postgres (what another process stored while Redis was
 * away): already stored, so only applied and shown, neither stored again nor relayed.
 */
export const STORED = Symbol('stored');

export interface ConnInfo {
  userId: string;
  sessionId: string;
  /** Awareness client ids this connection controls (removed when it closes). */
  awarenessIds: Set<number>;
  /** What the connection may change (a sent release, or a role that neither writes nor comments: `read`). */
  mode: ConnectionMode;
}

/** An update that was refused: nothing of it was applied; the connection is closed with `code`. */
export class UpdateRefused extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'UpdateRefused';
  }
}

export interface SharedDocHooks {
  /**
   * Stores a batch of updates durably; resolves when committed. `authors`: the users whose
   * accepted updates are in the batch (the version history credits them).
   */
  persist(updates: Uint8Array[], authors: string[]): Promise<void>;
  /**
   * Called after each stored batch (derives HTML/metadata for the release row). Resolves
   * with null when the document was rendered, else with the reason it could not be.
   */
  afterPersist(doc: Y.Doc): Promise<string | null>;
  onError(err: unknown): void;
  /**
   * An update accepted by this process (from a client, or made by the server): relayed to the
   * other processes holding the document. `seq` numbers this process's updates of it.
   */
  relayUpdate?(update: Uint8Array, seq: number): void;
  /** A change of this process's awareness states (its clients' carets), relayed likewise. */
  relayAwareness?(update: Uint8Array): void;
  /** This process's updates up to `seq` are stored (told to the other processes). */
  stored?(seq: number): void;
}

interface Pending {
  update: Uint8Array;
  seq: number;
  /** The user whose update it is (a connection's, or the one a server change is made for). */
  author?: string;
}

/** An update another process accepted and will store; kept until it says it has. */
interface PeerPending {
  update: Uint8Array;
  origin: string;
  seq: number;
  at: number;
}

/** The answer to a connection's sync step 1, computed ahead (SharedDoc.prepareAnswer). */
export interface PreparedAnswer {
  readonly doc: SharedDoc;
  /** The document's count of changes when it was computed. */
  readonly changes: number;
  /** The message it answers. */
  readonly data: Uint8Array;
  readonly answer: Uint8Array;
}

/**
 * One loaded document: the Y.Doc, its awareness, its connections, and the buffer of
 * updates not yet stored (flushed within FLUSH_MS).
 */
export class SharedDoc {
  static FLUSH_MS = 500;
  /**
   * A peer's update not reported stored after this long (the peer died) is stored here:
   * nothing a client was told is saved, nor anything merely relayed, is lost with a process.
   */
  static PEER_GRACE_MS = 3000;
  readonly awareness: awarenessProtocol.Awareness;
  readonly conns = new Map<WebSocket, ConnInfo>();
  private pending: Pending[] = [];
  private seq = 0;
  private peerPending: PeerPending[] = [];
  private peerChanged = false;
  private sweepTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly guard: UpdateGuard;
  /** Set while a send is under way and once the release is sent: every change is refused. */
  readOnly = false;
  /** The user a server change being applied is made for (see applyServerChange). */
  private serverAuthor: string | undefined;
  /** Changes to the document so far (an answer prepareAnswer computed holds while it is the same). */
  private changes = 0;
  /** Why the stored document cannot be rendered (told to editors who join), or null. */
  renderError: string | null = null;

  constructor(
    readonly name: string,
    readonly doc: Y.Doc,
    private readonly hooks: SharedDocHooks,
  ) {
    this.guard = new UpdateGuard(doc);
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null);
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      this.changes++;
      if (origin === PEER || origin === STORED) {
        this.peerChanged = true;
      } else {
        // Accepted here: this process stores it (once, here) and relays it to its peers.
        const seq = ++this.seq;
        const author = origin === SERVER_CHANGE ? this.serverAuthor : this.conns.get(origin as WebSocket)?.userId;
        this.pending.push({ update, seq, ...(author ? { author } : {}) });
        this.schedule();
        this.hooks.relayUpdate?.(update, seq);
      }
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
        const payload = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
        encoding.writeVarUint8Array(encoder, payload);
        this.broadcast(encoding.toUint8Array(encoder));
        if (origin !== PEER && origin !== 'timeout') this.hooks.relayAwareness?.(payload);
      },
    );
  }

  get dirty(): boolean {
    return this.pending.length > 0;
  }

  /**
   * The answer to a new connection's sync step 1 (`first`; null when it is not one: malformed
   * messages are refused by handle()), computed ahead while the connection's access is still
   * being read: it is the largest thing a connection is sent (the whole document for an editor
   * opening it). Nothing is sent here: handle() sends it once the connection is admitted, and
   * only if the document did not change since (else it answers afresh).
   */
  prepareAnswer(first: Uint8Array): PreparedAnswer | null {
    try {
      const decoder = decoding.createDecoder(first);
      if (decoding.readVarUint(decoder) !== MESSAGE_SYNC || decoding.readVarUint(decoder) !== syncProtocol.messageYjsSyncStep1) return null;
      return { doc: this, changes: this.changes, data: first, answer: this.answerStep1(decoding.readVarUint8Array(decoder)) };
    } catch {
      return null;
    }
  }

  /** Step 2: what a peer with state vector `sv` lacks. */
  private answerStep1(sv: Uint8Array): Uint8Array {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep2(encoder, this.doc, sv);
    return encoding.toUint8Array(encoder);
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
    if (this.renderError) send(ws, renderErrorMessage(this.renderError));
  }

  /** Removes a connection and its awareness states. */
  remove(ws: WebSocket): void {
    const info = this.conns.get(ws);
    this.conns.delete(ws);
    if (info?.awarenessIds.size) awarenessProtocol.removeAwarenessStates(this.awareness, [...info.awarenessIds], null);
  }

  /**
   * Handles one message from a connection. Throws UpdateRefused for a change the connection
   * may not make (read-only document, content outside the editor schema) and any other
   * error for a malformed message; in both cases nothing of the message was applied.
   */
  handle(ws: WebSocket, data: Uint8Array, prepared?: PreparedAnswer | null): void {
    if (prepared?.data === data && prepared.doc === this && prepared.changes === this.changes) {
      // The answer prepareAnswer computed for this very message, and the document is as it was.
      send(ws, prepared.answer);
      return;
    }
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    switch (type) {
      case MESSAGE_SYNC: {
        const kind = decoding.readVarUint(decoder);
        if (kind === syncProtocol.messageYjsSyncStep1) {
          send(ws, this.answerStep1(decoding.readVarUint8Array(decoder)));
        } else if (kind === syncProtocol.messageYjsSyncStep2 || kind === syncProtocol.messageYjsUpdate) {
          this.receive(ws, decoding.readVarUint8Array(decoder));
        } else {
          throw new Error(`unknown sync message ${kind}`);
        }
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

  /** An update from a connection: checked, then applied (and so stored and relayed), or refused whole. */
  private receive(ws: WebSocket, update: Uint8Array): void {
    const info = this.conns.get(ws);
    if (this.readOnly || info?.mode === 'read') {
      // A viewer's sync reply that adds nothing is fine; any change is refused.
      if (wouldChange(this.doc, update)) {
        throw new UpdateRefused(CLOSE_READ_ONLY, this.readOnly ? 'read-only: the press release was sent' : 'read-only: your role does not edit');
      }
      return;
    }
    try {
      this.guard.check(update, info ? { mode: info.mode, userId: info.userId } : undefined);
    } catch (err) {
      // Content outside the schema, or a change beyond a reviewer's suggestions, is refused with 4422; a malformed update is rethrown (1003).
      if (err instanceof SchemaViolation) throw new UpdateRefused(CLOSE_REJECTED, `rejected: ${err.message}`.slice(0, 120));
      throw err;
    }
    Y.applyUpdate(this.doc, update, ws);
  }

  /**
   * Applies an update another process accepted (and stores): its clients' work shown here,
   * not stored again. The guard's shadow follows, so it stays identical to the document.
   * It is kept until that process reports it stored (peerStored), or stored here after
   * PEER_GRACE_MS if that never comes (the process died).
   */
  applyPeer(update: Uint8Array, origin: string, seq: number): boolean {
    if (!this.applyShown(update, PEER)) return false; // nothing new: already here (stored or pending)
    this.peerPending.push({ update, origin, seq, at: Date.now() });
    this.sweepTimer ??= setTimeout(() => this.sweep(), SharedDoc.PEER_GRACE_MS);
    return true;
  }

  /**
   * Applies what Postgres holds of the document (Yjs applies only what this copy lacks): the
   * work other processes stored while Redis was away, shown to the editors here. Returns
   * whether it changed the document.
   */
  applyStored(update: Uint8Array): boolean {
    return this.applyShown(update, STORED);
  }

  /** Applies an update accepted elsewhere; the guard's shadow follows. Returns whether it changed anything. */
  private applyShown(update: Uint8Array, origin: typeof PEER | typeof STORED): boolean {
    this.peerChanged = false;
    Y.applyUpdate(this.doc, update, origin);
    try {
      this.guard.follow(update);
    } catch {
      this.guard.reset();
    }
    return this.peerChanged;
  }

  /**
   * A peer stored its updates up to `seq`. Editors here are told what is saved only when some
   * of those updates were their own (made on the peer before they reconnected here); the
   * peer's own editors got their acknowledgement from it.
   */
  peerStored(origin: string, seq: number): void {
    const done = this.peerPending.filter((p) => p.origin === origin && p.seq <= seq);
    if (!done.length) return;
    this.peerPending = this.peerPending.filter((p) => p.origin !== origin || p.seq > seq);
    const here = new Set<number>();
    for (const info of this.conns.values()) for (const id of info.awarenessIds) here.add(id);
    const theirs = done.some((p) => [...Y.parseUpdateMeta(p.update).from.keys()].some((client) => here.has(client)));
    if (theirs && !this.renderError) this.broadcast(this.savedMessage());
  }

  /** Applies awareness changes relayed from another process. */
  applyPeerAwareness(update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, PEER);
  }

  /** Every awareness state held here (for a process that just opened the document). */
  encodeAwareness(): Uint8Array | null {
    const ids = [...this.awareness.getStates().keys()];
    return ids.length ? awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids) : null;
  }

  /** The number of this process's last accepted update of the document. */
  get localSeq(): number {
    return this.seq;
  }

  /** Peer updates older than the grace period, never reported stored: stored here. */
  private sweep(): void {
    this.sweepTimer = undefined;
    const cutoff = Date.now() - SharedDoc.PEER_GRACE_MS;
    const late = this.peerPending.filter((p) => p.at <= cutoff);
    if (late.length) {
      this.peerPending = this.peerPending.filter((p) => p.at > cutoff);
      for (const p of late) this.pending.push({ update: p.update, seq: ++this.seq });
      this.schedule();
    }
    if (this.peerPending.length) this.sweepTimer = setTimeout(() => this.sweep(), SharedDoc.PEER_GRACE_MS);
  }

  /**
   * What is durably stored, as a state vector: the document's, lowered below every update
   * still waiting to be stored, here or by a peer.
   */
  private savedVector(): Uint8Array {
    const sv = Y.decodeStateVector(Y.encodeStateVector(this.doc));
    const lower = (u: Uint8Array) => {
      for (const [client, clock] of Y.parseUpdateMeta(u).from) if (clock < (sv.get(client) ?? 0)) sv.set(client, clock);
    };
    for (const p of this.pending) lower(p.update);
    for (const p of this.peerPending) lower(p.update);
    return Y.encodeStateVector(sv);
  }

  private savedMessage(): Uint8Array {
    return encodeSavedMessage(this.savedVector());
  }

  /**
   * Makes a change on a user's behalf as one update, through the path a client's update takes:
   * `change` runs in one transaction on a copy of the document (its own client id), the update
   * it produced is checked against the editor schema, then applied here with the origin
   * SERVER_CHANGE, so it is stored, relayed to every connection and every process, and
   * acknowledged like a co-editor's. Nothing runs between taking the copy and applying
   * (no await), so no update can arrive in between. Returns the update, or null when the
   * change changed nothing. Throws UpdateRefused on a read-only document or a schema violation.
   */
  applyServerChange(change: (doc: Y.Doc) => void, author: string): Uint8Array | null {
    if (this.readOnly) throw new UpdateRefused(CLOSE_READ_ONLY, 'read-only: the press release was sent');
    const work = new Y.Doc({ gc: this.doc.gc });
    let update: Uint8Array | null = null;
    try {
      Y.applyUpdate(work, Y.encodeStateAsUpdate(this.doc));
      work.on('update', (u: Uint8Array) => {
        update = update ? Y.mergeUpdates([update, u]) : u;
      });
      work.transact(() => change(work), SERVER_CHANGE);
    } finally {
      work.destroy();
    }
    if (!update) return null;
    try {
      this.guard.check(update);
    } catch (err) {
      if (err instanceof SchemaViolation) throw new UpdateRefused(CLOSE_REJECTED, `rejected: ${err.message}`.slice(0, 120));
      throw err;
    }
    this.serverAuthor = author;
    try {
      Y.applyUpdate(this.doc, update, SERVER_CHANGE);
    } finally {
      this.serverAuthor = undefined;
    }
    return update;
  }

  /** Applies an update made by the server itself (e.g. seeding); the guard's copy follows. */
  applyLocal(update: Uint8Array): void {
    Y.applyUpdate(this.doc, update);
    this.guard.reset();
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
      try {
        const authors = [...new Set(batch.flatMap((p) => (p.author ? [p.author] : [])))];
        await this.hooks.persist(
          batch.map((p) => p.update),
          authors,
        );
      } catch (err) {
        // Keep the batch for the next attempt; nothing is acknowledged.
        this.pending = [...batch, ...this.pending];
        this.hooks.onError(err);
        this.schedule();
        return;
      }
      this.hooks.stored?.(batch[batch.length - 1]!.seq);
      // "Saved" means stored and rendered into the release row; otherwise the editors are told why not.
      const reason = await this.hooks.afterPersist(this.doc).catch((err: unknown) => {
        this.hooks.onError(err);
        return RENDER_ERRORS.failed;
      });
      this.reportRender(reason, true);
    });
    return this.flushing;
  }

  /**
   * Tells the editors whether the stored document is in the release row: "saved" (only what is
   * stored: not what arrived meanwhile, nor peers' updates they have not stored yet), or "not
   * saved" with the reason. Said when it changed, or always after a flush (`always`).
   */
  reportRender(reason: string | null, always = false): void {
    const changed = reason !== this.renderError;
    this.renderError = reason;
    if (!changed && !always) return;
    this.broadcast(reason ? renderErrorMessage(reason) : this.savedMessage());
  }

  broadcast(message: Uint8Array): void {
    for (const ws of this.conns.keys()) send(ws, message);
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.guard.destroy();
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
