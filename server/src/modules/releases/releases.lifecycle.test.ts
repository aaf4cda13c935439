/**
 * The release lifecycle: every transition (legal and illegal), what was sent stays as it
 * was sent, archive instead of delete, no junk drafts, and the send confirmation's preview
 * and test e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/knex';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { deleteEmptyDrafts } from './drafts-cleanup';
import { listForUser } from '../notifications/notifications.repo';
import { asLifecycle, canTransition, sendRelease, TRANSITIONS } from './releases.lifecycle';

let server: TestServer;
let client: { id: string; token: string };
let journalist: { id: string; token: string };
let db: Db;

async function mediaUser(name: string, o: { lists: string[]; status?: string; active?: boolean }) {
  const email = `${name}@lifecycle.test`;
  const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
  await db('profiles').insert({ user_id: u!.id, email, name, role: 'media', status: o.status ?? 'approved', is_active: o.active ?? true });
  for (const category of o.lists) await db('media_lists').insert({ category, media_id: u!.id });
  return u!.id;
}

async function draft(title: string, o: Record<string, unknown> = {}) {
  const ws = (await db('organisations').where('created_by', client.id).first('id')) as { id: string };
  const [r] = (await db('press_releases')
    .insert({
      title,
      content: '<p>Κείμενο</p>',
      content_text: 'Κείμενο',
      search_text: 'κειμενο',
      category: 'tech',
      author_id: client.id,
      organisation_id: ws.id,
      media_list_categories: ['tech'],
      edited_at: new Date(),
      ...o,
    })
    .returning('id')) as { id: string }[];
  return r!.id;
}

const post = (path: string, body?: unknown, token = client.token) => call<{ status: string; error?: { code: string; message: string } }>(server.url, 'POST', `/api${path}`, { token, body });
const status = async (id: string) => ((await db('press_releases').where('id', id).first('status')) as { status: string } | undefined)?.status;
const audit = async (id: string) => ((await db('audit_logs').where('entity_id', id).orderBy('id').select('action_type')) as { action_type: string }[]).map((r) => r.action_type);
const inFuture = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  db = server.ctx.db;
  const { id } = await signUp(server.url, 'owner@lifecycle.test', 'client');
  await db('profiles').where('user_id', id).update({ status: 'approved' });
  // The company's name and approval are its organisation's.
  await db('organisations').where('created_by', id).update({ status: 'approved', name: 'Αιγαίο Τεχνολογίες Α.Ε.' });
  client = { id, token: (await signIn(server.url, 'owner@lifecycle.test')).access_token };
  const j = await signUp(server.url, 'reader@lifecycle.test', 'media');
  await db('profiles').where('user_id', j.id).update({ status: 'approved' });
  await db('media_lists').insert({ category: 'tech', media_id: j.id });
  journalist = { id: j.id, token: (await signIn(server.url, 'reader@lifecycle.test')).access_token };
  await mediaUser('second', { lists: ['tech', 'economy'] });
  await mediaUser('econ', { lists: ['economy'] });
  await mediaUser('waiting', { lists: ['tech'], status: 'pending' });
  await mediaUser('off', { lists: ['tech'], active: false });
  const optout = await mediaUser('optout', { lists: ['tech'] });
  const ws = (await db('organisations').where('created_by', client.id).first('id')) as { id: string };
  await db('unsubscribes').insert({ user_id: optout, scope: 'sender', sender_organisation_id: ws.id });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('transitions', () => {
  it('has one table of legal transitions', () => {
    expect(canTransition('draft', 'send')).toBe(true);
    expect(canTransition('sent', 'send')).toBe(false);
    expect(canTransition('sent', 'schedule')).toBe(false);
    expect(canTransition('archived', 'archive')).toBe(false);
    expect(canTransition('draft', 'unschedule')).toBe(false);
    expect(TRANSITIONS.archive.from).toEqual(['sent']);
  });

  it('draft → scheduled → draft → scheduled → sent, each with its audit row, and every illegal step is a Greek 409', async () => {
    const id = await draft('Κύκλος ζωής');
    expect((await post(`/releases/${id}/unschedule`)).body.error).toMatchObject({ code: 'not_scheduled', message: 'Το δελτίο τύπου δεν είναι προγραμματισμένο' });

    const s1 = await post(`/releases/${id}/schedule`, { scheduledAt: inFuture() });
    expect(s1.status).toBe(200);
    expect(await status(id)).toBe('scheduled');
    expect(await db('jobs').where('dedupe_key', `release.send:${id}`).first('status')).toMatchObject({ status: 'queued' });
    // Rescheduling a scheduled release is legal.
    expect((await post(`/releases/${id}/schedule`, { scheduledAt: inFuture() })).status).toBe(200);
    expect((await post(`/releases/${id}/unschedule`)).status).toBe(200);
    expect(await status(id)).toBe('draft');
    expect(await db('jobs').where('dedupe_key', `release.send:${id}`).first('id')).toBeUndefined();

    expect((await post(`/releases/${id}/schedule`, { scheduledAt: inFuture() })).status).toBe(200);
    const sent = await post(`/releases/${id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    // Send now of a scheduled release cancels its job: it is not sent twice.
    expect(await db('jobs').where({ dedupe_key: `release.send:${id}`, status: 'queued' }).first('id')).toBeUndefined();

    for (const [path, body] of [
      ['send', undefined],
      ['schedule', { scheduledAt: inFuture() }],
      ['unschedule', undefined],
    ] as const) {
      const r = await post(`/releases/${id}/${path}`, body);
      expect(r.status, path).toBe(409);
      expect(r.body.error?.code).toBe('already_sent');
      expect(r.body.error?.message).toMatch(/έχει ήδη σταλεί/);
    }
    expect((await audit(id)).slice(0, 5)).toEqual([
      'press_release.scheduled',
      'press_release.scheduled',
      'press_release.unscheduled',
      'press_release.scheduled',
      'press_release.sent',
    ]);
  });

  it('a scheduled send that finds the release unsendable returns it to draft and tells the author', async () => {
    const id = await draft('', { content_text: '', content: '' });
    await db.transaction(async (trx) => {
      await asLifecycle(trx); // a fixture: a release that was scheduled and has since been emptied
      await trx('press_releases').where('id', id).update({ status: 'scheduled', scheduled_at: new Date(Date.now() - 1000) });
    });
    await server.ctx.jobs.schedule('release.send', { releaseId: id, baseUrl: server.url }, { dedupeKey: `release.send:${id}` });
    await server.ctx.jobs.drain();
    expect(await status(id)).toBe('draft');
    expect(await audit(id)).toContain('press_release.schedule_failed');
    expect(await db('notifications').where({ user_id: client.id, kind: 'press_release.schedule_failed' }).first('id')).toBeDefined();
  });

  it('the database refuses a status, schedule or sent-time change from outside the lifecycle', async () => {
    const id = await draft('Παράκαμψη');
    for (const values of [{ status: 'sent' }, { sent_at: new Date() }, { scheduled_at: new Date() }]) {
      await expect(db('press_releases').where('id', id).update(values)).rejects.toThrow(/only through the releases lifecycle/);
    }
    await db('press_releases').where('id', id).update({ title: 'Άλλος τίτλος' }); // other columns are free
    expect(await status(id)).toBe('draft');
  });

  it('no module but the lifecycle writes the status (a send through two paths at once goes out once)', async () => {
    const id = await draft('Διπλή αποστολή');
    const results = await Promise.allSettled([
      sendRelease(server.ctx, id, { actor: null, baseUrl: server.url, fromScheduled: false }),
      sendRelease(server.ctx, id, { actor: null, baseUrl: server.url, fromScheduled: false }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await db('release_sent_versions').where('press_release_id', id)).toHaveLength(1);
  });
});

describe('what was sent is frozen', () => {
  it('keeps the sender, title, text and files as sent after the company is renamed', async () => {
    const id = await draft('Νέο προϊόν', { content: '<p>Το αρχικό κείμενο</p>', content_text: 'Το αρχικό κείμενο' });
    await db('release_attachments').insert({ press_release_id: id, file_name: 'Φωτογραφία.png', mime_type: 'image/png', size_bytes: 3, storage_key: 'missing/x', sha256: 'ab'.repeat(32) });
    expect((await post(`/releases/${id}/send`)).status).toBe(200);
    await db('profiles').where('user_id', client.id).update({ organization: 'Νέα Επωνυμία Α.Ε.' });

    const item = await call<{ senderCompany: string; title: string; content: string; attachments: { filename: string }[] }>(
      server.url,
      'GET',
      `/api/media/inbox/${id}`,
      { token: journalist.token },
    );
    expect(item.status).toBe(200);
    expect(item.body.senderCompany).toBe('Αιγαίο Τεχνολογίες Α.Ε.');
    expect(item.body.title).toBe('Νέο προϊόν');
    expect(item.body.attachments.map((a) => a.filename)).toEqual(['Φωτογραφία.png']);
    const version = await db('release_sent_versions').where('press_release_id', id).first();
    expect(version).toMatchObject({ sender_name: 'Αιγαίο Τεχνολογίες Α.Ε.', title: 'Νέο προϊόν', content_text: 'Το αρχικό κείμενο' });
    expect(version.attachments).toEqual([expect.objectContaining({ fileName: 'Φωτογραφία.png', sizeBytes: 3, sha256: 'ab'.repeat(32) })]);
    // The notification and the e-mail were written from the frozen version too.
    const [note] = (await listForUser(db, journalist.id, 30)).filter((n) => n.data.press_release_id === id);
    expect(note!.body).toBe('Νέο δελτίο τύπου από Αιγαίο Τεχνολογίες Α.Ε.');
    await db('profiles').where('user_id', client.id).update({ organization: 'Αιγαίο Τεχνολογίες Α.Ε.' });
  });

  it('refuses REST saves, schedules and attachment changes of a sent release', async () => {
    const id = await draft('Σταλμένο');
    expect((await post(`/releases/${id}/send`)).status).toBe(200);
    const upload = await fetch(`${server.url}/api/releases/${id}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent('a.pdf') },
      body: Buffer.from('%PDF-1.4\n%%EOF'),
    });
    expect(upload.status).toBe(409);
    expect((await post(`/releases/${id}/schedule`, { scheduledAt: inFuture() })).status).toBe(409);
  });
});

describe('delete archives a sent release', () => {
  it('keeps its deliveries, tracking and reports, hides it from the default list and keeps it readable for the journalist', async () => {
    const id = await draft('Για αρχειοθέτηση');
    expect((await post(`/releases/${id}/send`)).status).toBe(200);
    await db('reporting').where('press_release_id', id).update({ opened_by: [journalist.id], clicked_links: ['https://example.com'] });
    await db('reporting_events').insert({ press_release_id: id, recipient_user_id: journalist.id, kind: 'open', channel: 'email' });

    const del = await call<{ outcome: string }>(server.url, 'DELETE', `/api/releases/${id}`, { token: client.token });
    expect(del).toMatchObject({ status: 200, body: { outcome: 'archived' } });
    expect(await status(id)).toBe('archived');
    expect(await db('reporting_events').where('press_release_id', id)).toHaveLength(1);
    expect(await db('deliveries').where('press_release_id', id)).not.toHaveLength(0);
    expect((await db('reporting').where('press_release_id', id).first('opened_by')).opened_by).toEqual([journalist.id]);
    expect(await audit(id)).toContain('press_release.archived');

    const list = await call<{ items: { id: string }[] }>(server.url, 'GET', '/api/releases', { token: client.token });
    expect(list.body.items.map((i) => i.id)).not.toContain(id);
    const archived = await call<{ items: { id: string }[] }>(server.url, 'GET', '/api/releases?status=archived', { token: client.token });
    expect(archived.body.items.map((i) => i.id)).toContain(id);
    expect((await call(server.url, 'GET', `/api/media/inbox/${id}`, { token: journalist.token })).status).toBe(200);
    const report = await call<{ rows: { id: string; opens: number }[] }>(server.url, 'GET', '/api/client/reports?status=archived', { token: client.token });
    expect(report.body.rows.find((r) => r.id === id)).toMatchObject({ opens: 1 });

    const again = await call<{ error: { code: string } }>(server.url, 'DELETE', `/api/releases/${id}`, { token: client.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('archived');
    // Even a direct delete cannot remove a release that was sent.
    await expect(db('press_releases').where('id', id).delete()).rejects.toThrow(/release_sent_versions/);
  });

  it('deletes a draft (and a scheduled release with its job) for good', async () => {
    const d = await draft('Πρόχειρο για διαγραφή');
    expect((await call(server.url, 'DELETE', `/api/releases/${d}`, { token: client.token })).body).toEqual({ outcome: 'deleted' });
    expect(await status(d)).toBeUndefined();
    const s = await draft('Προγραμματισμένο για διαγραφή');
    await post(`/releases/${s}/schedule`, { scheduledAt: inFuture() });
    expect((await call(server.url, 'DELETE', `/api/releases/${s}`, { token: client.token })).body).toEqual({ outcome: 'deleted' });
    expect(await db('jobs').where('dedupe_key', `release.send:${s}`).first('id')).toBeUndefined();
  });
});

describe('no junk drafts', () => {
  it('does not count untouched empty drafts anywhere, and housekeeping removes them after a day whatever their category', async () => {
    const { id: other } = await signUp(server.url, 'fresh@lifecycle.test', 'client');
    await db('profiles').where('user_id', other).update({ status: 'approved' });
    await db('organisations').where('created_by', other).update({ status: 'approved', default_category: 'tech' });
    const token = (await signIn(server.url, 'fresh@lifecycle.test')).access_token;
    // "New release" three times without typing: each gets a row (with the default category).
    for (let i = 0; i < 3; i++) expect((await call(server.url, 'POST', '/api/releases', { token })).status).toBe(201);
    const withText = await call<{ id: string }>(server.url, 'POST', '/api/releases', { token, body: { title: 'Με τίτλο' } });
    expect(await db('press_releases').where('author_id', other)).toHaveLength(4);

    const list = await call<{ total: number; totalAll: number }>(server.url, 'GET', '/api/releases', { token });
    expect(list.body).toMatchObject({ total: 1, totalAll: 1 });
    const report = await call<{ totals: { releases: number } }>(server.url, 'GET', '/api/client/reports', { token });
    expect(report.body.totals.releases).toBe(1);
    const csv = await fetch(`${server.url}/api/client/reports/export.csv`, { headers: { authorization: `Bearer ${token}` } });
    expect((await csv.text()).trim().split('\n')).toHaveLength(2); // the header and one release

    await db('press_releases').where('author_id', other).update({ created_at: new Date(Date.now() - 25 * 3600_000) });
    expect(await deleteEmptyDrafts(server.ctx)).toBeGreaterThanOrEqual(3);
    expect((await db('press_releases').where('author_id', other).select('id')).map((r: { id: string }) => r.id)).toEqual([withText.body.id]);
  });
});

describe('send confirmation', () => {
  it('counts recipients per list, the distinct total and who is left out, and previews the e-mail without tracking', async () => {
    const id = await draft('Προεπισκόπηση', { media_list_categories: ['tech', 'economy'] });
    const r = await call<{
      lists: { category: string; recipients: number }[];
      recipients: number;
      excluded: Record<string, number>;
      withoutEmail: Record<string, number>;
      email: { from: string; subject: string; html: string };
    }>(server.url, 'GET', `/api/releases/${id}/send-preview`, { token: client.token });
    expect(r.status).toBe(200);
    // tech: reader, second (optout unsubscribed from this sender, waiting pending, off inactive); economy: second, econ.
    expect(r.body.lists).toEqual([
      { category: 'tech', label: 'Τεχνολογία', recipients: 2 },
      { category: 'economy', label: 'Οικονομία', recipients: 2 },
    ]);
    expect(r.body.recipients).toBe(3);
    expect(r.body.excluded).toEqual({ unsubscribed: 1, inactive: 1, pending: 1 });
    expect(r.body.withoutEmail).toEqual({ total: 0, hard_bounce: 0, soft_bounce_limit: 0, complaint: 0, manual: 0, import: 0 });
    expect(r.body.email).toMatchObject({ from: 'Αιγαίο Τεχνολογίες Α.Ε.', subject: 'Προεπισκόπηση' });
    expect(r.body.email.html).toContain('Κείμενο');
    expect(r.body.email.html).not.toMatch(/\/t\/o\/|\/t\/c\//);

    // Sending reaches exactly the previewed number.
    const sent = await call<{ recipients: number }>(server.url, 'POST', `/api/releases/${id}/send`, { token: client.token });
    expect(sent.body.recipients).toBe(3);
  });

  it('sends a test e-mail to the sender only, marked as a test, untracked and uncounted, at most 5 in ten minutes', async () => {
    const id = await draft('Δοκιμή');
    const r = await call<{ id: number; to: string; status: string }>(server.url, 'POST', `/api/releases/${id}/test-email`, { token: client.token });
    expect(r.status).toBe(201);
    expect(r.body.to).toBe('owner@lifecycle.test');
    const mail = await db('mail_outbox').where('id', r.body.id).first();
    expect(mail.subject).toBe('[ΔΟΚΙΜΗ] Δοκιμή');
    expect(mail.html).toContain('Δοκιμαστικό e-mail');
    expect(mail.html).not.toMatch(/\/t\/o\/|\/t\/c\//);
    expect(mail.related_delivery_id).toBeNull();
    expect(await db('deliveries').where('press_release_id', id)).toHaveLength(0);
    expect(await status(id)).toBe('draft');
    await server.ctx.mailer.drain();
    const state = (await call<{ status: string }>(server.url, 'GET', `/api/releases/${id}/test-email/${r.body.id}`, { token: client.token })).body.status;
    expect(state).toBe('sent');
    for (let i = 0; i < 4; i++) expect((await call(server.url, 'POST', `/api/releases/${id}/test-email`, { token: client.token })).status).toBe(201);
    const limited = await call<{ error: { code: string } }>(server.url, 'POST', `/api/releases/${id}/test-email`, { token: client.token });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_test_emails');
  });
});
