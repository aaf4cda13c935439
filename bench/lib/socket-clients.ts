/**
 * Benchmark clients in a worker thread (as they would be on other machines): N Socket.IO
 * or bare `ws` clients that report, stamped with an absolute clock, when the LAST of them
 * has a given message. Shared by the fan-out benchmarks. With `process: true` they run in a
 * child process instead (same code): a process holds at most `ulimit -n` (20,000 here) sockets,
 * and 10,000 clients plus the server's 10,000 ends do not fit in one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { io as ioClient } from 'socket.io-client';
import WebSocket from 'ws';
import { performance as perf, type EventLoopUtilization } from 'node:perf_hooks';

export interface ClientsInit {
  kind: 'socketio' | 'ws';
  url: string;
  /** Socket.IO: the handshake auth token of each client (or, for a bare server, anything it reads). */
  tokens: string[];
  /** Socket.IO: the event to wait for, and the payload field holding the round key (digits are read from it). */
  event?: string;
  keyField?: string;
  /** Socket.IO: resolve the connection on this event instead of 'connect'. */
  readyEvent?: string;
  /** Run the clients in a child process rather than a worker thread. */
  process?: boolean;
}

/**
 * 'done' also carries where the time went on the clients' side: when the first of them had
 * the message, when half and nine in ten had it, and how busy the clients' thread was from
 * the first arrival to the last (its event loop's active time: decoding and dispatching).
 */
export interface Spread {
  first: number;
  half: number;
  ninety: number;
  /** Milliseconds the clients' event loop was busy between the first arrival and the last. */
  busy: number;
}
type Report = { type: string; key?: number; at?: number; spread?: Spread; message?: string };

export const clock = () => performance.timeOrigin + performance.now();

export function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

const keyOf = (v: unknown) => (typeof v === 'number' ? v : Number(String(v).replace(/\D+/g, '')));

function clientWorker(init: ClientsInit, post: (m: Report) => void): void {
  const total = init.tokens.length;
  const rounds = new Map<number, { at: number[]; elu: EventLoopUtilization }>();
  const got = (key: number) => {
    const now = clock();
    let r = rounds.get(key);
    if (!r) rounds.set(key, (r = { at: [], elu: perf.eventLoopUtilization() }));
    r.at.push(now);
    if (r.at.length === total) {
      rounds.delete(key);
      const at = r.at;
      const spread: Spread = {
        first: at[0]!,
        half: at[Math.floor(total / 2)]!,
        ninety: at[Math.floor(total * 0.9)]!,
        busy: perf.eventLoopUtilization(r.elu).active,
      };
      post({ type: 'done', key, at: now, spread });
    }
  };
  const connectAll = async () => {
    for (let i = 0; i < total; i += 100) {
      await Promise.all(
        init.tokens.slice(i, i + 100).map(
          (token) =>
            new Promise<void>((resolve, reject) => {
              if (init.kind === 'socketio') {
                const s = ioClient(init.url, { transports: ['websocket'], reconnection: false, auth: { token } });
                s.on(init.event!, (p: Record<string, unknown>) => got(keyOf(p[init.keyField!])));
                s.once(init.readyEvent ?? 'connect', () => resolve());
                s.once('connect_error', reject);
              } else {
                const c = new WebSocket(init.url);
                c.on('message', (data: WebSocket.RawData) => got((JSON.parse((data as Buffer).toString()) as { n: number }).n));
                c.once('open', () => resolve());
                c.once('error', reject);
              }
            }),
        ),
      );
    }
    post({ type: 'ready' });
  };
  connectAll().catch((err: unknown) => post({ type: 'error', message: String(err) }));
}

/** Starts the clients in a worker; `waitFor(key)` resolves with the absolute time the last one got it. */
export async function startClients(
  init: ClientsInit,
): Promise<{ waitFor: (key: number) => Promise<number>; spreadOf: (key: number) => Spread | undefined; stop: () => Promise<void> }> {
  // The worker runs this same TypeScript file, through tsx's loader registered in the worker.
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  let child: ChildProcess | undefined;
  let worker: Worker | undefined;
  if (init.process) {
    child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_CLIENTS_CHILD: '1' } });
    child.send({ benchClients: init });
  } else {
    worker = new Worker(boot, { eval: true, workerData: { benchClients: init } });
  }
  const source = (child ?? worker)!;
  const waiting = new Map<number, (at: number) => void>();
  const arrived = new Map<number, number>();
  const spreads = new Map<number, Spread>();
  await new Promise<void>((resolve, reject) => {
    source.on('message', (m: Report) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'error') reject(new Error(m.message));
      else if (m.type === 'done') {
        if (m.spread) spreads.set(m.key!, m.spread);
        const w = waiting.get(m.key!);
        if (w) w(m.at!);
        else arrived.set(m.key!, m.at!);
      }
    });
    source.once('error', reject);
    child?.once('exit', (code) => reject(new Error(`clients exited (${code})`)));
  });
  return {
    spreadOf: (key) => spreads.get(key),
    waitFor: (key) => (arrived.has(key) ? Promise.resolve(arrived.get(key)!) : new Promise<number>((r) => waiting.set(key, r))),
    stop: async () => {
      if (worker) await worker.terminate();
      if (child) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill();
        await exited;
      }
    },
  };
}

/**
 * An HTTP caller in a worker thread of its own (a browser on another machine): the request's
 * client work (fetch, its streams, reading the answer) off the server's event loop and off the
 * clients' thread. `call` resolves with the answer and the absolute time the request started.
 */
export function startCaller(): {
  call: (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number; body: unknown; startedAt: number }>;
  stop: () => Promise<void>;
} {
  const code = `
    const { parentPort } = require('node:worker_threads');
    const clock = () => performance.timeOrigin + performance.now();
    parentPort.on('message', async ({ id, url, init }) => {
      const startedAt = clock();
      try {
        const res = await fetch(url, { ...init, redirect: 'manual' });
        const text = await res.text();
        let body = text;
        try { body = text ? JSON.parse(text) : null; } catch {}
        parentPort.postMessage({ id, status: res.status, body, startedAt });
      } catch (err) {
        parentPort.postMessage({ id, error: String(err) });
      }
    });`;
  const worker = new Worker(code, { eval: true });
  const pending = new Map<number, { resolve: (v: { status: number; body: unknown; startedAt: number }) => void; reject: (e: Error) => void }>();
  worker.on('message', (m: { id: number; status: number; body: unknown; startedAt: number; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) p?.reject(new Error(m.error));
    else p?.resolve(m);
  });
  let next = 0;
  return {
    call: (url, init) =>
      new Promise((resolve, reject) => {
        const id = (next += 1);
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, url, init });
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}

const data = workerData as { benchClients?: ClientsInit } | undefined;
if (!isMainThread && data?.benchClients) clientWorker(data.benchClients, (m) => parentPort!.postMessage(m));
if (isMainThread && process.env.BENCH_CLIENTS_CHILD && process.send) {
  process.once('message', (m: { benchClients: ClientsInit }) => clientWorker(m.benchClients, (r) => process.send!(r)));
  process.once('disconnect', () => process.exit(0)); // the benchmark ended (or died)
}
