import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as Y from 'yjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { seedFields } from '../../../shared/editor/doc-fields';
import { RELEASE_ID_PATTERN } from '../../../shared/routes';
import type { Config } from '../config';
import type { Db } from '../db/knex';
import type { Logger } from '../logger';
import { editableRelease } from './access';
import { deriveRelease } from './derive';
import { appendUpdates, compactDocument, loadDocument, releaseDocName, writeSnapshot } from './persistence';
import { docFromJson, paragraphsToJson } from './render';
import { SharedDoc } from './shared-doc';
import { verifyTicket } from './ticket';

export const COLLAB_PREFIX = '/collab/';
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;
/** Messages larger than this close the connection (ws answers 1009). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface CollabEndpoint {
  /** Closes the connections of ended sessions (sign-out, ban). */
  endSessions(sessionIds: string[]): void;
  /**
   * Re-checks a user's open connections (e.g. after removal from a workspace) and closes,
   * with 4403, those to documents they may no longer open. Resolves when done.
   */
  recheckAccess(userId: string): Promise<void>;
  /** The release was deleted: close its editors (4403) and drop the document unsaved. */
  closeDocument(releaseId: string): void;
  /** Stores what is pending for a release and derives its row now (before send/schedule). */
  flushRelease(releaseId: string): Promise<void>;
  /** Loaded documents (tests, health). */
  loadedDocuments(): string[];
  close(): Promise<void>;
}

interface Deps {
  db: Db;
  logger: Logger;
  config: Pick<Config, 'publicUrl'>;
  key: Uint8Array;
}

/**
 * The y-websocket protocol (sync + awareness) on /collab/<releaseId>?ticket=...
 * Authenticated before the first message with a short-lived ticket (refused by accepting
 * and closing with 4401/4403, never an HTTP error that clients retry forever); the document
 * is loaded from Postgres before the first sync step; updates are stored within ~0.5 s.
 */
export function attachCollab(httpServer: HttpServer, deps: Deps): CollabEndpoint {
  const { db, logger, key } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const docs = new Map<string, Promise<SharedDoc>>();
  const unloading = new Map<string, Promise<void>>();
  const deriving = new Map<string, Promise<void>>();
  let closing = false;
  const deleted = new Set<string>();

  function derive(releaseId: string, doc: Y.Doc): Promise<void> {
    const next = (deriving.get(releaseId) ?? Promise.resolve())
      .then(() => deriveRelease(db, releaseId, doc))
      .catch((err: unknown) => logger.error({ err, releaseId }, 'collab: derive failed'));
    deriving.set(releaseId, next);
    return next;
  }

  async function load(name: string, releaseId: string): Promise<SharedDoc> {
    const { doc, exists } = await loadDocument(db, name);
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
      await writeSnapshot(db, name, state);
      Y.applyUpdate(doc, state);
    }
    return new SharedDoc(name, doc, {
      persist: (updates) => (deleted.has(name) ? Promise.resolve() : appendUpdates(db, name, updates)),
      afterPersist: (d) => void derive(releaseId, d),
      onError: (err) => logger.error({ err, doc: name }, 'collab: storing updates failed; retrying'),
    });
  }

  async function getDoc(name: string, releaseId: string): Promise<SharedDoc> {
    await unloading.get(name);
    let p = docs.get(name);
    if (!p) {
      p = load(name, releaseId);
      docs.set(name, p);
      p.catch(() => docs.delete(name));
    }
    return p;
  }

  async function unload(name: string, releaseId: string, shared: SharedDoc): Promise<void> {
    if (shared.conns.size > 0) return;
    docs.delete(name);
    if (closing || deleted.has(name)) {
      // close() already stored everything pending (or the release is gone); only free the memory.
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
        shared.destroy();
      }
    })();
    unloading.set(name, done);
    await done;
    unloading.delete(name);
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
    const buffered: Buffer[] = [];
    const onEarly = (data: Buffer) => buffered.push(data);
    ws.on('message', onEarly);

    if (!originAllowed(req)) return ws.close(CLOSE_FORBIDDEN, 'origin not allowed');
    const check = await verifyTicket(url.searchParams.get('ticket') ?? '', key);
    if (!check.ok) return ws.close(CLOSE_UNAUTHORIZED, check.reason === 'expired' ? 'ticket expired' : 'invalid ticket');
    const { ticket } = check;
    if (!RELEASE_ID_PATTERN.test(releaseId) || ticket.doc !== releaseDocName(releaseId)) {
      return ws.close(CLOSE_FORBIDDEN, 'forbidden');
    }
    const session = await db('auth_sessions')
      .where('id', ticket.sessionId)
      .whereNull('revoked_at')
      .first<{ id: string } | undefined>('id');
    if (!session) return ws.close(CLOSE_UNAUTHORIZED, 'session ended');
    if (!(await editableRelease(db, ticket.userId, releaseId))) return ws.close(CLOSE_FORBIDDEN, 'forbidden');
    if (ws.readyState !== ws.OPEN) return;

    const name = releaseDocName(releaseId);
    const shared = await getDoc(name, releaseId);
    ws.off('message', onEarly);
    shared.add(ws, { userId: ticket.userId, sessionId: ticket.sessionId, awarenessIds: new Set() });
    const handle = (data: Buffer) => {
      try {
        shared.handle(ws, new Uint8Array(data));
      } catch (err) {
        logger.warn({ err, doc: name }, 'collab: malformed message');
        ws.close(1003, 'malformed message');
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

  return {
    endSessions(sessionIds) {
      const ids = new Set(sessionIds);
      void connectionsWhere((i) => ids.has(i.sessionId)).then((list) => list.forEach(({ ws }) => ws.close(CLOSE_UNAUTHORIZED, 'session ended')));
    },
    async recheckAccess(userId) {
      for (const { ws, doc } of await connectionsWhere((i) => i.userId === userId)) {
        const releaseId = doc.name.slice('release:'.length);
        if (!(await editableRelease(db, userId, releaseId))) ws.close(CLOSE_FORBIDDEN, 'access ended');
      }
    },
    closeDocument(releaseId) {
      const name = releaseDocName(releaseId);
      deleted.add(name);
      void docs
        .get(name)
        ?.then((d) => d.conns.forEach((_info, ws) => ws.close(CLOSE_FORBIDDEN, 'document deleted')))
        .catch(() => undefined);
    },
    async flushRelease(releaseId) {
      const p = docs.get(releaseDocName(releaseId));
      const shared = p ? await p.catch(() => undefined) : undefined;
      if (!shared) return;
      await shared.flush();
      await derive(releaseId, shared.doc);
    },
    loadedDocuments: () => [...docs.keys()],
    close: async () => {
      closing = true;
      httpServer.off('upgrade', onUpgrade);
      // Store what is pending before the process ends; no acknowledged update is lost.
      const loaded = await Promise.all([...docs.values()].map((p) => p.catch(() => undefined)));
      await Promise.all(loaded.map((d) => (d ? d.flush() : Promise.resolve())));
      await Promise.all([...unloading.values(), ...deriving.values()]);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
