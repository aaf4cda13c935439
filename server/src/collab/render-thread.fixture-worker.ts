/** A render thread for render-thread.test.ts: a document titled `hang` never answers, `crash` kills the thread; others render. */
import { parentPort } from 'node:worker_threads';
import * as Y from 'yjs';
import { deriveContentFromState } from './derive';

const port = parentPort;
if (port) {
  port.on('message', (m: { id: number; state: Uint8Array }) => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, m.state);
    const title = doc.getText('title').toJSON();
    if (title === 'hang') for (;;);
    if (title === 'crash') process.exit(3);
    port.postMessage({ id: m.id, derived: deriveContentFromState(m.state) });
  });
  port.postMessage('ready');
}
