import { testConfig } from '../test/app';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { TITLE_FIELD } from '../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../shared/editor/extensions';
import { handleServerMessages } from '../../../shared/editor/server-messages';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { createTestDb, type TestDb } from '../test/db';
import { roundTrip, until } from '../test/collab-client';
import { call, signIn, signUp } from '../test/http';
import { appendUpdates, compactDocument, loadDocument, releaseDocName } from './persistence';
import { mintTicket } from './ticket';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from './upgrade';

let t: TestDb;
let server: RunningServer;
let ownerToken: string;
let memberToken: string;
let outsiderToken: string;
let releaseId: string;

async function boot(): Promise<RunningServer> {
  const config = testConfig(t);
  return startServer({ config, db: t.db, logger: createLogger(config) }, { serveClient: false });
}

beforeAll(async () => {
  t = await createTestDb();
  server = await boot();
  // The render thread starts (seconds under tsx) while the accounts are made: no test times it.
  const warm = server.ctx.collab.warm();
  const owner = await signUp(server.url, 'owner@collab.test', 'client');
  const member = await signUp(server.url, 'member@collab.test', 'client');
  await signUp(server.url, 'outsider@collab.test', 'client');
  const ws = await t.db('organisations').where('created_by', owner.id).first<{ id: string }>('id');
  await t.db('organisation_members').insert({ organisation_id: ws.id, user_id: member.id, role: 'editor' });
  const [row] = (await t.db('press_releases').insert({ title: 'Αρχικός τίτλος', author_id: owner.id, organisation_id: ws.id }).returning('id')) as { id: string }[];
  releaseId = row!.id;
  ownerToken = (await signIn(server.url, 'owner@collab.test')).access_token;
  memberToken = (await signIn(server.url, 'member@collab.test')).access_token;
  outsiderToken = (await signIn(server.url, 'outsider@collab.test')).access_token;
  await warm;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.destroy();
});

// y-websocket prints "Unable to compute message" for a server message its provider has no
// handler for: every editor here registers the server's own (handleServerMessages).
let consoleErrors: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleErrors = vi.spyOn(console, 'error');
});
afterEach(() => {
  const unhandled = consoleErrors.mock.calls.filter((args) => String(args[0]).includes('Unable to compute message'));
  consoleErrors.mockRestore();
  expect(unhandled).toEqual([]);
});

async function ticketFor(token: string, id = releaseId) {
  return call<{ ticket: string; path: string }>(server.url, 'POST', '/api/collab/tickets', { token, body: { releaseId: id } });
}

function connect(ticket: string, doc = new Y.Doc()) {
  const provider = new WebsocketProvider(`${server.url.replace('http', 'ws')}/collab`, releaseId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { ticket },
    disableBc: true,
  });
  handleServerMessages(provider);
  const synced = new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, provider, synced };
}

function closeCodeOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('close', (code) => resolve(code));
  });
}

describe('collaboration server', () => {
  it('lets the owner and a workspace member converge on one document, live', async () => {
    const a = connect((await ticketFor(ownerToken)).body.ticket);
    const b = connect((await ticketFor(memberToken)).body.ticket);
    await Promise.all([a.synced, b.synced]);
    // The server seeded the document once from the release row.
    expect(a.doc.getText(TITLE_FIELD).toJSON()).toBe('Αρχικός τίτλος');

    const para = new Y.XmlElement('paragraph');
    para.insert(0, [new Y.XmlText('Καλημέρα από τον πρώτο')]);
    a.doc.getXmlFragment(CONTENT_FIELD).push([para]);
    // Both type into the title at once: the characters merge, nobody's are lost.
    a.doc.getText(TITLE_FIELD).insert(0, 'Νέος ');
    b.doc.getText(TITLE_FIELD).insert(b.doc.getText(TITLE_FIELD).length, ' από τον δεύτερο');
    await until(() => b.doc.getXmlFragment(CONTENT_FIELD).toJSON().includes('Καλημέρα από τον πρώτο'));
    await until(() => a.doc.getText(TITLE_FIELD).toJSON() === 'Νέος Αρχικός τίτλος από τον δεύτερο');
    await until(() => b.doc.getText(TITLE_FIELD).toJSON() === 'Νέος Αρχικός τίτλος από τον δεύτερο');

    // Stored within ~0.5 s and derived into the release row.
    await until(async () => {
      const r = await t.db('press_releases').where('id', releaseId).first<{ content: string; title: string }>('content', 'title');
      return r.content.includes('<p>Καλημέρα από τον πρώτο</p>') && r.title === 'Νέος Αρχικός τίτλος από τον δεύτερο';
    });
    const row = await t.db('press_releases').where('id', releaseId).first<{ search_text: string }>('search_text');
    expect(row.search_text).toContain('καλημερα');

    a.provider.destroy();
    b.provider.destroy();
    // Unloaded after the last connection, and compacted into the snapshot.
    await until(async () => (await t.db('yjs_updates').where('document_name', releaseDocName(releaseId))).length === 0);
  });

  it('refuses an outsider with 4403 (and no ticket is minted for them)', async () => {
    expect((await ticketFor(outsiderToken)).status).toBe(404);
    const outsider = await t.db('users').where('email', 'outsider@collab.test').first<{ id: string }>('id');
    const session = await t.db('auth_sessions').where('user_id', outsider.id).first<{ id: string }>('id');
    const { ticket } = await mintTicket({ userId: outsider.id, sessionId: session.id, doc: releaseDocName(releaseId), name: 'x' }, server.ctx.tokenKey);
    expect(await closeCodeOf(`${server.url.replace('http', 'ws')}/collab/${releaseId}?ticket=${ticket}`)).toBe(CLOSE_FORBIDDEN);
  });

  it('closes expired or forged tickets and tickets for another document with 4401/4403', async () => {
    const owner = await t.db('users').where('email', 'owner@collab.test').first<{ id: string }>('id');
    const session = await t.db('auth_sessions').where('user_id', owner.id).first<{ id: string }>('id');
    const old = await mintTicket({ userId: owner.id, sessionId: session.id, doc: releaseDocName(releaseId), name: 'x' }, server.ctx.tokenKey, Math.floor(Date.now() / 1000) - 3600);
    const base = `${server.url.replace('http', 'ws')}/collab/${releaseId}`;
    expect(await closeCodeOf(`${base}?ticket=${old.ticket}`)).toBe(CLOSE_UNAUTHORIZED);
    expect(await closeCodeOf(`${base}?ticket=not-a-ticket`)).toBe(CLOSE_UNAUTHORIZED);
    const other = await mintTicket({ userId: owner.id, sessionId: session.id, doc: 'release:00000000-0000-4000-8000-000000000000', name: 'x' }, server.ctx.tokenKey);
    expect(await closeCodeOf(`${base}?ticket=${other.ticket}`)).toBe(CLOSE_FORBIDDEN);
  });

  it("binds a ticket to its session's user: another user's session in the ticket is refused (4401)", async () => {
    const owner = await t.db('users').where('email', 'owner@collab.test').first<{ id: string }>('id');
    const member = await t.db('users').where('email', 'member@collab.test').first<{ id: string }>('id');
    const memberSession = await t.db('auth_sessions').where('user_id', member.id).whereNull('revoked_at').first<{ id: string }>('id');
    // The owner's id with the member's session: each exists and may open the release, but not together.
    const forged = await mintTicket({ userId: owner.id, sessionId: memberSession.id, doc: releaseDocName(releaseId), name: 'x' }, server.ctx.tokenKey);
    expect(await closeCodeOf(`${server.url.replace('http', 'ws')}/collab/${releaseId}?ticket=${forged.ticket}`)).toBe(CLOSE_UNAUTHORIZED);
  });

  it('lets a ticket open one connection only', async () => {
    const { ticket } = (await ticketFor(ownerToken)).body;
    const first = connect(ticket);
    await first.synced;
    expect(await closeCodeOf(`${server.url.replace('http', 'ws')}/collab/${releaseId}?ticket=${ticket}`)).toBe(CLOSE_UNAUTHORIZED);
    first.provider.destroy();
  });

  it('refuses a connection from a foreign Origin', async () => {
    const { ticket } = (await ticketFor(ownerToken)).body;
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/collab/${releaseId}?ticket=${ticket}`, { headers: { origin: 'https://evil.example' } });
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(CLOSE_FORBIDDEN);
  });

  it('closes a connection that sends more than 1 MiB in one message', async () => {
    const { ticket } = (await ticketFor(ownerToken)).body;
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/collab/${releaseId}?ticket=${ticket}`);
      ws.on('open', () => ws.send(Buffer.alloc(1024 * 1024 + 10)));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(1009);
  });

  it('loses nothing across a server restart', async () => {
    const a = connect((await ticketFor(ownerToken)).body.ticket);
    await a.synced;
    const para = new Y.XmlElement('paragraph');
    para.insert(0, [new Y.XmlText('Πριν την επανεκκίνηση')]);
    a.doc.getXmlFragment(CONTENT_FIELD).push([para]);
    // The server has the update (a round trip), not yet stored (that waits ~0.5 s): close right
    // away, pending updates are flushed on shutdown.
    await roundTrip(a.provider);
    a.provider.destroy();
    await server.close();
    server = await boot();
    ownerToken = (await signIn(server.url, 'owner@collab.test')).access_token;
    const b = connect((await ticketFor(ownerToken)).body.ticket);
    await b.synced;
    expect(b.doc.getXmlFragment(CONTENT_FIELD).toJSON()).toContain('Πριν την επανεκκίνηση');
    expect(b.doc.getXmlFragment(CONTENT_FIELD).toJSON()).toContain('Καλημέρα από τον πρώτο');
    b.provider.destroy();
  });

  it('renders only sanitized HTML (no scripts, no javascript: links)', async () => {
    const { renderDoc } = await import('./render');
    const doc = new Y.Doc();
    const p = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    text.insert(0, 'κλικ', { link: { href: 'javascript:alert(1)' } });
    text.insert(4, ' <script>alert(1)</script>');
    p.insert(0, [text]);
    doc.getXmlFragment(CONTENT_FIELD).push([p]);
    const { html } = renderDoc(doc);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('persistence and compaction', () => {
  it('merges exactly the rows it read and keeps updates written after', async () => {
    const name = 'release:11111111-1111-4111-8111-111111111111';
    const src = new Y.Doc();
    const updates: Uint8Array[] = [];
    src.on('update', (u: Uint8Array) => updates.push(u));
    for (const w of ['ένα', 'δύο', 'τρία']) src.getText('t').insert(src.getText('t').length, w + ' ');
    await appendUpdates(t.db, name, updates);
    expect(await compactDocument(t.db, name)).toBe(3);
    expect(await t.db('yjs_updates').where('document_name', name)).toHaveLength(0);
    src.getText('t').insert(0, 'αρχή ');
    await appendUpdates(t.db, name, [updates[updates.length - 1]!]);
    const { doc } = await loadDocument(t.db, name);
    expect(doc.getText('t').toJSON()).toBe('αρχή ένα δύο τρία ');
    expect(await t.db('yjs_updates').where('document_name', name)).toHaveLength(1);
    expect(await compactDocument(t.db, name)).toBe(1);
    const again = await loadDocument(t.db, name);
    expect(again.doc.getText('t').toJSON()).toBe('αρχή ένα δύο τρία ');
  });
});

describe('duplicate and delete keep documents in step', () => {
  // The restarted server's render thread starts (seconds under tsx) before the test is timed.
  beforeAll(() => server.ctx.collab.warm(), 60_000);

  it('a duplicate opens with the same rich text and its own title; a deleted release leaves no document', async () => {
    const a = connect((await ticketFor(ownerToken)).body.ticket);
    await a.synced;
    const heading = new Y.XmlElement('heading');
    heading.setAttribute('level', 2 as unknown as string);
    heading.insert(0, [new Y.XmlText('Υπότιτλος προς αντιγραφή')]);
    a.doc.getXmlFragment(CONTENT_FIELD).push([heading]);
    await roundTrip(a.provider); // the server has it (live, maybe not yet stored)
    const dup = await call<{ id: string; title: string }>(server.url, 'POST', `/api/releases/${releaseId}/duplicate`, { token: ownerToken });
    expect(dup.status).toBe(201);
    a.provider.destroy();
    const copyTicket = await ticketFor(ownerToken, dup.body.id);
    const b = new WebsocketProvider(`${server.url.replace('http', 'ws')}/collab`, dup.body.id, new Y.Doc(), {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params: { ticket: copyTicket.body.ticket },
      disableBc: true,
    });
    handleServerMessages(b);
    await new Promise<void>((resolve) => b.once('sync', () => resolve()));
    expect(b.doc.getXmlFragment(CONTENT_FIELD).toJSON()).toContain('<heading');
    expect(b.doc.getXmlFragment(CONTENT_FIELD).toJSON()).toContain('Υπότιτλος προς αντιγραφή');
    expect(b.doc.getText(TITLE_FIELD).toJSON()).toBe(`${dup.body.title}`);
    expect(dup.body.title).toMatch(/\(αντίγραφο\)$/);
    const closed = new Promise<number>((resolve) => b.on('connection-close', (e) => resolve(e?.code ?? 0)));
    expect((await call(server.url, 'DELETE', `/api/releases/${dup.body.id}`, { token: ownerToken })).status).toBe(200);
    expect(await closed).toBe(CLOSE_FORBIDDEN);
    b.destroy();
    // Once the document is unloaded nothing can store it again: then the rows must be gone.
    await until(() => !server.ctx.collab.loadedDocuments().includes(releaseDocName(dup.body.id)));
    expect(await t.db('yjs_documents').where('name', releaseDocName(dup.body.id))).toHaveLength(0);
  });
});

describe('removal from a workspace', () => {
  it("closes the removed member's editor of the workspace's release (4403) but not of their own", async () => {
    const member = await t.db('users').where('email', 'member@collab.test').first<{ id: string }>('id');
    const ownOrg = (await t.db('organisation_members').where({ user_id: member.id, role: 'owner' }).first<{ organisation_id: string }>('organisation_id'))!;
    const [own] = (await t.db('press_releases').insert({ title: 'Δικό μου', author_id: member.id, organisation_id: ownOrg.organisation_id }).returning('id')) as { id: string }[];
    const ws = (await t.db('organisation_members').where({ user_id: member.id, role: 'editor' }).first<{ organisation_id: string }>('organisation_id'))!;
    const theirs = connect((await ticketFor(memberToken)).body.ticket);
    const ownTicket = await ticketFor(memberToken, own!.id);
    const mine = new WebsocketProvider(`${server.url.replace('http', 'ws')}/collab`, own!.id, new Y.Doc(), {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      params: { ticket: ownTicket.body.ticket },
      disableBc: true,
    });
    handleServerMessages(mine);
    await Promise.all([theirs.synced, new Promise<void>((r) => mine.once('sync', () => r()))]);
    const codes: number[] = [];
    theirs.provider.on('connection-close', (e) => codes.push(e?.code ?? 0));
    let ownClosed = false;
    mine.on('connection-close', () => (ownClosed = true));

    const removed = await call(server.url, 'DELETE', `/api/organisations/${ws.organisation_id}/members/${member.id}`, { token: ownerToken });
    expect(removed.status).toBe(204);
    await until(() => codes.includes(CLOSE_FORBIDDEN));
    // The removal re-checked every open editor of the member before it answered: a close of
    // their own editor would have been sent before the pong of a round trip started now.
    await roundTrip(mine);
    expect(ownClosed).toBe(false);
    theirs.provider.destroy();
    mine.destroy();
  });
});
