import path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as Y from 'yjs';
import type { Logger } from '../logger';
import { APP_ROOT } from '../paths';
import { RENDER_ERRORS } from '../../../shared/editor/collab-protocol';
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
function workerEntry(sourceFile = './render-worker.ts'): { file: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { file: path.join(APP_ROOT, 'dist/server/collab/render-worker.js'), eval: false };
  const api = import.meta.resolve('tsx/esm/api');
  const source = new URL(sourceFile, import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return { file: boot, eval: true };
}

interface Job {
  state: Uint8Array;
  resolve: (d: DerivedContent) => void;
  /** Its budget, running from when the thread could start on it. */
  timer?: NodeJS.Timeout;
}

export interface RenderThreadOptions {
  /** How long one render may take on the thread, in ms, before the thread is replaced (default 10 s). */
  budgetMs?: number;
  /** Tests: another worker source (TypeScript, next to this file). */
  workerSource?: string;
}

/** What a render the thread did not answer (it died, or took longer than its budget) is told. */
const FAILED: DerivedContent = { ok: false, reason: RENDER_ERRORS.failed };

/**
 * Renders documents on a worker thread. Checking, rendering and sanitizing a release takes
 * milliseconds (tens at the tail, more while the code is cold) and used to run on the event
 * loop after every flush while people type, holding back every editor's updates meanwhile.
 * The document's state is encoded here (a fraction of a millisecond) and rendered there.
 * The thread starts with the first document a process opens (`warm`); renders asked for
 * while it starts wait in its port. Each render has a budget: past it the thread is ended
 * and replaced. What a dead or replaced thread had not answered is told `failed` (the next
 * change renders again), never rendered on the event loop: a document that hangs or kills
 * the thread must not hang the process. Renders asked for while a new thread waits to start
 * (a second after a crash, so a thread that dies at once does not spin) wait for it. Only
 * after close() does a render run on the calling thread.
 */
export function threadRenderer(logger: Logger, opts: RenderThreadOptions = {}): ContentRenderer {
  const budgetMs = opts.budgetMs ?? 10_000;
  let worker: Worker | undefined;
  /** Whether the current thread has loaded its code ('ready'): budgets count from then, not from its start-up. */
  let online = false;
  let closing = false;
  /** After a crash the next start waits a second (a thread that dies at once does not spin). */
  let restartTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  const jobs = new Map<number, Job>();
  /** Renders asked for while a new thread waits to start. */
  const waiting: number[] = [];
  const done = { thread: 0, inline: 0 };
  const here = (state: Uint8Array) => {
    done.inline++;
    return deriveContentFromState(state);
  };
  const settle = (id: number, derived: DerivedContent) => {
    const job = jobs.get(id);
    if (!job) return;
    jobs.delete(id);
    clearTimeout(job.timer);
    job.resolve(derived);
  };
  const startBudget = (id: number) => {
    const job = jobs.get(id);
    if (!job || job.timer) return;
    job.timer = setTimeout(() => {
      logger.error({ budgetMs }, 'collab: a render ran past its budget; the render thread is replaced');
      void worker?.terminate();
    }, budgetMs);
    job.timer.unref();
  };

  function start(): void {
    const entry = workerEntry(opts.workerSource);
    const w = new Worker(entry.file, { eval: entry.eval, name: 'collab-render' });
    worker = w;
    online = false;
    w.unref();
    w.on('message', (m: 'ready' | { id: number; derived: DerivedContent }) => {
      if (m === 'ready') {
        // Its code is loaded (seconds under tsx on a loaded machine): budgets count from now.
        if (worker !== w) return;
        online = true;
        for (const id of jobs.keys()) startBudget(id);
        return;
      }
      if (!jobs.has(m.id)) return;
      done.thread++;
      settle(m.id, m.derived);
    });
    w.on('error', (err) => logger.error({ err }, 'collab: render thread failed'));
    w.on('exit', () => {
      if (worker !== w) return;
      worker = undefined;
      online = false;
      if (closing) return;
      // What it had not answered may be what killed or held it: told failed, not rendered here.
      for (const id of [...jobs.keys()]) settle(id, FAILED);
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (closing) return;
        start();
        for (const id of waiting.splice(0)) post(id);
      }, 1000);
      restartTimer.unref();
    });
  }
  function post(id: number): void {
    const job = jobs.get(id);
    if (!job || !worker) return;
    worker.postMessage({ id, state: job.state });
    if (online) startBudget(id);
  }
  const warm = () => {
    if (!worker && !closing && !restartTimer) start();
  };

  return {
    warm,
    render(doc) {
      if (closing) {
        done.inline++;
        return Promise.resolve(deriveContent(doc));
      }
      warm();
      const state = Y.encodeStateAsUpdate(doc);
      const id = nextId++;
      return new Promise((resolve) => {
        jobs.set(id, { state, resolve });
        if (worker) post(id);
        else waiting.push(id);
      });
    },
    counts: () => ({ ...done }),
    async close() {
      closing = true;
      clearTimeout(restartTimer);
      waiting.length = 0;
      const w = worker;
      worker = undefined;
      for (const [id, job] of [...jobs]) settle(id, here(job.state));
      await w?.terminate();
    },
  };
}
