import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as Y from 'yjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { seedFields } from '../../../shared/editor/doc-fields';
import { RELEASE_ID_PATTERN } from '../../../shared/routes';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { Logger } from '../logger';
import { collabAccess, sessionAccessBatcher } from './access';
import { deriveRelease, type ReviewCount } from './derive';
import { threadRenderer, type ContentRenderer } from './render-thread';
import type { CollabBus, ControlMessage, PeerMessage } from './cluster';
import { appendUpdates, compactDocument, loadDocument, releaseDocName, seedSnapshot } from './persistence';
import { docFromJson, paragraphsToJson } from './render';
import { SharedDoc, UpdateRefused, type ConnInfo, type PreparedAnswer } from './shared-doc';
import type { Knex } from 'knex';
import { awaitAuthMessage, defaultAuthDeadline, identityFromTicket, identityFromToken, type AuthDeadline } from './socket-auth';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, RENDER_ERRORS } from '../../../shared/editor/collab-protocol';
import { documentHoldsBadText } from './schema-check';

export { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED };
export const COLLAB_PREFIX = '/collab/';
/** Messages larger than this close the connection (ws answers 1009). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
/** Messages a connection may send before its document is open (auth, sync step 1, awareness, a few edits). */
const MAX_EARLY_MESSAGES = 256;

const editableStatus = (status: string) => status === 'draft' || status === 'scheduled';

export interface CollabEndpoint {
  /** Closes the connections of ended sessions (sign-out, ban). */
  endSessions(sessionIds: string[]): void;
  /**
   * Re-checks a user's open connections (after removal from an organisation or a role change):
   * closes, with 4403, those to documents they may no longer open, and changes the mode
   * (write, suggest, read) of those whose role changed. Resolves when done.
   */
  recheckAccess(userId: string): Promise<void>;
  /** The release was deleted: close its editors (4403) and drop the document unsaved. */
  closeDocument(releaseId: string): void;
  /**
   * Stores what is pending for a release and derives its row now (before send/schedule).
   * Resolves with the reason the document cannot be rendered, or null.
   */
  flushRelease(releaseId: string): Promise<string | null>;
  /**
   * Makes a release's live document read-only (a send is under way): every change from
   * now on is refused (4409), then what is pending is stored and derived. The returned
   * function lifts it again (the send did not happen).
   */
  freezeRelease(releaseId: string): Promise<() => void>;
  /** Called after a release's last editor left and its document was stored and unloaded. */
  onUnloaded(handler: (releaseId: string) => Promise<void>): void;
  /**
   * Called inside the transaction that stores a batch of a release's updates, with the users
   * whose updates they are (the version history records who edited since the last version).
   */
  onStored(handler: (trx: Knex.Transaction, releaseId: string, authors: string[]) => Promise<void>): void;
  /** Called after a release's row was derived from its document (approvals notice an edit). */
  onDerived(handler: (releaseId: string) => Promise<void>): void;
  /** Called after a derive changed a release's count of pending suggestions (the review badges refetch). */
  onReviewChanged(handler: (releaseId: string, review: ReviewCount) => void): void;
  /**
   * Changes a release's live document on a user's behalf as one update (restoring a version),
   * through the path a co-editor's update takes (SharedDoc.applyServerChange): checked, stored,
   * relayed to every connection and process. The document is loaded for it if needed (and
   * unloaded again when nobody has it open). Resolves when the change is stored and derived,
   * with whether it changed anything; rejects with UpdateRefused on a read-only document.
   */
  applyChange(releaseId: string, change: (doc: Y.Doc) => void, author: string): Promise<boolean>;
  /** Loaded documents (tests, health). */
  loadedDocuments(): string[];
  /** Open /collab connections, and the documents loaded by now (the metrics). */
  stats(): Promise<{ connections: number; documents: Y.Doc[] }>;
  /** Starts the render thread and resolves once it answered (tests, before timing a first edit). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

interface Deps {
  db: Db;
  logger: Logger;
  config: Pick<Config, 'publicUrl'>;
  key: Uint8Array;
  /** With REDIS_URL: the other processes holding the same documents (cluster.ts). */
  bus?: CollabBus;
  /** Where documents are rendered into their release rows (default: a worker thread). */
  renderer?: ContentRenderer;
  /** How long a connection without a ticket may take to send its auth message (tests pass their own). */
  authDeadline?: AuthDeadline;
}

/**
 * The y-websocket protocol (sync + awareness) on /collab/<releaseId>. Authenticated by the
 * connection's first message, the session's access token (or, the older way, a one-use ticket
 * in the URL: ?ticket=...), before anything else it sent is read; refused by accepting and
 * closing with 4401/4403, never an HTTP error that clients retry forever. The document
 * is loaded from Postgres before the first sync step; updates are stored within ~0.5 s.
 */
export function attachCollab(httpServer: HttpServer, deps: Deps): CollabEndpoint {
  const { db, logger, key, bus } = deps;
  const authDeadline = deps.authDeadline ?? defaultAuthDeadline;
  const renderer = deps.renderer ?? threadRenderer(logger);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  /** Each connection's session and access check; connections arriving together share a read. */
  const lookupAccess = sessionAccessBatcher(db);
  const docs = new Map<string, Promise<SharedDoc>>();
  /** The documents of `docs` that finished loading (read without waiting). */
  const settled = new WeakMap<Promise<SharedDoc>, SharedDoc>();
  const unloading = new Map<string, Promise<void>>();
  const deriving = new Map<string, Promise<void>>();
  /** Documents being unloaded (a connection closing and a server change may both ask). */
  const leaving = new WeakSet<SharedDoc>();
  let closing = false;
  const deleted = new Set<string>();
  /** Releases being sent: their documents take no changes (also when loaded meanwhile). */
  const frozen = new Set<string>();
  // Every module that subscribes is called, in the order they subscribed (a second subscriber
  // must never silently replace the first).
  const unloadedHandlers: ((releaseId: string) => Promise<void>)[] = [];
  const storedHandlers: ((trx: Knex.Transaction, releaseId: string, authors: string[]) => Promise<void>)[] = [];
  const derivedHandlers: ((releaseId: string) => Promise<void>)[] = [];
  const unloadedHandler = async (releaseId: string) => {
    for (const h of unloadedHandlers) await h(releaseId);
  };
  const storedHandler = async (trx: Knex.Transaction, releaseId: string, authors: string[]) => {
    for (const h of storedHandlers) await h(trx, releaseId, authors);
  };
  /** Each after-derive subscriber on its own: one failing does not keep the next from running. */
  const derivedHandler = async (releaseId: string) => {
    for (const h of derivedHandlers) await h(releaseId).catch((err: unknown) => logger.error({ err, releaseId }, 'collab: after-derive handler failed'));
  };
  const reviewHandlers: ((releaseId: string, review: ReviewCount) => void)[] = [];
  const reviewHandler = (releaseId: string, review: ReviewCount) => {
    for (const h of reviewHandlers) h(releaseId, review);
  };

  function derive(releaseId: string, doc: Y.Doc): Promise<string | null> {
    const next = (deriving.get(releaseId) ?? Promise.resolve())
      .then(() => renderer.render(doc))
      .then((derived) =>
        deriveRelease(db, releaseId, derived, (review) => {
          try {
            reviewHandler(releaseId, review);
          } catch (err) {
            logger.error({ err, releaseId }, 'collab: review handler failed');
          }
        }),
      )
      .then(async (reason) => {
        await derivedHandler(releaseId).catch((err: unknown) => logger.error({ err, releaseId }, 'collab: after-derive handler failed'));
        return reason;
      })
      .catch((err: unknown) => {
        logger.error({ err, releaseId }, 'collab: derive failed');
        return RENDER_ERRORS.failed;
      });
    deriving.set(
      releaseId,
      next.then(() => undefined),
    );
    return next;
  }

  /**
   * Derives the release, then tells the editors of its document loaded here whether it is saved
   * (a flush tells them itself; this is for derives asked from elsewhere: a send, the editor's
   * state, a document opened with text that cannot be stored).
   */
  function deriveAndTell(releaseId: string, doc: Y.Doc): Promise<string | null> {
    return derive(releaseId, doc).then(async (reason) => {
      const shared = await docs.get(releaseDocName(releaseId))?.catch(() => undefined);
      shared?.reportRender(reason);
      return reason;
    });
  }

  /** A message from another process holding the document. */
  function onPeer(shared: SharedDoc, releaseId: string, m: PeerMessage): void {
    if (!bus) return;
    const name = shared.name;
    const publish = (msg: PeerMessage) =>
      void bus.publish(name, msg).catch((err: unknown) => logger.warn({ err, doc: name }, 'collab: publish failed'));
    switch (m.type) {
      case 'update':
        shared.applyPeer(m.update, m.from, m.seq);
        break;
      case 'awareness':
        shared.applyPeerAwareness(m.update);
        break;
      case 'hello': {
        // A process opened the document: send it what it lacks, our vector, and the carets here.
        publish({ type: 'step2', from: bus.id, to: m.from, seq: shared.localSeq, update: Y.encodeStateAsUpdate(shared.doc, m.sv) });
        publish({ type: 'sv', from: bus.id, to: m.from, sv: Y.encodeStateVector(shared.doc) });
        const aw = shared.encodeAwareness();
        if (aw) publish({ type: 'awareness', from: bus.id, update: aw });
        break;
      }
      case 'sv':
        if (m.to === bus.id) publish({ type: 'step2', from: bus.id, to: m.from, seq: shared.localSeq, update: Y.encodeStateAsUpdate(shared.doc, m.sv) });
        break;
      case 'step2':
        // What this copy lacked (after it opened the document, or after Redis came back): the row follows it.
        if (m.to === bus.id && shared.applyPeer(m.update, m.from, m.seq)) void derive(releaseId, shared.doc);
        break;
      case 'stored':
        shared.peerStored(m.from, m.seq);
        break;
      case 'request':
        if (m.kind === 'freeze') {
          frozen.add(releaseId);
          shared.readOnly = true;
        }
        void shared
          .flush()
          .then(() => bus.answer(m.from, m.id))
          .catch((err: unknown) => logger.warn({ err, doc: name }, 'collab: answering a peer failed'));
        break;
    }
  }

  async function load(name: string, releaseId: string): Promise<SharedDoc> {
    // Subscribe before reading Postgres; what peers publish meanwhile waits for the document.
    let ready: SharedDoc | undefined;
    const early: PeerMessage[] = [];
    if (bus) await bus.join(name, (m) => (ready ? onPeer(ready, releaseId, m) : early.push(m)));
    try {
      const shared = await open(name, releaseId);
      ready = shared;
      for (const m of early) onPeer(shared, releaseId, m);
      if (bus) {
        // The state-vector handshake: holders answer with what this copy lacks and their vector.
        // While Redis is away it waits for its return (rejoin), as does the frozen mark.
        await hello(shared);
        if (await bus.isFrozen(releaseId).catch(() => false)) shared.readOnly = true;
      }
      return shared;
    } catch (err) {
      if (bus) await bus.leave(name).catch(() => undefined);
      throw err;
    }
  }

  /** Starts the state-vector exchange with the other processes holding the document. */
  async function hello(shared: SharedDoc): Promise<void> {
    if (!bus) return;
    await bus
      .publish(shared.name, { type: 'hello', from: bus.id, sv: Y.encodeStateVector(shared.doc) })
      .catch((err: unknown) => logger.debug({ err, doc: shared.name }, 'collab: hello not sent; sent again when Redis is back'));
  }

  /**
   * Applies to a loaded document what Postgres holds of it and it lacks (what other processes
   * stored while Redis was away, when their relayed updates were lost). Returns whether it
   * changed the document.
   */
  async function mergeStored(shared: SharedDoc): Promise<boolean> {
    const { doc } = await loadDocument(db, shared.name);
    try {
      return shared.applyStored(Y.encodeStateAsUpdate(doc, Y.encodeStateVector(shared.doc)));
    } finally {
      doc.destroy();
    }
  }

  /**
   * Redis is back after an outage: whatever was published meanwhile may be lost (updates,
   * "stored" marks, freezes, sign-outs, deletions). Each loaded document takes what Postgres
   * holds, re-checks whether it was deleted, sent or frozen meanwhile, re-runs the state-vector
   * exchange (so every process converges without its editors reloading) and re-checks its
   * connections' sessions and access.
   */
  async function rejoin(shared: SharedDoc, releaseId: string): Promise<void> {
    if (!bus) return;
    const row = await db('press_releases').where('id', releaseId).first<{ status: string } | undefined>('status');
    if (!row) return closeDocumentHere(releaseId); // deleted meanwhile
    const changed = await mergeStored(shared);
    if (row.status !== 'draft' && row.status !== 'scheduled') shared.readOnly = true;
    else if (await bus.isFrozen(releaseId).catch(() => false)) {
      frozen.add(releaseId);
      shared.readOnly = true;
    }
    await hello(shared);
    if (changed) await derive(releaseId, shared.doc);
    // Sign-outs and access changes made on other processes meanwhile.
    const sessions = [...new Set([...shared.conns.values()].map((i) => i.sessionId))];
    const open = new Set(
      ((await db('auth_sessions').whereIn('id', sessions).whereNull('revoked_at').select('id')) as { id: string }[]).map((r) => r.id),
    );
    for (const [ws, info] of shared.conns) {
      if (!open.has(info.sessionId)) ws.close(CLOSE_UNAUTHORIZED, 'session ended');
      else await recheckConnection(ws, info, releaseId);
    }
  }

  async function open(name: string, releaseId: string): Promise<SharedDoc> {
    let { doc, exists } = await loadDocument(db, name);
    if (!exists) {
      // Seed a new document once, on the server, from what the release row holds.
      const row = await db('press_releases')
        .where('id', releaseId)
        .first<{ title: string; content_text: string; category: string | null; media_list_categories: string[] } | undefined>(
          'title',
          'content_text',
          'category',
          'media_list_categories',
        );
      const seeded = docFromJson(paragraphsToJson((row?.content_text ?? '').split(/\n{2,}/)));
      seedFields(seeded, {
        title: row?.title ?? '',
        category: (row?.category ?? null) as Parameters<typeof seedFields>[1]['category'],
        mediaLists: row?.media_list_categories ?? [],
      });
      const state = Y.encodeStateAsUpdate(seeded);
      seeded.destroy();
      if (await seedSnapshot(db, name, state)) {
        Y.applyUpdate(doc, state);
      } else {
        // Another process seeded it first: take its seed.
        doc.destroy();
        ({ doc, exists } = await loadDocument(db, name));
      }
    }
    const shared = new SharedDoc(name, doc, {
      persist: (updates, authors) =>
        deleted.has(name)
          ? Promise.resolve()
          : db.transaction(async (trx) => {
              await appendUpdates(trx, name, updates);
              await storedHandler(trx, releaseId, authors);
            }),
      afterPersist: (d) => derive(releaseId, d),
      onError: (err) => logger.error({ err, doc: name }, 'collab: storing updates failed; retrying'),
      ...(bus
        ? {
            relayUpdate: (update: Uint8Array, seq: number) => void bus.publish(name, { type: 'update', from: bus.id, seq, update }).catch(() => undefined),
            relayAwareness: (update: Uint8Array) => void bus.publish(name, { type: 'awareness', from: bus.id, update }).catch(() => undefined),
            stored: (seq: number) => void bus.publish(name, { type: 'stored', from: bus.id, seq }).catch(() => undefined),
          }
        : {}),
    });
    const row = await db('press_releases').where('id', releaseId).first<{ status: string; render_error: string | null } | undefined>('status', 'render_error');
    shared.readOnly = frozen.has(releaseId) || (row !== undefined && row.status !== 'draft' && row.status !== 'scheduled');
    shared.renderError = row?.render_error ?? null;
    // Text stored before the update check refused it (NUL, unpaired surrogates) never reached
    // the row: derive now, so its editors are told why it is not saved before they type.
    if (!shared.readOnly && documentHoldsBadText(doc)) {
      void derive(releaseId, doc).then((reason) => shared.reportRender(reason));
    }
    return shared;
  }

  async function getDoc(name: string, releaseId: string): Promise<SharedDoc> {
    await unloading.get(name);
    let p = docs.get(name);
    if (!p) {
      renderer.warm(); // the render thread starts while the first document loads
      const loading = load(name, releaseId);
      p = loading;
      docs.set(name, p);
      p.then(
        (d) => void settled.set(loading, d),
        () => docs.delete(name),
      );
    }
    return p;
  }

  async function unload(name: string, releaseId: string, shared: SharedDoc): Promise<void> {
    if (shared.conns.size > 0 || leaving.has(shared)) return;
    leaving.add(shared);
    docs.delete(name);
    if (closing || deleted.has(name)) {
      // close() already stored everything pending (or the release is gone); only free the memory.
      if (bus) void bus.leave(name).catch(() => undefined);
      shared.destroy();
      return;
    }
    const done = (async () => {
      try {
        await shared.flush();
        await derive(releaseId, shared.doc);
        await compactDocument(db, name);
      } catch (err) {
        logger.error({ err, doc: name }, 'collab: unload failed');
      } finally {
        if (bus) await bus.leave(name).catch(() => undefined);
        shared.destroy();
      }
    })();
    unloading.set(name, done);
    await done;
    unloading.delete(name);
    await unloadedHandler(releaseId).catch((err: unknown) => logger.error({ err, releaseId }, 'collab: after-unload handler failed'));
  }

  function originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true; // not a browser (a browser always sends Origin on WebSocket)
    try {
      const o = new URL(origin);
      if (o.host === req.headers.host) return true;
      return deps.config.publicUrl ? o.origin === new URL(deps.config.publicUrl).origin : false;
    } catch {
      return false;
    }
  }

  async function onConnection(ws: WebSocket, req: IncomingMessage): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const releaseId = decodeURIComponent(url.pathname.slice(COLLAB_PREFIX.length));
    // What the connection sends before its document is open waits here (bounded).
    const buffered: Buffer[] = [];
    const onEarly = (data: Buffer) => {
      buffered.push(data);
      if (buffered.length > MAX_EARLY_MESSAGES) ws.close(1008, 'too many messages before the document opened');
    };
    ws.on('message', onEarly);

    if (!originAllowed(req)) return ws.close(CLOSE_FORBIDDEN, 'origin not allowed');
    if (!RELEASE_ID_PATTERN.test(releaseId)) return ws.close(CLOSE_FORBIDDEN, 'forbidden');
    // The session the page holds, in the first message (socket-auth.ts); or, the older way, a ticket in the URL.
    const ticketParam = url.searchParams.get('ticket');
    const name = releaseDocName(releaseId);
    // While the session and access are read (the token verified), the answer to the
    // connection's sync step 1 is computed from the document if it is loaded here. Sent only
    // once the check said yes, and only if the document did not change meanwhile
    // (SharedDoc.prepareAnswer).
    let prepared: { first: Buffer; answer: PreparedAnswer | null } | undefined;
    const prepare = () => {
      const p = docs.get(name);
      const loaded = p && settled.get(p);
      const first = buffered[0];
      if (loaded && !leaving.has(loaded) && first) prepared = { first, answer: loaded.prepareAnswer(new Uint8Array(first)) };
    };
    const auth =
      ticketParam === null
        ? await identityFromToken(lookupAccess, key, await awaitAuthMessage(ws, buffered, authDeadline), releaseId, prepare)
        : await identityFromTicket(db, key, ticketParam, releaseId).then(async (a) => (a.ok ? { ...a, access: await collabAccess(db, a.who.userId, releaseId) } : a));
    if (!auth.ok) return ws.close(auth.code, auth.reason);
    const { who, access } = auth;
    if (!access) return ws.close(CLOSE_FORBIDDEN, 'forbidden');
    if (ws.readyState !== ws.OPEN) return;

    const shared = await getDoc(name, releaseId);
    ws.off('message', onEarly);
    // A sent (or archived) release is served read-only: viewers sync, nobody writes.
    const sent = !editableStatus(access.release.status);
    if (sent) shared.readOnly = true;
    // A role that does not write (a reviewer) only suggests: its other changes are refused (4422).
    shared.add(ws, { userId: who.userId, sessionId: who.sessionId, awarenessIds: new Set(), mode: sent ? 'read' : access.mode });
    let refused = false;
    const handle = (data: Buffer) => {
      if (refused) return; // closing: the rest of what this connection sent is dropped
      try {
        if (data === prepared?.first && prepared.answer) shared.handle(ws, prepared.answer.data, prepared.answer);
        else shared.handle(ws, new Uint8Array(data));
      } catch (err) {
        // Logged once per connection, without a stack: a bad client must not flood the log.
        refused = true;
        if (err instanceof UpdateRefused) {
          logger.warn({ doc: name, userId: who.userId, code: err.code, reason: err.reason }, 'collab: update refused');
          ws.close(err.code, err.reason);
        } else {
          logger.warn({ doc: name, userId: who.userId, reason: (err as Error).message }, 'collab: malformed message');
          ws.close(1003, 'malformed message');
        }
      }
    };
    for (const data of buffered) handle(data);
    ws.on('message', handle);
    ws.on('close', () => {
      shared.remove(ws);
      if (shared.conns.size === 0) void unload(name, releaseId, shared);
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(req.url ?? '').startsWith(COLLAB_PREFIX)) return; // Socket.IO handles its own path
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', (err) => logger.debug({ err }, 'collab: socket error'));
      onConnection(ws, req).catch((err: unknown) => {
        logger.error({ err }, 'collab: connection failed');
        ws.close(1011, 'server error');
      });
    });
  };
  httpServer.on('upgrade', onUpgrade);

  async function connectionsWhere(pred: (info: { userId: string; sessionId: string }) => boolean) {
    const out: { ws: WebSocket; doc: SharedDoc }[] = [];
    for (const p of docs.values()) {
      const d = await p.catch(() => undefined);
      if (!d) continue;
      for (const [ws, info] of d.conns) if (pred(info)) out.push({ ws, doc: d });
    }
    return out;
  }

  function endSessionsHere(sessionIds: string[]): void {
    const ids = new Set(sessionIds);
    void connectionsWhere((i) => ids.has(i.sessionId)).then((list) => list.forEach(({ ws }) => ws.close(CLOSE_UNAUTHORIZED, 'session ended')));
  }

  /**
   * A connection's access as it is now: closed (4403) when its user left the release's
   * organisation; its mode follows a role change (an editor made reviewer only suggests from
   * now on, a reviewer made editor writes).
   */
  async function recheckConnection(ws: WebSocket, info: ConnInfo, releaseId: string): Promise<void> {
    const access = await collabAccess(db, info.userId, releaseId);
    if (!access) return ws.close(CLOSE_FORBIDDEN, 'access ended');
    info.mode = editableStatus(access.release.status) ? access.mode : 'read';
  }

  async function recheckHere(userId: string): Promise<void> {
    for (const { ws, doc } of await connectionsWhere((i) => i.userId === userId)) {
      const info = doc.conns.get(ws);
      if (info) await recheckConnection(ws, info, doc.name.slice('release:'.length));
    }
  }

  function closeDocumentHere(releaseId: string): void {
    const name = releaseDocName(releaseId);
    deleted.add(name);
    void docs
      .get(name)
      ?.then((d) => d.conns.forEach((_info, ws) => ws.close(CLOSE_FORBIDDEN, 'document deleted')))
      .catch(() => undefined);
  }

  function thawHere(releaseId: string): void {
    frozen.delete(releaseId);
    void docs
      .get(releaseDocName(releaseId))
      ?.then(async (d) => {
        const row = await db('press_releases').where('id', releaseId).first<{ status: string } | undefined>('status');
        if (row && (row.status === 'draft' || row.status === 'scheduled')) d.readOnly = false;
      })
      .catch(() => undefined);
  }

  // Session ends, bans, access changes, deletions and thaws made on another process.
  bus?.onControl((m: ControlMessage) => {
    if (m.type === 'endSessions') endSessionsHere(m.ids);
    else if (m.type === 'recheck') void recheckHere(m.userId).catch((err: unknown) => logger.warn({ err }, 'collab: recheck failed'));
    else if (m.type === 'deleted') closeDocumentHere(m.releaseId);
    else if (m.type === 'thaw') thawHere(m.releaseId);
  });
  bus?.onRestored(() => {
    for (const [name, p] of docs) {
      const releaseId = name.slice('release:'.length);
      void p
        .then((shared) => (leaving.has(shared) ? undefined : rejoin(shared, releaseId)))
        .catch((err: unknown) => logger.warn({ err, doc: name }, 'collab: rejoining after Redis returned failed'));
    }
  });
  const tellPeers = (m: ControlMessage) => {
    void bus?.control(m).catch((err: unknown) => logger.warn({ err }, 'collab: control message failed'));
  };

  /**
   * Derives the release from the merged state, never from a copy that may be partial (Redis
   * away, relayed updates lost): the document loaded here takes what Postgres holds first;
   * one not loaded here is read from Postgres (after every process holding it stored what it
   * had pending, when they could be asked).
   */
  async function deriveMerged(releaseId: string, shared: SharedDoc | undefined): Promise<string | null> {
    if (!shared) return deriveFromStore(releaseId);
    await mergeStored(shared);
    return deriveAndTell(releaseId, shared.doc);
  }

  /** Derives the release from what Postgres holds. */
  async function deriveFromStore(releaseId: string): Promise<string | null> {
    const { doc, exists } = await loadDocument(db, releaseDocName(releaseId));
    try {
      if (!exists) {
        const row = await db('press_releases').where('id', releaseId).first<{ render_error: string | null } | undefined>('render_error');
        return row?.render_error ?? null;
      }
      return await deriveAndTell(releaseId, doc);
    } finally {
      doc.destroy();
    }
  }

  return {
    endSessions(sessionIds) {
      endSessionsHere(sessionIds);
      if (bus) tellPeers({ type: 'endSessions', from: bus.id, ids: sessionIds });
    },
    async recheckAccess(userId) {
      if (bus) tellPeers({ type: 'recheck', from: bus.id, userId });
      await recheckHere(userId);
    },
    closeDocument(releaseId) {
      closeDocumentHere(releaseId);
      if (bus) tellPeers({ type: 'deleted', from: bus.id, releaseId });
    },
    async flushRelease(releaseId) {
      const name = releaseDocName(releaseId);
      const p = docs.get(name);
      const shared = p ? await p.catch(() => undefined) : undefined;
      await Promise.all([shared?.flush(), bus?.request(name, 'flush')]);
      return deriveMerged(releaseId, shared);
    },
    async freezeRelease(releaseId) {
      frozen.add(releaseId);
      const name = releaseDocName(releaseId);
      // While Redis is away the mark cannot be set; every process re-checks the release when it returns.
      if (bus) await bus.setFrozen(releaseId, true).catch((err: unknown) => logger.warn({ err, releaseId }, 'collab: frozen mark not set'));
      const p = docs.get(name);
      const shared = p ? await p.catch(() => undefined) : undefined;
      if (shared) shared.readOnly = true;
      // Every process holding the document refuses changes from now on and stores what it has.
      await Promise.all([shared?.flush(), bus?.request(name, 'freeze')]);
      await deriveMerged(releaseId, shared);
      return () => {
        thawHere(releaseId);
        if (bus) {
          void bus.setFrozen(releaseId, false).catch(() => undefined);
          tellPeers({ type: 'thaw', from: bus.id, releaseId });
        }
      };
    },
    onUnloaded(handler) {
      unloadedHandlers.push(handler);
    },
    onStored(handler) {
      storedHandlers.push(handler);
    },
    onDerived(handler) {
      derivedHandlers.push(handler);
    },
    onReviewChanged(handler) {
      reviewHandlers.push(handler);
    },
    async applyChange(releaseId, change, author) {
      const name = releaseDocName(releaseId);
      const shared = await getDoc(name, releaseId);
      if (frozen.has(releaseId)) shared.readOnly = true;
      let changed = false;
      try {
        changed = shared.applyServerChange(change, author) !== null;
        await shared.flush();
      } finally {
        // Opened only for this change: store, derive, compact and unload as a last editor leaving would.
        if (shared.conns.size === 0) await unload(name, releaseId, shared);
      }
      return changed;
    },
    loadedDocuments: () => [...docs.keys()],
    stats: async () => {
      // A document still loading is left out rather than waited for.
      const now = Promise.resolve(undefined);
      const loaded = await Promise.all([...docs.values()].map((p) => Promise.race([p, now]).catch(() => undefined)));
      return { connections: wss.clients.size, documents: loaded.flatMap((d) => (d ? [d.doc] : [])) };
    },
    warm: async () => {
      const doc = new Y.Doc();
      await renderer.render(doc);
      doc.destroy();
    },
    close: async () => {
      closing = true;
      httpServer.off('upgrade', onUpgrade);
      // Store what is pending before the process ends; no acknowledged update is lost.
      const loaded = await Promise.all([...docs.values()].map((p) => p.catch(() => undefined)));
      await Promise.all(loaded.map((d) => (d ? d.flush() : Promise.resolve())));
      await Promise.all([...unloading.values(), ...deriving.values()]);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await Promise.all([bus?.close(), renderer.close()]);
    },
  };
}
