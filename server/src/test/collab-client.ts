import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { MESSAGE_RENDER_ERROR, MESSAGE_SAVED } from '../../../shared/editor/collab-protocol';
import { call } from './http';

/** A co-editor in a test: a Y.Doc synced with the server's /collab endpoint, as the browser's editor is. */
export interface TestEditor {
  doc: Y.Doc;
  provider: WebsocketProvider;
  synced: Promise<void>;
}

export async function openEditor(base: string, token: string, releaseId: string): Promise<TestEditor> {
  const t = await call<{ ticket: string }>(base, 'POST', '/api/collab/tickets', { token, body: { releaseId } });
  if (t.status !== 201 && t.status !== 200) throw new Error(`no ticket: ${t.status}`);
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${base.replace('http', 'ws')}/collab`, releaseId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { ticket: t.body.ticket },
    disableBc: true,
  });
  // The server's own messages (saved, render error), which y-websocket alone would log as
  // "Unable to compute message": read by the tests that need them, through the socket.
  for (const type of [MESSAGE_SAVED, MESSAGE_RENDER_ERROR]) provider.messageHandlers[type] ??= () => undefined;
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
