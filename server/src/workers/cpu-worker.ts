/**
 * The CPU pool's thread (pool.ts): one job at a time in ({ id, task, payload }), one answer
 * out ({ id, result } or { id, error }). It reads the speller's dictionary first (the build's
 * packed file: tens of milliseconds; a few seconds from the .dic without a build) and then
 * says 'ready': a job's budget counts its own work, never the thread's start.
 */
import { parentPort } from 'node:worker_threads';
import { greekSpeller } from '../modules/assistant/spelling/dictionary';
import type { WorkerReply } from './pool';
import { TASKS } from './tasks';

const port = parentPort;
if (port) {
  port.on('message', (m: { id: number; task: string; payload: unknown }) => {
    const run = TASKS[m.task];
    void (async () => {
      let reply: WorkerReply;
      try {
        if (!run) throw new Error(`unknown task ${m.task}`);
        reply = { id: m.id, result: await run(m.payload as never) };
      } catch (err) {
        reply = { id: m.id, error: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(reply);
    })();
  });
  void greekSpeller()
    .catch(() => undefined) // a review will say why
    .then(() => port.postMessage('ready'));
}
