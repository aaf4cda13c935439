/**
 * The render thread: checks, renders and sanitizes a document's state off the event loop
 * (render-thread.ts). One message in ({ id, state }), one out ({ id, derived }); 'ready' once its code is loaded.
 */
import { parentPort } from 'node:worker_threads';
import { deriveContentFromState } from './derive';

const port = parentPort;
if (port) {
  port.on('message', (m: { id: number; state: Uint8Array }) => {
    port.postMessage({ id: m.id, derived: deriveContentFromState(m.state) });
  });
  port.postMessage('ready');
}
