import { useEffect, useMemo, useState } from 'react';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { useQueryClient } from '@tanstack/react-query';
import {
  CLOSE_FORBIDDEN,
  CLOSE_READ_ONLY,
  CLOSE_REJECTED,
  CLOSE_UNAUTHORIZED,
} from '@shared/editor/collab-protocol';
import { withAuthMessage } from '@shared/editor/collab-auth';
import { handleServerMessages } from '@shared/editor/server-messages';
import { firstScreenDocument } from '@client/api/first-screen';
import { collabSession, fetchFreshState } from './queries';

/**
 * 'error': stored but not rendered (the server said why; sending refuses). 'rejected': the
 * server refused a change outside the editor schema and closed the connection (reload).
 * 'readonly': the release was sent while this editor still had a change for it.
 */
export type SaveState = 'connecting' | 'saved' | 'saving' | 'offline' | 'forbidden' | 'error' | 'rejected' | 'readonly';

export interface Collab {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** The document has content to show: synced with the server once, or loaded from this browser. */
  ready: boolean;
  saveState: SaveState;
  /** Why the server could not render the stored document (MESSAGE_RENDER_ERROR), or null. */
  renderError: string | null;
}

/**
 * Teardowns scheduled by an effect cleanup, per provider. React's StrictMode (every
 * development build: npm run dev, NODE_ENV=development npm start) runs each effect
 * setup → cleanup → setup on mount with the same memoised doc and provider. Destroying
 * them in that first cleanup left the second setup with a dead provider: its doc-update
 * and awareness handlers removed and the doc destroyed, so nothing typed was sent,
 * presence read "0 συντάκτες" and text was lost. The cleanup therefore only
 * schedules the teardown; a setup for the same provider cancels it, and a real unmount
 * (or a switch to another release) tears down one task later.
 */
const pendingTeardown = new WeakMap<WebsocketProvider, ReturnType<typeof setTimeout>>();

/** The document has something to show (a title or text). */
function hasContent(doc: Y.Doc): boolean {
  return doc.getXmlFragment('default').length > 0 || doc.getText('title').length > 0;
}

/** The origin of the state the page's first answer brought (not this editor's own change). */
const FIRST_SCREEN_ORIGIN = 'first-screen';

/**
 * A release's document, holding at once the state the page's first answer brought (when it did):
 * the editor's first render shows the text, and the socket's sync adds only what changed since.
 */
function openDocument(releaseId: string): Y.Doc {
  const doc = new Y.Doc();
  const stored = firstScreenDocument(releaseId);
  if (stored) {
    try {
      Y.applyUpdate(doc, stored, FIRST_SCREEN_ORIGIN);
    } catch {
      /* unreadable: the sync brings the document */
    }
  }
  return doc;
}

function ownClock(doc: Y.Doc): number {
  return Y.decodeStateVector(Y.encodeStateVector(doc)).get(doc.clientID) ?? 0;
}

/** Sockets that send the session's current access token first (the server's auth message). */
const AuthedWebSocket = typeof WebSocket === 'undefined' ? undefined : withAuthMessage(WebSocket, collabSession.current);

/**
 * One release's live document: Yjs over y-websocket, each connection authenticated by the
 * session the page holds (its access token in the first message; refreshed on a 4401), kept
 * in IndexedDB so offline edits survive and merge on reconnect, and a save state from the
 * server's acknowledgements.
 */
export function useCollab(releaseId: string): Collab {
  // A new document per release.
  const doc = useMemo(() => openDocument(releaseId), [releaseId]);
  const provider = useMemo(
    () =>
      new WebsocketProvider(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/collab`, releaseId, doc, {
        connect: false,
        params: {},
        ...(AuthedWebSocket ? { WebSocketPolyfill: AuthedWebSocket } : {}),
      }),
    [doc, releaseId],
  );
  const [synced, setSynced] = useState(false);
  const [everSynced, setEverSynced] = useState(false);
  const [localReady, setLocalReady] = useState(() => hasContent(doc));
  const [connected, setConnected] = useState(false);
  // Until a connection was tried, a document shown from the first answer or this browser's copy is "connecting", not "offline".
  const [triedToConnect, setTriedToConnect] = useState(false);
  const [forbidden, setForbidden] = useState(false);
  const [rejected, setRejected] = useState(false);
  const [frozen, setFrozen] = useState(false);
  const [renderError, setRenderError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [savedClock, setSavedClock] = useState(0);
  const [localClock, setLocalClock] = useState(0);

  useEffect(() => {
    // StrictMode's second setup: keep the provider and doc the first cleanup would destroy.
    const scheduled = pendingTeardown.get(provider);
    if (scheduled !== undefined) {
      clearTimeout(scheduled);
      pendingTeardown.delete(provider);
    }
    let disposed = false;
    const local = new IndexeddbPersistence(`deltio-release-${releaseId}`, doc);
    // A copy kept in this browser lets the editor open (and be edited) while offline.
    void local.whenSynced.then(() => {
      if (!disposed && hasContent(doc)) setLocalReady(true);
    });

    // 4401s in a row (an expired token refreshed, the session ended meanwhile): each retry waits longer.
    let refusedInARow = 0;
    const connect = async (fresh: boolean) => {
      try {
        const token = await (fresh ? collabSession.refreshed() : collabSession.valid());
        if (disposed) return;
        if (!token) return; // the session is over: the app signs out
        provider.connect();
      } catch {
        if (disposed) return;
        setTriedToConnect(true);
        setTimeout(() => void connect(fresh), 2000); // offline: try again
      }
    };

    // Every message type of our server's own, before the first connect (see handleServerMessages).
    handleServerMessages(provider, {
      saved: (stored) => {
        setSavedClock((c) => Math.max(c, stored.get(doc.clientID) ?? 0));
        setRenderError(null);
      },
      renderError: setRenderError,
    });
    const onClose = (event: CloseEvent | null) => {
      if (event?.code === CLOSE_UNAUTHORIZED) {
        // The token expired (or the session ended): a refreshed one, then connect again.
        provider.disconnect();
        const wait = refusedInARow === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (refusedInARow - 1));
        refusedInARow++;
        setTimeout(() => void (disposed ? undefined : connect(true)), wait);
      } else if (event?.code === CLOSE_FORBIDDEN) {
        provider.disconnect();
        setForbidden(true);
      } else if (event?.code === CLOSE_REJECTED) {
        // Nothing of it was applied and sending it again would be refused again: stop, and
        // forget this browser's copy so a reload starts from what the server has.
        provider.disconnect();
        setRejected(true);
        void local.clearData();
      } else if (event?.code === CLOSE_READ_ONLY) {
        // Sent (or being sent): read-only for good, or back to editing if the send failed.
        provider.disconnect();
        void fetchFreshState(queryClient, releaseId)
          .then((s) => s.status)
          .catch(() => null)
          .then((status) => {
            if (disposed) return;
            if (status === 'sent' || status === 'archived') {
              setFrozen(true);
              void local.clearData(); // the refused change was never sent: do not show it again
            } else {
              setTimeout(() => void (disposed ? undefined : connect(false)), 1000);
            }
          });
      }
    };
    const onStatus = ({ status }: { status: string }) => {
      setConnected(status === 'connected');
      if (status !== 'connecting') setTriedToConnect(true);
      if (status === 'connected') setRenderError(null); // the server repeats it on join if it still holds
    };
    const onSync = (s: boolean) => {
      setSynced(s);
      if (s) {
        setEverSynced(true);
        refusedInARow = 0;
      }
    };
    const onUpdate = (_u: Uint8Array, origin: unknown) => {
      if (origin !== provider) setLocalClock(ownClock(doc));
    };
    provider.on('connection-close', onClose);
    provider.on('status', onStatus);
    provider.on('sync', onSync);
    doc.on('update', onUpdate);
    void connect(false);

    return () => {
      disposed = true;
      provider.off('connection-close', onClose);
      provider.off('status', onStatus);
      provider.off('sync', onSync);
      doc.off('update', onUpdate);
      void local.destroy();
      // Not at once: see pendingTeardown (StrictMode sets this effect up again right away).
      pendingTeardown.set(
        provider,
        setTimeout(() => {
          pendingTeardown.delete(provider);
          provider.destroy();
          doc.destroy();
        }, 0),
      );
    };
  }, [doc, provider, releaseId, queryClient]);

  const ready = everSynced || localReady;
  let saveState: SaveState;
  if (forbidden) saveState = 'forbidden';
  else if (rejected) saveState = 'rejected';
  else if (frozen) saveState = 'readonly';
  else if (!connected) saveState = ready && triedToConnect ? 'offline' : 'connecting';
  // Connected, before the first sync: the text may show (first answer, local copy) but nothing is confirmed yet.
  else if (!synced) saveState = everSynced ? 'saving' : 'connecting';
  else if (renderError) saveState = 'error';
  else saveState = localClock > savedClock ? 'saving' : 'saved';

  return { doc, provider, ready, saveState, renderError };
}
