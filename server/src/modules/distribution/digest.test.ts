import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../clock';
import { athensDay } from '../../jobs/calendar';
import { startTestServer, type TestServer } from '../../test/app';
import { memoryTransport } from '../../test/mail';
import { deleteEmptyDrafts } from '../releases/drafts-cleanup';
import { runDigest } from './digest';
import { sendRelease } from '../releases/releases.lifecycle';
import { insertMember, insertOrganisation } from './org-fixtures';

let server: TestServer;
const mail = memoryTransport();
/** The sending organisation and the member who wrote its releases. */
let orgId: string;
let clientId: string;
/** The server's time: the wall clock's until a test moves it (back to the wall clock after each test). */
const clock = new TestClock(Date.now(), { running: true });
const DAY = 24 * 3600_000;

async function user(email: string, role: 'client' | 'media', profile: Record<string, unknown> = {}, lists: string[] = []) {
  const db = server.ctx.db;
  const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
  await db('profiles').insert({ user_id: u!.id, email, name: email, role, status: 'approved', ...profile });
  for (const category of lists) await db('media_lists').insert({ category, media_id: u!.id });
  return u!.id;
}

async function sent(title: string, category: string) {
  const [r] = (await server.ctx.db('press_releases')
    .insert({ title, content: '<p>x</p>', content_text: 'x', category, organisation_id: orgId, author_id: clientId, media_list_categories: [category] })
    .returning('id')) as { id: string }[];
  await sendRelease(server.ctx, r!.id, { actor: null, baseUrl: 'https://deltio.example', fromScheduled: false });
  return r!.id;
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://deltio.example' }, { mailTransport: mail, clock });
  orgId = await insertOrganisation(server.ctx.db, 'Ολυμπος ΑΕ');
  clientId = await insertMember(server.ctx.db, orgId, 'pr@client.test', 'owner');
  await user('daily@media.test', 'media', { digest_frequency: 'daily', categories: ['tech'] }, ['tech', 'sports']);
  await user('weekly@media.test', 'media', { digest_frequency: 'weekly', categories: ['tech', 'sports'] }, ['tech', 'sports']);
  await user('none@media.test', 'media', { digest_frequency: 'none', categories: ['tech'] }, ['tech']);
  const out = await user('out@media.test', 'media', { digest_frequency: 'daily', categories: ['tech'] }, ['tech']);
  await sent('Τεχνολογία σήμερα', 'tech');
  await sent('Αθλητικά νέα', 'sports');
  // Unsubscribed from everything after receiving: no digest either.
  await server.ctx.db('unsubscribes').insert({ user_id: out, scope: 'all' });
  await server.ctx.jobs.drain(); // the release e-mails are written by a job
  await server.ctx.mailer.drain();
  mail.sent.length = 0;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(() => {
  clock.set(Date.now());
});

describe('digests', () => {
  it('the daily run mails each daily reader what arrived in the categories they follow, and is audited', async () => {
    const r = await runDigest(server.ctx, 'daily', new Date(Date.now() + 1_000));
    expect(r).toEqual({ recipients: 1, releases: 1 });
    await server.ctx.mailer.drain();
    expect(mail.sent.map((m) => m.to)).toEqual(['daily@media.test']);
    const m = mail.sent[0]!;
    expect(m.subject).toBe('Τα δελτία τύπου της ημέρας · Deltio');
    expect(m.text).toContain('Τεχνολογία σήμερα — Ολυμπος ΑΕ · Τεχνολογία');
    expect(m.text).not.toContain('Αθλητικά νέα'); // sports is not among their categories
    expect(m.html).toContain('https://deltio.example/media/press-releases/');
    const rows = (await server.ctx.db('mail_outbox').where({ to_email: 'daily@media.test', kind: 'newsletter' })) as { subject: string }[];
    expect(rows.map((x) => x.subject)).toEqual([m.subject]);
    const audit = (await server.ctx.db('audit_logs').where('action_type', 'newsletter.daily.run').first()) as {
      actor_role: string;
      metadata: { recipients: number };
    };
    expect(audit.actor_role).toBe('system');
    expect(audit.metadata.recipients).toBe(1);
  });

  it('the weekly run covers the week; a period with nothing new sends nothing but is still audited', async () => {
    mail.sent.length = 0;
    await runDigest(server.ctx, 'weekly', new Date(Date.now() + 1_000));
    await server.ctx.mailer.drain();
    expect(mail.sent.map((m) => m.to)).toEqual(['weekly@media.test']);
    expect(mail.sent[0]!.text).toContain('Αθλητικά νέα');
    expect(mail.sent[0]!.text).toContain('2 νέα δελτία');

    mail.sent.length = 0;
    const old = await runDigest(server.ctx, 'weekly', new Date(Date.now() - 30 * 24 * 3600_000));
    expect(old.recipients).toBe(0);
    expect(mail.sent).toHaveLength(0);
    expect(await server.ctx.db('audit_logs').where('action_type', 'newsletter.weekly.run')).toHaveLength(2);
  });

  it('the next daily and weekly runs are queued once, at 07:00 Athens time', async () => {
    const jobs = (await server.ctx.db('jobs').whereIn('kind', ['newsletter.daily', 'newsletter.weekly']).select('kind', 'run_at', 'status')) as {
      kind: string;
      run_at: Date;
    }[];
    expect(jobs.map((j) => j.kind).sort()).toEqual(['newsletter.daily', 'newsletter.weekly']);
    for (const j of jobs) {
      const athens = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', hour: '2-digit', minute: '2-digit' }).format(new Date(j.run_at));
      expect(athens).toBe('07:00');
    }
  });

  it('at 07:00 Athens time the queued daily run goes out by itself, and the next day’s is queued soon after', async () => {
    await user('dawn@media.test', 'media', { digest_frequency: 'daily', categories: ['culture'] }, ['culture']);
    await sent('Πολιτισμός το πρωί', 'culture');
    await server.ctx.jobs.drain();
    await server.ctx.mailer.drain();
    mail.sent.length = 0;
    const daily = () =>
      server.ctx.db('jobs').where('kind', 'newsletter.daily').orderBy('run_at').select('run_at', 'status') as Promise<{ run_at: Date; status: string }[]>;
    const queued = (await daily()).filter((j) => j.status === 'queued');
    expect(queued).toHaveLength(1);
    const at = new Date(queued[0]!.run_at);
    const statusAt = async (t: Date) => (await daily()).filter((j) => new Date(j.run_at).getTime() === t.getTime()).map((j) => j.status);

    // A minute before (the clock runs on from where it is put): nothing; at 07:00 the queue runs it without being asked.
    clock.set(at.getTime() - 60_000);
    await server.ctx.jobs.drain();
    expect(await statusAt(at)).toEqual(['queued']);
    clock.set(at);
    await server.ctx.jobs.drain();
    await server.ctx.mailer.drain();
    expect(mail.sent.filter((m) => m.to === 'dawn@media.test').map((m) => m.subject)).toEqual(['Τα δελτία τύπου της ημέρας · Deltio']);
    const audit = (await server.ctx.db('audit_logs').where('action_type', 'newsletter.daily.run').orderBy('id', 'desc').first('actor_role', 'metadata')) as {
      actor_role: string;
      metadata: { until: string; manual: boolean };
    };
    expect(audit).toMatchObject({ actor_role: 'system', metadata: { until: at.toISOString(), manual: false } });
    // Within ten minutes the poll queues the next day's.
    clock.set(at.getTime() + 10 * 60_000);
    await server.ctx.jobs.drain();
    expect(await statusAt(at)).toEqual(['done']);
    const next = (await daily()).filter((j) => j.status === 'queued');
    expect(next).toHaveLength(1);
    expect(athensDay(new Date(next[0]!.run_at))).toBe(athensDay(new Date(at.getTime() + DAY)));
  });
});

describe('empty drafts', () => {
  it('are deleted after a day; drafts with anything in them and recent ones stay', async () => {
    const db = server.ctx.db;
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    const insert = async (row: Record<string, unknown>) =>
      ((await db('press_releases').insert({ organisation_id: orgId, author_id: clientId, created_at: old, updated_at: old, ...row }).returning('id')) as { id: string }[])[0]!.id;
    const empty = await insert({});
    const titled = await insert({ title: 'Μόνο τίτλος' });
    const fresh = await insert({ created_at: new Date(), updated_at: new Date() });
    expect(await deleteEmptyDrafts(server.ctx)).toBe(1);
    const left = ((await db('press_releases').whereIn('id', [empty, titled, fresh]).select('id')) as { id: string }[]).map((r) => r.id);
    expect(left.sort()).toEqual([titled, fresh].sort());
  });
});
