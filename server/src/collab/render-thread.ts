import path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as Y from 'yjs';
import type { Logger } from '../logger';
import { APP_ROOT } from '../paths';
import { deriveContent, deriveContentFromState, type DerivedContent } from './derive';

/** Works out what a document says for its release row. */
export interface ContentRenderer {
  /** Gets ready to render (a process that never opens a document never starts a thread). */
  warm(): void;
  render(doc: Y.Doc): Promise<DerivedContent>;
  /** How many renders ran on the render thread and how many on the calling thread. */
  counts(): { thread: number; inline: number };
  close(): Promise<void>;
}

/** Renders on the calling thread (a server given no render thread). */
export function inlineRenderer(): ContentRenderer {
  let inline = 0;
  return {
    warm: () => undefined,
    render: (doc) => {
      inline++;
      return Promise.resolve(deriveContent(doc));
    },
    counts: () => ({ thread: 0, inline }),
    close: () => Promise.resolve(),
  };
}

/**
 * The worker's entry: the compiled file next to the bundle (dist/server), or the TypeScript
 * source loaded through tsx when the server itself runs from source (npm run dev, tests, benches).
 */
function workerEntry(): { file: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { file: path.join(APP_ROOT, 'dist/server/collab/render-worker.js'), eval: false };
  const api = import.meta.resolve('tsx/esm/api');
  const source = new URL('./render-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return { file: boot, eval: true };
}

interface Job {
  state: Uint8Array;
  resolve: (d: DerivedContent) => void;
}

/**
 * Renders documents on a worker thread. Checking, rendering and sanitizing a release takes
 * milliseconds (tens at the tail, more while the code is cold) and used to run on the event
 * loop after every flush while people type, holding back every editor's updates meanwhile.
 * The document's state is encoded here (a fraction of a millisecond) and rendered there.
 * The thread starts with the first document a process opens (`warm`); renders asked for
 * while it starts wait in its port. If it dies, what it had not answered is rendered here,
 * and so is everything until a later render starts it again (at most once a second).
 */
export function threadRenderer(logger: Logger): ContentRenderer {
  let worker: Worker | undefined;
  let closing = false;
  /** After a crash the next start waits a second (a thread that dies at once does not spin). */
  let restarting = false;
  let nextId = 1;
  const jobs = new Map<number, Job>();
  const done = { thread: 0, inline: 0 };
  const here = (state: Uint8Array) => {
    done.inline++;
    return deriveContentFromState(state);
  };

  function start(): void {
    const entry = workerEntry();
    const w = new Worker(entry.file, { eval: entry.eval, name: 'collab-render' });
    worker = w;
    w.unref();
    w.on('message', (m: { id: number; derived: DerivedContent }) => {
      const job = jobs.get(m.id);
      if (!job) return;
      jobs.delete(m.id);
      done.thread++;
      job.resolve(m.derived);
    });
    w.on('error', (err) => logger.error({ err }, 'collab: render thread failed'));
    w.on('exit', () => {
      if (worker !== w) return;
      worker = undefined;
      // What it had not answered is rendered here.
      for (const [id, job] of jobs) {
        jobs.delete(id);
        job.resolve(here(job.state));
      }
      if (closing) return;
      restarting = true;
      setTimeout(() => {
        restarting = false;
      }, 1000).unref();
    });
  }
  const warm = () => {
    if (!worker && !closing && !restarting) start();
  };

  return {
    warm,
    render(doc) {
      warm();
      if (!worker) {
        done.inline++;
        return Promise.resolve(deriveContent(doc));
      }
      const state = Y.encodeStateAsUpdate(doc);
      const id = nextId++;
      return new Promise((resolve) => {
        jobs.set(id, { state, resolve });
        worker!.postMessage({ id, state });
      });
    },
    counts: () => ({ ...done }),
    async close() {
      closing = true;
      const w = worker;
      worker = undefined;
      for (const [id, job] of jobs) {
        jobs.delete(id);
        job.resolve(here(job.state));
      }
      await w?.terminate();
    },
  };
}
