/**
 * Version history: automatic versions from what the server stored (once,
 * crediting who edited), named versions, the word-level compare, and restores applied as one
 * change that every co-editor receives and that «Αναίρεση επαναφοράς» takes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../../shared/editor/extensions';
import type { RestoreResult, Version, VersionCompare, VersionList } from '../../../../shared/schemas/versions';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { openEditor, setParagraphs, until, type TestEditor } from '../../test/collab-client';
import { call, signIn, signUp } from '../../test/http';
import { makeDueAutoVersions } from './versions.service';
import { wordDiff } from './versions.content';

let server: TestServer;
let db: Db;
let owner: { id: string; token: string };
let member: { id: string; token: string };
let outsider: { token: string };
const editors: TestEditor[] = [];

async function user(email: string) {
  const { id } = await signUp(server.url, email, 'client');
  await db('profiles').where('user_id', id).update({ status: 'approved', name: email.split('@')[0] });
  await db('organisations').where('created_by', id).update({ status: 'approved' });
  return { id, token: (await signIn(server.url, email)).access_token };
}

async function newRelease(title: string): Promise<string> {
  const ws = (await db('organisations').where('created_by', owner.id).first('id')) as { id: string };
  const [r] = (await db('press_releases')
    .insert({ title, author_id: owner.id, organisation_id: ws.id, category: 'tech', media_list_categories: ['tech'] })
    .returning('id')) as { id: string }[];
  return r!.id;
}

async function editor(token: string, releaseId: string) {
  const e = await openEditor(server.url, token, releaseId);
  editors.push(e);
  await e.synced;
  return e;
}

const api = <T>(method: string, path: string, token = owner.token, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });
const textOf = (doc: Y.Doc) => doc.getXmlFragment(CONTENT_FIELD).toJSON();
const rowOf = async (id: string) => (await db('press_releases').where('id', id).first('title', 'content', 'status')) as { title: string; content: string; status: string };

beforeAll(async () => {
  server = await startTestServer();
  // The render thread and the CPU pool's thread (which reads the speller's dictionary) start,
  // seconds under tsx, while the accounts are made: no test times them.
  const warm = Promise.all([server.ctx.collab.warm(), server.ctx.cpu.warm()]);
  db = server.ctx.db;
  owner = await user('owner@versions.test');
  member = await user('member@versions.test');
  outsider = await user('outsider@versions.test');
  const ws = (await db('organisations').where('created_by', owner.id).first('id')) as { id: string };
  await db('organisation_members').insert({ organisation_id: ws.id, user_id: member.id, role: 'editor' });
  await warm;
}, 60_000);

afterAll(async () => {
  for (const e of editors) e.provider.destroy();
  await server?.stop();
});

describe('automatic and named versions', () => {
  it('makes one automatic version after a pause, crediting everyone who edited, and none when nothing changed', async () => {
    const id = await newRelease('Αυτόματες εκδόσεις');
    const a = await editor(owner.token, id);
    const b = await editor(member.token, id);
    setParagraphs(a.doc, ['Η πρώτη παράγραφος του ιδιοκτήτη.']);
    b.doc.getText(TITLE_FIELD).insert(b.doc.getText(TITLE_FIELD).length, ' με σχόλια');
    await until(async () => (await rowOf(id)).content.includes('Η πρώτη παράγραφος') && (await rowOf(id)).title.endsWith('με σχόλια'));
    // Who edited is recorded with what the server stored, per connection's user.
    const mark = (await db('release_edit_marks').where('press_release_id', id).first('author_ids')) as { author_ids: string[] };
    expect(new Set(mark.author_ids)).toEqual(new Set([owner.id, member.id]));

    // Not yet: the editing has not paused for long enough (45 s by default).
    expect(await makeDueAutoVersions(server.ctx)).toBe(0);
    // Two sweeps at once (two processes) make it once.
    const made = await Promise.all([makeDueAutoVersions(server.ctx, { idleMs: 0 }), makeDueAutoVersions(server.ctx, { idleMs: 0 })]);
    expect(made[0]! + made[1]!).toBe(1);
    const list = await api<VersionList>('GET', `/releases/${id}/versions`, member.token);
    expect(list.status).toBe(200);
    expect(list.body.versions).toHaveLength(1);
    const [v] = list.body.versions;
    expect(v).toMatchObject({ seq: 1, kind: 'auto', title: 'Αυτόματες εκδόσεις με σχόλια' });
    expect(v!.authors.map((x) => x.id).sort()).toEqual([owner.id, member.id].sort());
    expect(v!.charsAdded).toBeGreaterThan(30);
    // The stored version is the Yjs state, not HTML.
    const row = (await db('release_versions').where('id', v!.id).first('doc_state')) as { doc_state: Buffer };
    const copy = new Y.Doc();
    Y.applyUpdate(copy, new Uint8Array(row.doc_state));
    expect(copy.getXmlFragment(CONTENT_FIELD).toJSON()).toContain('Η πρώτη παράγραφος του ιδιοκτήτη.');

    // An edit that changes nothing visible (typed and deleted) makes no new version.
    a.doc.getText(TITLE_FIELD).insert(0, 'Χ');
    a.doc.getText(TITLE_FIELD).delete(0, 1);
    await until(async () => Boolean(await db('release_edit_marks').where('press_release_id', id).first('press_release_id')));
    expect(await makeDueAutoVersions(server.ctx, { idleMs: 0 })).toBe(0);
    expect(await db('release_edit_marks').where('press_release_id', id).first()).toBeUndefined();

    // While people keep typing, a version comes at most every few minutes (maxMs), not never.
    a.doc.getText(TITLE_FIELD).insert(0, 'Νέο: ');
    await until(async () => (await rowOf(id)).title.startsWith('Νέο: '));
    expect(await makeDueAutoVersions(server.ctx, { idleMs: 60_000, maxMs: 0 })).toBe(1);
  });

  it('saves a named version of what the editors see, and only for those who may open the release', async () => {
    const id = await newRelease('Ονομασμένη έκδοση');
    const a = await editor(member.token, id);
    setParagraphs(a.doc, ['Κείμενο για έγκριση.']);
    // Saved at once, even before the 0.5 s flush: the route stores what is pending first.
    const saved = await api<Version>('POST', `/releases/${id}/versions`, member.token, { name: 'Έκδοση για έγκριση' });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ kind: 'named', name: 'Έκδοση για έγκριση', seq: 1 });
    expect(saved.body.authors.map((x) => x.id)).toContain(member.id);
    expect((await api('POST', `/releases/${id}/versions`, member.token, { name: '' })).status).toBe(400);
    expect((await api('GET', `/releases/${id}/versions`, outsider.token)).status).toBe(404);
    const audit = await db('audit_logs').where({ entity_id: id, action_type: 'press_release.version_saved' }).first('actor_user_id');
    expect(audit).toMatchObject({ actor_user_id: member.id });
  });
});

describe('compare', () => {
  it('diffs Greek text word by word: deletions on the older side, insertions on the newer', () => {
    const d = wordDiff('Η εταιρεία ανακοινώνει σήμερα νέο προϊόν.', 'Η εταιρεία ανακοίνωσε χθες νέο προϊόν.');
    expect(d.a.filter((p) => p.change === 'del').map((p) => p.text.trim())).toEqual(['ανακοινώνει σήμερα']);
    expect(d.b.filter((p) => p.change === 'ins').map((p) => p.text.trim())).toEqual(['ανακοίνωσε χθες']);
    expect(d.a.some((p) => p.change === 'ins')).toBe(false);
    expect(d.b.some((p) => p.change === 'del')).toBe(false);
  });

  it('diffs two long, different releases within bounds (without them 40,000 characters took 9 s of the event loop, 120,000 ran it out of memory)', () => {
    const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => `λέξη${(i * 7919 + seed) % 1000}`).join(' ');
    const [a, b] = [words(15_000, 1), words(15_000, 2)];
    expect(a.length).toBeGreaterThan(100_000);
    const d = wordDiff(a, b);
    expect(d.a.map((p) => p.text).join('')).toBe(a);
    expect(d.b.map((p) => p.text).join('')).toBe(b);
    expect(d.added).toBeGreaterThan(0);
  });

  it('past its bounds, keeps the common start and end and shows the middle replaced whole', () => {
    const d = wordDiff('Η εταιρεία ανακοινώνει σήμερα νέο προϊόν.', 'Η εταιρεία ανακοίνωσε χθες νέο προϊόν.', { maxEditLength: 1 });
    expect(d.exact).toBe(false);
    expect(d.a).toEqual([
      { text: 'Η εταιρεία ', change: 'same' },
      { text: 'ανακοινώνει σήμερα', change: 'del' },
      { text: ' νέο προϊόν.', change: 'same' },
    ]);
    expect(d.b.filter((p) => p.change === 'ins').map((p) => p.text)).toEqual(['ανακοίνωσε χθες']);
    expect([d.added, d.removed]).toEqual([14, 17]);
  });

  it('compares two stored versions, and a version with the current text', async () => {
    const id = await newRelease('Σύγκριση');
    const a = await editor(owner.token, id);
    setParagraphs(a.doc, ['Η εταιρεία ανακοινώνει σήμερα νέο προϊόν.']);
    const v1 = (await api<Version>('POST', `/releases/${id}/versions`, owner.token, { name: 'Πρώτη' })).body;
    setParagraphs(a.doc, ['Η εταιρεία ανακοίνωσε χθες νέο προϊόν.']);
    const v2 = (await api<Version>('POST', `/releases/${id}/versions`, owner.token, { name: 'Δεύτερη' })).body;
    const diffs = server.ctx.cpu.stats().done;
    const c = await api<VersionCompare>('GET', `/releases/${id}/versions/compare?a=${v1.id}&b=${v2.id}`);
    expect(c.status).toBe(200);
    expect(server.ctx.cpu.stats().done).toBe(diffs + 1); // diffed on the CPU pool
    expect(c.body.a.label).toBe('Έκδοση 1');
    expect(c.body.a.text.filter((p) => p.change === 'del').map((p) => p.text.trim())).toEqual(['ανακοινώνει σήμερα']);
    expect(c.body.b.text.filter((p) => p.change === 'ins').map((p) => p.text.trim())).toEqual(['ανακοίνωσε χθες']);
    expect(c.body.a.category).toBe('Τεχνολογία');
    const cur = await api<VersionCompare>('GET', `/releases/${id}/versions/compare?a=${v2.id}&b=current`);
    expect(cur.body.b.label).toBe('Τρέχον κείμενο');
    expect(cur.body.charsAdded + cur.body.charsRemoved).toBe(0);
    expect((await api('GET', `/releases/${id}/versions/compare?a=${v1.id}&b=nope`)).status).toBe(400);
  });
});

describe('restore', () => {
  it('applies a version as one change that every co-editor receives, keeps what was there, and can be undone', async () => {
    const id = await newRelease('Επαναφορά');
    const a = await editor(owner.token, id);
    const b = await editor(member.token, id);
    setParagraphs(a.doc, ['Πρώτη παράγραφος.', 'Δεύτερη παράγραφος που μένει.']);
    const v1 = (await api<Version>('POST', `/releases/${id}/versions`, owner.token, { name: 'Αρχική' })).body;
    const v1Text = textOf(a.doc);
    await until(() => textOf(b.doc) === v1Text);

    // The member rewrites the first paragraph and the title; it is stored.
    const first = b.doc.getXmlFragment(CONTENT_FIELD).get(0) as Y.XmlElement;
    (first.get(0) as Y.XmlText).insert(0, 'Αλλαγμένη ');
    b.doc.getText(TITLE_FIELD).insert(0, 'Νέος τίτλος: ');
    const edited = textOf(b.doc);
    await until(() => textOf(a.doc) === edited);
    await until(async () => (await rowOf(id)).content.includes('Αλλαγμένη'));

    // Count the updates each co-editor receives for the restore.
    const received = { a: 0, b: 0 };
    const onA = (_u: Uint8Array, origin: unknown) => void (origin === a.provider && received.a++);
    const onB = (_u: Uint8Array, origin: unknown) => void (origin === b.provider && received.b++);
    a.doc.on('update', onA);
    b.doc.on('update', onB);
    const r = await api<RestoreResult>('POST', `/releases/${id}/versions/${v1.id}/restore`, owner.token);
    expect(r.status).toBe(200);
    await until(() => textOf(a.doc) === v1Text && textOf(b.doc) === v1Text);
    await until(() => a.doc.getText(TITLE_FIELD).toJSON() === 'Επαναφορά' && b.doc.getText(TITLE_FIELD).toJSON() === 'Επαναφορά');
    a.doc.off('update', onA);
    b.doc.off('update', onB);
    // One change, one update, for each of them.
    expect(received).toEqual({ a: 1, b: 1 });
    // Stored and derived like any edit.
    expect((await rowOf(id)).content).not.toContain('Αλλαγμένη');

    // Nothing lost: the text before the restore is a version, and the restore itself is one.
    expect(r.body.before).toMatchObject({ kind: 'auto', name: 'Πριν από την επαναφορά' });
    expect(r.body.restored).toMatchObject({ kind: 'restore', restoredFrom: { id: v1.id, seq: v1.seq }, undoVersionId: r.body.before.id });
    const list = (await api<VersionList>('GET', `/releases/${id}/versions`)).body.versions;
    expect(list.map((v) => v.kind)).toEqual(['restore', 'auto', 'named']);
    expect(await db('audit_logs').where({ entity_id: id, action_type: 'press_release.version_restored' }).first('id')).toBeTruthy();

    // «Αναίρεση επαναφοράς»: restoring the version saved just before brings the edit back, for everyone.
    const undo = await api<RestoreResult>('POST', `/releases/${id}/versions/${r.body.restored.undoVersionId}/restore`, member.token);
    expect(undo.status).toBe(200);
    await until(() => textOf(a.doc) === edited && textOf(b.doc) === edited);
    await until(() => a.doc.getText(TITLE_FIELD).toJSON() === 'Νέος τίτλος: Επαναφορά');
    // The state before the undo equals the restore version, so it is reused rather than stored twice.
    expect(undo.body.before.id).toBe(r.body.restored.id);
  });

  it('restores into a release nobody has open (loaded for the change, stored, unloaded)', async () => {
    const id = await newRelease('Κλειστό');
    const a = await editor(owner.token, id);
    setParagraphs(a.doc, ['Παλιό κείμενο.']);
    const v1 = (await api<Version>('POST', `/releases/${id}/versions`, owner.token, { name: 'Παλιό' })).body;
    setParagraphs(a.doc, ['Καινούργιο κείμενο.']);
    await until(async () => (await rowOf(id)).content.includes('Καινούργιο'));
    a.provider.destroy();
    await until(() => !server.ctx.collab.loadedDocuments().includes(`release:${id}`));
    expect((await api('POST', `/releases/${id}/versions/${v1.id}/restore`)).status).toBe(200);
    expect((await rowOf(id)).content).toContain('Παλιό κείμενο.');
    expect(server.ctx.collab.loadedDocuments()).not.toContain(`release:${id}`);
    const again = await editor(member.token, id);
    expect(textOf(again.doc)).toContain('Παλιό κείμενο.');
  });

  it('never restores into a sent release, and every send is a version', async () => {
    const id = await newRelease('Απεσταλμένο');
    const a = await editor(owner.token, id);
    setParagraphs(a.doc, ['Το τελικό κείμενο.']);
    const v1 = (await api<Version>('POST', `/releases/${id}/versions`, owner.token, { name: 'Τελική' })).body;
    const sent = await api<{ status: string }>('POST', `/releases/${id}/send`);
    expect(sent.status).toBe(200);
    const list = (await api<VersionList>('GET', `/releases/${id}/versions`)).body;
    expect(list.editable).toBe(false);
    expect(list.versions[0]).toMatchObject({ kind: 'send', seq: 2 });
    const r = await api<{ error: { code: string; message: string } }>('POST', `/releases/${id}/versions/${v1.id}/restore`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('read_only');
    expect(r.body.error.message).toMatch(/έχει σταλεί/);
  });

  it("a send's history version is the sent state, crediting who edited, and the send reads the stored document twice, not four times", async () => {
    const id = await newRelease('Μία ανάγνωση');
    const a = await editor(member.token, id);
    setParagraphs(a.doc, ['Το κείμενο που στέλνεται.']);
    await until(async () => (await rowOf(id)).content.includes('Το κείμενο που στέλνεται.'));
    // The editor leaves and the document is stored and unloaded (that work is not the send's).
    const unloaded = new Promise<void>((resolve) => server.ctx.collab.onUnloaded((r) => Promise.resolve(r === id ? resolve() : undefined)));
    a.provider.destroy();
    await unloaded;
    // The member edited since the last version: their edit mark is taken by the send.
    expect(await db('release_edit_marks').where('press_release_id', id).first('press_release_id')).toBeDefined();

    const sqls: string[] = [];
    const seen = (q: { sql: string }) => void sqls.push(q.sql);
    db.on('query', seen);
    try {
      expect((await api('POST', `/releases/${id}/send`)).status).toBe(200);
    } finally {
      db.off('query', seen);
    }
    // The stored document is read twice: by the freeze (which stores and derives it), and once
    // in the send's transaction for both its sent version and its history version (it was four
    // times: the request stored and derived it before the freeze did, and each version read it).
    expect(sqls.filter((q) => q.includes('from "yjs_updates"'))).toHaveLength(2);
    // The row lock marks the transaction as the lifecycle's (no statement of its own), and the
    // edit mark is taken in one statement (it was a locking read, then a delete).
    expect(sqls.filter((q) => /^select set_config/.test(q))).toHaveLength(0);
    // (Only the mark's writes and locks: other work of the server meanwhile may read the marks,
    // e.g. a releases list's "who edited", which CI's run caught in this window once.)
    expect(sqls.filter((q) => /^delete from "release_edit_marks"/.test(q))).toHaveLength(1);
    expect(sqls.filter((q) => q.includes('"release_edit_marks"') && /for update/.test(q))).toHaveLength(0);
    // Whether the member may mail on the organisation's behalf is one read (the account and the
    // organisation's approval together), and the send's confirmation reads the sender's profile
    // once (the switch and the address together): each was two statements.
    expect(sqls.filter((q) => q.includes('"email_confirmed_at"'))).toHaveLength(1);
    expect(sqls.filter((q) => /^select "o"\."status" from "organisation_members"/.test(q))).toHaveLength(0);
    expect(sqls.filter((q) => /from "profiles" where "user_id" = \$1/.test(q))).toHaveLength(1);
    // The organisation's row is locked as its plan is read, and as the sender is read for the
    // sent version (no locking read of its own); a draft has no scheduled send to cancel.
    expect(sqls.filter((q) => /^select "id" from "organisations" .* for update$/.test(q))).toHaveLength(0);
    expect(sqls.filter((q) => /^select .* from "organisations" .* for update/.test(q))).toHaveLength(2);
    expect(sqls.filter((q) => q.startsWith('delete from "jobs"'))).toHaveLength(0);

    // What was sent and the send's history version hold the same Yjs state, with the text.
    const sentRow = (await db('release_sent_versions').where('press_release_id', id).first('doc_state')) as { doc_state: Buffer };
    const history = (await db('release_versions').where({ press_release_id: id, kind: 'send' }).first('doc_state', 'author_ids', 'created_by', 'title')) as {
      doc_state: Buffer;
      author_ids: string[];
      created_by: string;
      title: string;
    };
    expect(Buffer.compare(history.doc_state, sentRow.doc_state)).toBe(0);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, new Uint8Array(history.doc_state));
    expect(textOf(copy)).toContain('Το κείμενο που στέλνεται.');
    expect(history.title).toBe('Μία ανάγνωση');
    expect(history.created_by).toBe(owner.id);
    expect(new Set(history.author_ids)).toEqual(new Set([member.id, owner.id]));
    expect(await db('release_edit_marks').where('press_release_id', id).first()).toBeUndefined();
  });
});
