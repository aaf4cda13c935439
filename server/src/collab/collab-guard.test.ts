/**
 * Co-editing trusts nothing it receives: raw Yjs clients on the real /collab endpoint.
 * A sent release is read-only on the server; an update outside the editor schema is refused
 * whole (not applied, stored or relayed) and the others keep editing; a document that cannot
 * be rendered is "not saved" with the reason and cannot be sent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import {
  CLOSE_READ_ONLY,
  CLOSE_REJECTED,
  MAX_RELEASE_TEXT_CHARS,
  RENDER_ERRORS,
} from '../../../shared/editor/collab-protocol';
import { handleServerMessages } from '../../../shared/editor/server-messages';
import { TITLE_FIELD } from '../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../shared/editor/extensions';
import { startTestServer, type TestServer } from '../test/app';
import { until } from '../test/collab-client';
import { call, signIn, signUp } from '../test/http';
import { deriveRelease } from './derive';
import { appendUpdates, loadDocument, releaseDocName } from './persistence';
import { deleteUntouchedDrafts } from '../modules/releases/releases.lifecycle';

// Watched, so a test can wait for the removal of an untouched draft to have been considered
// (after its last editor left) rather than for a while.
vi.mock('../modules/releases/releases.lifecycle', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../modules/releases/releases.lifecycle')>();
  return { ...actual, deleteUntouchedDrafts: vi.fn(actual.deleteUntouchedDrafts) };
});

let server: TestServer;
let owner: { id: string; token: string };
let member: { id: string; token: string };
let workspaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  // The render thread starts (seconds under tsx) while the accounts are made: no test times it.
  const warm = server.ctx.collab.warm();
  const db = server.ctx.db;
  const o = await signUp(server.url, 'owner@guard.test', 'client');
  const m = await signUp(server.url, 'member@guard.test', 'client');
  await db('profiles').whereIn('user_id', [o.id, m.id]).update({ status: 'approved' });
  await db('organisations').whereIn('created_by', [o.id, m.id]).update({ status: 'approved' });
  workspaceId = ((await db('organisations').where('created_by', o.id).first('id')) as { id: string }).id;
  await db('organisation_members').insert({ organisation_id: workspaceId, user_id: m.id, role: 'editor' });
  owner = { id: o.id, token: (await signIn(server.url, 'owner@guard.test')).access_token };
  member = { id: m.id, token: (await signIn(server.url, 'member@guard.test')).access_token };
  await warm;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function newRelease(title = 'Δελτίο'): Promise<string> {
  const r = await call<{ id: string }>(server.url, 'POST', '/api/releases', { token: owner.token, body: { title, content: 'Αρχικό κείμενο', category: 'tech' } });
  return r.body.id;
}

interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  synced: Promise<void>;
  closed: Promise<number>;
  saved: () => number;
  renderErrors: string[];
  /** The first "saved" or "not saved" the server sent this connection. */
  heard: Promise<'saved' | 'render-error'>;
}

async function connect(releaseId: string, token = owner.token): Promise<Client> {
  const { body } = await call<{ ticket: string }>(server.url, 'POST', '/api/collab/tickets', { token, body: { releaseId } });
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${server.url.replace('http', 'ws')}/collab`, releaseId, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { ticket: body.ticket },
    disableBc: true,
    maxBackoffTime: 60_000,
  });
  let savedCount = 0;
  const renderErrors: string[] = [];
  let hear: (what: 'saved' | 'render-error') => void = () => undefined;
  const heard = new Promise<'saved' | 'render-error'>((resolve) => (hear = resolve));
  handleServerMessages(provider, {
    saved: () => {
      savedCount++;
      hear('saved');
    },
    renderError: (reason) => {
      renderErrors.push(reason);
      hear('render-error');
    },
  });
  const synced = new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  const closed = new Promise<number>((resolve) =>
    provider.on('connection-close', (e) => {
      if (e && e.code >= 4000) {
        provider.disconnect(); // as the editor does: no reconnect loop
        resolve(e.code);
      }
    }),
  );
  return { doc, provider, synced, closed, saved: () => savedCount, renderErrors, heard };
}

const paragraph = (text: string) => {
  const p = new Y.XmlElement('paragraph');
  p.insert(0, [new Y.XmlText(text)]);
  return p;
};
/** A paragraph holding one link (the mark's attributes travel as JSON, which keeps a lone surrogate). */
const linked = (d: Y.Doc, text: string, href: string) => {
  const p = new Y.XmlElement('paragraph');
  const t = new Y.XmlText();
  p.insert(0, [t]);
  d.getXmlFragment(CONTENT_FIELD).push([p]);
  t.insert(0, text, { link: { href } });
};
const row = async (id: string) =>
  (await server.ctx.db('press_releases').where('id', id).first('title', 'content', 'content_text', 'status', 'render_error')) as {
    title: string;
    content: string;
    content_text: string;
    status: string;
    render_error: string | null;
  };
const storedText = async (id: string) => {
  const updates = (await server.ctx.db('yjs_updates').where('document_name', releaseDocName(id)).select('update')) as { update: Buffer }[];
  return Buffer.concat(updates.map((u) => u.update)).toString('latin1');
};

describe('a sent release is read-only on the server', () => {
  it('refuses every change (4409) from an editor who stayed and from one who joins later; viewers still sync', async () => {
    const id = await newRelease('Πριν την αποστολή');
    const a = await connect(id);
    await a.synced;
    a.doc.getXmlFragment(CONTENT_FIELD).push([paragraph('Τελικό κείμενο')]);
    await until(() => a.saved() > 0);
    const sent = await call(server.url, 'POST', `/api/releases/${id}/send`, { token: owner.token });
    expect(sent.status).toBe(200);
    const before = await row(id);
    expect(before).toMatchObject({ status: 'sent', title: 'Πριν την αποστολή' });
    expect(before.content).toContain('Τελικό κείμενο');
    const version = await server.ctx.db('release_sent_versions').where('press_release_id', id).first('doc_state', 'content');
    const sentDoc = new Y.Doc();
    Y.applyUpdate(sentDoc, new Uint8Array(version.doc_state as Buffer));
    expect(sentDoc.getXmlFragment(CONTENT_FIELD).toJSON()).toContain('Τελικό κείμενο');

    // The editor who stayed connected types after the send.
    a.doc.getText(TITLE_FIELD).insert(0, 'ΑΛΛΑΓΜΕΝΟ ');
    expect(await a.closed).toBe(CLOSE_READ_ONLY);

    // A writer who joins afterwards syncs the document, then tries to change it.
    const b = await connect(id, member.token);
    await b.synced;
    expect(b.doc.getText(TITLE_FIELD).toJSON()).toBe('Πριν την αποστολή');
    b.doc.getXmlFragment(CONTENT_FIELD).push([paragraph('Πρόσθετο μετά την αποστολή')]);
    expect(await b.closed).toBe(CLOSE_READ_ONLY);

    // A viewer who only syncs is not closed.
    const c = await connect(id, member.token);
    await c.synced;
    expect(c.doc.getXmlFragment(CONTENT_FIELD).toJSON()).toContain('Τελικό κείμενο');

    // Store what the server holds pending now (as its timer would ~0.5 s later): a refused change
    // was never applied, so nothing of it is there to store.
    await server.ctx.collab.flushRelease(id);
    expect(await row(id)).toEqual(before);
    expect(await storedText(id)).not.toContain('ΑΛΛΑΓΜΕΝΟ');
    const reread = await connect(id, member.token);
    await reread.synced;
    expect(reread.doc.getText(TITLE_FIELD).toJSON()).toBe('Πριν την αποστολή');
    expect(reread.doc.getXmlFragment(CONTENT_FIELD).toJSON()).not.toContain('Πρόσθετο');
    for (const x of [a, b, c, reread]) x.provider.destroy();
  });
});

describe('updates are checked against the editor schema', () => {
  const attacks: [string, (doc: Y.Doc) => void][] = [
    ['a script element', (d) => d.getXmlFragment(CONTENT_FIELD).push([new Y.XmlElement('script')])],
    ['an image element', (d) => d.getXmlFragment(CONTENT_FIELD).push([new Y.XmlElement('image')])],
    ['bare text at the top level', (d) => d.getXmlFragment(CONTENT_FIELD).push([new Y.XmlText('γυμνό κείμενο')])],
    [
      'an unknown mark',
      (d) => {
        const p = new Y.XmlElement('paragraph');
        const t = new Y.XmlText();
        p.insert(0, [t]);
        d.getXmlFragment(CONTENT_FIELD).push([p]);
        t.insert(0, 'αναβοσβήνει', { blink: {} });
      },
    ],
    ['an unknown attribute', (d) => {
      const p = new Y.XmlElement('paragraph');
      p.setAttribute('onclick', 'alert(1)');
      d.getXmlFragment(CONTENT_FIELD).push([p]);
    }],
    ['an unknown shared type', (d) => d.getMap('evil').set('x', 1)],
    ['a category outside the list', (d) => d.getMap('meta').set('category', 'weapons')],
    ['formatting in the title', (d) => d.getText(TITLE_FIELD).format(0, 2, { bold: true })],
    // Text Postgres cannot store (NUL) or that is not Unicode (a lone UTF-16 surrogate), anywhere a string goes.
    ['a NUL in the title', (d) => d.getText(TITLE_FIELD).insert(0, 'nultitle\u0000')],
    ['a NUL in the body text', (d) => d.getXmlFragment(CONTENT_FIELD).push([paragraph('nulbody\u0000')])],
    ['a NUL in a link', (d) => linked(d, 'nullink', 'https://example.gr/\u0000')],
    ['a lone surrogate in a link', (d) => linked(d, 'surrogatelink', 'https://example.gr/\ud800')],
    ['a NUL in a node attribute', (d) => {
      const code = new Y.XmlElement('codeBlock');
      code.setAttribute('language', 'nulattr\u0000');
      code.insert(0, [new Y.XmlText('x')]);
      d.getXmlFragment(CONTENT_FIELD).push([code]);
    }],
    ['a NUL in a schedule field', (d) => d.getMap('meta').set('scheduledDate', 'nulmeta\u0000')],
  ];

  it.each(attacks)('refuses %s (4422): not applied, stored or relayed, and the others keep editing', async (_name, attack) => {
    const id = await newRelease('Σχήμα');
    const good = await connect(id);
    const bad = await connect(id, member.token);
    await Promise.all([good.synced, bad.synced]);
    const relayed: Uint8Array[] = [];
    good.doc.on('update', (u: Uint8Array, origin: unknown) => {
      if (origin === good.provider) relayed.push(u);
    });
    const storedBefore = await storedText(id);
    bad.doc.transact(() => attack(bad.doc)); // one update
    // Refused at once; an accepted update would be acknowledged ("saved" or "not saved") instead.
    expect(await Promise.race([bad.closed, bad.heard])).toBe(CLOSE_REJECTED);

    // The other editor goes on: saved and rendered, title and text.
    good.doc.getXmlFragment(CONTENT_FIELD).push([paragraph('Συνεχίζουμε κανονικά')]);
    good.doc.getText(TITLE_FIELD).insert(0, 'Νέος ');
    await until(async () => (await row(id)).content.includes('Συνεχίζουμε κανονικά'));
    await until(async () => (await row(id)).title === 'Νέος Σχήμα');
    await until(() => good.saved() > 0);
    expect(good.renderErrors).toEqual([]);
    expect(relayed).toEqual([]);
    expect((await row(id)).render_error).toBeNull();
    const stored = await storedText(id);
    expect(stored.slice(0, storedBefore.length)).toBe(storedBefore);
    for (const marker of ['script', 'image', 'blink', 'onclick', 'evil', 'weapons', 'nultitle', 'nulbody', 'nullink', 'surrogatelink', 'nulattr', 'nulmeta']) {
      expect(stored).not.toContain(marker);
    }
    good.provider.destroy();
    bad.provider.destroy();
  });

  it('logs a refused or malformed frame once through the logger, never a stack on stderr', async () => {
    const id = await newRelease('Θόρυβος');
    const warn = vi.spyOn(server.ctx.logger, 'warn');
    const stderr = vi.spyOn(process.stderr, 'write');
    const consoleError = vi.spyOn(console, 'error');
    try {
      const { body } = await call<{ ticket: string }>(server.url, 'POST', '/api/collab/tickets', { token: owner.token, body: { releaseId: id } });
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/collab/${id}?ticket=${body.ticket}`);
      await new Promise((r) => ws.once('open', r));
      const code = new Promise<number>((r) => ws.once('close', (c) => r(c)));
      // A sync step 2 whose update is garbage, three times over.
      for (let i = 0; i < 3; i++) ws.send(Buffer.from([0, 1, 5, 255, 255, 255, 255, 255]));
      expect(await code).toBe(1003);
      // The server saw all three frames before the closing handshake ended (they came first on the
      // socket), and is done with the connection once the document it opened is unloaded.
      await until(() => !server.ctx.collab.loadedDocuments().includes(releaseDocName(id)));
      expect(warn.mock.calls.filter((c) => String(c[1]).startsWith('collab:'))).toHaveLength(1);
      expect(consoleError).not.toHaveBeenCalled();
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      stderr.mockRestore();
      consoleError.mockRestore();
    }
  });
});

describe('a document that cannot be rendered', () => {
  it('is "not saved" with the reason, cannot be sent or scheduled, and recovers when fixed', async () => {
    const id = await newRelease('Μεγάλο');
    const a = await connect(id);
    await a.synced;
    await until(async () => (await row(id)).content.includes('Αρχικό'));
    const long = new Y.XmlText('α'.repeat(MAX_RELEASE_TEXT_CHARS + 1));
    const p = new Y.XmlElement('paragraph');
    p.insert(0, [long]);
    a.doc.getXmlFragment(CONTENT_FIELD).push([p]);
    await until(() => a.renderErrors.length > 0);
    expect(a.renderErrors[0]).toBe(RENDER_ERRORS.tooLong);
    expect((await row(id)).render_error).toBe(RENDER_ERRORS.tooLong);
    expect((await row(id)).content_text).toBe('Αρχικό κείμενο'); // the last good content stays

    // An editor who joins now is told at once.
    const b = await connect(id, member.token);
    await until(() => b.renderErrors.length > 0);

    for (const [path, body] of [
      ['send', undefined],
      ['schedule', { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }],
    ] as const) {
      const r = await call<{ error: { code: string; message: string } }>(server.url, 'POST', `/api/releases/${id}/${path}`, { token: owner.token, body });
      expect(r.status, path).toBe(422);
      expect(r.body.error.code).toBe('not_rendered');
      expect(r.body.error.message).toMatch(/δεν μπορεί να σταλεί/);
    }
    expect((await row(id)).status).toBe('draft');

    const savedBefore = a.saved();
    a.doc.getXmlFragment(CONTENT_FIELD).delete(a.doc.getXmlFragment(CONTENT_FIELD).length - 1, 1);
    await until(() => a.saved() > savedBefore);
    expect((await row(id)).render_error).toBeNull();
    expect((await call(server.url, 'POST', `/api/releases/${id}/send`, { token: owner.token })).status).toBe(200);
    a.provider.destroy();
    b.provider.destroy();
  });
});

describe('a stored document holding text Postgres cannot store (written before the check)', () => {
  it('is "not saved" with the reason, the API and Send say why with a specific code, and a fix recovers', async () => {
    const id = await newRelease('Παλιό');
    const name = releaseDocName(id);
    const a = await connect(id);
    await a.synced;
    a.provider.destroy();
    await until(() => !server.ctx.collab.loadedDocuments().includes(name));
    // An update the old check let through, stored as any other: a NUL in the title.
    const { doc } = await loadDocument(server.ctx.db, name);
    const before = Y.encodeStateVector(doc);
    doc.getText(TITLE_FIELD).insert(0, 'Κρυφό\u0000');
    await appendUpdates(server.ctx.db, name, [Y.encodeStateAsUpdate(doc, before)]);
    doc.destroy();

    // An editor who opens it is told at once, without typing; the row keeps its last good content.
    const b = await connect(id);
    await b.synced;
    await until(() => b.renderErrors.length > 0 || b.saved() > 0);
    expect(b.renderErrors[0]).toBe(RENDER_ERRORS.badTitle);
    expect((await row(id)).render_error).toBe(RENDER_ERRORS.badTitle);
    expect((await row(id)).title).toBe('Παλιό');

    // The API says why, and Send refuses with its own code and the reason.
    const state = await call<{ renderError: string | null }>(server.url, 'GET', `/api/releases/${id}/state`, { token: owner.token });
    expect(state.body.renderError).toBe(RENDER_ERRORS.badTitle);
    const send = await call<{ error: { code: string; fields?: Record<string, string> } }>(server.url, 'POST', `/api/releases/${id}/send`, { token: owner.token });
    expect(send.status).toBe(422);
    expect(send.body.error.code).toBe('not_rendered');
    expect(send.body.error.fields?.content).toBe(RENDER_ERRORS.badTitle);

    // A named version of it is kept (its title stored without the character), never a 500.
    const version = await call<{ id: string }>(server.url, 'POST', `/api/releases/${id}/versions`, { token: owner.token, body: { name: 'Πριν τη διόρθωση' } });
    expect(version.status).toBe(201);
    const kept = (await server.ctx.db('release_versions').where('press_release_id', id).orderBy('seq', 'desc').first('title')) as { title: string };
    expect(kept.title).toBe('ΚρυφόΠαλιό');

    // Editing elsewhere is still accepted (not refused for what was stored before), and still "not saved".
    const errorsBefore = b.renderErrors.length;
    b.doc.getXmlFragment(CONTENT_FIELD).push([paragraph('Κι άλλο κείμενο')]);
    await until(() => b.renderErrors.length > errorsBefore);
    expect(b.renderErrors.at(-1)).toBe(RENDER_ERRORS.badTitle);

    // Retyping the title fixes it: saved, and the row takes the title and the text.
    const savedBefore = b.saved();
    const title = b.doc.getText(TITLE_FIELD);
    b.doc.transact(() => {
      title.delete(0, title.length);
      title.insert(0, 'Διορθωμένο');
    });
    await until(() => b.saved() > savedBefore);
    const fixed = await row(id);
    expect(fixed.render_error).toBeNull();
    expect(fixed.title).toBe('Διορθωμένο');
    expect(fixed.content_text).toContain('Κι άλλο κείμενο');

    // Restoring the version made before the fix brings its title back without the character.
    const restored = await call(server.url, 'POST', `/api/releases/${id}/versions/${version.body.id}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    await until(async () => (await row(id)).title === 'ΚρυφόΠαλιό');
    expect((await row(id)).render_error).toBeNull();
    expect((await call(server.url, 'POST', `/api/releases/${id}/send`, { token: owner.token })).status).toBe(200);
    b.provider.destroy();
  });
});

describe('a release row the database refuses to take', () => {
  it('keeps its last good content and records why (not saved, not sendable) instead of failing on every edit', async () => {
    const id = await newRelease('Άθικτο');
    // Whatever slipped past the checks: the database refuses the value (SQLSTATE 22021).
    const reason = await deriveRelease(server.ctx.db, id, { ok: true, html: '<p>a\u0000b</p>', text: 'a\u0000b', fields: null });
    expect(reason).toBe(RENDER_ERRORS.notStorable);
    const r = await row(id);
    expect(r.render_error).toBe(RENDER_ERRORS.notStorable);
    expect(r.content_text).toBe('Αρχικό κείμενο');
    const send = await call<{ error: { code: string; fields?: Record<string, string> } }>(server.url, 'POST', `/api/releases/${id}/send`, { token: owner.token });
    expect(send.status).toBe(422);
    expect(send.body.error.code).toBe('not_rendered');
    expect(send.body.error.fields?.content).toBe(RENDER_ERRORS.notStorable);
  });

  it('REST refuses the same text in titles and names before it reaches the database (400 naming the field)', async () => {
    for (const bad of ['Τίτλος\u0000', 'Τίτλος\ud800']) {
      const create = await call<{ error: { code: string; fields?: Record<string, string> } }>(server.url, 'POST', '/api/releases', {
        token: owner.token,
        body: { title: bad, content: 'κείμενο', category: 'tech' },
      });
      expect(create.status).toBe(400);
      expect(create.body.error.code).toBe('validation_failed');
      expect(Object.keys(create.body.error.fields ?? {})).toEqual(['title']);
      const id = await newRelease('Με εκδόσεις');
      const version = await call<{ error: { code: string; fields?: Record<string, string> } }>(server.url, 'POST', `/api/releases/${id}/versions`, {
        token: owner.token,
        body: { name: bad },
      });
      expect(version.status).toBe(400);
      expect(Object.keys(version.body.error.fields ?? {})).toEqual(['name']);
      const profile = await call(server.url, 'PATCH', '/api/profile', { token: owner.token, body: { name: bad } });
      expect(profile.status).toBe(400);
    }
  });
});

describe('untouched drafts', () => {
  it('removes a new release when its last editor leaves without writing, and keeps one that was written in', async () => {
    const empty = (await call<{ id: string }>(server.url, 'POST', '/api/releases', { token: owner.token })).body.id;
    const written = (await call<{ id: string }>(server.url, 'POST', '/api/releases', { token: owner.token })).body.id;
    const a = await connect(empty);
    const b = await connect(written);
    await Promise.all([a.synced, b.synced]);
    b.doc.getText(TITLE_FIELD).insert(0, 'Κάτι');
    await until(() => b.saved() > 0);
    a.provider.destroy();
    b.provider.destroy();
    await until(async () => !(await server.ctx.db('press_releases').where('id', empty).first('id')));
    expect(await server.ctx.db('yjs_documents').where('name', releaseDocName(empty)).first('name')).toBeUndefined();
    // Its last editor left the written one too: its removal was considered, and refused.
    const considered = vi.mocked(deleteUntouchedDrafts).mock;
    await until(() => considered.calls.some(([, o]) => o.id === written));
    const at = considered.calls.findIndex(([, o]) => o.id === written);
    expect(await considered.results[at]!.value).toEqual([]);
    expect(await server.ctx.db('press_releases').where('id', written).first('title')).toEqual({ title: 'Κάτι' });
  });
});
