/** A worker for pool.test.ts: `echo` answers its payload, `spin` never answers (a stuck job), `fail` throws, `exit` kills the thread. */
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (port) {
  port.on('message', (m: { id: number; task: string; payload: unknown }) => {
    if (m.task === 'spin') for (;;);
    if (m.task === 'exit') process.exit(3);
    if (m.task === 'fail') port.postMessage({ id: m.id, error: 'it failed' });
    else port.postMessage({ id: m.id, result: m.payload });
  });
  port.postMessage('ready');
}
