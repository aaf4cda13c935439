import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { until } from '../../test/wait';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp';
import type { Db } from '../../db/knex';
import { insertMember, tokenOf } from './org-fixtures';
import { listForUser } from '../notifications/notifications.repo';
import { notificationPushSchema } from '../../../../shared/schemas/notifications';

let server: TestServer;
let smtp: TestSmtp;
let client: { id: string; token: string };
/** A second member of the client's organisation: what a journalist blocked applies to her sends too. */
let colleague: { id: string; token: string };
let orgId: string;
const media: Record<string, string> = {};

const LINK = 'https://example.com/news?a=1&b=2';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A media user straight in the database (no sign-in needed to receive). */
async function mediaUser(db: Db, name: string, o: { lists: string[]; status?: string; active?: boolean }) {
  const email = `${name}@media.test`;
  const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
  await db('profiles').insert({ user_id: u!.id, email, name, role: 'media', status: o.status ?? 'approved', is_active: o.active ?? true });
  for (const category of o.lists) await db('media_lists').insert({ category, media_id: u!.id });
  media[name] = u!.id;
  return u!.id;
}

async function newRelease(title: string, lists = ['tech'], category = 'tech', author = client) {
  const [r] = (await server.ctx.db('press_releases')
    .insert({
      title,
      content: `<p>Κείμενο του δελτίου με <a href="${LINK.replace('&', '&amp;')}">σύνδεσμο</a> και <a href="mailto:x@y.gr">email</a>.</p>`,
      content_text: 'Κείμενο του δελτίου με σύνδεσμο και email.',
      search_text: 'κειμενο',
      category,
      author_id: author.id,
      organisation_id: orgId,
      media_list_categories: lists,
    })
    .returning('id')) as { id: string }[];
  return r!.id;
}

const send = (id: string, token = client.token) => call(server.url, 'POST', `/api/releases/${id}/send`, { token });
/** Release e-mails only (sign-up and sender confirmations also pass through the server). */
const mailsTo = (name: string) => smtp.mails.filter((m) => m.to.includes(`${name}@media.test`) && m.headers['list-unsubscribe']);
const hrefs = (m: ReceivedMail) => [...m.html.matchAll(/href="([^"]+)"/g)].map((x) => x[1]!.replace(/&amp;/g, '&'));
const reporting = async (id: string) =>
  (await server.ctx.db('reporting').where('press_release_id', id).first()) as { opened_by: string[]; clicked_links: string[]; coverage_count: number };

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url });
  const { id } = await signUp(server.url, 'sender@client.test', 'client');
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
  client = { id, token: (await signIn(server.url, 'sender@client.test')).access_token };
  const db = server.ctx.db;
  // The company is the organisation its sign-up created: its name is what journalists see.
  orgId = ((await db('organisation_members').where({ user_id: id, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
  await db('organisations').where('id', orgId).update({ name: 'Αιγαίο Α.Ε.', status: 'approved' });
  colleague = { id: await insertMember(db, orgId, 'colleague@client.test', 'publisher'), token: '' };
  colleague.token = await tokenOf(server.url, 'colleague@client.test');
  await mediaUser(db, 'tech1', { lists: ['tech'] });
  await mediaUser(db, 'both', { lists: ['tech', 'economy'] });
  await mediaUser(db, 'econ', { lists: ['economy'] });
  await mediaUser(db, 'pending', { lists: ['tech'], status: 'pending' });
  await mediaUser(db, 'inactive', { lists: ['tech'], active: false });
  const all = await mediaUser(db, 'optout', { lists: ['tech'] });
  await db('unsubscribes').insert({ user_id: all, scope: 'all' });
  const blocked = await mediaUser(db, 'blocker', { lists: ['tech'] });
  await db('unsubscribes').insert({ user_id: blocked, scope: 'sender', sender_organisation_id: orgId });
  const noTech = await mediaUser(db, 'notech', { lists: ['tech'] });
  await db('unsubscribes').insert({ user_id: noTech, scope: 'category', category: 'tech' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('send now', () => {
  let releaseId: string;
  let socket: Socket;
  let onlineToken: string;
  const pushed: { event: string; payload: unknown }[] = [];

  beforeAll(async () => {
    // tech1 is online: the push arrives on their socket.
    const { id } = await signUp(server.url, 'online@media.test', 'media');
    await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved' });
    await server.ctx.db('media_lists').insert({ category: 'tech', media_id: id });
    media.online = id;
    const token = (onlineToken = (await signIn(server.url, 'online@media.test')).access_token);
    socket = ioClient(server.url, { auth: { token }, transports: ['websocket'] });
    // Every message the recipient's socket gets, in order: all but the handshake's and the
    // public newsroom's (sent to every visitor of the site, not to recipients).
    socket.onAny((event: string, p: unknown) => {
      if (event !== 'session:ready' && event !== 'newsroom:changed') pushed.push({ event, payload: p });
    });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    releaseId = await newRelease('Νέα πλατφόρμα τεχνολογίας', ['tech', 'economy']);
    await server.ctx.db('release_attachments').insert({
      press_release_id: releaseId,
      file_name: 'Φωτογραφία.jpg',
      mime_type: 'image/jpeg',
      size_bytes: 250_000,
      storage_key: 'x/y.jpg',
    });
  });
  afterAll(() => socket?.close());

  it('delivers once to each approved, active, subscribed member of the chosen lists', async () => {
    const r = await send(releaseId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'sent', recipients: 4 });
    const rows = (await server.ctx.db('deliveries').where('press_release_id', releaseId).select('recipient_user_id')) as {
      recipient_user_id: string;
    }[];
    expect(rows.map((d) => d.recipient_user_id).sort()).toEqual([media.tech1, media.both, media.econ, media.online].sort());
    // 'both' is on two of the lists and still gets one delivery, one notification, one e-mail.
    const notes = (await listForUser(server.ctx.db, media.both!, 30)).filter((n) => n.kind === 'press_release.received');
    expect(notes).toHaveLength(1);
    // The notice is the delivery itself (no notification row is written for a received release).
    expect(await server.ctx.db('notifications').where({ user_id: media.both, kind: 'press_release.received' })).toHaveLength(0);
  });

  it('pushes one message to the online recipient: its notification, carrying the inbox entry', async () => {
    await until(() => pushed.length >= 1, 10_000, 'the push');
    // A round trip on the socket (answered after anything already sent to it) brings no more:
    // one socket message per recipient, not a notification and a separate inbox event.
    await socket.emitWithAck('ping');
    expect(pushed.map((p) => p.event)).toEqual(['notification:new']);
  });

  it('pushes the notice as the bell lists it, without the per-recipient ids, with the release for the inbox', async () => {
    const bell = await call(server.url, 'GET', '/api/notifications', { token: onlineToken });
    const stored = (bell.body as { items: { kind: string }[] }).items.find((n) => n.kind === 'press_release.received');
    const delivery = (await server.ctx.db('deliveries').where({ press_release_id: releaseId, recipient_user_id: media.online }).first('id')) as { id: string };
    expect(stored).toMatchObject({
      id: Number(delivery.id),
      title: 'Νέα πλατφόρμα τεχνολογίας',
      body: 'Νέο δελτίο τύπου από Αιγαίο Α.Ε.',
      link: `/media/press-releases/${releaseId}`,
      data: { press_release_id: releaseId, delivery_id: Number(delivery.id), category: 'tech', organisation_id: orgId },
      organisationId: null,
      readAt: null,
    });
    // The same message for every recipient (one frame): the notice less its ids, and the release.
    const { id: _id, data, ...rest } = stored as unknown as { id: number; data: Record<string, unknown> };
    const { delivery_id: _deliveryId, ...shared } = data;
    expect(pushed[0]!.payload).toEqual({ ...rest, data: shared, delivery: { releaseId, title: 'Νέα πλατφόρμα τεχνολογίας', category: 'tech' } });
    // The shared schema of the pushed notification accepts it.
    expect(notificationPushSchema.parse(pushed[0]!.payload)).toEqual(pushed[0]!.payload);
  });

  it('e-mails each recipient over SMTP with the release, tracked links, a pixel and unsubscribe links', async () => {
    const isRelease = (m: ReceivedMail) => m.subject === 'Νέα πλατφόρμα τεχνολογίας';
    const isConfirmation = (m: ReceivedMail) => m.to.includes('sender@client.test') && m.subject === 'Το δελτίο τύπου στάλθηκε';
    // Exactly what is asserted: the four release mails and the sender's confirmation.
    await smtp.waitUntil((mails) => mails.filter(isRelease).length >= 4 && mails.some(isConfirmation));
    const releases = smtp.mails.filter(isRelease);
    expect(releases.flatMap((m) => m.to).sort()).toEqual(['both@media.test', 'econ@media.test', 'online@media.test', 'tech1@media.test']);
    const m = mailsTo('tech1')[0]!;
    expect(m.subject).toBe('Νέα πλατφόρμα τεχνολογίας');
    expect(m.html).toContain('Κείμενο του δελτίου');
    expect(m.html).toContain('Αιγαίο Α.Ε.');
    const links = hrefs(m);
    expect(links.some((h) => h.includes('/api/t/c/') && h.includes(encodeURIComponent(LINK)))).toBe(true);
    expect(links).not.toContain(LINK); // never untracked
    expect(links).toContain('mailto:x@y.gr'); // only http(s) links are tracked
    expect(links.filter((h) => h.includes('/unsubscribe/'))).toHaveLength(2);
    expect(m.html).toMatch(/<img src="http:\/\/[^"]+\/api\/t\/o\/\d+\.[\w-]+\.gif"/);
    expect(m.headers['list-unsubscribe']).toMatch(/^<http:\/\/.+\/api\/unsubscribe\/.+\/one-click>$/);
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(m.text).toContain('Διαγραφή από όλα τα δελτία');
    // Attachments go as signed links made for this recipient (their downloads are counted).
    const file = links.find((h) => h.includes('/api/attachments/'))!;
    expect(file).toMatch(/^http:\/\/.+\/api\/attachments\/[0-9a-f-]{36}\/file\?token=/);
    expect(m.html).toContain('Φωτογραφία.jpg');
    // The sender is told it went out (their "press release sent" switch is on by default).
    const confirmation = smtp.mails.find(isConfirmation);
    expect(confirmation?.text).toContain('σε 4 παραλήπτες');
  });

  it('records the deliveries as sent, and the audit rows', async () => {
    const states = async () => ((await server.ctx.db('deliveries').where('press_release_id', releaseId).select('state')) as { state: string }[]).map((s) => s.state);
    await until(async () => (await states()).every((s) => s === 'sent'), 10_000, 'the deliveries recorded sent');
    expect(await states()).toEqual(['sent', 'sent', 'sent', 'sent']);
    const audit = (await server.ctx.db('audit_logs').where('entity_id', releaseId).select('action_type', 'metadata')) as {
      action_type: string;
      metadata: { recipients?: number; emails?: number };
    }[];
    expect(audit.map((a) => a.action_type).sort()).toEqual(['email.sent', 'press_release.sent']);
    expect(audit.find((a) => a.action_type === 'press_release.sent')!.metadata.recipients).toBe(4);
  });

  it('refuses a second send', async () => {
    expect((await send(releaseId)).status).toBe(409);
    expect(await server.ctx.db('deliveries').where('press_release_id', releaseId)).toHaveLength(4);
  });

  it('counts the pixel once per recipient, and flags mail-proxy prefetches', async () => {
    const pixel = (name: string) => /<img src="([^"]+)"/.exec(mailsTo(name)[0]!.html)![1]!;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(pixel('tech1'), { headers: { 'user-agent': BROWSER } });
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('cache-control')).toContain('no-store');
    }
    await fetch(pixel('both'), { headers: { 'user-agent': 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' } });
    const rep = await reporting(releaseId);
    expect(rep.opened_by).toEqual([media.tech1]);
    const events = (await server.ctx.db('reporting_events').where({ press_release_id: releaseId, kind: 'open' }).select('is_proxy', 'recipient_user_id')) as {
      is_proxy: boolean;
      recipient_user_id: string;
    }[];
    expect(events).toHaveLength(4);
    expect(events.filter((e) => e.is_proxy).map((e) => e.recipient_user_id)).toEqual([media.both]);
  });

  it('a tracked click redirects, lands in clicked_links and counts as an open', async () => {
    const tracked = hrefs(mailsTo('econ')[0]!).find((h) => h.includes('/api/t/c/'))!;
    const res = await fetch(tracked, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(LINK);
    const rep = await reporting(releaseId);
    expect(rep.clicked_links).toEqual([LINK]);
    expect(rep.coverage_count).toBe(1); // a clicked http link is coverage (stored count, kept by Postgres)
    expect(rep.opened_by.sort()).toEqual([media.tech1, media.econ].sort());
    // The signature covers the target: the same token cannot send anyone elsewhere.
    const forged = tracked.replace(encodeURIComponent(LINK), encodeURIComponent('https://evil.example/'));
    const bad = await fetch(forged, { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_link');
  });

  it("an unsubscribe link works without signing in and is honoured by the next send of any member of the company", async () => {
    const link = hrefs(mailsTo('tech1')[0]!).find((h) => h.includes('/unsubscribe/') && h.endsWith('scope=sender'))!;
    const token = new URL(link).pathname.split('/').pop()!;
    const before = await call<{ sender: boolean; all: boolean; senderCompany: string; email: string }>(server.url, 'GET', `/api/unsubscribe/${token}`);
    expect(before.body).toMatchObject({ sender: false, all: false, senderCompany: 'Αιγαίο Α.Ε.' });
    expect(before.body.email).not.toContain('tech1@');
    const r = await call<{ sender: boolean }>(server.url, 'POST', `/api/unsubscribe/${token}`, { body: { scope: 'sender' } });
    expect(r.body.sender).toBe(true);
    expect((await call(server.url, 'POST', `/api/unsubscribe/${token}`, { body: { scope: 'sender' } })).status).toBe(200);
    expect((await call(server.url, 'POST', `/api/unsubscribe/${token}`, { body: { scope: 'nope' } })).status).toBe(400);
    // 'both' unsubscribes from everything with the mailbox provider's one-click POST.
    const oneClick = mailsTo('both')[0]!.headers['list-unsubscribe']!.slice(1, -1);
    expect((await fetch(oneClick, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(204);

    // The next release is the colleague's: the block was of the company, so it holds for her too.
    const next = await newRelease('Δεύτερο δελτίο', ['tech', 'economy'], 'tech', colleague);
    expect((await send(next, colleague.token)).status).toBe(200);
    const got = ((await server.ctx.db('deliveries').where('press_release_id', next).select('recipient_user_id')) as { recipient_user_id: string }[]).map(
      (d) => d.recipient_user_id,
    );
    expect(got.sort()).toEqual([media.econ, media.online].sort());

    // Undo brings them back.
    await call(server.url, 'POST', `/api/unsubscribe/${token}/undo`, { body: { scope: 'sender' } });
    const third = await newRelease('Τρίτο δελτίο', ['tech']);
    await send(third);
    const again = ((await server.ctx.db('deliveries').where('press_release_id', third).select('recipient_user_id')) as { recipient_user_id: string }[]).map(
      (d) => d.recipient_user_id,
    );
    expect(again).toContain(media.tech1);
  });
});

describe('mail failures', () => {
  it('a refused mailbox is a bounce with the reason; a temporary failure retries with back-off and ends as a soft bounce', async () => {
    const db = server.ctx.db;
    const bounce = await mediaUser(db, 'bounce', { lists: ['culture'] });
    const later = await mediaUser(db, 'later', { lists: ['lifestyle'] });
    smtp.refuse = { pattern: /^bounce@/, code: 550 };
    const a = await newRelease('Πολιτισμός', ['culture'], 'culture');
    await send(a);
    await server.ctx.jobs.drain(); // the e-mails are written by a job after the send commits
    await server.ctx.mailer.drain();
    const d = (await db('deliveries').where({ press_release_id: a, recipient_user_id: bounce }).first()) as { state: string; error: string };
    expect(d.state).toBe('bounced');
    expect(d.error).toMatch(/550/);

    smtp.refuse = { pattern: /^later@/, code: 451 };
    const b = await newRelease('Lifestyle', ['lifestyle'], 'lifestyle');
    await send(b);
    await server.ctx.jobs.drain();
    await server.ctx.mailer.drain();
    const row = () => db('deliveries').where({ press_release_id: b, recipient_user_id: later }).first() as Promise<{ state: string; error: string; attempts: number }>;
    expect((await row()).state).toBe('queued');
    const outbox = () => db('mail_outbox').where('to_email', 'later@media.test').first() as Promise<{ next_attempt_at: Date; attempts: number }>;
    const first = await outbox();
    expect(new Date(first.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000); // back-off, not a hot loop
    for (let i = 0; i < 5; i++) {
      await db('mail_outbox').where('to_email', 'later@media.test').update({ next_attempt_at: db.fn.now() });
      await server.ctx.mailer.drain();
    }
    // Given up after its attempts: a soft bounce (the mail never arrived; the address is only counted).
    const final = (await row()) as Awaited<ReturnType<typeof row>> & { bounce_type: string | null };
    expect(final.state).toBe('bounced');
    expect(final.bounce_type).toBe('soft');
    expect(final.attempts).toBe(5);
    expect(final.error).toMatch(/Try again later/);
    // Its four retried refusals are the trail (delayed); the fifth, the last, counts as one soft bounce.
    const events = (await db('bounce_events').where('email_lc', 'later@media.test').orderBy('id').select('kind')) as { kind: string }[];
    expect(events.map((e) => e.kind)).toEqual(['delayed', 'delayed', 'delayed', 'delayed', 'soft']);
    smtp.refuse = null;
  });
});
