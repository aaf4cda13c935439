import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
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
  const synced = new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, provider, synced };
}

/** Waits until `cond` holds (polling), or fails after `ms`. */
export async function until(cond: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 20));
  }
}

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
