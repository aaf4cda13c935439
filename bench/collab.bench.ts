import { testConfig } from '../server/src/test/app';
/**
 * Collaborative editor benchmark: update propagation latency (p50/p99) with N = 2, 10 and
 * 50 simulated editors typing into one document, and server memory per loaded document,
 * for our server (tickets, Postgres persistence on) and, in the same run, a plain in-memory
 * y-websocket relay written here on y-protocols (the reference). Target: p99 ≤ 1.25×.
 *
 *   npx tsx bench/collab.bench.ts            (embedded database)
 *   DATABASE_URL=postgres://... npx tsx bench/collab.bench.ts
 *
 * With DATABASE_URL and BENCH_REDIS_URL (or TEST_REDIS_URL) it then measures across
 * processes: two server processes of ours joined through Redis with editors
 * alternating between them (cross-process p50/p99, against the same editors all on one of
 * the processes; target p99 ≤ 2×), and Hocuspocus 3 (@hocuspocus/server with its Redis
 * extension and a Postgres persistence through @hocuspocus/extension-database, two
 * processes, bench/lib/hocuspocus-node.ts); target: ours ≤ Hocuspocus's p99. N = 2, 10, 50,
 * 200. BENCH_CASES=cluster runs only that part.
 *
 * BENCH_CASES=suggest runs only the suggested-changes cases (function `suggesting`): reviewers
 * typing insertion marks of their own id (connections in 'suggest' mode) beside the plain case
 * and the reference, the guard alone for write and suggest updates with 0 and 50 pending
 * suggestions, and heap with 50 pending suggestions. BENCH_N=50 (or 2,10) limits the N;
 * BENCH_PM_RESOLVE_UNCACHED=1 (diagnosis) runs them with prosemirror-model's resolve cache off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
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
import { withAuthMessage } from '../shared/editor/collab-auth';
import { handleServerMessages } from '../shared/editor/server-messages';
import { releaseDocName } from '../server/src/collab/persistence';
import { UpdateGuard } from '../server/src/collab/schema-check';
import { contentNode, revertAll, suggestionsOf } from '../server/src/collab/suggestions';
import { yXmlFragmentToProsemirrorJSON } from '@tiptap/y-tiptap';
import { Node as PMNode, ResolvedPos } from '@tiptap/pm/model';
import { addMember, ownOrganisationOf } from '../server/src/test/releases';
import { CONTENT_FIELD } from '../shared/editor/extensions';
import { startServer } from '../server/src/server';
import { createTestDb } from '../server/src/test/db';
import { signIn, signUp } from '../server/src/test/http';
import { tokenKey } from '../server/src/modules/auth/auth.tokens';
import { seed } from '../server/src/db/seed/index';

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
  connectParams: (room: string, client?: number) => Promise<{ base: string; params: Record<string, string> }>;
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms)))]).finally(() => clearTimeout(timer));
};

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function connectClients(target: Target, room: string, n: number) {
  const clients: { doc: Y.Doc; provider: WebsocketProvider }[] = [];
  for (let i = 0; i < n; i++) {
    const { base, params } = await target.connectParams(room, i);
    const doc = new Y.Doc();
    const provider = new WebsocketProvider(base, room, doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params,
      disableBc: true,
    });
    handleServerMessages(provider); // our own messages ("saved", render error)
    await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
    clients.push({ doc, provider });
  }
  return clients;
}

/** The paragraph editors type into: the last one of a release-sized text (every update passes the schema check). */
const typedText = (doc: Y.Doc) => {
  const fragment = doc.getXmlFragment(CONTENT_FIELD);
  return (fragment.get(fragment.length - 1) as Y.XmlElement).get(0) as Y.XmlText;
};

/** A realistic release: 12 paragraphs, about 4 KB of Greek text. */
function writeRelease(doc: Y.Doc): void {
  doc.transact(() => {
    for (let i = 0; i < 12; i++) {
      const p = new Y.XmlElement('paragraph');
      p.insert(0, [new Y.XmlText(`Παράγραφος ${i}: ${'Κείμενο δελτίου τύπου με αρκετές λέξεις. '.repeat(8)}`)]);
      doc.getXmlFragment(CONTENT_FIELD).push([p]);
    }
  });
}

/** How the suggesting case differs: who writes the release first, and the attributes (marks) of every keystroke. */
interface TypingOptions {
  /** Writes the release with a writer's connection before the typists connect; returns how to close it once they have it. */
  seed?: (room: string) => Promise<() => void>;
  /** The Y.XmlText attributes of client i's keystrokes (y-tiptap stores a mark as `{ [mark name]: attrs }`). */
  attributes?: (client: number) => Record<string, unknown>;
  /** The paragraph client i types at the end of (default: the last one, where every typist's keystrokes interleave). */
  paragraph?: (client: number) => number;
}

/** The text of paragraph `p` of the release. */
const paragraphText = (doc: Y.Doc, p: number) => (doc.getXmlFragment(CONTENT_FIELD).get(p) as Y.XmlElement).get(0) as Y.XmlText;

/** One client types a character; the time until every other client has it is sampled per receiver. */
async function typing(target: Target, room: string, n: number, rounds: number, opts: TypingOptions = {}): Promise<number[]> {
  const closeSeed = await opts.seed?.(room);
  const clients = await connectClients(target, room, n);
  if (!closeSeed) writeRelease(clients[0]!.doc);
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          const ready = () => c.doc.getXmlFragment(CONTENT_FIELD).length === 12;
          if (ready()) return resolve();
          const on = () => ready() && (c.doc.off('update', on), resolve());
          c.doc.on('update', on);
        }),
    ),
  );
  closeSeed?.();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sender = clients[round % n]!;
    const receivers = clients.filter((c) => c !== sender);
    const para = opts.paragraph?.(round % n);
    const textOf = (d: Y.Doc) => (para === undefined ? typedText(d) : paragraphText(d, para));
    const text = textOf(sender.doc);
    const marker = `${round}|`;
    const started = performance.now();
    const arrived = receivers.map(
      (c) =>
        new Promise<void>((resolve) => {
          const t = textOf(c.doc);
          const check = () => {
            if (t.toString().includes(marker)) {
              samples.push(performance.now() - started);
              c.doc.off('update', check);
              resolve();
            }
          };
          c.doc.on('update', check);
        }),
    );
    text.insert(text.length, marker, opts.attributes?.(round % n));
    await (opts.attributes ? withTimeout(Promise.all(arrived), 15_000, `round ${round} (N = ${n}): a keystroke was not relayed (refused?)`) : Promise.all(arrived));
    await new Promise((r) => setTimeout(r, 5));
  }
  for (const c of clients) c.provider.destroy();
  return samples;
}

/** Heap growth per loaded document (K documents, one client each, with some content). */
async function memoryPerDocument(target: Target, rooms: string[], write: (doc: Y.Doc) => void = writeRelease): Promise<number> {
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
    write(c!.doc);
    all.push(c!);
  }
  await new Promise((r) => setTimeout(r, 800));
  await settle();
  const after = process.memoryUsage().heapUsed;
  for (const c of all) c.provider.destroy();
  return (after - before) / rooms.length;
}

/** The cost of the schema check alone: one keystroke into a release-sized document, checked by UpdateGuard. */
function schemaCheckCost(): void {
  const server = new Y.Doc();
  const client = new Y.Doc();
  writeRelease(client);
  Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
  const guard = new UpdateGuard(server);
  const updates: Uint8Array[] = [];
  client.on('update', (u: Uint8Array) => updates.push(u));
  for (let i = 0; i < 2000; i++) typedText(client).insert(typedText(client).length, 'α');
  const times: number[] = [];
  for (const u of updates) {
    const t0 = performance.now();
    guard.check(u);
    times.push(performance.now() - t0);
    Y.applyUpdate(server, u);
  }
  const title = new Y.Doc();
  Y.applyUpdate(title, Y.encodeStateAsUpdate(client));
  console.log(
    `\nSchema check per update (keystroke into a 12-paragraph, ~5 KB release; ${times.length} updates): p50 ${(percentile(times, 50) * 1000).toFixed(0)} µs, p99 ${(percentile(times, 99) * 1000).toFixed(0)} µs`,
  );
  guard.destroy();
}

// ------------------------------------------------------------------ suggested changes (BENCH_CASES=suggest)
/** A suggestion id of `userId` (shared/editor/suggestion-marks.ts: `<user uuid>:<6-24 chars>`). */
const suggestionIdOf = (userId: string, tag: string) => `${userId}:${tag}`;

/**
 * `count` pending suggestions of `authorId` spread over the release's 12 paragraphs, as y-tiptap
 * stores them: every even one an insertion of a word (` νέο `), every odd one a word marked as
 * deleted (8 characters), none overlapping. What a writer's suggesting leaves (write mode may
 * add suggestions of its own id).
 */
function addSuggestions(doc: Y.Doc, authorId: string, count: number): void {
  const fragment = doc.getXmlFragment(CONTENT_FIELD);
  doc.transact(() => {
    for (let p = 0; p < fragment.length; p++) {
      const text = (fragment.get(p) as Y.XmlElement).get(0) as Y.XmlText;
      const mine: number[] = [];
      for (let i = p; i < count; i += fragment.length) mine.push(i);
      // From the end of the paragraph backwards, so the offsets before stay where they were.
      for (let k = mine.length - 1; k >= 0; k--) {
        const i = mine[k]!;
        const at = 20 + k * 40;
        const id = suggestionIdOf(authorId, `pend${String(i).padStart(3, '0')}`);
        if (i % 2 === 0) text.insert(at, ' νέο ', { insertion: { id } });
        else text.format(at, 8, { deletion: { id } });
      }
    }
  });
}

/**
 * The guard alone, per keystroke into the 12-paragraph release with `pending` suggestions of
 * another author: checked with no connection rules (the server's own changes; the figure above),
 * as a `write` connection (a writer's plain keystroke: new ids must be their own), and as a
 * `suggest` connection (a reviewer's keystroke inside an insertion mark of their own id: the base
 * invariant reverts every suggestion of the document before and after).
 */
function guardCost(pending: number, kind: 'none' | 'write' | 'suggest', keystrokes: number): number[] {
  const WRITER = '66666666-7777-4888-8999-aaaaaaaaaaaa';
  const REVIEWER = '11111111-2222-4333-8444-555555555555';
  const server = new Y.Doc();
  const client = new Y.Doc();
  writeRelease(client);
  addSuggestions(client, WRITER, pending);
  Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
  const guard = new UpdateGuard(server);
  const updates: Uint8Array[] = [];
  client.on('update', (u: Uint8Array) => updates.push(u));
  const attrs = kind === 'suggest' ? { insertion: { id: suggestionIdOf(REVIEWER, 'benchkey') } } : undefined;
  for (let i = 0; i < keystrokes; i++) typedText(client).insert(typedText(client).length, 'α', attrs);
  const rules = kind === 'none' ? undefined : ({ mode: kind, userId: kind === 'suggest' ? REVIEWER : WRITER } as const);
  const times: number[] = [];
  for (const u of updates) {
    const t0 = performance.now();
    guard.check(u, rules);
    times.push(performance.now() - t0);
    Y.applyUpdate(server, u);
  }
  guard.destroy();
  return times;
}

function guardCosts(): void {
  const us = (ms: number) => (ms * 1000).toFixed(0);
  const KEYS = 1000;
  // Warm-up, discarded: every path compiled before anything is measured.
  for (const kind of ['none', 'write', 'suggest'] as const) guardCost(50, kind, 200);
  console.log(`\nThe guard alone per keystroke (12-paragraph release, ${KEYS} keystrokes at the end of the last paragraph), µs`);
  console.log('pending suggestions | no rules p50 / p99 | write p50 / p99 | suggest p50 / p99 | suggest/write p50');
  for (const pending of [0, 50]) {
    const row = (['none', 'write', 'suggest'] as const).map((kind) => guardCost(pending, kind, KEYS));
    const [none, write, suggest] = row as [number[], number[], number[]];
    console.log(
      `${String(pending).padEnd(19)} | ${`${us(percentile(none, 50))} / ${us(percentile(none, 99))}`.padStart(18)} | ${`${us(percentile(write, 50))} / ${us(percentile(write, 99))}`.padStart(15)} | ${`${us(percentile(suggest, 50))} / ${us(percentile(suggest, 99))}`.padStart(17)} | ${(percentile(suggest, 50) / percentile(write, 50)).toFixed(1)}×`,
    );
  }
  console.log('(suggest: the reviewer\'s own insertion grows by one character a keystroke, so the document holds pending + 1 suggestions)');
}

/** Where a suggest-mode check spends its time: the parts of UpdateGuard.check done by hand on the same document. */
function suggestCheckParts(pending: number): void {
  const WRITER = '66666666-7777-4888-8999-aaaaaaaaaaaa';
  const doc = new Y.Doc();
  writeRelease(doc);
  addSuggestions(doc, WRITER, pending);
  typedText(doc).insert(typedText(doc).length, 'αβγ', { insertion: { id: suggestionIdOf('11111111-2222-4333-8444-555555555555', 'benchkey') } });
  const time = (f: () => unknown) => {
    for (let i = 0; i < 50; i++) f();
    const xs: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      f();
      xs.push(performance.now() - t0);
    }
    return `${(percentile(xs, 50) * 1000).toFixed(0)} / ${(percentile(xs, 99) * 1000).toFixed(0)}`;
  };
  const node = contentNode(doc);
  console.log(
    `  parts with ${pending} pending (p50 / p99 µs): Y → ProseMirror JSON ${time(() => yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(CONTENT_FIELD)))}; ` +
      `Y → ProseMirror node ${time(() => contentNode(doc))}; revert all + JSON.stringify ${time(() => JSON.stringify(revertAll(node).toJSON()))}; ` +
      `revert all alone ${time(() => revertAll(node))}; suggestionsOf ${time(() => suggestionsOf(node))}`,
  );
}

/**
 * The suggest-mode check and its revert after `runs` alternating insertion runs of two reviewers
 * at the end of the last paragraph (what `runs` rounds of the interleaved case leave), 20 checks.
 */
function suggestCheckByRuns(runs: number): void {
  const who = ['11111111-2222-4333-8444-555555555555', '66666666-7777-4888-8999-aaaaaaaaaaaa'];
  const key = (r: number) => ({ insertion: { id: suggestionIdOf(who[r % 2]!, `bench0${r % 2}`) } });
  const client = new Y.Doc();
  writeRelease(client);
  for (let r = 0; r < runs; r++) typedText(client).insert(typedText(client).length, `${r}|`, key(r));
  const server = new Y.Doc();
  Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
  const guard = new UpdateGuard(server);
  const updates: Uint8Array[] = [];
  client.on('update', (u: Uint8Array) => updates.push(u));
  for (let r = runs; r < runs + 21; r++) typedText(client).insert(typedText(client).length, `${r}|`, key(r));
  const times: number[] = [];
  updates.forEach((u, i) => {
    const t0 = performance.now();
    guard.check(u, { mode: 'suggest', userId: who[(runs + i) % 2]! });
    if (i > 0) times.push(performance.now() - t0); // the first check works out the state before too
    Y.applyUpdate(server, u);
  });
  guard.destroy();
  const node = contentNode(server);
  const reverts: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    revertAll(node);
    reverts.push(performance.now() - t0);
  }
  console.log(`  ${String(runs).padStart(4)} runs: check p50 ${percentile(times, 50).toFixed(2)} ms (max ${Math.max(...times).toFixed(2)}); of it the library's revertSuggestions ${percentile(reverts, 50).toFixed(2)} ms`);
}

// ------------------------------------------------------------------ across processes (REDIS_URL)
interface Proc {
  child: ChildProcess;
  port: number;
  stop: () => Promise<void>;
}

/**
 * Starts a server in a child process (ours: the cluster test's fixture; or Hocuspocus). With
 * `memory`, with --expose-gc and an IPC channel: memoryOf() asks it for its memory.
 */
function spawnProc(script: string, env: Record<string, string>, opts: { memory?: boolean } = {}): Promise<Proc> {
  const extra = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? []; // diagnosis: e.g. --cpu-prof
  const child = spawn(process.execPath, [...(opts.memory ? ['--expose-gc'] : []), ...extra, '--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: opts.memory ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m)
        resolve({
          child,
          port: Number(m[1]),
          stop: () =>
            new Promise<void>((r) => {
              child.once('exit', () => r());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
  });
}

type Samples = { all: number[]; cross: number[] };

interface Editor {
  doc: Y.Doc;
  /** Which process the editor is connected to. */
  node: number;
  destroy(): void;
}

/** The first editor writes a release-sized text; resolves when every editor has it. */
async function prepareEditors(editors: Editor[]): Promise<void> {
  writeRelease(editors[0]!.doc);
  await Promise.all(
    editors.map(
      (c) =>
        new Promise<void>((resolve) => {
          const ready = () => c.doc.getXmlFragment(CONTENT_FIELD).length === 12;
          if (ready()) return resolve();
          const on = () => ready() && (c.doc.off('update', on), resolve());
          c.doc.on('update', on);
        }),
    ),
  );
}

/**
 * One round: one editor types a character; per receiver, the time until it has it. Samples
 * go to `all`, and to `cross` when the receiver is on another process than the sender.
 */
async function typingRound(editors: Editor[], round: number, out: { all: number[]; cross: number[] }): Promise<void> {
  const sender = editors[round % editors.length]!;
  const marker = `${round}|`;
  const started = performance.now();
  const arrived = editors
    .filter((c) => c !== sender)
    .map(
      (c) =>
        new Promise<void>((resolve) => {
          const t = typedText(c.doc);
          const check = () => {
            if (t.toString().includes(marker)) {
              const ms = performance.now() - started;
              out.all.push(ms);
              if (c.node !== sender.node) out.cross.push(ms);
              c.doc.off('update', check);
              resolve();
            }
          };
          c.doc.on('update', check);
        }),
    );
  const text = typedText(sender.doc);
  text.insert(text.length, marker);
  await Promise.all(arrived);
  await new Promise((r) => setTimeout(r, 5));
}

async function oursEditor(port: number, node: number, room: string, ticket: string): Promise<Editor> {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/collab`, room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { ticket },
    disableBc: true,
  });
  handleServerMessages(provider); // our own messages ("saved", render error)
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, node, destroy: () => provider.destroy() };
}

async function hocuspocusEditor(port: number, node: number, room: string): Promise<Editor> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url: `ws://127.0.0.1:${port}`, WebSocketPolyfill: WebSocket });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: room, document: doc });
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  provider.attach();
  await synced;
  return {
    doc,
    node,
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

/**
 * Editors spread over two processes of ours (REDIS_URL) against the same editors on one of
 * them, and Hocuspocus 3 with its Redis extension and a Postgres persistence on two processes.
 */
async function acrossProcesses(redisUrl: string): Promise<void> {
  const t = await createTestDb();
  if (!t.databaseUrl) throw new Error('the cross-process case needs DATABASE_URL');
  await seed(t.db, { demo: false });
  const jwt = 'collab-bench-secret-collab-bench-secret-0123';
  const env = { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: t.databaseUrl, REDIS_URL: redisUrl, JWT_SECRET: jwt, SEED_DEMO: 'false' };
  const run = Math.random().toString(36).slice(2, 8);
  const ours = await Promise.all([spawnProc('../server/src/collab/cluster-node.fixture.ts', env), spawnProc('../server/src/collab/cluster-node.fixture.ts', env)]);
  const hp = await Promise.all([spawnProc('./lib/hocuspocus-node.ts', { ...env, BENCH_RUN: run }), spawnProc('./lib/hocuspocus-node.ts', { ...env, BENCH_RUN: run })]);
  const base = `http://127.0.0.1:${ours[0].port}`;
  const owner = await signUp(base, 'bench@cluster.bench', 'client');
  await signIn(base, 'bench@cluster.bench');
  const sid = (await t.db('auth_sessions').where('user_id', owner.id).orderBy('created_at', 'desc').first<{ id: string }>('id')).id;
  const key = tokenKey(jwt);
  const orgId = await ownOrganisationOf(t.db, owner.id); // releases belong to an organisation (no client_id since the organisations migration)
  const newRelease = async (title: string) =>
    ((await t.db('press_releases').insert({ title, organisation_id: orgId, author_id: owner.id }).returning('id')) as { id: string }[])[0]!.id;
  const ticket = async (room: string) => (await mintTicket({ userId: owner.id, sessionId: sid, doc: releaseDocName(room), name: 'bench' }, key)).ticket;

  console.log(`\nAcross two processes (REDIS_URL, Postgres), editors alternate between the processes; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`);
  console.log('N    | one process p50/p99 | two processes p50/p99 (cross only) | ratio p99 (≤ 2×) | Hocuspocus 3 ×2 p50/p99 (cross only) | ours/HP p99 (≤ 1×)');
  const only = process.env.BENCH_N ? new Set(process.env.BENCH_N.split(',').map(Number)) : null; // e.g. BENCH_N=200
  const plan = ([[2, 500], [10, 150], [50, 40], [200, 10]] as [number, number][]).filter(([n]) => !only || only.has(n));
  for (const [n, rounds] of plan) {
    const fmt = (xs: number[]) => `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 99).toFixed(1)}`;
    // One process (every editor on process 1), two processes (editors alternate), Hocuspocus
    // on its two processes: all connected at once, and their rounds interleaved, so the
    // machine's load bursts hit the three alike.
    const single = await newRelease(`single ${n}`);
    const shared = await newRelease(`shared ${n}`);
    const room = `hp-${run}-${n}`;
    const groups: Editor[][] = [[], [], []];
    for (let i = 0; i < n; i++) {
      groups[0]!.push(await oursEditor(ours[0].port, 0, single, await ticket(single)));
      groups[1]!.push(await oursEditor(ours[i % 2]!.port, i % 2, shared, await ticket(shared)));
      groups[2]!.push(await hocuspocusEditor(hp[i % 2]!.port, i % 2, room));
    }
    for (const g of groups) await prepareEditors(g);
    const [oneRes, twoRes, hpRes] = groups.map(() => ({ all: [] as number[], cross: [] as number[] })) as [Samples, Samples, Samples];
    const results = [oneRes, twoRes, hpRes];
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < 3; k++) {
        const g = (round + k) % 3;
        await typingRound(groups[g]!, round, results[g]!);
      }
    }
    for (const g of groups) for (const e of g) e.destroy();
    const ratio = percentile(twoRes.cross, 99) / percentile(oneRes.all, 99);
    const vsHp = percentile(twoRes.cross, 99) / percentile(hpRes.cross, 99);
    console.log(
      `${String(n).padEnd(4)} | ${fmt(oneRes.all).padStart(19)} | ${fmt(twoRes.cross).padStart(34)} | ${ratio.toFixed(2).padStart(8)} ${ratio <= 2 ? 'met' : 'MISSED'} | ${fmt(hpRes.cross).padStart(36)} | ${vsHp.toFixed(2)} ${vsHp <= 1 ? 'met' : 'MISSED'}`,
    );
    await new Promise((r) => setTimeout(r, 1500)); // let both sides store and unload
  }
  await Promise.all([...ours, ...hp].map((p) => p.stop()));
  await t.destroy();
}

async function main() {
  // y-websocket adds a process 'exit' listener per provider in Node.
  process.setMaxListeners(0);
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  if (process.env.BENCH_CASES === 'cluster') {
    if (!redisUrl) throw new Error('set BENCH_REDIS_URL (or TEST_REDIS_URL) for the cross-process case');
    return acrossProcesses(redisUrl);
  }
  if (process.env.BENCH_CASES === 'suggest') return suggesting();
  if (process.env.BENCH_CASES === 'connect') return connecting();
  // y-websocket adds a process 'exit' listener per provider in Node.
  process.setMaxListeners(0);
  const t = await createTestDb();
  const config = testConfig(t);
  const ours = await startServer({ config, db: t.db, logger: createLogger(config) }, { serveClient: false });
  const owner = await signUp(ours.url, 'bench@collab.bench', 'client');
  const session = await signIn(ours.url, 'bench@collab.bench');
  const sid = (await t.db('auth_sessions').where('user_id', owner.id).orderBy('created_at', 'desc').first<{ id: string }>('id')).id;
  void session;
  const orgId = await ownOrganisationOf(t.db, owner.id); // releases belong to an organisation (no client_id since the organisations migration)
  const releases: string[] = [];
  for (let i = 0; i < 24; i++) {
    const [row] = (await t.db('press_releases').insert({ title: `Bench ${i}`, organisation_id: orgId, author_id: owner.id }).returning('id')) as { id: string }[];
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
  // Warm-up, discarded: both sides' code paths compiled (and our render thread started) before anything is measured.
  await typing(refTarget, 'ref-warm-up', 2, 100);
  await typing(oursTarget, releases[3]!, 2, 100);
  let doc = 0;
  const plan: [number, number][] = [[2, 1000], [10, 300], [50, 60]];
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
  schemaCheckCost();

  await relay.close();
  await ours.close();
  await t.destroy();
  if (redisUrl && t.databaseUrl) await acrossProcesses(redisUrl);
  else console.log('\nAcross processes: skipped (set DATABASE_URL and BENCH_REDIS_URL or TEST_REDIS_URL).');
}

/**
 * BENCH_CASES=suggest: the single-process propagation case with the typists as reviewers (their
 * connections in `suggest` mode), every keystroke an insertion mark of the typist's own id, beside
 * the plain case (a writer typing unmarked text) and the reference relay in the same run; the
 * guard alone per keystroke for a write and a suggest update with 0 and 50 pending suggestions;
 * heap per loaded document with 50 pending suggestions against none.
 */
async function suggesting(): Promise<void> {
  if (process.env.BENCH_PM_RESOLVE_UNCACHED) {
    // Diagnosis only: prosemirror-model's Node.resolve without its WeakMap cache (the server, in this process, too).
    (PMNode.prototype as unknown as { resolve: (pos: number) => ResolvedPos }).resolve = function (this: PMNode, pos: number) {
      return (ResolvedPos as unknown as { resolve: (doc: PMNode, pos: number) => ResolvedPos }).resolve(this, pos);
    };
    console.log('BENCH_PM_RESOLVE_UNCACHED: Node.resolve uncached (diagnosis)');
  }
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' / ');
  const t = await createTestDb();
  const config = testConfig(t);
  const ours = await startServer({ config, db: t.db, logger: createLogger(config) }, { serveClient: false });
  const owner = await signUp(ours.url, 'bench@collab.bench', 'client');
  await signIn(ours.url, 'bench@collab.bench');
  const sidOf = async (userId: string) => (await t.db('auth_sessions').where('user_id', userId).orderBy('created_at', 'desc').first<{ id: string }>('id')).id;
  const sid = await sidOf(owner.id);
  const orgId = await ownOrganisationOf(t.db, owner.id);
  const releases: string[] = [];
  for (let i = 0; i < 50; i++) {
    const [row] = (await t.db('press_releases').insert({ title: `Bench ${i}`, organisation_id: orgId, author_id: owner.id }).returning('id')) as { id: string }[];
    releases.push(row!.id);
  }
  // 50 reviewers of the releases' organisation: one typist each (a reviewer's connection suggests).
  const reviewers: { id: string; sid: string }[] = [];
  for (let i = 0; i < 50; i++) {
    const m = await addMember({ url: ours.url, ctx: { db: t.db } }, orgId, 'reviewer', `reviewer${i}@collab.bench`, `Reviewer ${i}`);
    reviewers.push({ id: m.id, sid: await sidOf(m.id) });
  }
  const relay = await referenceRelay();
  const oursTarget: Target = {
    name: 'deltio, a writer typing',
    connectParams: async (room) => ({
      base: `${ours.url.replace('http', 'ws')}/collab`,
      params: { ticket: (await mintTicket({ userId: owner.id, sessionId: sid, doc: releaseDocName(room), name: 'bench' }, ours.ctx.tokenKey)).ticket },
    }),
  };
  const reviewerTarget: Target = {
    name: 'deltio, reviewers suggesting',
    connectParams: async (room, i = 0) => {
      const r = reviewers[i % reviewers.length]!;
      return {
        base: `${ours.url.replace('http', 'ws')}/collab`,
        params: { ticket: (await mintTicket({ userId: r.id, sessionId: r.sid, doc: releaseDocName(room), name: `reviewer ${i}` }, ours.ctx.tokenKey)).ticket },
      };
    },
  };
  const refTarget: Target = { name: 'reference in-memory relay', connectParams: () => Promise.resolve({ base: relay.url, params: {} }) };
  const suggestOpts: TypingOptions = {
    // The owner (a writer) writes the release; the reviewers only suggest into it.
    seed: async (room) => {
      const [writer] = await connectClients(oursTarget, room, 1);
      writeRelease(writer!.doc);
      return () => writer!.provider.destroy();
    },
    attributes: (i) => ({ insertion: { id: suggestionIdOf(reviewers[i % reviewers.length]!.id, `bench${String(i).padStart(2, '0')}`) } }),
  };

  console.log(`Database: ${t.databaseUrl ? 'Postgres' : 'embedded (PGlite)'}; Node ${process.version}; load average ${load()}`);
  console.log('\nUpdate propagation latency (ms), sender to every other editor: the reference relay, ours with writers typing plain text (the existing case), ours with reviewers suggesting (every keystroke an insertion mark of their own id)');
  // Two shapes of suggesting: "interleaved" is the plain case's shape (every typist appends at the
  // end of the last paragraph, so consecutive keystrokes are by different typists and each one is
  // a separate marked run: the paragraph ends with `rounds` insertion runs); "own paragraph": typist
  // i appends at the end of paragraph i mod 12, so each typist's keystrokes extend one insertion of
  // theirs (runs ≈ N), as a reviewer typing a word does.
  const ownParagraph: TypingOptions = { ...suggestOpts, paragraph: (i) => i % 12 };
  console.log('N    | ref p50 / p99 | plain p50 / p99 | plain/ref p99 | suggest interleaved p50 / p99 (p50 first → last 10%) | /ref p99 (≤ 1.25×) | suggest own paragraph p50 / p99 | /ref p99 (≤ 1.25×)');
  await typing(refTarget, 'ref-warm-up', 2, 100);
  await typing(oursTarget, releases[0]!, 2, 100);
  await typing(reviewerTarget, releases[1]!, 2, 100, ownParagraph);
  let doc = 2;
  const fmt = (xs: number[]) => `${percentile(xs, 50).toFixed(2)} / ${percentile(xs, 99).toFixed(2)}`;
  const verdict = (x: number) => `${x.toFixed(2)} ${x <= 1.25 ? 'met' : 'MISSED'}`;
  const tenth = (xs: number[], last: boolean) => percentile(last ? xs.slice(-Math.ceil(xs.length / 10)) : xs.slice(0, Math.ceil(xs.length / 10)), 50).toFixed(2);
  const suggestReleases: string[] = [];
  // The server's guard timed in the live runs (it runs in this process): its mean cost per checked update, per case.
  const guardTime = { ms: 0, calls: 0 };
  const check = UpdateGuard.prototype.check; // eslint-disable-line @typescript-eslint/unbound-method
  UpdateGuard.prototype.check = function (this: UpdateGuard, ...args: Parameters<UpdateGuard['check']>) {
    const t0 = performance.now();
    try {
      check.apply(this, args);
    } finally {
      guardTime.ms += performance.now() - t0;
      guardTime.calls++;
    }
  };
  const timedGuard = async <T>(f: () => Promise<T>): Promise<[T, string]> => {
    guardTime.ms = 0;
    guardTime.calls = 0;
    const out = await f();
    return [out, `${((guardTime.ms / Math.max(1, guardTime.calls)) * 1000).toFixed(0)} µs × ${guardTime.calls}`];
  };
  const guardLines: string[] = [];
  const markedLines: string[] = [];
  const only = process.env.BENCH_N ? new Set(process.env.BENCH_N.split(',').map(Number)) : null; // e.g. BENCH_N=50
  for (const [n, rounds] of ([[2, 1000], [10, 300], [50, 60]] as [number, number][]).filter(([n]) => !only || only.has(n))) {
    const ref = await typing(refTarget, `ref-${n}`, n, rounds);
    const [plain, gPlain] = await timedGuard(() => typing(oursTarget, releases[doc++]!, n, rounds));
    suggestReleases.push(releases[doc]!, releases[doc + 1]!);
    const [inter, gInter] = await timedGuard(() => typing(reviewerTarget, releases[doc++]!, n, rounds, suggestOpts));
    const [own, gOwn] = await timedGuard(() => typing(reviewerTarget, releases[doc++]!, n, rounds, ownParagraph));
    guardLines.push(`N = ${n}: plain ${gPlain}; interleaved ${gInter}; own paragraph ${gOwn}`);
    // The reference relay with the same marked keystrokes: the clients (in this process) apply and read the same marked text.
    const refMarks = { attributes: suggestOpts.attributes };
    const refInter = await typing(refTarget, `ref-inter-${n}`, n, rounds, refMarks);
    const refOwn = await typing(refTarget, `ref-own-${n}`, n, rounds, { ...refMarks, paragraph: ownParagraph.paragraph });
    markedLines.push(
      `${String(n).padEnd(4)} | ${fmt(refInter).padStart(25)} | ${verdict(percentile(inter, 99) / percentile(refInter, 99)).padStart(22)} | ${fmt(refOwn).padStart(25)} | ${verdict(percentile(own, 99) / percentile(refOwn, 99))}`,
    );
    const r99 = percentile(ref, 99);
    console.log(
      `${String(n).padEnd(4)} | ${fmt(ref).padStart(13)} | ${fmt(plain).padStart(15)} | ${(percentile(plain, 99) / r99).toFixed(2).padStart(13)} | ${`${fmt(inter)} (${tenth(inter, false)} → ${tenth(inter, true)})`.padStart(52)} | ${verdict(percentile(inter, 99) / r99).padStart(18)} | ${fmt(own).padStart(31)} | ${verdict(percentile(own, 99) / r99)}`,
    );
  }
  await new Promise((r) => setTimeout(r, 1500)); // the last documents stored
  const stored = new Map(
    ((await t.db('press_releases').whereIn('id', suggestReleases).select('id', 'pending_suggestions')) as { id: string; pending_suggestions: number }[]).map((r) => [r.id, r.pending_suggestions]),
  );
  console.log(`(pending suggestions stored, one per typist, interleaved · own paragraph per N: ${suggestReleases.map((id) => stored.get(id)).join(', ')}; load average ${load()})`);
  UpdateGuard.prototype.check = check;
  console.log('\nAgainst the reference relay carrying the same marked keystrokes (the clients\' own work alike; the relay checks nothing)');
  console.log('N    | ref marked interleaved    | ours interleaved / it  | ref marked own paragraph  | ours own paragraph / it (≤ 1.25×)');
  for (const line of markedLines) console.log(line);
  console.log(`The server's guard in these runs, mean per checked update × updates (the writer's release and the reviewers' typing): ${guardLines.join('; ')}`);

  const plainMem = await memoryPerDocument(oursTarget, releases.slice(14, 32));
  const sugMem = await memoryPerDocument(oursTarget, releases.slice(32, 50), (d) => {
    writeRelease(d);
    addSuggestions(d, owner.id, 50);
  });
  console.log('\nHeap per loaded document (one writer each, ~4 KB of text; the client doc included)');
  console.log(`no suggestions: ${(plainMem / 1024).toFixed(0)} KiB   50 pending suggestions: ${(sugMem / 1024).toFixed(0)} KiB   ${(globalThis as { gc?: unknown }).gc ? '' : '(run with node --expose-gc for steadier figures)'}`);

  guardCosts();
  console.log('\nWhere a suggest-mode check goes (on the same release, the reviewer\'s insertion pending too):');
  for (const pending of [0, 50]) suggestCheckParts(pending);
  console.log('\nThe suggest-mode check against the count of marked runs (two reviewers alternating keystrokes at the end of the last paragraph, as the interleaved case leaves it):');
  for (const runs of [0, 100, 300, 1000]) suggestCheckByRuns(runs);
  console.log(`\nload average at the end ${load()}`);

  await relay.close();
  await ours.close();
  await t.destroy();
}

// ------------------------------------------------------------------ connection cost (BENCH_CASES=connect)
/** A child server's memory after a collection (the process answers over IPC; spawnProc's `memory`). */
function memoryOf(p: Proc): Promise<{ rss: number; heapUsed: number }> {
  return withTimeout(
    new Promise((resolve) => {
      const on = (m: unknown) => {
        if (m && typeof m === 'object' && 'rss' in m) {
          p.child.off('message', on);
          resolve(m as { rss: number; heapUsed: number });
        }
      };
      p.child.on('message', on);
      p.child.send('memory');
    }),
    30_000,
    'no memory answer',
  );
}

/** One way of opening an editor, as a browser does it: whatever it asks first, then the socket, until synced. */
interface Opener {
  name: string;
  open(room: string): Promise<{ doc: Y.Doc; destroy(): void }>;
}

/**
 * The socket class sending a token first, made once per token as the browser makes it once
 * (use-collab.ts): a class per editor gave the client's `ws` code 200 shapes of socket.
 */
const tokenSockets = new Map<string, typeof WebSocket>();
const tokenSocket = (token: string) => {
  let c = tokenSockets.get(token);
  if (!c) tokenSockets.set(token, (c = withAuthMessage(WebSocket, () => token)));
  return c;
};

/** y-websocket to our /collab, with the ticket (old path) or the auth message (session token). */
async function oursOpen(port: number, room: string, how: { ticket: string } | { token: string }) {
  const doc = new Y.Doc();
  const Socket = 'token' in how ? tokenSocket(how.token) : WebSocket;
  const provider = new WebsocketProvider(`ws://127.0.0.1:${port}/collab`, room, doc, {
    WebSocketPolyfill: Socket as unknown as typeof globalThis.WebSocket,
    params: 'ticket' in how ? { ticket: how.ticket } : {},
    disableBc: true,
  });
  handleServerMessages(provider); // our own messages ("saved", render error)
  await withTimeout(new Promise<void>((resolve) => provider.once('sync', () => resolve())), 120_000, 'an editor did not sync');
  return { doc, destroy: () => provider.destroy() };
}

/**
 * BENCH_CASES=connect (issue 32, point 7): N editors (BENCH_N, default 200) open one document,
 * all at once and one after another, as a browser opens the editor: ours through the old path
 * (a ticket POST over HTTP, then the socket with the ticket) and the new one (the session's
 * access token in the socket's first message), and Hocuspocus 3 (no auth hook), each server
 * alone in a child process on Postgres. Time until every editor synced, and the server
 * process's RSS and heap per connection (after a collection; 200 connected against none).
 * BENCH_SIDES=1,2 picks sides by index (0 ticket, 1 token, 2 Hocuspocus); BENCH_ROUNDS (default
 * 3); BENCH_CHILD_NODE_ARGS passes options to both server processes (diagnosis, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
async function connecting(): Promise<void> {
  const t = await createTestDb();
  if (!t.databaseUrl) throw new Error('the connection case needs DATABASE_URL (Hocuspocus persists to Postgres)');
  await seed(t.db, { demo: false });
  const N = Number(process.env.BENCH_N ?? 200);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' / ');
  const jwt = 'collab-bench-secret-collab-bench-secret-0123';
  const env = { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: t.databaseUrl, JWT_SECRET: jwt, SEED_DEMO: 'false' };
  const [ours, hp] = await Promise.all([
    spawnProc('../server/src/collab/cluster-node.fixture.ts', env, { memory: true }),
    spawnProc('./lib/hocuspocus-node.ts', env, { memory: true }),
  ]);
  const base = `http://127.0.0.1:${ours.port}`;
  const owner = await signUp(base, 'bench@connect.bench', 'client');
  const { access_token: token } = await signIn(base, 'bench@connect.bench');
  const orgId = await ownOrganisationOf(t.db, owner.id);
  const newRelease = async (title: string) =>
    ((await t.db('press_releases').insert({ title, organisation_id: orgId, author_id: owner.id }).returning('id')) as { id: string }[])[0]!.id;
  const ticketPost = async (room: string) => {
    const r = await fetch(`${base}/api/collab/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ releaseId: room }),
    });
    if (!r.ok) throw new Error(`ticket: ${r.status}`);
    return ((await r.json()) as { ticket: string }).ticket;
  };
  const openers: (Opener & { proc: Proc; room: () => Promise<string> })[] = [
    { name: 'ours, ticket POST + socket (before)', proc: ours, room: () => newRelease('ticket'), open: async (room) => oursOpen(ours.port, room, { ticket: await ticketPost(room) }) },
    { name: 'ours, token in first message (after)', proc: ours, room: () => newRelease('token'), open: (room) => oursOpen(ours.port, room, { token }) },
    {
      name: 'Hocuspocus 3.4.4 (no auth hook)',
      proc: hp,
      room: () => Promise.resolve(`hp-connect-${Math.random().toString(36).slice(2, 10)}`),
      open: (room) => hocuspocusEditor(hp.port, 0, room),
    },
  ];
  const sides = process.env.BENCH_SIDES ? openers.filter((_, i) => process.env.BENCH_SIDES!.split(',').includes(String(i))) : openers;
  const results = new Map<string, { burst: number[]; seq: number[]; rss: number[]; heap: number[] }>(sides.map((s) => [s.name, { burst: [], seq: [], rss: [], heap: [] }]));
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  console.log(`Database: Postgres; Node ${process.version}; N = ${N}; ${rounds} rounds; load average ${load()}`);
  const mb = (m: { rss: number; heapUsed: number }) => `RSS ${(m.rss / 2 ** 20).toFixed(0)} MB heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MB`;
  const [oursIdle, hpIdle] = await Promise.all([ours, hp].map((p) => memoryOf(p)));
  console.log(`Idle at start, before any editor: ours ${mb(oursIdle!)}; Hocuspocus ${mb(hpIdle!)}`);
  // Warm-up, discarded: every path compiled, our render thread started.
  for (const s of sides) {
    const room = await s.room();
    const es = await Promise.all(Array.from({ length: 10 }, () => s.open(room)));
    writeRelease(es[0]!.doc);
    await pause(1500);
    for (const e of es) e.destroy();
  }
  await pause(2000);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < sides.length; k++) {
      const s = sides[(round + k) % sides.length]!;
      const r = results.get(s.name)!;
      // A release-sized document, stored and unloaded: the editors load it from Postgres.
      const room = await s.room();
      const seedEditor = await s.open(room);
      writeRelease(seedEditor.doc);
      await pause(1500);
      seedEditor.destroy();
      await pause(1500);
      const before = await memoryOf(s.proc);
      // All at once (a newsroom opening the release after a restart).
      let t0 = performance.now();
      const burst = await Promise.all(Array.from({ length: N }, () => s.open(room)));
      r.burst.push(performance.now() - t0);
      await pause(1000);
      const after = await memoryOf(s.proc);
      r.rss.push((after.rss - before.rss) / N);
      r.heap.push((after.heapUsed - before.heapUsed) / N);
      for (const e of burst) e.destroy();
      await pause(2000);
      // One after another (each editor's own wait).
      t0 = performance.now();
      const seq = [];
      for (let i = 0; i < N; i++) seq.push(await s.open(room));
      r.seq.push(performance.now() - t0);
      for (const e of seq) e.destroy();
      await pause(2000);
      console.log(`  round ${round + 1}, ${s.name}: all at once ${r.burst.at(-1)!.toFixed(0)} ms, one after another ${r.seq.at(-1)!.toFixed(0)} ms, +${(r.rss.at(-1)! / 1024).toFixed(0)} KiB RSS / +${(r.heap.at(-1)! / 1024).toFixed(0)} KiB heap per connection (load ${load()})`);
    }
  }
  const med = (xs: number[]) => percentile(xs, 50);
  const hpRes = results.get(openers[2]!.name);
  console.log(`\nConnect and sync ${N} editors on one document, median of ${rounds} (ms), and the server's memory per connection`);
  console.log('side                                    | all at once | /HP (≤ 1.5×) | one after another | /HP | RSS per conn | heap per conn');
  for (const s of sides) {
    const r = results.get(s.name)!;
    const vs = (x: number, ref?: number[]) => (ref ? (x / med(ref)).toFixed(2) : '—');
    console.log(
      `${s.name.padEnd(39)} | ${med(r.burst).toFixed(0).padStart(11)} | ${vs(med(r.burst), hpRes?.burst).padStart(12)} | ${med(r.seq).toFixed(0).padStart(17)} | ${vs(med(r.seq), hpRes?.seq).padStart(4)} | ${`${(med(r.rss) / 1024).toFixed(0)} KiB`.padStart(12)} | ${(med(r.heap) / 1024).toFixed(0)} KiB`,
    );
  }
  const total = await Promise.all([ours, hp].map((p) => memoryOf(p)));
  console.log(`(idle after the runs: ours ${mb(total[0]!)}; Hocuspocus ${mb(total[1]!)}; load average ${load()})`);
  await Promise.all([ours.stop(), hp.stop()]);
  await t.destroy();
}

main()
  // Exit even if a client library keeps a timer alive (the Hocuspocus providers do).
  .then(() => process.exit(0))
  .catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
