import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { withAuthMessage } from '../../../shared/editor/collab-auth';
import { handleServerMessages, type ServerMessageListeners } from '../../../shared/editor/server-messages';
import { call } from './http';

/** A co-editor in a test: a Y.Doc synced with the server's /collab endpoint, as the browser's editor is. */
export interface TestEditor {
  doc: Y.Doc;
  provider: WebsocketProvider;
  synced: Promise<void>;
}

export async function openEditor(base: string, token: string, releaseId: string, on: ServerMessageListeners = {}): Promise<TestEditor> {
  const t = await call<{ ticket: string }>(base, 'POST', '/api/collab/tickets', { token, body: { releaseId } });
  if (t.status !== 201 && t.status !== 200) throw new Error(`no ticket: ${t.status}`);
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${base.replace('http', 'ws')}/collab`, releaseId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { ticket: t.body.ticket },
    disableBc: true,
    connect: false,
  });
  // The server's own messages (saved, render error), which y-websocket alone would log as
  // "Unable to compute message"; registered before the socket opens.
  handleServerMessages(provider, on);
  provider.connect();
  const synced = new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, provider, synced };
}

/**
 * A co-editor as the browser connects: no ticket, the session's access token as the socket's
 * first message (MESSAGE_AUTH), the server's own messages handled.
 */
export function openEditorWithSession(base: string, token: () => string | null, releaseId: string, on: ServerMessageListeners = {}): TestEditor {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${base.replace('http', 'ws')}/collab`, releaseId, doc, {
    WebSocketPolyfill: withAuthMessage(WebSocket, token) as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    connect: false,
  });
  handleServerMessages(provider, on);
  provider.connect();
  const synced = new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, provider, synced };
}

/**
 * A round trip on an editor's socket: a WebSocket ping, which the server answers only after it
 * handled every message sent before it (the server handles a connection's messages in order,
 * synchronously, once the document is open). So what the editor sent before has been applied
 * on the server, and whatever the server sent before the pong (a close, an update) has arrived.
 * Rejects when the socket closes first.
 */
export function roundTrip(provider: WebsocketProvider): Promise<void> {
  const ws = provider.ws as unknown as WebSocket | null;
  if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('the editor is not connected'));
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('the socket closed before the pong'));
    ws.once('close', onClose);
    ws.once('pong', () => {
      ws.off('close', onClose);
      resolve();
    });
    ws.ping();
  });
}

export { until } from './wait';

/** Replaces the text of a test document with one paragraph per string. */
export function setParagraphs(doc: Y.Doc, paragraphs: string[], field = 'default'): void {
  const frag = doc.getXmlFragment(field);
  doc.transact(() => {
    frag.delete(0, frag.length);
    frag.push(
      paragraphs.map((p) => {
        const el = new Y.XmlElement('paragraph');
        el.insert(0, [new Y.XmlText(p)]);
        return el;
      }),
    );
  });
}
