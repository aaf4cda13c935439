/**
 * Comments on the text: threads anchored by Yjs relative positions to words of the title or the
 * body, checked against the live document; they stay on their words while text is typed
 * before them and detach (keeping the quote) when the words are deleted. Replies, author-only
 * edit and delete, resolve and reopen with the open count, mentions (bell and outbox), the
 * roles, the lock of a sent release, and the live events.
 */
import { io as ioClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import { CONTENT_FIELD } from '../../../../shared/editor/extensions';
import { REVIEW_TEXT, type Comment, type CommentList, type CommentThread } from '../../../../shared/schemas/review';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { openEditor, roundTrip, setParagraphs, type TestEditor } from '../../test/collab-client';
import { call } from '../../test/http';
import { addMember, insertRelease, newOrganisation, type TestMember } from '../../test/releases';
import { reviewCounts } from '../review/review-counts';

let server: TestServer;
let db: Db;
let orgId: string;
let owner: TestMember;
let editorMember: TestMember;
let reviewer: TestMember;
let outsider: TestMember;
const editors: TestEditor[] = [];

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

const api = <T>(method: string, path: string, token: string, body?: unknown) => call<T & ErrorBody>(server.url, method, `/api${path}`, { token, body });
const list = (releaseId: string, token = owner.token) => api<CommentList>('GET', `/releases/${releaseId}/comments`, token);
const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');
const rel = (type: Y.Text | Y.XmlText, index: number, assoc: number) => b64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(type, index, assoc)));
const firstText = (doc: Y.Doc, i = 0) => (doc.getXmlFragment(CONTENT_FIELD).get(i) as Y.XmlElement).get(0) as Y.XmlText;

/** The plain text of a Y.Text or Y.XmlText. */
const plain = (t: Y.Text | Y.XmlText) => (t.toDelta() as { insert: unknown }[]).map((d) => (typeof d.insert === 'string' ? d.insert : '')).join('');

/** The anchor of `words` inside a Y.Text / Y.XmlText, as the client computes it. */
function anchorOn(type: Y.Text | Y.XmlText, words: string) {
  const i = plain(type).indexOf(words);
  if (i < 0) throw new Error(`"${words}" is not in "${plain(type)}"`);
  return { anchorStart: rel(type, i, 0), anchorEnd: rel(type, i + words.length, -1), quote: words };
}

/** The words an anchor covers now in a document (null when it no longer resolves). */
function wordsAt(doc: Y.Doc, t: Pick<CommentThread, 'anchorStart' | 'anchorEnd'>): string | null {
  const pos = (a: string) => Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(new Uint8Array(Buffer.from(a, 'base64'))), doc);
  const [s, e] = [pos(t.anchorStart), pos(t.anchorEnd)];
  if (!s || !e || s.type !== e.type) return null;
  return plain(s.type as Y.XmlText).slice(s.index, e.index);
}

async function editorOn(token: string, releaseId: string) {
  const e = await openEditor(server.url, token, releaseId);
  editors.push(e);
  await e.synced;
  return e;
}

/** A draft whose live document holds these paragraphs (typed by the owner's editor, applied on the server). */
async function releaseWith(paragraphs: string[], title = 'Δελτίο με σχόλια') {
  const id = await insertRelease(db, orgId, owner.id, { title, content_text: paragraphs.join(' ') });
  const e = await editorOn(owner.token, id);
  setParagraphs(e.doc, paragraphs);
  await roundTrip(e.provider);
  return { id, e };
}

async function createThread(releaseId: string, body: Record<string, unknown>, token = owner.token) {
  return api<CommentThread>('POST', `/releases/${releaseId}/comments`, token, { body: 'Να το ξαναδούμε;', ...body });
}

/** Marks a release sent as the lifecycle would (the only writer of the status). */
async function markSent(releaseId: string) {
  await db.transaction(async (trx) => {
    await trx.raw(`select set_config('deltio.lifecycle', 'on', true)`);
    await trx('press_releases').where('id', releaseId).update({ status: 'sent', sent_at: new Date() });
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const warm = server.ctx.collab.warm();
  db = server.ctx.db;
  orgId = await newOrganisation(db, { name: 'Σχόλια ΑΕ' });
  owner = await addMember(server, orgId, 'owner', 'owner@comments.test', 'Ελένη Ιδιοκτήτρια');
  editorMember = await addMember(server, orgId, 'editor', 'editor@comments.test', 'Νίκος Συντάκτης');
  reviewer = await addMember(server, orgId, 'reviewer', 'reviewer@comments.test', 'Άννα Αναθεωρήτρια');
  outsider = await addMember(server, await newOrganisation(db, { name: 'Άλλη ΑΕ' }), 'owner', 'outsider@comments.test', 'Ξένος');
  await warm;
}, 60_000);

afterAll(async () => {
  for (const e of editors) e.provider.destroy();
  await server?.stop();
});

describe('threads anchored to words', () => {
  it('creates threads on words of the text and of the title, checked in the live document', async () => {
    const { id, e } = await releaseWith(['Η εταιρεία ανακοινώνει σήμερα νέο προϊόν.'], 'Νέο προϊόν από την εταιρεία');
    const onBody = await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'νέο προϊόν') });
    expect(onBody.status).toBe(201);
    expect(onBody.body).toMatchObject({ field: 'content', quote: 'νέο προϊόν', detached: false, resolvedAt: null });
    expect(onBody.body.comments).toEqual([
      expect.objectContaining({ threadId: null, body: 'Να το ξαναδούμε;', author: { id: owner.id, name: 'Ελένη Ιδιοκτήτρια' }, editedAt: null }),
    ]);
    const onTitle = await createThread(id, { field: 'title', ...anchorOn(e.doc.getText(TITLE_FIELD), 'από την εταιρεία'), body: 'Πιο σύντομος τίτλος;' });
    expect(onTitle.status).toBe(201);

    const got = await list(id);
    expect(got.status).toBe(200);
    expect(got.body.threads.map((t) => [t.field, t.quote, t.detached])).toEqual([
      ['content', 'νέο προϊόν', false],
      ['title', 'από την εταιρεία', false],
    ]);
    expect(got.body).toMatchObject({ openCount: 2, mayComment: true });
    expect((await reviewCounts(db, [id])).get(id)?.openComments).toBe(2);
    const audit = await db('audit_logs').where({ entity_id: id, action_type: 'comment.created' }).select('metadata', 'actor_user_id');
    expect(audit).toHaveLength(2);
    expect(audit.map((a: { metadata: { threadId: string } }) => a.metadata.threadId).sort()).toEqual([onBody.body.id, onTitle.body.id].sort());
  });

  it('keeps a thread on its words while a co-editor types before them, and detaches it (keeping the quote) when they are deleted', async () => {
    const { id, e } = await releaseWith(['Η εταιρεία ανακοινώνει νέο προϊόν.', 'Δεύτερη παράγραφος.']);
    const t = await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'νέο προϊόν') });
    expect(t.status).toBe(201);

    // A second editor types before the words: the anchor follows them.
    const other = await editorOn(editorMember.token, id);
    firstText(other.doc).insert(0, 'Σήμερα, ');
    await roundTrip(other.provider);
    await server.ctx.collab.flushRelease(id);
    const after = await list(id);
    expect(after.body.threads[0]).toMatchObject({ id: t.body.id, detached: false });
    expect(plain(firstText(other.doc))).toBe('Σήμερα, Η εταιρεία ανακοινώνει νέο προϊόν.');
    expect(wordsAt(other.doc, after.body.threads[0]!)).toBe('νέο προϊόν');

    // Deleting the paragraph detaches the thread; the quote remains, and the state is recorded.
    const frag = other.doc.getXmlFragment(CONTENT_FIELD);
    frag.delete(0, 1);
    await roundTrip(other.provider);
    await server.ctx.collab.flushRelease(id);
    const gone = await list(id);
    expect(gone.body.threads[0]).toMatchObject({ id: t.body.id, detached: true, quote: 'νέο προϊόν' });
    expect(gone.body.openCount).toBe(1);
    const row = (await db('release_comments').where('id', t.body.id).first('detached_at')) as { detached_at: Date | null };
    expect(row.detached_at).not.toBeNull();
    // A new thread on deleted words is refused.
    const stale = await createThread(id, { field: 'content', anchorStart: t.body.anchorStart, anchorEnd: t.body.anchorEnd, quote: 'νέο προϊόν' });
    expect(stale.status).toBe(422);
    expect(stale.body.error).toMatchObject({ code: 'anchor_invalid', message: REVIEW_TEXT.anchorInvalid });
  });

  it('refuses anchors that do not point into the named field of this document (422 anchor_invalid)', async () => {
    const { id, e } = await releaseWith(['Λέξεις του κειμένου.'], 'Ο τίτλος');
    const elsewhere = new Y.Doc();
    elsewhere.getText(TITLE_FIELD).insert(0, 'Άλλο έγγραφο');
    const cases = [
      { field: 'content', anchorStart: 'AAAA', anchorEnd: 'AAAA', quote: 'x' },
      { field: 'content', ...anchorOn(elsewhere.getText(TITLE_FIELD), 'Άλλο') },
      // Words of the body named as the title, and of the title named as the body.
      { field: 'title', ...anchorOn(firstText(e.doc), 'Λέξεις') },
      { field: 'content', ...anchorOn(e.doc.getText(TITLE_FIELD), 'τίτλος') },
    ];
    for (const c of cases) {
      const r = await createThread(id, c);
      expect(r.status, JSON.stringify(c)).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'anchor_invalid', message: REVIEW_TEXT.anchorInvalid, fields: { anchorStart: REVIEW_TEXT.anchorInvalid } });
    }
    // Start after end.
    const text = firstText(e.doc);
    const backwards = await createThread(id, { field: 'content', anchorStart: rel(text, 6, 0), anchorEnd: rel(text, 0, -1), quote: 'Λέξεις' });
    expect(backwards.status).toBe(422);
    expect((await list(id)).body.threads).toEqual([]);
  });

  it('validates the comment text in Greek, and refuses text that cannot be stored', async () => {
    const { id, e } = await releaseWith(['Κείμενο για έλεγχο.']);
    const anchor = anchorOn(firstText(e.doc), 'Κείμενο');
    const empty = await createThread(id, { field: 'content', ...anchor, body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields?.body).toBe('Γράψτε το σχόλιο');
    const long = await createThread(id, { field: 'content', ...anchor, body: 'α'.repeat(4001) });
    expect(long.status).toBe(400);
    expect(long.body.error?.fields?.body).toBe('Το σχόλιο μπορεί να έχει έως 4000 χαρακτήρες');
    expect((await createThread(id, { field: 'content', ...anchor, body: 'a\u0000b' })).status).toBe(400);
    expect((await createThread(id, { field: 'content', ...anchor, quote: '\ud800' })).status).toBe(400);
    expect(await db('release_comments').where('press_release_id', id).first()).toBeUndefined();
  });
});

describe('replies, edits, deletes, resolve and reopen', () => {
  it('lets anyone who comments reply, and only the author edit or delete', async () => {
    const { id, e } = await releaseWith(['Πρώτη πρόταση του δελτίου.']);
    const t = (await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'Πρώτη πρόταση') })).body;
    const r = await api<Comment>('POST', `/comments/${t.id}/replies`, reviewer.token, { body: 'Συμφωνώ.' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ threadId: t.id, body: 'Συμφωνώ.', author: { id: reviewer.id } });
    // A reply to a reply joins the same thread.
    const r2 = await api<Comment>('POST', `/comments/${r.body.id}/replies`, editorMember.token, { body: 'Κι εγώ.' });
    expect(r2.body.threadId).toBe(t.id);

    // Someone else's comment: 403 not_author, in Greek.
    const notMine = await api('PATCH', `/comments/${r.body.id}`, owner.token, { body: 'Αλλαγή' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toMatchObject({ code: 'not_author', message: REVIEW_TEXT.notAuthor });
    expect((await api('DELETE', `/comments/${r.body.id}`, owner.token)).status).toBe(403);

    const edited = await api<Comment>('PATCH', `/comments/${r.body.id}`, reviewer.token, { body: 'Συμφωνώ απόλυτα.' });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('Συμφωνώ απόλυτα.');
    expect(edited.body.editedAt).not.toBeNull();
    expect((await api('DELETE', `/comments/${r2.body.id}`, editorMember.token)).status).toBe(204);
    expect((await api('PATCH', `/comments/${r2.body.id}`, editorMember.token, { body: 'x' })).status).toBe(404);

    // The root deleted while a reply lives: the thread stays, its root reads «Το σχόλιο διαγράφηκε».
    expect((await api('DELETE', `/comments/${t.id}`, owner.token)).status).toBe(204);
    let got = await list(id);
    expect(got.body.threads).toHaveLength(1);
    expect(got.body.threads[0]!.comments.map((c) => c.body)).toEqual([REVIEW_TEXT.deletedComment, 'Συμφωνώ απόλυτα.']);
    expect(got.body.threads[0]!.comments[0]!.author).toBeNull();
    expect(got.body.openCount).toBe(0);
    // Its last reply deleted too: nothing of the thread is left, and it leaves the list.
    expect((await api('DELETE', `/comments/${r.body.id}`, reviewer.token)).status).toBe(204);
    got = await list(id);
    expect(got.body.threads).toEqual([]);
    const actions = (await db('audit_logs').where('entity_id', id).whereLike('action_type', 'comment.%').orderBy('id').pluck('action_type')) as string[];
    expect(actions).toEqual(['comment.created', 'comment.replied', 'comment.replied', 'comment.edited', 'comment.deleted', 'comment.deleted', 'comment.deleted']);
  });

  it('resolves and reopens a thread (root only), counting open threads', async () => {
    const { id, e } = await releaseWith(['Ένα, δύο, τρία.']);
    const a = (await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'Ένα') })).body;
    const b = (await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'τρία') }, reviewer.token)).body;
    expect((await list(id)).body.openCount).toBe(2);

    const resolved = await api<CommentThread>('POST', `/comments/${a.id}/resolve`, reviewer.token);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: a.id, resolvedBy: { id: reviewer.id, name: 'Άννα Αναθεωρήτρια' } });
    expect(resolved.body.resolvedAt).not.toBeNull();
    expect((await list(id)).body.openCount).toBe(1);
    expect((await reviewCounts(db, [id, b.id])).get(id)?.openComments).toBe(1);

    const reopened = await api<CommentThread>('POST', `/comments/${a.id}/reopen`, owner.token);
    expect(reopened.body).toMatchObject({ resolvedAt: null, resolvedBy: null });
    expect((await list(id)).body.openCount).toBe(2);

    const r = await api<Comment>('POST', `/comments/${b.id}/replies`, owner.token, { body: 'Ναι' });
    expect((await api('POST', `/comments/${r.body.id}/resolve`, owner.token)).status).toBe(400);
    const actions = (await db('audit_logs').where('entity_id', id).whereIn('action_type', ['comment.resolved', 'comment.reopened']).orderBy('id').select('action_type', 'metadata')) as {
      action_type: string;
      metadata: { threadId: string; releaseId: string };
    }[];
    expect(actions.map((x) => [x.action_type, x.metadata.threadId, x.metadata.releaseId])).toEqual([
      ['comment.resolved', a.id, id],
      ['comment.reopened', a.id, id],
    ]);
  });
});

describe('who may comment, and when', () => {
  it('lets a reviewer comment, and answers 404 to a member of another organisation', async () => {
    const { id, e } = await releaseWith(['Κείμενο για αναθεώρηση.']);
    const t = await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'αναθεώρηση') }, reviewer.token);
    expect(t.status).toBe(201);
    expect((await list(id, reviewer.token)).body.mayComment).toBe(true);
    expect((await list(id, outsider.token)).status).toBe(404);
    expect((await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'Κείμενο') }, outsider.token)).status).toBe(404);
    for (const [method, path, body] of [
      ['POST', `/comments/${t.body.id}/replies`, { body: 'Γεια' }],
      ['PATCH', `/comments/${t.body.id}`, { body: 'Γεια' }],
      ['DELETE', `/comments/${t.body.id}`, undefined],
      ['POST', `/comments/${t.body.id}/resolve`, undefined],
      ['POST', `/comments/${t.body.id}/reopen`, undefined],
    ] as const) {
      expect((await api(method, path, outsider.token, body)).status, `${method} ${path}`).toBe(404);
    }
    // Nothing changed: one comment, as written, neither resolved nor deleted.
    expect(await db('release_comments').where('press_release_id', id).select('body', 'resolved_at', 'deleted_at')).toEqual([
      { body: 'Να το ξαναδούμε;', resolved_at: null, deleted_at: null },
    ]);
  });

  it('refuses every change once the release is sent (409 release_locked), and still lists', async () => {
    const { id, e } = await releaseWith(['Κείμενο που θα σταλεί.']);
    const anchor = anchorOn(firstText(e.doc), 'θα σταλεί');
    const t = (await createThread(id, { field: 'content', ...anchor })).body;
    await markSent(id);
    const refused = await createThread(id, { field: 'content', ...anchor });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'release_locked', message: REVIEW_TEXT.releaseLocked });
    for (const [method, path, body] of [
      ['POST', `/comments/${t.id}/replies`, { body: 'Αργά' }],
      ['PATCH', `/comments/${t.id}`, { body: 'Αργά' }],
      ['DELETE', `/comments/${t.id}`, undefined],
      ['POST', `/comments/${t.id}/resolve`, undefined],
    ] as const) {
      const r = await api(method, path, owner.token, body);
      expect(r.status, `${method} ${path}`).toBe(409);
      expect(r.body.error?.code).toBe('release_locked');
    }
    const got = await list(id);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ openCount: 1, mayComment: false });
  });
});

describe('mentions and live events', () => {
  it('tells a mentioned member in the bell and by e-mail, and drops ids outside the organisation', async () => {
    const { id, e } = await releaseWith(['Ο διευθυντής δήλωσε ότι η χρονιά ήταν καλή.']);
    const t = await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'η χρονιά ήταν καλή'), body: 'Μπορείς να το ελέγξεις;', mentions: [reviewer.id, outsider.id, owner.id] });
    expect(t.status).toBe(201);
    expect(t.body.comments[0]!.mentions).toEqual(
      expect.arrayContaining([
        { id: reviewer.id, name: 'Άννα Αναθεωρήτρια' },
        { id: owner.id, name: 'Ελένη Ιδιοκτήτρια' },
      ]),
    );
    expect(t.body.comments[0]!.mentions.map((m) => m.id)).not.toContain(outsider.id);
    const notes = (await db('notifications').where('kind', 'comment.mentioned').whereRaw(`data->>'threadId' = ?`, [t.body.id]).select('*')) as {
      user_id: string;
      title: string;
      body: string;
      link: string;
      organisation_id: string;
    }[];
    // The reviewer only: the outsider is no member, and the author is not told of their own comment.
    expect(notes.map((n) => n.user_id)).toEqual([reviewer.id]);
    expect(notes[0]).toMatchObject({
      title: 'Ο/Η Ελένη Ιδιοκτήτρια σας ανέφερε σε σχόλιο',
      link: `/client/press-releases/${id}?comment=${t.body.id}`,
      organisation_id: orgId,
    });
    expect(notes[0]!.body).toContain('η χρονιά ήταν καλή');
    const mails = (await db('mail_outbox').whereIn('to_email', [reviewer.email, outsider.email, owner.email]).where('text', 'like', `%${t.body.id}%`).select('to_email', 'subject', 'text')) as {
      to_email: string;
      subject: string;
      text: string;
    }[];
    expect(mails.map((m) => m.to_email)).toEqual([reviewer.email]);
    expect(mails[0]!.subject).toContain('Σχόλιο στο');
    expect(mails[0]!.text).toContain(`${server.ctx.config.publicUrl}/client/press-releases/${id}?comment=${t.body.id}`);

    // A reply names the editor: they are told too.
    const r = await api<Comment>('POST', `/comments/${t.body.id}/replies`, reviewer.token, { body: 'Ναι, @Νίκος δες το.', mentions: [editorMember.id] });
    expect(r.body.mentions).toEqual([{ id: editorMember.id, name: 'Νίκος Συντάκτης' }]);
    expect(await db('notifications').where({ user_id: editorMember.id, kind: 'comment.mentioned' }).whereRaw(`data->>'threadId' = ?`, [t.body.id]).first('id')).toBeDefined();
    expect(await db('mail_outbox').where('to_email', editorMember.email).where('text', 'like', `%${t.body.id}%`).first('id')).toBeDefined();
  });

  it('keeps the bell but mails nobody while the platform may not mail on the author\'s behalf (organisation not approved)', async () => {
    const pendingOrg = await newOrganisation(db, { name: 'Εκκρεμής ΑΕ' });
    const author = await addMember(server, pendingOrg, 'owner', 'author@pending-comments.test', 'Συντάκτρια Εκκρεμούς');
    const colleague = await addMember(server, pendingOrg, 'reviewer', 'colleague@pending-comments.test', 'Συνάδελφος');
    await db('organisations').where('id', pendingOrg).update({ status: 'pending' });
    const id = await insertRelease(db, pendingOrg, author.id, { title: 'Εκκρεμές δελτίο' });
    const e = await editorOn(author.token, id);
    setParagraphs(e.doc, ['Λόγια προς έλεγχο.']);
    await roundTrip(e.provider);
    const t = await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'Λόγια'), mentions: [colleague.id] }, author.token);
    expect(t.status).toBe(201);
    expect(await db('notifications').where({ user_id: colleague.id, kind: 'comment.mentioned' }).first('id')).toBeDefined();
    expect(await db('mail_outbox').where('to_email', colleague.email).first('id')).toBeUndefined();
  });

  it("announces changes in the release's organisation room: the thread and the open count", async () => {
    const { id, e } = await releaseWith(['Ζωντανά σχόλια.']);
    const socket = ioClient(server.url, { auth: { token: reviewer.token }, transports: ['websocket'] });
    try {
      await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
      const heard = new Promise<{ releaseId: string; threadId: string; reason: string }>((resolve) => socket.on('release:comments', (p) => p.releaseId === id && resolve(p)));
      const review = new Promise<{ releaseId: string; openComments: number; pendingSuggestions: number }>((resolve) =>
        socket.on('release:review', (p) => p.releaseId === id && resolve(p)),
      );
      const t = await createThread(id, { field: 'content', ...anchorOn(firstText(e.doc), 'σχόλια') });
      expect(await heard).toEqual({ releaseId: id, threadId: t.body.id, reason: 'created' });
      expect(await review).toEqual({ releaseId: id, openComments: 1, pendingSuggestions: 0 });
      const resolvedCount = new Promise<number>((resolve) => socket.on('release:review', (p) => p.releaseId === id && p.openComments === 0 && resolve(p.openComments)));
      await api('POST', `/comments/${t.body.id}/resolve`, owner.token);
      expect(await resolvedCount).toBe(0);

      // The words deleted: the next read records the thread detached and tells the room once.
      const detached = new Promise<string>((resolve) => socket.on('release:comments', (p) => p.releaseId === id && p.reason === 'detached' && resolve(p.threadId)));
      setParagraphs(e.doc, ['Άλλο κείμενο.']);
      await roundTrip(e.provider);
      await server.ctx.collab.flushRelease(id);
      expect((await list(id)).body.threads[0]!.detached).toBe(true);
      expect(await detached).toBe(t.body.id);
    } finally {
      socket.close();
    }
  });
});
