/**
 * Approval before sending: a request binds a stored version; an approver
 * decides on exactly that version; an edit after the approval makes it stale (live) and the
 * send is refused; the approved version is what is sent and frozen; scheduled sends obey the
 * same rule. Every step is audited, notified in the app and e-mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TITLE_FIELD } from '../../../../shared/editor/doc-fields';
import type { Approval, ApprovalQueue, ReleaseApproval } from '../../../../shared/schemas/approvals';
import type { RestoreResult } from '../../../../shared/schemas/versions';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { openEditor, setParagraphs, until, type TestEditor } from '../../test/collab-client';
import { call, signIn, signUp } from '../../test/http';
import { memoryTransport } from '../../test/mail';
import { asLifecycle } from '../releases/releases.lifecycle';
import { contentOfState } from '../versions/versions.content';

let server: TestServer;
let db: Db;
const mail = memoryTransport();
let wsId: string;
let owner: { id: string; token: string };
let writer: { id: string; token: string };
let approver: { id: string; token: string };
let journalist: string;
const editors: TestEditor[] = [];

type Err = { error: { code: string; message: string } };

async function user(email: string, role: 'client' | 'media' = 'client') {
  const { id } = await signUp(server.url, email, role);
  await db('profiles').where('user_id', id).update({ status: 'approved', name: email.split('@')[0] });
  await db('organisations').where('created_by', id).update({ status: 'approved' });
  return { id, token: (await signIn(server.url, email)).access_token };
}

async function newRelease(title: string): Promise<string> {
  const [r] = (await db('press_releases')
    .insert({ title, author_id: owner.id, organisation_id: wsId, category: 'tech', media_list_categories: ['tech'] })
    .returning('id')) as { id: string }[];
  return r!.id;
}

async function editor(token: string, releaseId: string) {
  const e = await openEditor(server.url, token, releaseId);
  editors.push(e);
  await e.synced;
  return e;
}

const api = <T>(method: string, path: string, token: string, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token, body });
const status = async (id: string) => ((await db('press_releases').where('id', id).first('status')) as { status: string }).status;
const approvalOf = (id: string, token = writer.token) => api<ReleaseApproval>('GET', `/releases/${id}/approval`, token);

beforeAll(async () => {
  server = await startTestServer({}, { mailTransport: mail });
  // The render thread starts (seconds under tsx) while the accounts are made: no test times it.
  const warm = server.ctx.collab.warm();
  db = server.ctx.db;
  owner = await user('owner@approvals.test');
  writer = await user('writer@approvals.test');
  approver = await user('approver@approvals.test');
  journalist = (await user('reader@approvals.test', 'media')).id;
  await db('media_lists').insert({ category: 'tech', media_id: journalist });
  wsId = ((await db('organisations').where('created_by', owner.id).first('id')) as { id: string }).id;
  // The writer sends too (a publisher); the approver is made one in the first test.
  await db('organisation_members').insert([
    { organisation_id: wsId, user_id: writer.id, role: 'publisher' },
    { organisation_id: wsId, user_id: approver.id, role: 'editor' },
  ]);
  // They work in the owner's organisation now (its queue is theirs).
  await db('profiles').whereIn('user_id', [writer.id, approver.id]).update({ active_organisation_id: wsId });
  await warm;
}, 60_000);

afterAll(async () => {
  for (const e of editors) e.provider.destroy();
  await server?.stop();
});

describe('the organisation sends only after approval', () => {
  it('the rule is the organisation’s; the roles with approve are asked', async () => {
    // The members page (organisations module) sets these; here they are set directly.
    await db('organisations').where('id', wsId).update({ approval_required: true });
    await db('organisation_members').where({ organisation_id: wsId, user_id: approver.id }).update({ role: 'publisher' });
    const r = await approvalOf(await newRelease('Κανόνας'));
    expect(r.body).toMatchObject({ required: true, canApprove: true });
  });
});

describe('approval bound to a version', () => {
  it('refuses to send without approval, then sends exactly the approved version and freezes it', async () => {
    const id = await newRelease('Δελτίο προς έγκριση');
    const w = await editor(writer.token, id);
    setParagraphs(w.doc, ['Το κείμενο που θα εγκριθεί.']);
    await until(async () => ((await db('press_releases').where('id', id).first('content')) as { content: string }).content.includes('θα εγκριθεί'));

    // Nothing asked yet: Send now and Schedule are refused with a clear Greek message.
    const refused = await api<Err>('POST', `/releases/${id}/send`, writer.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'approval_required' });
    expect(refused.body.error.message).toMatch(/μόνο αφού εγκριθεί/);
    const sched = await api<Err>('POST', `/releases/${id}/schedule`, writer.token, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(sched.body.error.code).toBe('approval_required');
    // Each refusal is a step of the approval trail: audited with who, what and why.
    const refusals = (await db('audit_logs').where({ entity_id: id, action_type: 'approval.send_refused' }).orderBy('id').select('actor_user_id', 'metadata')) as {
      actor_user_id: string;
      metadata: Record<string, unknown>;
    }[];
    expect(refusals).toEqual([
      { actor_user_id: writer.id, metadata: { title: 'Δελτίο προς έγκριση', reason: 'approval_required', attempt: 'send' } },
      { actor_user_id: writer.id, metadata: { title: 'Δελτίο προς έγκριση', reason: 'approval_required', attempt: 'schedule' } },
    ]);

    // The writer asks; the approvers (the approver and the owner) get it in the app and by e-mail.
    const before = mail.sent.length;
    const req = await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, { note: 'Για την αυριανή ανακοίνωση' });
    expect(req.status).toBe(201);
    expect(req.body).toMatchObject({ status: 'pending', stale: false, versionName: 'Έκδοση για έγκριση', requestedBy: { id: writer.id } });
    const queue = await api<ApprovalQueue>('GET', '/approvals', approver.token);
    expect(queue.body.isApprover).toBe(true);
    expect(queue.body.pending.map((a) => a.id)).toContain(req.body.id);
    expect((await api<{ pending: number }>('GET', '/approvals/count', approver.token)).body.pending).toBe(1);
    expect((await api<{ pending: number }>('GET', '/approvals/count', writer.token)).body.pending).toBe(0);
    const notes = (await db('notifications').where('kind', 'approval.requested').select('user_id')) as { user_id: string }[];
    expect(new Set(notes.map((n) => n.user_id))).toEqual(new Set([approver.id, owner.id]));
    await server.ctx.mailer.drain?.();
    await until(() => mail.sent.length >= before + 2);
    expect(mail.sent.slice(before).map((m) => m.to).sort()).toEqual(['approver@approvals.test', 'owner@approvals.test']);
    expect((await api<Err>('POST', `/releases/${id}/send`, writer.token)).body.error.code).toBe('approval_pending');

    // A plain member cannot decide; nobody approves their own request; the decision names the version.
    expect((await api<Err>('POST', `/approvals/${req.body.id}/decision`, writer.token, { decision: 'approve', versionId: req.body.versionId })).status).toBe(403);
    const wrong = await api<Err>('POST', `/approvals/${req.body.id}/decision`, approver.token, { decision: 'approve', versionId: '00000000-0000-4000-8000-000000000000' });
    expect(wrong.body.error.code).toBe('approval_version_mismatch');
    expect((await api<Err>('POST', `/approvals/${req.body.id}/decision`, approver.token, { decision: 'reject', versionId: req.body.versionId })).status).toBe(400);
    const ok = await api<Approval>('POST', `/approvals/${req.body.id}/decision`, approver.token, { decision: 'approve', versionId: req.body.versionId, comment: 'Εντάξει' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', stale: false, decidedBy: { id: approver.id }, comment: 'Εντάξει' });
    expect((await api<Err>('POST', `/approvals/${req.body.id}/decision`, approver.token, { decision: 'approve', versionId: req.body.versionId })).body.error.code).toBe(
      'approval_not_pending',
    );
    expect(await db('notifications').where({ kind: 'approval.approved', user_id: writer.id }).first('id')).toBeTruthy();

    // An edit after the approval: stale for everyone, and the send is refused.
    w.doc.getText(TITLE_FIELD).insert(w.doc.getText(TITLE_FIELD).length, ' (διορθωμένο)');
    await until(async () => ((await db('release_approvals').where('id', req.body.id).first('stale')) as { stale: boolean }).stale);
    expect((await approvalOf(id)).body.approval).toMatchObject({ status: 'approved', stale: true });
    // A step of its own: audited, and the approver and the writer are told (in the app and by e-mail).
    await until(async () => (await db('notifications').where({ kind: 'approval.stale' }).select('user_id')).length === 2);
    expect(await db('audit_logs').where({ entity_id: id, action_type: 'approval.stale' }).first('id')).toBeTruthy();
    await until(() => mail.sent.some((m) => m.to === 'approver@approvals.test' && m.subject.startsWith('Το εγκεκριμένο κείμενο άλλαξε')));
    // The version in the genitive after «την έγκριση» («της Έκδοσης 1», not «της Έκδοση 1»).
    const staleNote = (await db('notifications').where({ kind: 'approval.stale', user_id: writer.id }).first('body')) as { body: string };
    expect(staleNote.body).toMatch(/μετά την έγκριση της Έκδοσης \d+/);
    expect(mail.sent.find((m) => m.subject.startsWith('Το εγκεκριμένο κείμενο άλλαξε'))?.text).toMatch(/μετά την έγκριση της Έκδοσης \d+/);
    const stale = await api<Err>('POST', `/releases/${id}/send`, writer.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'approval_stale' });
    expect(stale.body.error.message).toMatch(/άλλαξε μετά την έγκριση/);
    expect(await status(id)).toBe('draft');
    // Restoring the approved version (the refused send lifted its freeze, so the document takes
    // the change) makes the approval fresh again; then exactly that version is sent.
    const restored = await api<RestoreResult>('POST', `/releases/${id}/versions/${req.body.versionId}/restore`, writer.token);
    expect(restored.status).toBe(200);
    await until(async () => !((await db('release_approvals').where('id', req.body.id).first('stale')) as { stale: boolean }).stale);
    const sent = await api<{ status: string }>('POST', `/releases/${id}/send`, writer.token);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    const frozen = (await db('release_sent_versions').where('press_release_id', id).first('title', 'content', 'approval_id')) as {
      title: string;
      content: string;
      approval_id: string;
    };
    const approvedVersion = (await db('release_versions').where('id', req.body.versionId).first('doc_state')) as { doc_state: Buffer };
    const approved = contentOfState(new Uint8Array(approvedVersion.doc_state));
    expect(frozen).toEqual({ title: approved.title, content: approved.html, approval_id: req.body.id });
    expect(frozen.title).toBe('Δελτίο προς έγκριση');
    expect((await approvalOf(id)).body.approval).toMatchObject({ status: 'sent' });
    const audit = ((await db('audit_logs').where('entity_id', id).orderBy('id').select('action_type', 'metadata')) as { action_type: string; metadata: Record<string, unknown> }[]);
    expect(audit.map((a) => a.action_type)).toEqual(
      expect.arrayContaining(['approval.requested', 'approval.approved', 'press_release.version_restored', 'press_release.sent']),
    );
    expect(audit.find((a) => a.action_type === 'press_release.sent')?.metadata).toMatchObject({ approvalId: req.body.id, approvedVersionId: req.body.versionId });
    // Frozen: the live document refuses changes now (the editor is closed with 4409).
    const closed = new Promise<number>((resolve) => w.provider.on('connection-close', (e: CloseEvent | null) => resolve(e?.code ?? 0)));
    w.doc.getText(TITLE_FIELD).insert(0, 'Μετά την αποστολή ');
    expect(await closed).toBe(4409);
  });

  it('covers the embargo and the attachments as well as the text: changing either makes it stale, undoing it fresh again', async () => {
    const id = await newRelease('Με εμβάργκο και συνημμένο');
    const w = await editor(writer.token, id);
    setParagraphs(w.doc, ['Το κείμενο.']);
    await until(async () => ((await db('press_releases').where('id', id).first('content')) as { content: string }).content.includes('Το κείμενο'));
    const req = (await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, {})).body;
    expect((await api<Approval>('POST', `/approvals/${req.id}/decision`, owner.token, { decision: 'approve', versionId: req.versionId })).status).toBe(200);
    const stale = async () => ((await db('release_approvals').where('id', req.id).first('stale')) as { stale: boolean }).stale;
    expect(await stale()).toBe(false);

    // An attachment added after the approval: stale, and the send is refused.
    const up = await fetch(`${server.url}/api/releases/${id}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/octet-stream', 'x-file-name': 'deltio.pdf' },
      body: new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')),
    });
    expect(up.status).toBe(201);
    const attachment = (await up.json()) as { id: string };
    await until(stale);
    expect((await api<Err>('POST', `/releases/${id}/send`, writer.token)).body.error.code).toBe('approval_stale');
    // Removed again: the release is as approved, fresh.
    expect((await api('DELETE', `/releases/${id}/attachments/${attachment.id}`, writer.token)).status).toBe(204);
    await until(async () => !(await stale()));

    // An embargo set after the approval: stale too.
    const meta = w.doc.getMap('meta');
    w.doc.transact(() => {
      meta.set('embargoDate', '2030-01-10');
      meta.set('embargoTime', '10:00');
    });
    await until(stale);
    expect((await api<Err>('POST', `/releases/${id}/send`, writer.token)).body.error.code).toBe('approval_stale');
  });

  it('a rejection is told to the writer with its reason, and a new request supersedes it', async () => {
    const id = await newRelease('Απορριπτέο');
    const w = await editor(writer.token, id);
    setParagraphs(w.doc, ['Πρόχειρο.']);
    const req = (await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, {})).body;
    const no = await api<Approval>('POST', `/approvals/${req.id}/decision`, owner.token, { decision: 'reject', versionId: req.versionId, comment: 'Λείπει η δήλωση' });
    expect(no.body).toMatchObject({ status: 'rejected', comment: 'Λείπει η δήλωση' });
    expect((await api<Err>('POST', `/releases/${id}/send`, writer.token)).body.error.code).toBe('approval_rejected');
    const note = (await db('notifications').where({ kind: 'approval.rejected', user_id: writer.id }).first('body')) as { body: string };
    expect(note.body).toContain('Λείπει η δήλωση');
    const again = (await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, { name: 'Δεύτερη προσπάθεια' })).body;
    expect(again.versionSeq).toBeGreaterThan(req.versionSeq);
    const queue = (await api<ApprovalQueue>('GET', '/approvals', owner.token)).body;
    expect(queue.pending.map((a) => a.id)).toContain(again.id);
    expect(queue.pending.map((a) => a.id)).not.toContain(req.id);
    // The owner may approve others' requests, not their own.
    const own = await newRelease('Του ιδιοκτήτη');
    await editor(owner.token, own);
    const mine = (await api<Approval>('POST', `/releases/${own}/approval-requests`, owner.token, {})).body;
    expect((await api<Err>('POST', `/approvals/${mine.id}/decision`, owner.token, { decision: 'approve', versionId: mine.versionId })).body.error.code).toBe('self_approval');
    // So their own request is not in their queue or badge, but among their requests; the other approvers have it.
    const ownerQueue = (await api<ApprovalQueue>('GET', '/approvals', owner.token)).body;
    expect(ownerQueue.pending.map((a) => a.id)).not.toContain(mine.id);
    expect(ownerQueue.mine.map((a) => a.id)).toContain(mine.id);
    const ownerCount = (await api<{ pending: number }>('GET', '/approvals/count', owner.token)).body.pending;
    expect(ownerCount).toBe(ownerQueue.pending.length);
    expect((await api<ApprovalQueue>('GET', '/approvals', approver.token)).body.pending.map((a) => a.id)).toContain(mine.id);
  });

  it('a scheduled send goes out only with the approved text; an edit after scheduling sends it back to draft', async () => {
    const id = await newRelease('Προγραμματισμένο');
    const w = await editor(writer.token, id);
    setParagraphs(w.doc, ['Για αύριο το πρωί.']);
    const req = (await api<Approval>('POST', `/releases/${id}/approval-requests`, writer.token, {})).body;
    await api('POST', `/approvals/${req.id}/decision`, approver.token, { decision: 'approve', versionId: req.versionId });
    const sched = await api<{ status: string }>('POST', `/releases/${id}/schedule`, writer.token, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(sched.body.status).toBe('scheduled');
    w.doc.getText(TITLE_FIELD).insert(0, 'Αλλαγή: ');
    await until(async () => ((await db('release_approvals').where('id', req.id).first('stale')) as { stale: boolean }).stale);
    // Due now: the job runs, finds the text changed, and puts the release back to draft with a reason.
    await db.transaction(async (trx) => {
      await asLifecycle(trx);
      await trx('press_releases').where('id', id).update({ scheduled_at: new Date(Date.now() - 1000) });
    });
    await db('jobs').where('dedupe_key', `release.send:${id}`).update({ run_at: new Date(Date.now() - 1000) });
    server.ctx.jobs.kick();
    await until(async () => (await status(id)) === 'draft', 10_000);
    const note = (await db('notifications').where({ kind: 'press_release.schedule_failed', user_id: owner.id }).first('body')) as { body: string };
    expect(note.body).toContain('το κείμενο άλλαξε μετά την έγκριση');
    expect(await db('release_sent_versions').where('press_release_id', id).first('id')).toBeUndefined();
  });
});
