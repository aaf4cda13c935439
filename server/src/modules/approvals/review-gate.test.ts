/**
 * The review gate: under the organisation's approval rule, a release is approved, sent or
 * scheduled only once its review is closed (no pending suggestion, no open comment thread);
 * the refusal names how many in Greek. The approval request, the queue and the release list
 * carry the counts; version compare lists who suggested and who accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval, ApprovalQueue } from '../../../../shared/schemas/approvals';
import type { ReleaseListResponse } from '../../../../shared/schemas/releases';
import type { Version, VersionCompare } from '../../../../shared/schemas/versions';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { openEditor, roundTrip, setParagraphs, until, type TestEditor } from '../../test/collab-client';
import { call } from '../../test/http';
import { addMember, insertRelease, newOrganisation, type TestMember } from '../../test/releases';
import { suggest } from '../../test/suggest';
import { asLifecycle } from '../releases/releases.lifecycle';

let server: TestServer;
let db: Db;
let orgId: string;
let freeOrgId: string;
let writer: TestMember;
let publisher: TestMember;
let reviewer: TestMember;
let freePublisher: TestMember;
const editors: TestEditor[] = [];

type Err = { error: { code: string; message: string; details?: Record<string, unknown> } };
const api = <T = unknown>(method: string, path: string, token: string, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });
const statusOf = async (id: string) => ((await db('press_releases').where('id', id).first('status')) as { status: string }).status;

beforeAll(async () => {
  server = await startTestServer();
  const warm = server.ctx.collab.warm();
  db = server.ctx.db;
  orgId = await newOrganisation(db, { name: 'Έλεγχος Α.Ε.', approvalRequired: true });
  writer = await addMember(server, orgId, 'editor', 'writer@gate.test', 'Συντάκτρια');
  publisher = await addMember(server, orgId, 'publisher', 'publisher@gate.test', 'Εκδότης');
  reviewer = await addMember(server, orgId, 'reviewer', 'reviewer@gate.test', 'Αναθεωρητής');
  freeOrgId = await newOrganisation(db, { name: 'Χωρίς κανόνα Α.Ε.' });
  freePublisher = await addMember(server, freeOrgId, 'publisher', 'free@gate.test', 'Ελεύθερη');
  await warm;
}, 60_000);

afterAll(async () => {
  for (const e of editors) e.provider.destroy();
  await server?.stop();
});

/** A draft of `org` whose live document holds the text (typed by `member`, stored on the server). */
async function draft(member: TestMember, text: string, org = orgId): Promise<{ id: string; e: TestEditor }> {
  const id = await insertRelease(db, org, member.id, { title: `Δελτίο: ${text}`, content_text: '' });
  const e = await openEditor(server.url, member.token, id);
  editors.push(e);
  await e.synced;
  setParagraphs(e.doc, [text]);
  await roundTrip(e.provider);
  await server.ctx.collab.flushRelease(id);
  return { id, e };
}

/** An open comment thread (a root, unresolved) on the release, as the comments module stores one. */
async function openComment(releaseId: string, org = orgId, author = reviewer.id): Promise<string> {
  const [row] = (await db('release_comments')
    .insert({
      press_release_id: releaseId,
      organisation_id: org,
      author_id: author,
      body: 'Να το ξαναδούμε;',
      field: 'content',
      anchor_start: Buffer.from([1]),
      anchor_end: Buffer.from([1]),
      quote: 'κείμενο',
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

const ONE_COMMENT = 'Υπάρχει 1 ανοιχτό σχόλιο· επιλύστε τα σχόλια πριν από την έγκριση ή την αποστολή.';
const TWO_AND_ONE =
  'Υπάρχουν 2 εκκρεμείς προτάσεις και 1 ανοιχτό σχόλιο· αποδεχτείτε ή απορρίψτε τις προτάσεις και επιλύστε τα σχόλια πριν από την έγκριση ή την αποστολή.';

describe('with the approval rule on', () => {
  it('approve, send and schedule are refused while review is open; the request, the queue and the list carry the counts', async () => {
    const { id } = await draft(writer, 'Το κείμενο προς έγκριση.');
    const thread = await openComment(id);

    // Asking is never refused: the request carries the counts.
    const req = await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, {});
    expect(req.status).toBe(201);
    expect(req.body).toMatchObject({ status: 'pending', openComments: 1, pendingSuggestions: 0 });
    const queue = await api<ApprovalQueue>('GET', '/approvals', publisher.token);
    expect(queue.body.pending.find((a) => a.id === req.body.id)).toMatchObject({ openComments: 1, pendingSuggestions: 0 });

    const approve = () => api<Err>('POST', `/approvals/${req.body.id}/decision`, publisher.token, { decision: 'approve', versionId: req.body.versionId });
    let refused = await approve();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'review_open', message: ONE_COMMENT, details: { openComments: 1, pendingSuggestions: 0 } });
    expect((await db('release_approvals').where('id', req.body.id).first('status')) as { status: string }).toEqual({ status: 'pending' });

    const send = await api<Err>('POST', `/releases/${id}/send`, publisher.token);
    expect(send.status).toBe(409);
    expect(send.body.error).toEqual({ code: 'review_open', message: ONE_COMMENT, details: { openComments: 1, pendingSuggestions: 0 } });
    const sched = await api<Err>('POST', `/releases/${id}/schedule`, publisher.token, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(sched.status).toBe(409);
    expect(sched.body.error.code).toBe('review_open');
    expect(await statusOf(id)).toBe('draft');
    // Both refusals are in the approval trail with the reason and the counts.
    const refusals = (await db('audit_logs').where({ entity_id: id, action_type: 'approval.send_refused' }).orderBy('id').pluck('metadata')) as Record<string, unknown>[];
    expect(refusals).toEqual([
      expect.objectContaining({ reason: 'review_open', attempt: 'send', openComments: 1, pendingSuggestions: 0 }),
      expect.objectContaining({ reason: 'review_open', attempt: 'schedule', openComments: 1, pendingSuggestions: 0 }),
    ]);

    // Two suggestions pending besides the comment: the message names both, with their numbers.
    await db('press_releases').where('id', id).update({ pending_suggestions: 2 });
    refused = await approve();
    expect(refused.body.error).toEqual({ code: 'review_open', message: TWO_AND_ONE, details: { openComments: 1, pendingSuggestions: 2 } });
    const list = await api<ReleaseListResponse>('GET', '/releases', writer.token);
    expect(list.body.items.find((r) => r.id === id)).toMatchObject({ openComments: 1, pendingSuggestions: 2 });
    expect((await api<ApprovalQueue>('GET', '/approvals', publisher.token)).body.pending.find((a) => a.id === req.body.id)).toMatchObject({
      openComments: 1,
      pendingSuggestions: 2,
    });

    // Review closed: the suggestions decided, the thread resolved; then approval and sending go.
    await db('press_releases').where('id', id).update({ pending_suggestions: 0 });
    expect((await api('POST', `/comments/${thread}/resolve`, writer.token)).status).toBe(200);
    expect((await api<ReleaseListResponse>('GET', '/releases', writer.token)).body.items.find((r) => r.id === id)).toMatchObject({
      openComments: 0,
      pendingSuggestions: 0,
    });
    const ok = await approve();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const sent = await api('POST', `/releases/${id}/send`, publisher.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await statusOf(id)).toBe('sent');
    // The organisation's report counts the release's comment threads (one, resolved).
    const report = await api<{ rows: { id: string; comments: number; openComments: number }[] }>('GET', '/client/reports?pageSize=100', writer.token);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.rows.find((r) => r.id === id)).toMatchObject({ comments: 1, openComments: 0 });
  });

  it('a rejection is not refused while review is open', async () => {
    const { id } = await draft(writer, 'Προς απόρριψη.');
    await openComment(id);
    const req = (await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, {})).body;
    const no = await api<Approval>('POST', `/approvals/${req.id}/decision`, publisher.token, { decision: 'reject', versionId: req.versionId, comment: 'Όχι ακόμη' });
    expect(no.status).toBe(200);
    expect(no.body).toMatchObject({ status: 'rejected', openComments: 1 });
  });

  it('a scheduled send that finds review open goes back to draft, and its author is told why', async () => {
    const { id } = await draft(writer, 'Για αύριο.');
    const req = (await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, {})).body;
    expect((await api('POST', `/approvals/${req.id}/decision`, publisher.token, { decision: 'approve', versionId: req.versionId })).status).toBe(200);
    const sched = await api<{ status: string }>('POST', `/releases/${id}/schedule`, publisher.token, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(sched.body.status).toBe('scheduled');
    // A comment after scheduling: the send at its time is refused by the gate.
    await openComment(id);
    await db.transaction(async (trx) => {
      await asLifecycle(trx);
      await trx('press_releases').where('id', id).update({ scheduled_at: new Date(Date.now() - 1000) });
    });
    await db('jobs').where('dedupe_key', `release.send:${id}`).update({ run_at: new Date(Date.now() - 1000) });
    server.ctx.jobs.kick();
    await until(async () => (await statusOf(id)) === 'draft', 10_000);
    const note = (await db('notifications').where({ kind: 'press_release.schedule_failed', user_id: writer.id }).whereRaw("data->>'press_release_id' = ?", [id]).first('body')) as {
      body: string;
    };
    expect(note.body).toContain('υπάρχει 1 ανοιχτό σχόλιο');
    expect(await db('release_sent_versions').where('press_release_id', id).first('id')).toBeUndefined();
  });
});

describe('with the approval rule off', () => {
  it('a release with open comments and pending suggestions is sent', async () => {
    const { id } = await draft(freePublisher, 'Χωρίς έγκριση.', freeOrgId);
    await openComment(id, freeOrgId, freePublisher.id);
    await db('press_releases').where('id', id).update({ pending_suggestions: 1 });
    const sent = await api('POST', `/releases/${id}/send`, freePublisher.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await statusOf(id)).toBe('sent');
  });
});

describe('version compare', () => {
  it('lists a suggestion accepted between the two versions, with who suggested and who accepted', async () => {
    const { id, e } = await draft(writer, 'Η εταιρεία ανακοινώνει.');
    const before = await api<Version>('POST', `/releases/${id}/versions`, writer.token, { name: 'Πριν από την πρόταση' });
    expect(before.status).toBe(201);
    const rv = await openEditor(server.url, reviewer.token, id);
    editors.push(rv);
    await rv.synced;
    const sid = suggest(rv.doc, reviewer.id, (tr) => tr.insertText(' Σήμερα.', tr.doc.content.size - 1));
    await roundTrip(rv.provider);
    await until(() => JSON.stringify(e.doc.getXmlFragment('default').toJSON()).includes(sid), 10_000, 'the suggestion relayed');
    await server.ctx.collab.flushRelease(id);
    const accepted = await api('POST', `/releases/${id}/suggestions/${encodeURIComponent(sid)}/accept`, writer.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const cmp = await api<VersionCompare>('GET', `/releases/${id}/versions/compare?a=${before.body.id}&b=current`, writer.token);
    expect(cmp.status).toBe(200);
    expect(cmp.body.review).toEqual([
      {
        suggestionId: sid,
        kind: 'insertion',
        excerpt: expect.stringContaining('Σήμερα'),
        author: { id: reviewer.id, name: 'Αναθεωρητής' },
        decidedBy: { id: writer.id, name: 'Συντάκτρια' },
        outcome: 'accepted',
        at: expect.any(String),
      },
    ]);
    // A version saved after the acceptance: nothing was decided between it and now.
    const after = await api<Version>('POST', `/releases/${id}/versions`, writer.token, { name: 'Μετά' });
    if (after.status === 201 && after.body.id !== before.body.id) {
      const later = await api<VersionCompare>('GET', `/releases/${id}/versions/compare?a=${after.body.id}&b=current`, writer.token);
      expect(later.body.review).toEqual([]);
    }
  });
});
