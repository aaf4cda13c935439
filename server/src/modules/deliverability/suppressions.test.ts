import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../clock';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { decodeWords, startSmtp, type TestSmtp } from '../../test/smtp';
import { insertJournalist, insertMember, insertOrganisation, insertRelease, tokenOf } from '../distribution/org-fixtures';
import { testEmailSchema } from '../../../../shared/schemas/editor';
import { recordMailEvent } from './record-mail-event';
import { addSuppression } from './suppressions.repo';
import { outboxIdOfVerp } from './verp';

let server: TestServer;
let smtp: TestSmtp;
const clock = new TestClock(new Date('2026-11-30T09:00:00Z'), { running: true });
let org: string;
let other: string;
let owner: { id: string; token: string };
let otherOwner: { id: string; token: string };

const db = () => server.ctx.db;
async function settle() {
  await server.ctx.jobs.drain();
  await server.ctx.mailer.drain();
}
async function sendNew(title: string, as = owner, organisation = org, category = 'culture') {
  const id = await insertRelease(db(), organisation, as.id, title, { category, media_list_categories: [category] });
  const res = await call(server.url, 'POST', `/api/releases/${id}/send`, { token: as.token });
  expect(res.status).toBe(200);
  await settle();
  return id;
}
const delivery = (releaseId: string, userId: string) =>
  db()('deliveries').where({ press_release_id: releaseId, recipient_user_id: userId }).first() as Promise<{ id: string; state: string; bounce_type: string | null; error: string | null } | undefined>;
const preview = async (releaseId: string, token = owner.token) =>
  (await call(server.url, 'GET', `/api/releases/${releaseId}/send-preview`, { token })).body as {
    recipients: number;
    withoutEmail: Record<string, number>;
  };
const received = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url, SOFT_BOUNCE_LIMIT: '3', SOFT_BOUNCE_WINDOW_DAYS: '7' }, { clock });
  org = await insertOrganisation(db(), 'Αιγαίο Α.Ε.');
  other = await insertOrganisation(db(), 'Ιόνιο Α.Ε.');
  owner = { id: await insertMember(db(), org, 'owner@aigaio.test', 'owner'), token: '' };
  owner.token = await tokenOf(server.url, 'owner@aigaio.test');
  otherOwner = { id: await insertMember(db(), other, 'owner@ionio.test', 'owner'), token: '' };
  otherOwner.token = await tokenOf(server.url, 'owner@ionio.test');
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('the suppression list every send honours', () => {
  it('a mailbox refused with 550 5.1.1 is suppressed at once: the next release reaches it in the app only, with no e-mail, and the confirmation says so', async () => {
    const gone = await insertJournalist(db(), 'gone@media.test', ['culture']);
    const here = await insertJournalist(db(), 'here@media.test', ['culture']);
    smtp.refuse = { pattern: /^gone@/, code: 550, message: '5.1.1 <gone@media.test>: Recipient address rejected: User unknown' };
    const first = await sendNew('Πρώτο');
    smtp.refuse = null;
    expect(await delivery(first, gone)).toMatchObject({ state: 'bounced', bounce_type: 'hard' });
    const s = await db()('suppressions').where({ email_lc: 'gone@media.test' }).whereNull('removed_at');
    expect(s).toMatchObject([{ organisation_id: null, reason: 'hard_bounce', source: 'smtp_session' }]);
    expect(s[0].detail).toContain('5.1.1');
    const ev = await db()('bounce_events').where({ email_lc: 'gone@media.test' });
    expect(ev).toMatchObject([{ received_via: 'smtp_session', kind: 'hard', smtp_code: 550, status_code: '5.1.1' }]);
    expect(await db()('audit_logs').where({ action_type: 'bounce.suppressed', entity_id: s[0].id })).toHaveLength(1);

    const second = await insertRelease(db(), org, owner.id, 'Δεύτερο', { category: 'culture', media_list_categories: ['culture'] });
    const p = await preview(second);
    expect(p.withoutEmail).toMatchObject({ total: 1, hard_bounce: 1 });
    // Another organisation's send leaves a dead address out too (global).
    const elsewhere = await insertRelease(db(), other, otherOwner.id, 'Αλλού', { category: 'culture', media_list_categories: ['culture'] });
    expect((await preview(elsewhere, otherOwner.token)).withoutEmail.hard_bounce).toBe(1);
    const before = received('gone@media.test').length;
    await call(server.url, 'POST', `/api/releases/${second}/send`, { token: owner.token });
    await settle();
    // In the app only: the delivery is there, suppressed from the start, with no e-mail.
    expect(await delivery(second, gone)).toMatchObject({ state: 'suppressed' });
    expect(await db()('mail_outbox').where({ related_delivery_id: (await delivery(second, gone))!.id })).toHaveLength(0);
    expect(await delivery(second, here)).toMatchObject({ state: 'sent' });
    expect(received('gone@media.test')).toHaveLength(before);
    // An address that cannot take mail gets no account mail either.
    await call(server.url, 'POST', '/auth/v1/recover', { body: { email: 'gone@media.test' } });
    await server.ctx.mailer.drain();
    expect(received('gone@media.test')).toHaveLength(before);
    expect(await db()('mail_outbox').where({ to_email: 'gone@media.test', purpose: 'account' }).first('status')).toEqual({ status: 'suppressed' });
  });

  it('a full mailbox (552 5.2.2) or a policy refusal (550 5.7.1) during sending is retried, never a hard bounce, and suppresses nothing', async () => {
    const full = await insertJournalist(db(), 'full-now@media.test', ['lifestyle']);
    const policy = await insertJournalist(db(), 'policy@media.test', ['economy']);
    const refusedSend = async (category: string, refuse: NonNullable<TestSmtp['refuse']>) => {
      smtp.refuse = refuse;
      const id = await insertRelease(db(), org, owner.id, `Άρνηση ${category}`, { category, media_list_categories: [category] });
      await call(server.url, 'POST', `/api/releases/${id}/send`, { token: owner.token });
      await settle();
      smtp.refuse = null;
      return id;
    };
    const sends = [
      [await refusedSend('lifestyle', { pattern: /^full-now@/, code: 552, message: '5.2.2 Mailbox full' }), full, 'full-now@media.test'],
      [await refusedSend('economy', { pattern: /^policy@/, code: 550, message: '5.7.1 Message rejected due to local policy' }), policy, 'policy@media.test'],
    ] as const;
    for (const [id, who, email] of sends) {
      expect(await delivery(id, who)).toMatchObject({ state: 'queued', bounce_type: null });
      expect(await db()('mail_outbox').where('to_email', email).first('status', 'attempts')).toEqual({ status: 'queued', attempts: 1 });
      expect((await db()('bounce_events').where('email_lc', email).select('kind')).map((e: { kind: string }) => e.kind)).toEqual(['delayed']);
      expect(await db()('suppressions').where('email_lc', email)).toHaveLength(0);
    }
  });

  it('an address suppressed after the fan-out is not mailed: the e-mail and its delivery end as suppressed', async () => {
    const late = await insertJournalist(db(), 'late@media.test', ['sports']);
    const id = await insertRelease(db(), org, owner.id, 'Αθλητικά', { category: 'sports', media_list_categories: ['sports'] });
    // The mailer is stopped first, so nothing goes before the suppression (the e-mail job kicks it).
    await server.ctx.mailer.stop();
    await call(server.url, 'POST', `/api/releases/${id}/send`, { token: owner.token });
    await server.ctx.jobs.drain(); // the e-mails are written; the mailer has not sent them
    const queued = (await db()('mail_outbox').where({ to_email: 'late@media.test' }).first()) as { id: string; status: string };
    expect(queued).toBeDefined();
    await addSuppression(db(), { email: 'LATE@media.test', organisationId: org, reason: 'manual', source: 'admin' });
    server.ctx.mailer.start();
    await server.ctx.mailer.drain();
    expect(await db()('mail_outbox').where('id', queued.id).first('status')).toEqual({ status: 'suppressed' });
    expect(await delivery(id, late)).toMatchObject({ state: 'suppressed' });
    expect(received('late@media.test')).toHaveLength(0);
  });

  it('soft bounces of distinct e-mails suppress the address at the limit within the window, not before and not older ones', async () => {
    const email = 'full@media.test';
    const soft = async () => {
      const outboxId = await server.ctx.mailer.enqueue({ to: email, subject: 'x', html: '<p>x</p>', text: 'x', organisationId: org });
      return recordMailEvent(server.ctx, { via: 'dsn', kind: 'soft', email, outboxId, statusCode: '4.2.2', diagnostic: 'mailbox full', providerEventId: `t:${outboxId}` });
    };
    expect((await soft()).suppressed).toBeNull();
    // Eight days later the first no longer counts.
    clock.advance(8 * 86_400_000);
    expect((await soft()).suppressed).toBeNull();
    expect((await soft()).suppressed).toBeNull();
    const third = await soft();
    expect(third.suppressed).toMatchObject({ reason: 'soft_bounce_limit', organisationId: null });
    // The same event again is recorded once and changes nothing.
    const again = await recordMailEvent(server.ctx, { via: 'dsn', kind: 'soft', email, providerEventId: `t:${(await db()('bounce_events').where({ id: third.eventId }).first('outbox_id')).outbox_id}` });
    expect(again.recorded).toBe(false);
  });

  it("a complaint suppresses the address for that organisation only, tells the journalist, and leaves their account mail alone", async () => {
    const j = await insertJournalist(db(), 'angry@media.test', ['politics']);
    const first = await sendNew('Πολιτική', owner, org, 'politics');
    const mail = received('angry@media.test').at(-1)!;
    const outboxId = outboxIdOfVerp(server.ctx.tokenKey, mail.mailFrom);
    expect(outboxId).not.toBeNull();
    const out = await recordMailEvent(server.ctx, { via: 'arf', kind: 'complaint', email: 'angry@media.test', outboxId, providerEventId: 'arf:1' });
    expect(out.suppressed).toMatchObject({ reason: 'complaint', organisationId: org });
    expect(await delivery(first, j)).toMatchObject({ state: 'complained' });
    const note = await db()('notifications').where({ user_id: j, kind: 'mail.complaint' }).first();
    expect(note.body).toContain('Αιγαίο Α.Ε.');

    const mine = await insertRelease(db(), org, owner.id, 'Ξανά', { category: 'politics', media_list_categories: ['politics'] });
    expect((await preview(mine)).withoutEmail).toMatchObject({ total: 1, complaint: 1 });
    const theirs = await sendNew('Του άλλου', otherOwner, other, 'politics');
    expect(await delivery(theirs, j)).toMatchObject({ state: 'sent' });

    // Password recovery still reaches them.
    const before = received('angry@media.test').length;
    await call(server.url, 'POST', '/auth/v1/recover', { body: { email: 'angry@media.test' } });
    await server.ctx.mailer.drain();
    expect(received('angry@media.test').length).toBe(before + 1);
  });

  it("a test e-mail to the sender's own suppressed address is not sent and says so, in the shape the send dialog reads", async () => {
    const id = await insertRelease(db(), org, owner.id, 'Δοκιμή', { category: 'culture', media_list_categories: ['culture'] });
    const s = await addSuppression(db(), { email: 'owner@aigaio.test', organisationId: org, reason: 'manual', source: 'admin' });
    try {
      const sent = await call(server.url, 'POST', `/api/releases/${id}/test-email`, { token: owner.token });
      expect(sent.status).toBe(201);
      await server.ctx.mailer.drain();
      const now = await call(server.url, 'GET', `/api/releases/${id}/test-email/${(sent.body as { id: number }).id}`, { token: owner.token });
      expect(testEmailSchema.parse(now.body)).toMatchObject({ status: 'suppressed', to: 'owner@aigaio.test' });
    } finally {
      await db()('suppressions').where('id', s.row.id).update({ removed_at: new Date() });
    }
  });

  it('every e-mail carries its own signed return path and reference; platform mail keeps MAIL_FROM, an organisation\'s speaks in its name', async () => {
    const m = received('here@media.test').at(-1)!;
    const id = outboxIdOfVerp(server.ctx.tokenKey, m.mailFrom);
    expect(m.mailFrom).toMatch(/^bounce\+[0-9a-z]+\.[0-9a-f]{16}@bounces\./);
    expect(m.headers['x-deltio-ref']).toBe(m.mailFrom.slice('bounce+'.length, m.mailFrom.indexOf('@')));
    const row = (await db()('mail_outbox').where('id', id).first('to_email', 'organisation_id', 'purpose', 'return_path')) as Record<string, unknown>;
    expect(row).toEqual({ to_email: 'here@media.test', organisation_id: org, purpose: 'release', return_path: m.mailFrom });
    expect(decodeWords(m.headers.from!)).toMatch(/^Αιγαίο Α\.Ε\.\s*<no-reply@deltio\.gr>$/);
    expect(outboxIdOfVerp(server.ctx.tokenKey, m.mailFrom.replace(/.@/, (c) => (c[0] === '0' ? '1@' : '0@')))).toBeNull();
  });
});
