/**
 * Benchmark clients in a worker thread (as they would be on other machines): N Socket.IO
 * or bare `ws` clients that report, stamped with an absolute clock, when the LAST of them
 * has a given message. Shared by the fan-out benchmarks.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { io as ioClient } from 'socket.io-client';
import WebSocket from 'ws';

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
}

export const clock = () => performance.timeOrigin + performance.now();

export function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;

const keyOf = (v: unknown) => Number(String(v).replace(/\D+/g, ''));

function clientWorker(init: ClientsInit): void {
  const counts = new Map<number, number>();
  const total = init.tokens.length;
  const got = (key: number) => {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n === total) parentPort!.postMessage({ type: 'done', key, at: clock() });
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
    parentPort!.postMessage({ type: 'ready' });
  };
  connectAll().catch((err: unknown) => parentPort!.postMessage({ type: 'error', message: String(err) }));
}

/** Starts the clients in a worker; `waitFor(key)` resolves with the absolute time the last one got it. */
export async function startClients(init: ClientsInit): Promise<{ waitFor: (key: number) => Promise<number>; stop: () => Promise<void> }> {
  // The worker runs this same TypeScript file, through tsx's loader registered in the worker.
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { benchClients: init } });
  const waiting = new Map<number, (at: number) => void>();
  const arrived = new Map<number, number>();
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { type: string; key?: number; at?: number; message?: string }) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'error') reject(new Error(m.message));
      else if (m.type === 'done') {
        const w = waiting.get(m.key!);
        if (w) w(m.at!);
        else arrived.set(m.key!, m.at!);
      }
    });
    worker.once('error', reject);
  });
  return {
    waitFor: (key) => (arrived.has(key) ? Promise.resolve(arrived.get(key)!) : new Promise<number>((r) => waiting.set(key, r))),
    stop: async () => {
      await worker.terminate();
    },
  };
}

const data = workerData as { benchClients?: ClientsInit } | undefined;
if (!isMainThread && data?.benchClients) clientWorker(data.benchClients);
