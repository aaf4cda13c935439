import { useEffect, useMemo, useState } from 'react';
import * as decoding from 'lib0/decoding';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { api } from '@client/api/http';

/** The server's "saved" message (see server/src/collab/shared-doc.ts). */
const MESSAGE_SAVED = 100;
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_FORBIDDEN = 4403;

export type SaveState = 'connecting' | 'saved' | 'saving' | 'offline' | 'forbidden';

export interface Collab {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** The document has content to show: synced with the server once, or loaded from this browser. */
  ready: boolean;
  saveState: SaveState;
}

function ownClock(doc: Y.Doc): number {
  return Y.decodeStateVector(Y.encodeStateVector(doc)).get(doc.clientID) ?? 0;
}

/**
 * One release's live document: Yjs over y-websocket with a short-lived ticket (a new one
 * on every 4401), kept in IndexedDB so offline edits survive and merge on reconnect, and
 * a save state from the server's acknowledgements.
 */
export function useCollab(releaseId: string): Collab {
  // A new document per release (releaseId is the reason to rebuild).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const doc = useMemo(() => new Y.Doc(), [releaseId]);
  const provider = useMemo(
    () =>
      new WebsocketProvider(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/collab`, releaseId, doc, {
        connect: false,
        params: {},
      }),
    [doc, releaseId],
  );
  const [synced, setSynced] = useState(false);
  const [everSynced, setEverSynced] = useState(false);
  const [localReady, setLocalReady] = useState(false);
  const [connected, setConnected] = useState(false);
  const [forbidden, setForbidden] = useState(false);
  const [savedClock, setSavedClock] = useState(0);
  const [localClock, setLocalClock] = useState(0);

  useEffect(() => {
    let disposed = false;
    const local = new IndexeddbPersistence(`deltio-release-${releaseId}`, doc);
    // A copy kept in this browser lets the editor open (and be edited) while offline.
    void local.whenSynced.then(() => {
      if (!disposed && (doc.getXmlFragment('default').length > 0 || doc.getText('title').length > 0)) setLocalReady(true);
    });

    const connectWithTicket = async () => {
      try {
        const { ticket } = await api<undefined>('POST', '/collab/tickets', { body: { releaseId } }).then(
          (r) => r as { ticket: string },
        );
        if (disposed) return;
        provider.params = { ticket };
        provider.connect();
      } catch (err) {
        if (disposed) return;
        const status = (err as { status?: number }).status;
        if (status === 404 || status === 403) setForbidden(true);
        else setTimeout(() => void connectWithTicket(), 2000); // offline: try again
      }
    };

    provider.messageHandlers[MESSAGE_SAVED] = (_encoder, decoder) => {
      const vector = Y.decodeStateVector(decoding.readVarUint8Array(decoder));
      setSavedClock((c) => Math.max(c, vector.get(doc.clientID) ?? 0));
    };
    const onClose = (event: CloseEvent | null) => {
      if (event?.code === CLOSE_UNAUTHORIZED) {
        provider.disconnect();
        void connectWithTicket();
      } else if (event?.code === CLOSE_FORBIDDEN) {
        provider.disconnect();
        setForbidden(true);
      }
    };
    const onStatus = ({ status }: { status: string }) => setConnected(status === 'connected');
    const onSync = (s: boolean) => {
      setSynced(s);
      if (s) setEverSynced(true);
    };
    const onUpdate = (_u: Uint8Array, origin: unknown) => {
      if (origin !== provider) setLocalClock(ownClock(doc));
    };
    provider.on('connection-close', onClose);
    provider.on('status', onStatus);
    provider.on('sync', onSync);
    doc.on('update', onUpdate);
    void connectWithTicket();

    return () => {
      disposed = true;
      provider.off('connection-close', onClose);
      provider.off('status', onStatus);
      provider.off('sync', onSync);
      doc.off('update', onUpdate);
      provider.destroy();
      void local.destroy();
      doc.destroy();
    };
  }, [doc, provider, releaseId]);

  const ready = everSynced || localReady;
  let saveState: SaveState;
  if (forbidden) saveState = 'forbidden';
  else if (!connected) saveState = ready ? 'offline' : 'connecting';
  else if (!synced) saveState = ready ? 'saving' : 'connecting';
  else saveState = localClock > savedClock ? 'saving' : 'saved';

  return { doc, provider, ready, saveState };
}
