import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn } from '../../test/http';
import { memoryTransport } from '../../test/mail';
import { sendRelease } from '../releases/releases.lifecycle';
import { runDigest } from './digest';
import { deliverWithNotices, type SendableRelease } from './distribution.repo';
import { FIXTURE_PASSWORD, freezeAsSent, insertMember, insertOrganisation, insertUser, tokenOf } from './org-fixtures';

/**
 * A journalist's own limit of releases per day: past it, a release stays in the
 * inbox without an e-mail or a notification, and the next daily digest lists it, whatever
 * the journalist's digest frequency. And the superadmin's preview and "run now".
 */
let server: TestServer;
const mail = memoryTransport();
/** Two sending organisations, each with the member who sends. */
const senders: { org: string; id: string }[] = [];
let limited: { id: string; token: string };
let saToken: string;

async function user(email: string, role: 'client' | 'media', profile: Record<string, unknown> = {}, lists: string[] = []) {
  const db = server.ctx.db;
  const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
  await db('profiles').insert({ user_id: u!.id, email, name: email.split('@')[0], role, status: 'approved', ...profile });
  for (const category of lists) await db('media_lists').insert({ category, media_id: u!.id });
  return u!.id;
}

async function company(name: string, email: string) {
  const org = await insertOrganisation(server.ctx.db, name);
  return { org, id: await insertMember(server.ctx.db, org, email, 'owner') };
}

async function send(title: string, sender: { org: string; id: string }) {
  const [r] = (await server.ctx.db('press_releases')
    .insert({ title, content: '<p>Κείμενο</p>', content_text: 'Κείμενο', category: 'tech', organisation_id: sender.org, author_id: sender.id, media_list_categories: ['tech'] })
    .returning('id')) as { id: string }[];
  await sendRelease(server.ctx, r!.id, { actor: null, baseUrl: 'https://deltio.example', fromScheduled: false });
  return r!.id;
}

/** The release e-mails that reached a mailbox (not digests). */
async function releaseMails(to: string) {
  await server.ctx.jobs.drain();
  await server.ctx.mailer.drain();
  // Release e-mails carry the release's title alone; the platform's own mails end with its name.
  return mail.sent.filter((m) => m.to === to && !m.subject.includes('Deltio')).map((m) => m.subject);
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://deltio.example' }, { mailTransport: mail });
  senders.push(await company('Πρώτη ΑΕ', 'first@client.test'));
  senders.push(await company('Δεύτερη ΑΕ', 'second@client.test'));
  const media = { id: await insertUser(server.ctx.db, 'limited@media.test', 'media') };
  await server.ctx.db('profiles').where('user_id', media.id).update({ status: 'approved', categories: ['tech'], digest_frequency: 'none' });
  await server.ctx.db('media_lists').insert({ category: 'tech', media_id: media.id });
  limited = { id: media.id, token: await tokenOf(server.url, 'limited@media.test') };
  await user('unlimited@media.test', 'media', { categories: ['tech'] }, ['tech']);
  const sa = { id: await insertUser(server.ctx.db, 'root@digest.test', 'client') };
  await server.ctx.db('profiles').where('user_id', sa.id).update({ role: 'superadmin', status: 'approved' });
  saToken = (await signIn(server.url, 'root@digest.test', FIXTURE_PASSWORD, server.config.superadminLoginPath)).access_token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('the daily limit setting', () => {
  it('is the journalist’s own: a whole number from 1, or empty for no limit', async () => {
    const put = (body: unknown) => call<{ dailyLimit: number | null }>(server.url, 'PUT', '/api/media/preferences/daily-limit', { token: limited.token, body });
    for (const bad of [{ dailyLimit: 0 }, { dailyLimit: 2.5 }, { dailyLimit: '2' }, { dailyLimit: 5000 }, {}]) {
      const r = await put(bad);
      expect(r.status).toBe(400);
    }
    expect((await put({ dailyLimit: null })).body.dailyLimit).toBeNull();
    const r = await put({ dailyLimit: 2 });
    expect(r.status).toBe(200);
    expect(r.body.dailyLimit).toBe(2);
    const prefs = await call<{ dailyLimit: number | null }>(server.url, 'GET', '/api/media/preferences', { token: limited.token });
    expect(prefs.body.dailyLimit).toBe(2);
  });
});

describe('a journalist past their daily limit', () => {
  let third: string;

  it('gets the first N releases of the day (from any sender) by e-mail and notification, the rest only in the inbox', async () => {
    // The journalist is online: what each send pushes to them, in order (not the handshake's
    // nor the public newsroom's, sent to every visitor of the site).
    const socket = ioClient(server.url, { auth: { token: limited.token }, transports: ['websocket'] });
    const pushed: { event: string; title: unknown; delivery: boolean }[] = [];
    socket.onAny((event: string, p: { title?: unknown; delivery?: unknown }) => {
      if (event !== 'session:ready' && event !== 'newsroom:changed') pushed.push({ event, title: p.title, delivery: Boolean(p.delivery) });
    });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    await send('Πρώτο της ημέρας', senders[0]!);
    await send('Δεύτερο της ημέρας', senders[1]!);
    third = await send('Τρίτο της ημέρας', senders[0]!);
    // One message a send: the notification carrying the inbox entry while within the limit,
    // then, held, the inbox entry alone (no notification, no toast).
    await socket.emitWithAck('ping');
    socket.close();
    expect(pushed).toEqual([
      { event: 'notification:new', title: 'Πρώτο της ημέρας', delivery: true },
      { event: 'notification:new', title: 'Δεύτερο της ημέρας', delivery: true },
      { event: 'inbox:new', title: 'Τρίτο της ημέρας', delivery: false },
    ]);

    // (The mailer sends several at once, so mails can leave in any order.)
    expect((await releaseMails('limited@media.test')).sort()).toEqual(['Δεύτερο της ημέρας', 'Πρώτο της ημέρας']);
    expect((await releaseMails('unlimited@media.test')).sort()).toEqual(['Δεύτερο της ημέρας', 'Πρώτο της ημέρας', 'Τρίτο της ημέρας']);
    // Their bell has a notice of the two, none of the held one.
    const bell = await call<{ items: { title: string }[]; unreadCount: number }>(server.url, 'GET', '/api/notifications', { token: limited.token });
    expect(bell.body.items.map((n) => n.title)).toEqual(['Δεύτερο της ημέρας', 'Πρώτο της ημέρας']);
    expect(bell.body.unreadCount).toBe(2);
    // Still theirs to read: the inbox lists all three.
    const inbox = await call<{ items: { title: string }[] }>(server.url, 'GET', '/api/media/inbox', { token: limited.token });
    expect(inbox.body.items.map((i) => i.title).sort()).toEqual(['Δεύτερο της ημέρας', 'Πρώτο της ημέρας', 'Τρίτο της ημέρας']);
    const held = (await server.ctx.db('deliveries').whereNotNull('held_at').select('press_release_id', 'recipient_user_id')) as {
      press_release_id: string;
      recipient_user_id: string;
    }[];
    expect(held).toEqual([{ press_release_id: third, recipient_user_id: limited.id }]);
  });

  it('the superadmin’s preview shows who the next daily digest goes to, with the held release, and the e-mail as rendered', async () => {
    const r = await call<{
      totals: { recipients: number; releases: number; held: number };
      recipients: { email: string; releases: number; held: number; frequency: string }[];
      sample: { to: string; subject: string; html: string; text: string } | null;
      nextRunAt: string;
    }>(server.url, 'GET', `/api/admin/digests/daily/preview?recipient=${limited.id}`, { token: saToken });
    expect(r.status).toBe(200);
    expect(r.body.recipients).toEqual([{ userId: limited.id, email: 'limited@media.test', name: 'limited', frequency: 'none', releases: 1, held: 1 }]);
    expect(r.body.totals).toEqual({ recipients: 1, releases: 1, held: 1 });
    expect(r.body.sample?.to).toBe('limited@media.test');
    expect(r.body.sample?.subject).toBe('Τα δελτία τύπου της ημέρας · Deltio');
    expect(r.body.sample?.text).toContain('Τρίτο της ημέρας — Πρώτη ΑΕ · Τεχνολογία');
    expect(r.body.sample?.text).toContain('ημερήσιο όριο που ορίσατε');
    expect(r.body.sample?.html).toContain(`https://deltio.example/media/press-releases/${third}`);
    const athens = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', hour: '2-digit', minute: '2-digit' }).format(new Date(r.body.nextRunAt));
    expect(athens).toBe('07:00');
    // Nothing was sent by looking.
    expect(await server.ctx.db('mail_outbox').where({ kind: 'newsletter' })).toHaveLength(0);
    expect((await call(server.url, 'GET', '/api/admin/digests/monthly/preview', { token: saToken })).status).toBe(400);
  });

  it('run now sends the daily digest with the held release (though they chose no newsletter), audited; running again sends nothing twice', async () => {
    const run = () => call<{ recipients: number; releases: number }>(server.url, 'POST', '/api/admin/digests/daily/run', { token: saToken });
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ recipients: 1, releases: 1 });
    await server.ctx.mailer.drain();
    const digests = mail.sent.filter((m) => m.subject === 'Τα δελτία τύπου της ημέρας · Deltio');
    expect(digests.map((m) => m.to)).toEqual(['limited@media.test']);
    expect(digests[0]!.text).toContain('Τρίτο της ημέρας');
    expect(digests[0]!.text).not.toContain('Πρώτο της ημέρας'); // already e-mailed on its own, and they chose no newsletter

    const again = await run();
    expect(again.body).toEqual({ recipients: 0, releases: 0 });
    // Neither does the scheduled run that follows.
    expect(await runDigest(server.ctx, 'daily', new Date(Date.now() + 60_000))).toEqual({ recipients: 0, releases: 0 });
    await server.ctx.mailer.drain();
    expect(mail.sent.filter((m) => m.subject === 'Τα δελτία τύπου της ημέρας · Deltio')).toHaveLength(1);
    const audit = (await server.ctx.db('audit_logs').where('action_type', 'newsletter.daily.run').orderBy('id').select('actor_email', 'metadata')) as {
      actor_email: string | null;
      metadata: { recipients: number; held: number; manual: boolean };
    }[];
    expect(audit[0]).toMatchObject({ actor_email: 'root@digest.test', metadata: { recipients: 1, held: 1, manual: true } });
    expect(audit.at(-1)).toMatchObject({ actor_email: null, metadata: { manual: false } });
    // Only the superadmin may.
    expect((await call(server.url, 'POST', '/api/admin/digests/daily/run', { token: limited.token })).status).toBe(403);
  });

  it('a digest run early moves the mark: the scheduled run after it lists only what came since', async () => {
    await user('daily@media.test', 'media', { categories: ['tech'], digest_frequency: 'daily' }, ['tech']);
    await send('Πριν την αποστολή τώρα', senders[1]!);
    const early = await runDigest(server.ctx, 'daily', new Date(), { userId: limited.id, email: 'root@digest.test', role: 'superadmin' });
    expect(early.recipients).toBeGreaterThanOrEqual(1);
    await send('Μετά την αποστολή τώρα', senders[1]!);
    await server.ctx.mailer.drain();
    mail.sent.length = 0;
    await runDigest(server.ctx, 'daily', new Date(Date.now() + 60_000));
    await server.ctx.mailer.drain();
    const mine = mail.sent.filter((m) => m.to === 'daily@media.test' && m.subject === 'Τα δελτία τύπου της ημέρας · Deltio');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('Μετά την αποστολή τώρα');
    expect(mine[0]!.text).not.toContain('Πριν την αποστολή τώρα');
  });

  it('no limit set: every release comes by e-mail', async () => {
    await call(server.url, 'PUT', '/api/media/preferences/daily-limit', { token: limited.token, body: { dailyLimit: null } });
    await send('Χωρίς όριο πια', senders[0]!);
    expect(await releaseMails('limited@media.test')).toContain('Χωρίς όριο πια');
    expect(await releaseMails('unlimited@media.test')).toContain('Χωρίς όριο πια');
  });
});

describe('a limit set while a send is under way', () => {
  it('holds the delivery of a journalist the send did not lock, so a concurrent send cannot take them past it', async () => {
    const db = server.ctx.db;
    // A journalist of another list, with no limit when the send takes its locks.
    const late = await user('late-limit@media.test', 'media', { categories: ['sports'] }, ['sports']);
    const release = async (title: string, sender: { org: string; id: string }, category: string) => {
      const [r] = (await db('press_releases')
        .insert({ title, content: '<p>Κείμενο</p>', content_text: 'Κείμενο', category, organisation_id: sender.org, author_id: sender.id, media_list_categories: ['sports'] })
        .returning('*')) as SendableRelease[];
      await freezeAsSent(db, [r!.id]);
      return r!;
    };
    const ours = await release('Το δικό μας', senders[0]!, 'sports');
    const theirs = await release('Το ταυτόχρονο', senders[1]!, 'economy');
    let concurrent: Knex.Transaction | undefined;
    const delivered = await db.transaction((trx) =>
      deliverWithNotices(trx, ours, async () => {
        // Between the send's locks and its insert: the journalist sets a limit of one, and
        // another send (not committed yet) locks them and delivers to them.
        await db('profiles').where('user_id', late).update({ daily_release_limit: 1 });
        concurrent = await db.transaction();
        await concurrent.raw('select pg_advisory_xact_lock(2020, hashtext(?::text))', [late]);
        await concurrent('deliveries').insert({ press_release_id: theirs.id, recipient_user_id: late, email: 'late-limit@media.test', state: 'queued' });
      }),
    );
    await concurrent!.commit();
    // Their one release of the day is the other send's; ours waits for the digest.
    expect(delivered.find((d) => d.recipient_user_id === late)).toMatchObject({ held: true });
    const unheld = (await db('deliveries').where({ recipient_user_id: late }).whereNull('held_at').select('press_release_id')) as { press_release_id: string }[];
    expect(unheld).toEqual([{ press_release_id: theirs.id }]);
  });
});
