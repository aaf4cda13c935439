import { testConfig } from '../server/src/test/app';
/**
 * Collaborative editor benchmark: update propagation latency (p50/p99) with N = 2, 10 and
 * 50 simulated editors typing into one document, and server memory per loaded document,
 * for our server (tickets, Postgres persistence on) and, in the same run, a plain in-memory
 * y-websocket relay written here on y-protocols (the reference). Target: p99 ≤ 1.25×.
 *
 *   npx tsx bench/collab.bench.ts            (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/collab.bench.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import WebSocket, { WebSocketServer } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { createLogger } from '../server/src/logger';
import { mintTicket } from '../server/src/collab/ticket';
import { releaseDocName } from '../server/src/collab/persistence';
import { startServer } from '../server/src/server';
import { createTestDb } from '../server/src/test/db';
import { signIn, signUp } from '../server/src/test/http';

// ------------------------------------------------------------------ the reference relay
function referenceRelay(): Promise<{ url: string; close: () => Promise<void> }> {
  const rooms = new Map<string, { doc: Y.Doc; awareness: awarenessProtocol.Awareness; conns: Set<WebSocket> }>();
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => {
    const name = (req.url ?? '/').split('?')[0]!.slice(1);
    let room = rooms.get(name);
    if (!room) {
      const doc = new Y.Doc();
      const awareness = new awarenessProtocol.Awareness(doc);
      const r = { doc, awareness, conns: new Set<WebSocket>() };
      doc.on('update', (u: Uint8Array) => {
        const e = encoding.createEncoder();
        encoding.writeVarUint(e, 0);
        syncProtocol.writeUpdate(e, u);
        const m = encoding.toUint8Array(e);
        for (const c of r.conns) c.send(m);
      });
      rooms.set(name, r);
      room = r;
    }
    const r = room;
    r.conns.add(ws);
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, 0);
    syncProtocol.writeSyncStep1(e, r.doc);
    ws.send(encoding.toUint8Array(e));
    ws.on('message', (data: Buffer) => {
      const d = decoding.createDecoder(new Uint8Array(data));
      const out = encoding.createEncoder();
      const type = decoding.readVarUint(d);
      if (type === 0) {
        encoding.writeVarUint(out, 0);
        syncProtocol.readSyncMessage(d, out, r.doc, ws);
        if (encoding.length(out) > 1) ws.send(encoding.toUint8Array(out));
      } else if (type === 1) {
        awarenessProtocol.applyAwarenessUpdate(r.awareness, decoding.readVarUint8Array(d), ws);
      }
    });
    ws.on('close', () => {
      r.conns.delete(ws);
      if (!r.conns.size) {
        r.doc.destroy();
        rooms.delete(name);
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((r) => { for (const c of wss.clients) c.terminate(); server.close(() => r()); }),
      }),
    ),
  );
}

// ------------------------------------------------------------------ measurement
interface Target {
  name: string;
  /** Base URL for WebsocketProvider and the params for a document. */
  connectParams: (room: string) => Promise<{ base: string; params: Record<string, string> }>;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function connectClients(target: Target, room: string, n: number) {
  const clients: { doc: Y.Doc; provider: WebsocketProvider }[] = [];
  for (let i = 0; i < n; i++) {
    const { base, params } = await target.connectParams(room);
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(base, room, doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params,
      disableBc: true,
    });
    provider.messageHandlers[100] = () => undefined; // our "saved" acknowledgement
    await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
    clients.push({ doc, provider });
  }
  return clients;
}

/** One client types a character; the time until every other client has it is sampled per receiver. */
async function typing(target: Target, room: string, n: number, rounds: number): Promise<number[]> {
  const clients = await connectClients(target, room, n);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sender = clients[round % n]!;
    const receivers = clients.filter((c) => c !== sender);
    const text = sender.doc.getText('bench');
    const marker = `${round}|`;
    const started = performance.now();
    const arrived = receivers.map(
      (c) =>
        new Promise<void>((resolve) => {
          const t = c.doc.getText('bench');
          const check = () => {
            if (t.toJSON().includes(marker)) {
              samples.push(performance.now() - started);
              c.doc.off('update', check);
              resolve();
            }
          };
          c.doc.on('update', check);
        }),
    );
    text.insert(text.length, marker);
    await Promise.all(arrived);
    await new Promise((r) => setTimeout(r, 5));
  }
  for (const c of clients) c.provider.destroy();
  return samples;
}

/** Heap growth per loaded document (K documents, one client each, with some content). */
async function memoryPerDocument(target: Target, rooms: string[]): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((r) => setTimeout(r, 150));
    }
  };
  await settle();
  const before = process.memoryUsage().heapUsed;
  const all = [];
  for (const room of rooms) {
    const [c] = await connectClients(target, room, 1);
    c!.doc.getText('bench').insert(0, 'Κείμενο δελτίου τύπου '.repeat(200));
    all.push(c!);
  }
  await new Promise((r) => setTimeout(r, 800));
  await settle();
  const after = process.memoryUsage().heapUsed;
  for (const c of all) c.provider.destroy();
  return (after - before) / rooms.length;
}

async function main() {
  // y-websocket adds a process 'exit' listener per provider in Node.
  process.setMaxListeners(0);
  const t = await createTestDb();
  const config = testConfig(t);
  const ours = await startServer({ config, db: t.db, logger: createLogger(config) }, { serveClient: false });
  const owner = await signUp(ours.url, 'bench@collab.bench', 'client');
  const session = await signIn(ours.url, 'bench@collab.bench');
  const sid = (await t.db('auth_sessions').where('user_id', owner.id).orderBy('created_at', 'desc').first<{ id: string }>('id')).id;
  void session;
  const releases: string[] = [];
  for (let i = 0; i < 24; i++) {
    const [row] = (await t.db('press_releases').insert({ title: `Bench ${i}`, client_id: owner.id }).returning('id')) as { id: string }[];
    releases.push(row!.id);
  }
  const relay = await referenceRelay();

  const oursTarget: Target = {
    name: 'deltio (Postgres persistence)',
    connectParams: async (room) => ({
      base: `${ours.url.replace('http', 'ws')}/collab`,
      params: { ticket: (await mintTicket({ userId: owner.id, sessionId: sid, doc: releaseDocName(room), name: 'bench' }, ours.ctx.tokenKey)).ticket },
    }),
  };
  const refTarget: Target = { name: 'reference in-memory relay', connectParams: () => Promise.resolve({ base: relay.url, params: {} }) };

  console.log(`Database: ${t.databaseUrl ? 'Postgres' : 'embedded (PGlite)'}; Node ${process.version}`);
  console.log('\nUpdate propagation latency (ms), sender to every other editor');
  console.log('N    | ours p50 | ours p99 | ref p50 | ref p99 | p99 ratio | target ≤ 1.25×');
  let doc = 0;
  const plan: [number, number][] = [[2, 300], [10, 150], [50, 60]];
  let allOk = true;
  for (const [n, rounds] of plan) {
    // Alternate who goes first, so neither gets a cold start advantage.
    const ref = await typing(refTarget, `ref-${n}`, n, rounds);
    const our = await typing(oursTarget, releases[doc++]!, n, rounds);
    const ratio = percentile(our, 99) / percentile(ref, 99);
    const ok = ratio <= 1.25;
    allOk &&= ok;
    console.log(
      `${String(n).padEnd(4)} | ${percentile(our, 50).toFixed(2).padStart(8)} | ${percentile(our, 99).toFixed(2).padStart(8)} | ${percentile(ref, 50).toFixed(2).padStart(7)} | ${percentile(ref, 99).toFixed(2).padStart(7)} | ${ratio.toFixed(2).padStart(9)} | ${ok ? 'met' : 'MISSED'}`,
    );
  }

  const ourMem = await memoryPerDocument(oursTarget, releases.slice(4, 24));
  const refMem = await memoryPerDocument(refTarget, Array.from({ length: 20 }, (_, i) => `mem-${i}`));
  console.log('\nHeap per loaded document (one editor each, ~4 KB of text; client docs included in both)');
  console.log(`ours: ${(ourMem / 1024).toFixed(0)} KiB   reference: ${(refMem / 1024).toFixed(0)} KiB   ${(globalThis as { gc?: unknown }).gc ? '' : '(run with node --expose-gc for steadier figures)'}`);
  console.log(allOk ? '\nPropagation target met for every N.' : '\nPropagation target MISSED for at least one N.');

  await relay.close();
  await ours.close();
  await t.destroy();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
