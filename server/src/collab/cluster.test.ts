import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { handleServerMessages } from '../../../shared/editor/server-messages';
import { TITLE_FIELD } from '../../../shared/editor/doc-fields';
import { seed } from '../db/seed/index';
import { createTestDb, type TestDb } from '../test/db';
import { redisTestsSkippedReason, startTestRedis, type TestRedis } from '../test/redis-server';
import { call, signIn, signUp } from '../test/http';
import { loadDocument, releaseDocName } from './persistence';

// Two real server processes on one database, joined through a Redis of the test's own.
let REDIS: string | undefined;
const FIXTURE = fileURLToPath(new URL('./cluster-node.fixture.ts', import.meta.url));

interface Node {
  child: ChildProcess;
  port: number;
  url: string;
}

function startNode(databaseUrl: string): Promise<Node> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS,
      JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), url: `http://127.0.0.1:${m[1]}` });
    });
    child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
  });
}

/** A round-robin TCP load balancer without sticky routing that skips dead backends. */
function balancer(ports: number[]): Promise<{ url: string; close: () => void; picks: number[] }> {
  let next = 0;
  const picks: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const start = next++;
    const attempt = (k: number) => {
      if (k >= ports.length) return client.destroy();
      const port = ports[(start + k) % ports.length]!;
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        picks.push(port);
        sockets.add(upstream);
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => (connected ? client.destroy() : attempt(k + 1)));
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `ws://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
        picks,
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      }),
    ),
  );
}

const until = async (cond: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition') => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe.skipIf(redisTestsSkippedReason() !== undefined)('collab across two server processes (Redis)', () => {
  let t: TestDb;
  let redis: TestRedis;
  let p1: Node;
  let p2: Node;
  let lb: Awaited<ReturnType<typeof balancer>>;
  let releaseId: string;
  let ownerToken: string;
  let memberToken: string;
  let ownerId: string;
  let workspaceId: string;
  const providers: WebsocketProvider[] = [];

  beforeAll(async () => {
    [t, redis] = await Promise.all([createTestDb(), startTestRedis()]);
    REDIS = redis.url;
    await seed(t.db, { demo: false });
    [p1, p2] = await Promise.all([startNode(t.databaseUrl!), startNode(t.databaseUrl!)]);
    const owner = await signUp(p1.url, 'owner@cluster.test', 'client');
    const member = await signUp(p2.url, 'member@cluster.test', 'client');
    const ws = await t.db('organisations').where('created_by', owner.id).first<{ id: string }>('id');
    await t.db('organisation_members').insert({ organisation_id: ws.id, user_id: member.id, role: 'editor' });
    const [row] = (await t.db('press_releases').insert({ title: 'Κοινό', author_id: owner.id, organisation_id: ws.id }).returning('id')) as { id: string }[];
    releaseId = row!.id;
    ownerId = owner.id;
    workspaceId = ws.id;
    ownerToken = (await signIn(p1.url, 'owner@cluster.test')).access_token;
    memberToken = (await signIn(p2.url, 'member@cluster.test')).access_token;
    lb = await balancer([p1.port, p2.port]);
  }, 90_000);

  afterAll(async () => {
    for (const p of providers) p.destroy();
    lb?.close();
    for (const n of [p1, p2]) {
      if (n && n.child.exitCode === null && n.child.signalCode === null) {
        const exited = new Promise((r) => n.child.once('exit', r));
        n.child.kill('SIGTERM');
        await exited;
      }
    }
    await t?.destroy();
    await redis?.stop();
  }, 30_000);

  /** A y-websocket client through the load balancer; it fetches a new ticket when told (4401). */
  function editor(token: string, base: () => string, opts: { at?: Node; release?: string } = {}) {
    const doc = new Y.Doc();
    const saved = { clock: 0 };
    const closes: number[] = [];
    const release = opts.release ?? releaseId;
    const wsBase = opts.at ? opts.at.url.replace('http', 'ws') : lb.url;
    const provider = new WebsocketProvider(`${wsBase}/collab`, release, doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params: { ticket: '' },
      disableBc: true,
      connect: false,
      maxBackoffTime: 300,
    });
    providers.push(provider);
    handleServerMessages(provider, { saved: (vector) => (saved.clock = Math.max(saved.clock, vector.get(doc.clientID) ?? 0)) });
    const freshTicket = async () => {
      const r = await call<{ ticket: string }>(base(), 'POST', '/api/collab/tickets', { token, body: { releaseId: release } });
      provider.params = { ticket: r.body.ticket };
    };
    provider.on('connection-close', (event: CloseEvent | null) => {
      if (event) closes.push(event.code);
      // Like the editor: a 4401 (a session or ticket that no longer opens the document; a ticket
      // opens one connection only, so every reconnect needs a new one) gets a fresh ticket.
      if (event?.code === 4401) void freshTicket().then(() => provider.connect(), () => provider.disconnect());
    });
    const ownClock = () => Y.decodeStateVector(Y.encodeStateVector(doc)).get(doc.clientID) ?? 0;
    const start = async () => {
      await freshTicket();
      const synced = new Promise<void>((resolve) => provider.once('sync', () => resolve()));
      provider.connect();
      await synced;
    };
    return { doc, provider, saved, closes, ownClock, start, title: () => doc.getText(TITLE_FIELD).toJSON() };
  }

  it('a send through one process stores what an editor on the other typed and freezes it there (4409); a sign-out on one process cuts editors on the other (4401)', async () => {
    await t.db('profiles').where('user_id', ownerId).update({ status: 'approved' });
    await t.db('organisations').where('created_by', ownerId).update({ status: 'approved' });
    const [row] = (await t.db('press_releases')
      .insert({ title: 'Προς αποστολή', content_text: 'Κείμενο', category: 'tech', media_list_categories: ['tech'], author_id: ownerId, organisation_id: workspaceId })
      .returning('id')) as { id: string }[];
    const sendId = row!.id;
    const watcher = editor(ownerToken, () => p1.url, { at: p1, release: sendId });
    await watcher.start();
    const writer = editor(memberToken, () => p2.url, { at: p2, release: sendId });
    await writer.start();

    // Typed on process 2, seen on process 1, not yet stored (stores happen within 0.5 s): send now through process 1.
    writer.doc.getText(TITLE_FIELD).insert(writer.doc.getText(TITLE_FIELD).length, ' ΤΕΛΙΚΟ');
    await until(() => watcher.title().includes('ΤΕΛΙΚΟ'), 5_000, 'relay');
    const sent = await call(p1.url, 'POST', `/api/releases/${sendId}/send`, { token: ownerToken });
    expect(sent.status).toBe(200);
    const version = await t.db('release_sent_versions').where('press_release_id', sendId).first<{ title: string }>('title');
    expect(version.title).toBe('Προς αποστολή ΤΕΛΙΚΟ');

    // The editor on process 2 is read-only now: a change is refused with 4409.
    writer.doc.getText(TITLE_FIELD).insert(0, 'ΑΡΓΑ ');
    await until(() => writer.closes.includes(4409), 5_000, '4409 on process 2');

    // A second session of the member, editing on process 2, signed out through process 1.
    const second = (await signIn(p2.url, 'member@cluster.test')).access_token;
    const viewer = editor(second, () => p2.url, { at: p2 });
    await viewer.start();
    const out = await call(p1.url, 'POST', '/auth/v1/logout?scope=local', { token: second });
    expect(out.status).toBe(204);
    await until(() => viewer.closes.includes(4401), 5_000, '4401 on process 2');
    for (const e of [watcher, writer, viewer]) e.provider.destroy();
  }, 60_000);

  it('a restore asked of one process reaches an editor on the other as one change, and is stored', async () => {
    const [row] = (await t.db('press_releases')
      .insert({ title: 'Εκδόσεις', author_id: ownerId, organisation_id: workspaceId })
      .returning('id')) as { id: string }[];
    const id = row!.id;
    // The only editor is on process 2; the restore is asked of process 1, which does not hold the document.
    const writer = editor(memberToken, () => p2.url, { at: p2, release: id });
    await writer.start();
    writer.doc.getText(TITLE_FIELD).insert(writer.doc.getText(TITLE_FIELD).length, ' Α');
    const v1 = await call<{ id: string }>(p2.url, 'POST', `/api/releases/${id}/versions`, { token: memberToken, body: { name: 'Πρώτη' } });
    expect(v1.status).toBe(201);
    writer.doc.getText(TITLE_FIELD).insert(writer.doc.getText(TITLE_FIELD).length, ' Β');
    await until(() => writer.saved.clock >= writer.ownClock(), 5_000, 'stored');
    const received: Uint8Array[] = [];
    const onUpdate = (u: Uint8Array, origin: unknown) => void (origin === writer.provider && received.push(u));
    writer.doc.on('update', onUpdate);
    const r = await call(p1.url, 'POST', `/api/releases/${id}/versions/${v1.body.id}/restore`, { token: ownerToken });
    expect(r.status).toBe(200);
    await until(() => writer.title() === 'Εκδόσεις Α', 5_000, 'restore relayed to process 2');
    writer.doc.off('update', onUpdate);
    expect(received).toHaveLength(1);
    const { doc: stored } = await loadDocument(t.db, releaseDocName(id));
    expect(stored.getText(TITLE_FIELD).toJSON()).toBe('Εκδόσεις Α');
    stored.destroy();
    const kinds = (await t.db('release_versions').where('press_release_id', id).orderBy('seq').select('kind')) as { kind: string }[];
    expect(kinds.map((k) => k.kind)).toEqual(['named', 'auto', 'restore']);
  }, 30_000);

  it('clients on different processes converge, see each other’s carets, and lose nothing acknowledged when a process is killed', async () => {
    // Round robin: the first editor lands on process 1, the second on process 2.
    const a = editor(ownerToken, () => p2.url);
    await a.start();
    const b = editor(memberToken, () => p2.url);
    await b.start();
    expect(lb.picks.slice(-2)).toEqual([p1.port, p2.port]);

    // Converge both ways.
    a.doc.getText(TITLE_FIELD).insert(a.doc.getText(TITLE_FIELD).length, ' [α]');
    await until(() => b.title().includes('[α]'), 5_000, 'a → b');
    b.doc.getText(TITLE_FIELD).insert(0, '[β] ');
    await until(() => a.title().includes('[β]'), 5_000, 'b → a');
    expect(a.title()).toBe(b.title());

    // Carets (awareness) cross processes.
    a.provider.awareness.setLocalStateField('user', { name: 'Άλφα' });
    b.provider.awareness.setLocalStateField('user', { name: 'Βήτα' });
    const names = (p: WebsocketProvider) => [...p.awareness.getStates().values()].map((s) => (s as { user?: { name: string } }).user?.name);
    await until(() => names(b.provider).includes('Άλφα') && names(a.provider).includes('Βήτα'), 5_000, 'carets');

    // The "saved" acknowledgement reaches editors on both processes.
    await until(() => a.saved.clock >= a.ownClock() && b.saved.clock >= b.ownClock(), 5_000, 'saved');

    // Both type; process 1 (editor a's) is killed -9 in the middle of it: after some of a's work
    // was acknowledged (stored), right after more of it was sent (in flight, not yet stored), and
    // both go on typing while a is cut off.
    const typed = { a: [] as { token: string; clock: number }[], b: [] as string[] };
    const type = (i: number) => {
      const token = `a${i};`;
      const text = a.doc.getText(TITLE_FIELD);
      text.insert(text.length, token);
      typed.a.push({ token, clock: a.ownClock() });
      const tb = `b${i};`;
      b.doc.getText(TITLE_FIELD).insert(0, tb);
      typed.b.push(tb);
    };
    for (let i = 0; i < 20; i++) type(i);
    await until(() => a.saved.clock >= typed.a.at(-1)!.clock, 10_000, 'the first keystrokes acknowledged');
    for (let i = 20; i < 40; i++) type(i);
    p1.child.kill('SIGKILL');
    await new Promise((r) => p1.child.once('exit', r));
    // What process 1 had acknowledged to editor a before it died.
    const ackedAtKill = typed.a.filter((x) => x.clock <= a.saved.clock);
    for (let i = 40; i < 60; i++) type(i);
    expect(ackedAtKill.length).toBeGreaterThanOrEqual(20);

    // Editor a reconnects by itself, through the balancer, to process 2; everything merges.
    await until(() => a.provider.wsconnected && a.provider.synced, 15_000, 'a reconnected');
    await until(() => a.title() === b.title(), 10_000, 'converged after failover');
    for (const x of typed.a) expect(a.title()).toContain(x.token);
    for (const x of typed.b) expect(a.title()).toContain(x);
    await until(() => a.saved.clock >= a.ownClock() && b.saved.clock >= b.ownClock(), 15_000, 'saved after failover');

    // Postgres holds every acknowledged update of the killed process, and everything else.
    const { doc: stored } = await loadDocument(t.db, releaseDocName(releaseId));
    const storedTitle = stored.getText(TITLE_FIELD).toJSON();
    const lost = ackedAtKill.filter((x) => !storedTitle.includes(x.token));
    expect({ acknowledgedAtKill: ackedAtKill.length, lost: lost.length }).toEqual({ acknowledgedAtKill: ackedAtKill.length, lost: 0 });
    for (const x of typed.a) expect(storedTitle).toContain(x.token);
    for (const x of typed.b) expect(storedTitle).toContain(x);
    expect(storedTitle).toBe(b.title());
    stored.destroy();
  }, 90_000);
});
