/**
 * Suggested changes end to end: a reviewer's live connection may only suggest (forgeries close
 * it with 4422, unapplied), a proper suggestion is relayed to the writers, the release row (and
 * so what is sent, and the content hash) ignores a pending insertion and keeps a pending
 * deletion's text, and the routes accept or reject on the server as a co-editor's change.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { CLOSE_REJECTED } from '../../../../shared/editor/collab-protocol';
import { TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import type { SuggestionList, SuggestionResolved } from '../../../../shared/schemas/suggestions';
import { loadDocument, releaseDocName } from '../../collab/persistence';
import { contentNode, pendingSuggestions } from '../../collab/suggestions';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { openEditor, roundTrip, until, type TestEditor } from '../../test/collab-client';
import { call } from '../../test/http';
import { addMember, insertRelease, newOrganisation, type TestMember } from '../../test/releases';
import { edit, suggest } from '../../test/suggest';
import { contentHash, contentOf } from '../versions/versions.content';

let server: TestServer;
let db: Db;
let orgId: string;
let editor: TestMember;
let reviewer: TestMember;
let otherReviewer: TestMember;
const open: TestEditor[] = [];

const TEXT = 'Η εταιρεία ανακοινώνει σήμερα.';
/** 'ανακοινώνει' */
const WORD: [number, number] = [12, 23];
const END = 31;

type Err = { error: { code: string } };
const api = <T = unknown>(method: string, path: string, token: string, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });

beforeAll(async () => {
  server = await startTestServer();
  const warm = server.ctx.collab.warm();
  db = server.ctx.db;
  orgId = await newOrganisation(db, { name: 'Προτάσεις Α.Ε.' });
  editor = await addMember(server, orgId, 'editor', 'editor@suggest.test', 'Συντάκτρια');
  reviewer = await addMember(server, orgId, 'reviewer', 'reviewer@suggest.test', 'Αναθεωρητής');
  otherReviewer = await addMember(server, orgId, 'reviewer', 'reviewer2@suggest.test', 'Δεύτερη αναθεωρήτρια');
  await warm;
}, 60_000);

afterAll(async () => {
  for (const e of open) e.provider.destroy();
  await server?.stop();
});

async function connect(token: string, releaseId: string): Promise<TestEditor & { closed: Promise<number> }> {
  const e = await openEditor(server.url, token, releaseId);
  open.push(e);
  const closed = new Promise<number>((resolve) =>
    e.provider.on('connection-close', (ev: { code?: number } | null) => {
      if (ev && (ev.code ?? 0) >= 4000) {
        e.provider.disconnect();
        resolve(ev.code!);
      }
    }),
  );
  await e.synced;
  return { ...e, closed };
}

const row = async (id: string) =>
  (await db('press_releases').where('id', id).first('content', 'content_text', 'pending_suggestions', 'title', 'category', 'media_list_categories')) as {
    content: string;
    content_text: string;
    pending_suggestions: number;
    title: string;
    category: string | null;
    media_list_categories: string[];
  };

const liveJson = (e: TestEditor) => JSON.stringify(e.doc.getXmlFragment('default').toJSON());

/** A release whose live document holds TEXT, with a writer connected (the document stays loaded). */
async function releaseWithWriter(): Promise<{ id: string; writer: Awaited<ReturnType<typeof connect>> }> {
  const id = await insertRelease(db, orgId, editor.id, { title: 'Προτάσεις', content_text: TEXT });
  const writer = await connect(editor.token, id);
  return { id, writer };
}

describe("a reviewer's live connection only suggests", () => {
  it('a proper suggestion is accepted, relayed to the writers, and left out of the release row', async () => {
    const { id, writer } = await releaseWithWriter();
    const rv = await connect(reviewer.token, id);
    const sid = suggest(rv.doc, reviewer.id, (tr) => tr.insertText('παρουσιάζει', ...WORD));
    await roundTrip(rv.provider);
    await until(() => liveJson(writer).includes(sid), 10_000, 'the suggestion relayed to the writer');
    await server.ctx.collab.flushRelease(id);
    const r = await row(id);
    expect(r.pending_suggestions).toBe(1);
    expect(r.content_text).toBe(TEXT);
    expect(r.content).not.toContain('παρουσιάζει');
    const list = await api<SuggestionList>('GET', `/releases/${id}/suggestions`, reviewer.token);
    expect(list.body).toEqual({
      suggestions: [{ id: sid, author: { id: reviewer.id, name: 'Αναθεωρητής' }, kind: 'replace', excerpt: 'ανακοινώνει → παρουσιάζει', createdAt: expect.any(String) }],
      mayResolve: false,
    });
    expect((await api<SuggestionList>('GET', `/releases/${id}/suggestions`, editor.token)).body.mayResolve).toBe(true);
  });

  const forgeries: [string, (d: Y.Doc) => void][] = [
    ['unmarked text', (d) => edit(d, (tr) => tr.insertText(' Χωρίς σήμανση.', END))],
    ['a removed insertion mark (an acceptance)', (d) => edit(d, (tr) => tr.removeMark(0, tr.doc.content.size, tr.doc.type.schema.marks.insertion))],
    ["another author's id prefix", (d) => suggest(d, editor.id, (tr) => tr.insertText('Ξένη πρόταση. ', 1))],
    ['a change of the title', (d) => d.getText(TITLE_FIELD).insert(0, 'Νέος ')],
  ];
  for (const [name, forge] of forgeries) {
    it(`refuses ${name} with 4422: not applied, stored or relayed`, async () => {
      const { id, writer } = await releaseWithWriter();
      const rv = await connect(reviewer.token, id);
      suggest(rv.doc, reviewer.id, (tr) => tr.insertText(' Πρόταση.', END));
      await roundTrip(rv.provider);
      await until(() => liveJson(writer).includes('Πρόταση.'), 10_000, 'the proper suggestion relayed');
      const before = liveJson(writer);
      const title = writer.doc.getText(TITLE_FIELD).toJSON();
      forge(rv.doc);
      expect(await rv.closed).toBe(CLOSE_REJECTED);
      await roundTrip(writer.provider);
      expect(liveJson(writer)).toBe(before);
      expect(writer.doc.getText(TITLE_FIELD).toJSON()).toBe(title);
      await server.ctx.collab.flushRelease(id);
      const stored = await loadDocument(db, releaseDocName(id));
      expect(JSON.stringify(stored.doc.getXmlFragment('default').toJSON())).toBe(before);
      stored.doc.destroy();
    });
  }

  it('an editor demoted to reviewer only suggests from then on (live), and is refused plain edits with 4422', async () => {
    const { id } = await releaseWithWriter();
    const m = await addMember(server, orgId, 'editor', 'demoted@suggest.test');
    const e = await connect(m.token, id);
    await db('organisation_members').where({ organisation_id: orgId, user_id: m.id }).update({ role: 'reviewer' });
    await server.ctx.collab.recheckAccess(m.id);
    suggest(e.doc, m.id, (tr) => tr.insertText(' Πρόταση μετά τον υποβιβασμό.', END));
    await roundTrip(e.provider);
    edit(e.doc, (tr) => tr.insertText(' Απευθείας.', 1));
    expect(await e.closed).toBe(CLOSE_REJECTED);
    await server.ctx.collab.flushRelease(id);
    expect((await row(id)).pending_suggestions).toBe(1);
    expect((await row(id)).content_text).toBe(TEXT);
  });
});

describe('what is sent ignores pending suggestions', () => {
  it('the rendered HTML, text and content hash ignore a pending insertion and keep a pending deletion’s text', async () => {
    const plain = new Y.Doc();
    const { id } = await releaseWithWriter();
    const { doc } = await loadDocument(db, releaseDocName(id));
    Y.applyUpdate(plain, Y.encodeStateAsUpdate(doc));
    suggest(doc, reviewer.id, (tr) => tr.insertText(' Προσθήκη.', END));
    suggest(doc, reviewer.id, (tr) => tr.delete(...WORD));
    expect(pendingSuggestions(contentNode(doc)).map((s) => s.kind).sort()).toEqual(['deletion', 'insertion']);
    const withSuggestions = contentOf(doc);
    const without = contentOf(plain);
    expect(withSuggestions.text).toBe(TEXT);
    expect(withSuggestions.html).toBe(without.html);
    expect(withSuggestions.html).not.toMatch(/Προσθήκη|<ins|<del/);
    expect(withSuggestions.html).toContain('ανακοινώνει');
    expect(contentHash(withSuggestions)).toBe(contentHash(without));
    doc.destroy();
    plain.destroy();
  });
});

describe('accepting and rejecting through the routes', () => {
  async function withSuggestions() {
    const { id, writer } = await releaseWithWriter();
    const rv = await connect(reviewer.token, id);
    const add = suggest(rv.doc, reviewer.id, (tr) => tr.insertText(' Νέα πρόταση.', END));
    await roundTrip(rv.provider);
    const del = suggest(rv.doc, reviewer.id, (tr) => tr.delete(...WORD));
    await roundTrip(rv.provider);
    await until(() => liveJson(writer).includes(del), 10_000, 'both suggestions relayed');
    await server.ctx.collab.flushRelease(id);
    return { id, writer, rv, add, del };
  }

  it('accept makes an insertion plain text (in the row and in every open editor); reject of a deletion keeps the words', async () => {
    const broadcast = vi.spyOn(server.ctx.realtime, 'broadcast');
    const { id, writer, add, del } = await withSuggestions();
    expect((await row(id)).pending_suggestions).toBe(2);
    const sid = encodeURIComponent(add);
    // A reviewer may not accept, not even their own suggestion.
    expect((await api<Err>('POST', `/releases/${id}/suggestions/${sid}/accept`, reviewer.token)).body.error.code).toBe('role_forbidden');
    const accepted = await api<SuggestionResolved>('POST', `/releases/${id}/suggestions/${sid}/accept`, editor.token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ resolved: [add], outcome: 'accepted', pendingSuggestions: 1 });
    let r = await row(id);
    expect(r.content_text).toBe(`${TEXT} Νέα πρόταση.`);
    await until(() => !liveJson(writer).includes(add) && liveJson(writer).includes('Νέα πρόταση.'), 10_000, 'the acceptance relayed');
    // The accepted text is plain now: it is in what is sent.
    expect(r.content).toContain('Νέα πρόταση.');
    const rejected = await api<SuggestionResolved>('POST', `/releases/${id}/suggestions/${encodeURIComponent(del)}/reject`, editor.token);
    expect(rejected.body).toEqual({ resolved: [del], outcome: 'rejected', pendingSuggestions: 0 });
    r = await row(id);
    expect(r.content_text).toBe(`${TEXT} Νέα πρόταση.`);
    expect(r.pending_suggestions).toBe(0);
    await until(() => !liveJson(writer).includes(del), 10_000, 'the rejection relayed');
    const rows = (await db('release_suggestions').where('press_release_id', id).orderBy('id').select('id', 'author_id', 'outcome', 'resolved_by')) as Record<string, unknown>[];
    expect(rows.sort((a, b) => String(a.outcome).localeCompare(String(b.outcome)))).toEqual([
      { id: add, author_id: reviewer.id, outcome: 'accepted', resolved_by: editor.id },
      { id: del, author_id: reviewer.id, outcome: 'rejected', resolved_by: editor.id },
    ]);
    const audit = (await db('audit_logs').where('entity_id', id).whereIn('action_type', ['suggestion.accepted', 'suggestion.rejected']).orderBy('created_at').pluck('action_type')) as string[];
    expect(audit).toEqual(['suggestion.accepted', 'suggestion.rejected']);
    // The review count went out to the organisation's room as it changed (…2, 1, 0).
    const calls = broadcast.mock.calls.filter((c) => c[1] === 'release:review' && (c[2] as { releaseId: string }).releaseId === id);
    expect(calls.map((c) => (c[2] as { pendingSuggestions: number }).pendingSuggestions).slice(-3)).toEqual([2, 1, 0]);
    expect(calls[0]![0]).toBe(`organisation:${orgId}`);
    broadcast.mockRestore();
    // Gone: 404.
    expect((await api('POST', `/releases/${id}/suggestions/${sid}/accept`, editor.token)).status).toBe(404);
  });

  it('a reviewer may reject (withdraw) their own suggestion, not another’s; accept-all and reject-all are for writers', async () => {
    const { id, writer, add, del } = await withSuggestions();
    expect((await api<Err>('POST', `/releases/${id}/suggestions/${encodeURIComponent(add)}/reject`, otherReviewer.token)).body.error.code).toBe('role_forbidden');
    expect((await api('POST', `/releases/${id}/suggestions/accept-all`, reviewer.token)).status).toBe(403);
    expect((await api('POST', `/releases/${id}/suggestions/reject-all`, reviewer.token)).status).toBe(403);
    const own = await api<SuggestionResolved>('POST', `/releases/${id}/suggestions/${encodeURIComponent(add)}/reject`, reviewer.token);
    expect(own.body).toEqual({ resolved: [add], outcome: 'rejected', pendingSuggestions: 1 });
    expect((await row(id)).content_text).toBe(TEXT);
    const all = await api<SuggestionResolved>('POST', `/releases/${id}/suggestions/accept-all`, editor.token);
    expect(all.body).toEqual({ resolved: [del], outcome: 'accepted', pendingSuggestions: 0 });
    expect((await row(id)).content_text).toBe('Η εταιρεία σήμερα.');
    await until(() => !liveJson(writer).includes(del), 10_000, 'accept-all relayed');
    expect((await api<SuggestionResolved>('POST', `/releases/${id}/suggestions/reject-all`, editor.token)).body.resolved).toEqual([]);
  });

  it('reject-all drops every pending insertion; an unknown id is 404; a sent release is 409 release_locked', async () => {
    const { id, add, del } = await withSuggestions();
    const all = await api<SuggestionResolved>('POST', `/releases/${id}/suggestions/reject-all`, editor.token);
    expect([...all.body.resolved].sort()).toEqual([add, del].sort());
    expect((await row(id)).content_text).toBe(TEXT);
    expect((await api('POST', `/releases/${id}/suggestions/${encodeURIComponent(`${reviewer.id}:nothere1`)}/accept`, editor.token)).status).toBe(404);
    expect((await api('POST', `/releases/${id}/suggestions/not-an-id/accept`, editor.token)).status).toBe(400);
    await db.transaction(async (trx) => {
      await trx.raw("select set_config('deltio.lifecycle', 'on', true)");
      await trx('press_releases').where('id', id).update({ status: 'sent', sent_at: new Date() });
    });
    const locked = await api<Err>('POST', `/releases/${id}/suggestions/accept-all`, editor.token);
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('release_locked');
  });
});
