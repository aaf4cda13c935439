import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { EMBARGO_MESSAGES, athensInstant } from '../../../../shared/embargo';
import { META_FIELD, seedFields } from '../../../../shared/editor/doc-fields';
import type { InboxList, InboxRelease } from '../../../../shared/schemas/media';
import type { ClientReport } from '../../../../shared/schemas/reports';
import { TestClock } from '../../clock';
import { deriveContent, deriveRelease } from '../../collab/derive';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { sendRelease } from '../releases/releases.lifecycle';
import { EMBARGO_JOB, embargoJobKey, liftEmbargo } from './newsroom.publication';

const PUBLIC_URL = 'https://deltio.example.gr';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: TestServer;
let client: { id: string; token: string };
let journalist: { id: string; token: string };
let organisationId: string;
const db = () => server.ctx.db;
/** The server's time: the wall clock's until a test moves it (back to the wall clock after each test). */
const clock = new TestClock(Date.now(), { running: true });

async function approvedUser(email: string, role: 'client' | 'media'): Promise<{ id: string; token: string }> {
  const { id } = await signUp(server.url, email, role);
  await db()('profiles').where('user_id', id).update({ status: 'approved' });
  return { id, token: (await signIn(server.url, email)).access_token };
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL }, { clock });
  client = await approvedUser('embargo@client.test', 'client');
  journalist = await approvedUser('embargo@media.test', 'media');
  organisationId = (
    (await db()('organisation_members').where({ user_id: client.id, role: 'owner' }).first('organisation_id')) as { organisation_id: string }
  ).organisation_id;
  // The newsroom, its press contact and «Σχετικά με» text are the organisation's.
  await db()('organisations').where('id', organisationId).update({
    status: 'approved',
    name: 'Εμβάργκο Α.Ε.',
    newsroom_slug: 'embargo-ae',
    press_contact_name: 'Νίκος Γεωργίου',
    press_contact_email: 'press@embargo.gr',
    press_contact_phone: '210 000 0000',
    boilerplate: 'Η Εμβάργκο Α.Ε. ιδρύθηκε το 2001.',
  });
  await db()('media_lists').insert({ category: 'economy', media_id: journalist.id });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  clock.set(Date.now());
});

async function draft(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const [row] = (await db()('press_releases')
    .insert({
      title,
      content: `<p>${title}: το κείμενο.</p>`,
      content_text: `${title}: το κείμενο.`,
      category: 'economy',
      media_list_categories: ['economy'],
      author_id: client.id,
      organisation_id: organisationId,
      edited_at: new Date(),
      ...extra,
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

const send = (id: string) => call<{ error?: { code: string; message: string } }>(server.url, 'POST', `/api/releases/${id}/send`, { token: client.token });
const page = (path: string) => fetch(`${server.url}${path}`).then(async (r) => ({ status: r.status, text: await r.text() }));
const slugOf = async (id: string) => ((await db()('release_sent_versions').where('press_release_id', id).first('slug')) as { slug: string }).slug;

describe('the embargo in the editor document', () => {
  it('is derived into embargo_until from the date and time typed in the meta map (Athens time)', async () => {
    const id = await draft('Παράγωγο εμβάργκο');
    const doc = new Y.Doc();
    seedFields(doc, { title: 'Παράγωγο εμβάργκο', category: 'economy', mediaLists: ['economy'] });
    doc.getXmlFragment('default').insert(0, [new Y.XmlElement('paragraph')]);
    (doc.getXmlFragment('default').get(0) as Y.XmlElement).insert(0, [new Y.XmlText('Κείμενο')]);
    const meta = doc.getMap(META_FIELD);
    meta.set('embargoDate', '2030-07-01');
    meta.set('embargoTime', '09:30');
    expect(await deriveRelease(db(), id, deriveContent(doc))).toBeNull();
    const row = (await db()('press_releases').where('id', id).first('embargo_until')) as { embargo_until: Date };
    // 09:30 in Athens in July (UTC+3) is 06:30 UTC.
    expect(new Date(row.embargo_until).toISOString()).toBe('2030-07-01T06:30:00.000Z');
    // Half an embargo (a date without a time) is no embargo; clearing it removes it.
    meta.set('embargoTime', '');
    await deriveRelease(db(), id, deriveContent(doc));
    expect(((await db()('press_releases').where('id', id).first('embargo_until')) as { embargo_until: Date | null }).embargo_until).toBeNull();
    doc.destroy();
  });

  it('reads Athens wall time across daylight saving', () => {
    expect(athensInstant('2030-01-15', '12:00')?.toISOString()).toBe('2030-01-15T10:00:00.000Z');
    expect(athensInstant('2030-07-15', '12:00')?.toISOString()).toBe('2030-07-15T09:00:00.000Z');
    expect(athensInstant('2030-02-30', '12:00')).toBeNull();
    expect(athensInstant('2030-02-10', '24:00')).toBeNull();
  });
});

describe('sending with an embargo', () => {
  it('refuses an embargo that has passed, and one that ends before a scheduled send, in Greek', async () => {
    const past = await draft('Ληγμένο εμβάργκο', { embargo_until: new Date(Date.now() - MINUTE) });
    const r = await send(past);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ code: 'embargo_past', message: EMBARGO_MESSAGES.past });
    expect(await db()('deliveries').where('press_release_id', past)).toHaveLength(0);

    const early = await draft('Εμβάργκο πριν την αποστολή', { embargo_until: new Date(Date.now() + HOUR) });
    const s = await call<{ error: { code: string; message: string } }>(server.url, 'POST', `/api/releases/${early}/schedule`, {
      token: client.token,
      body: { scheduledAt: new Date(Date.now() + 2 * HOUR).toISOString() },
    });
    expect(s.status).toBe(422);
    expect(s.body.error).toMatchObject({ code: 'embargo_before_schedule', message: EMBARGO_MESSAGES.beforeSchedule });
    const ok = await call(server.url, 'POST', `/api/releases/${early}/schedule`, { token: client.token, body: { scheduledAt: new Date(Date.now() + 30 * MINUTE).toISOString() } });
    expect(ok.status).toBe(200);
  });

  it('reaches journalists at once, marked, with «ΥΠΟ ΕΜΒΑΡΓΚΟ έως …» and the press contact as it was sent', async () => {
    const until = athensInstant('2031-03-05', '14:30')!;
    const id = await draft('Αποτελέσματα τριμήνου', { embargo_until: until });
    expect((await send(id)).status).toBe(200);
    const version = (await db()('release_sent_versions').where('press_release_id', id).first()) as Record<string, unknown>;
    expect(new Date(version.embargo_until as Date).toISOString()).toBe(until.toISOString());
    expect(version).toMatchObject({ press_contact_name: 'Νίκος Γεωργίου', boilerplate: 'Η Εμβάργκο Α.Ε. ιδρύθηκε το 2001.' });

    // A later change of the press contact does not change what was sent.
    await db()('organisations').where('id', organisationId).update({ press_contact_name: 'Άλλος Υπεύθυνος' });
    const list = await call<InboxList>(server.url, 'GET', '/api/media/inbox', { token: journalist.token });
    expect(list.body.items.find((i) => i.releaseId === id)).toMatchObject({ embargoed: true, embargoUntil: until.toISOString() });
    const bell = await call<{ items: { body: string; data: { press_release_id: string } }[] }>(server.url, 'GET', '/api/notifications', { token: journalist.token });
    expect(bell.body.items.find((n) => n.data.press_release_id === id)?.body).toBe('Νέο δελτίο τύπου από Εμβάργκο Α.Ε. · Υπό εμβάργκο έως 05/03/2031 14:30');
    const read = await call<InboxRelease>(server.url, 'GET', `/api/media/inbox/${id}`, { token: journalist.token });
    expect(read.body).toMatchObject({
      embargoed: true,
      boilerplate: 'Η Εμβάργκο Α.Ε. ιδρύθηκε το 2001.',
      pressContact: { name: 'Νίκος Γεωργίου', email: 'press@embargo.gr', phone: '210 000 0000' },
    });

    await server.ctx.jobs.drain();
    const mail = (await db()('mail_outbox').where('to_email', 'embargo@media.test').orderBy('id', 'desc').first('subject', 'html', 'text')) as {
      subject: string;
      html: string;
      text: string;
    };
    expect(mail.subject).toBe('ΥΠΟ ΕΜΒΑΡΓΚΟ έως 05/03/2031 14:30 — Αποτελέσματα τριμήνου');
    expect(mail.html).toContain('Υπό εμβάργκο έως 05/03/2031 14:30');
    expect(mail.text).toContain('Νίκος Γεωργίου');
    expect(mail.text).not.toContain('Άλλος Υπεύθυνος');

    // The job that lifts it waits for the embargo's end.
    const job = (await db()('jobs').where('dedupe_key', embargoJobKey(id)).first('kind', 'run_at', 'status')) as { kind: string; run_at: Date; status: string };
    expect(job).toMatchObject({ kind: EMBARGO_JOB, status: 'queued' });
    expect(new Date(job.run_at).toISOString()).toBe(until.toISOString());
  });

  it('hides the release from the public newsroom, its feed and the sitemap until the embargo lifts', async () => {
    const until = new Date(clock.now().getTime() + 3 * HOUR);
    const id = await draft('Συγχώνευση υπό εμβάργκο', { embargo_until: until });
    expect((await send(id)).status).toBe(200);
    const slug = await slugOf(id);
    const url = `/newsroom/embargo-ae/${slug}`;
    const visible = async () => {
      const [one, list, feed, sitemap, index] = await Promise.all([
        page(url),
        page('/newsroom/embargo-ae'),
        page('/newsroom/embargo-ae/feed.xml'),
        page('/sitemap.xml'),
        page('/newsroom'),
      ]);
      return {
        page: one.status,
        list: list.text.includes(slug),
        feed: feed.text.includes(slug),
        sitemap: sitemap.text.includes(slug),
        index: index.text.includes('Συγχώνευση') || index.text.includes(`${PUBLIC_URL}/newsroom/embargo-ae"`),
      };
    };
    const hidden = { page: 404, list: false, feed: false, sitemap: false };
    expect(await visible()).toMatchObject(hidden);

    const inbox = async () => (await call<InboxList>(server.url, 'GET', '/api/media/inbox', { token: journalist.token })).body.items.find((i) => i.releaseId === id);
    // A minute before (the clock runs on from where it is put), then at the end.
    clock.set(until.getTime() - MINUTE);
    expect(await visible()).toMatchObject(hidden);
    expect((await inbox())?.embargoed).toBe(true);
    clock.set(until);
    expect(await visible()).toEqual({ page: 200, list: true, feed: true, sitemap: true, index: true });
    await server.ctx.jobs.drain(); // its job has run (and told the open pages) before the clock goes back
    // The inbox banner goes at the same moment (the server's clock decides).
    expect((await inbox())?.embargoed).toBe(false);
  });

  it('lifts by itself: the job tells open newsroom pages and the journalist’s inbox, live', async () => {
    // An open page of this newsroom and the index of all newsrooms hear it; a socket that asked
    // for no newsroom (the journalist's too) or for another one does not.
    const anonymous: Socket = ioClient(server.url, { transports: ['websocket'], query: { newsroom: 'embargo-ae' } });
    const index: Socket = ioClient(server.url, { transports: ['websocket'], query: { newsroom: '' } });
    const bystanders: Socket[] = [
      ioClient(server.url, { transports: ['websocket'] }),
      ioClient(server.url, { transports: ['websocket'], query: { newsroom: 'allo-newsroom' } }),
    ];
    const reader: Socket = ioClient(server.url, { auth: { token: journalist.token }, transports: ['websocket'] });
    const overheard: unknown[] = [];
    for (const s of [...bystanders, reader]) s.on('newsroom:changed', (p: unknown) => overheard.push(p));
    const indexed = new Promise<{ slug: string }>((resolve) => index.on('newsroom:changed', resolve));
    try {
      await Promise.all(
        [anonymous, index, ...bystanders, reader].map((s) => new Promise<void>((resolve) => s.once('session:ready', () => resolve()))),
      );
      // Ten minutes: before anything else this file queued (a send scheduled in half an hour).
      const until = new Date(clock.now().getTime() + 10 * MINUTE);
      const id = await draft('Ανακοίνωση σε δέκα λεπτά', { embargo_until: until });
      const published = new Promise<{ slug: string; at: number }>((resolve) => {
        anonymous.on('newsroom:changed', (p: { slug: string }) => resolve({ ...p, at: clock.now().getTime() }));
      });
      const lifted = new Promise<{ reason: string }>((resolve) => {
        reader.on('inbox:changed', (p: { reason: string }) => {
          if (p.reason === 'embargo') resolve(p);
        });
      });
      expect((await send(id)).status).toBe(200);
      const slug = await slugOf(id);
      expect((await page(`/newsroom/embargo-ae/${slug}`)).status).toBe(404);
      // A minute before the end the job does not run; at the end it does, by itself.
      clock.set(until.getTime() - MINUTE);
      await server.ctx.jobs.drain();
      expect((await db()('jobs').where('dedupe_key', embargoJobKey(id)).first('status')) as { status: string }).toEqual({ status: 'queued' });
      clock.set(until);
      const got = await published;
      expect(got.slug).toBe('embargo-ae');
      expect(got.at).toBeGreaterThanOrEqual(until.getTime());
      expect(await lifted).toEqual({ deliveryId: null, reason: 'embargo' });
      expect(await indexed).toEqual({ slug: 'embargo-ae' });
      // A round trip on each socket that should not hear it: a push to it would have come first.
      await Promise.all([...bystanders, reader].map((s) => new Promise<void>((resolve) => s.emit('ping', () => resolve()))));
      expect(overheard).toEqual([]);
      expect((await page(`/newsroom/embargo-ae/${slug}`)).status).toBe(200);
      await server.ctx.jobs.drain();
      const job = (await db()('jobs').where('dedupe_key', embargoJobKey(id)).first('status')) as { status: string };
      expect(job.status).toBe('done');
    } finally {
      for (const s of [anonymous, index, ...bystanders, reader]) s.close();
    }
  });

  it('refuses to lift early (the queue runs it again later)', async () => {
    const id = await draft('Πρόωρη άρση', { embargo_until: new Date(Date.now() + HOUR) });
    await sendRelease(server.ctx, id, { actor: null, baseUrl: server.url, fromScheduled: false });
    await expect(liftEmbargo(server.ctx, id)).rejects.toThrow('embargo not over yet');
    expect(await liftEmbargo(server.ctx, id, new Date(Date.now() + HOUR))).toBe(true);
  });

  it('reports opens before and after the embargo, each journalist once by their first open', async () => {
    const until = new Date(Date.now() + HOUR);
    const id = await draft('Μετρήσεις εμβάργκο', { embargo_until: until });
    expect((await send(id)).status).toBe(200);
    const other = await approvedUser('second@media.test', 'media');
    const third = await approvedUser('third@media.test', 'media');
    const at = (ms: number) => new Date(until.getTime() + ms);
    await db()('reporting_events').insert([
      { press_release_id: id, recipient_user_id: journalist.id, kind: 'open', channel: 'email', created_at: at(-30 * MINUTE) },
      { press_release_id: id, recipient_user_id: journalist.id, kind: 'open', channel: 'in_app', created_at: at(10 * MINUTE) },
      { press_release_id: id, recipient_user_id: other.id, kind: 'click', channel: 'email', link: 'https://x.gr', created_at: at(5 * MINUTE) },
      { press_release_id: id, recipient_user_id: third.id, kind: 'open', channel: 'email', is_proxy: true, created_at: at(-MINUTE) },
    ]);
    const report = await call<ClientReport>(server.url, 'GET', '/api/client/reports?pageSize=100', { token: client.token });
    const row = report.body.rows.find((r) => r.id === id);
    expect(row).toMatchObject({ embargoUntil: until.toISOString(), opensBeforeEmbargo: 1, opensAfterEmbargo: 1 });
    const plain = report.body.rows.find((r) => r.embargoUntil === null);
    expect(plain).toMatchObject({ opensBeforeEmbargo: null, opensAfterEmbargo: null });

    const csv = await fetch(`${server.url}/api/client/reports/export.csv?tz=UTC`, { headers: { authorization: `Bearer ${client.token}` } }).then((r) => r.text());
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(',');
    const line = lines.find((l) => l.startsWith('Μετρήσεις εμβάργκο,'))!.split(',');
    const cell = (name: string) => line[header.indexOf(name)];
    expect(['Προβολές στο newsroom', 'Εμβάργκο έως', 'Ανοίγματα πριν από τη λήξη του εμβάργκο', 'Ανοίγματα μετά τη λήξη του εμβάργκο'].map(cell)).toEqual([
      '0',
      athensDateTime(until),
      '1',
      '1',
    ]);
  });
});

function athensDateTime(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

describe('the press kit under a sent release', () => {
  it('adds no second «Σχετικά με» to a release that has its own section, and keeps the press contact', async () => {
    const id = await draft('Με δική του ταυτότητα', {
      content: '<p>Το κείμενο.</p><h2>Σχετικά με την Εμβάργκο Α.Ε.</h2><p>Ιδρύθηκε το 2001.</p>',
      content_text: 'Το κείμενο.\nΣΧΕΤΙΚΑ ΜΕ την Εμβάργκο Α.Ε.\nΙδρύθηκε το 2001.',
    });
    expect((await send(id)).status).toBe(200);
    const version = (await db()('release_sent_versions').where('press_release_id', id).first('boilerplate', 'press_contact_email')) as Record<string, unknown>;
    expect(version).toEqual({ boilerplate: null, press_contact_email: 'press@embargo.gr' });
    const read = await call<InboxRelease>(server.url, 'GET', `/api/media/inbox/${id}`, { token: journalist.token });
    expect(read.body).toMatchObject({ boilerplate: null, pressContact: { email: 'press@embargo.gr' } });
    await server.ctx.jobs.drain();
    const mail = (await db()('mail_outbox').where('to_email', 'embargo@media.test').where('subject', 'like', '%Με δική του ταυτότητα%').first('text')) as { text: string };
    expect(mail.text).not.toContain('Σχετικά με: Εμβάργκο Α.Ε.');
    expect(mail.text).toContain('press@embargo.gr');
  });
});
