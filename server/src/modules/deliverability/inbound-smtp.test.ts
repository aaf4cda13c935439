import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { until } from '../../test/wait';
import { fixture } from './fixtures/render';
import { startInboundSmtp, INBOUND_MAX_BYTES } from './inbound-smtp';
import { verpAddress, verpToken } from './verp';

/**
 * The inbound listener over real sockets: a release goes out through the test SMTP sink with
 * its VERP return paths, then the reports about those e-mails come back to the listener as a
 * receiving server would send them (MAIL FROM:<>, RCPT TO the return path).
 */
const BOUNCE_DOMAIN = 'bounces.deltio.test';
const FBL = 'fbl@deltio.test';
const JOURNALISTS = ['hard', 'multi', 'delayed', 'full', 'complain', 'jmrp', 'twice', 'vacation', 'forged', 'dbdown'] as const;
type Journalist = (typeof JOURNALISTS)[number];

let server: TestServer;
let smtp: TestSmtp;
let orgId: string;
const users = {} as Record<Journalist, string>;
/** Per journalist, the release e-mail as sent: its outbox row, VERP return path, Message-ID and ref. */
const sent = {} as Record<Journalist, { outboxId: number; deliveryId: number; verp: string; messageId: string; ref: string; email: string }>;

const emailOf = (name: string) => `${name}@media.test`;
const vars = (name: Journalist, extra: Record<string, string> = {}) => ({
  VERP: sent[name].verp,
  RCPT: sent[name].email,
  MSGID: sent[name].messageId,
  REF: sent[name].ref,
  OTHER: emailOf('colleague'),
  TO: FBL,
  ...extra,
});

/** Delivers a raw report to the listener as a receiving MTA does; resolves with the server's reply code. */
async function deliver(raw: string, to: string | string[], port = server.inboundSmtpPort!): Promise<number> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope: { from: '', to: [to].flat() }, raw });
    return Number(info.response.slice(0, 3));
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    if (!code) throw err;
    return code;
  } finally {
    transport.close();
  }
}

const db = () => server.ctx.db;
const events = (outboxId: number) => db()('bounce_events').where('outbox_id', outboxId).orderBy('id');
const suppressionsOf = (email: string) => db()('suppressions').where('email_lc', email).whereNull('removed_at');
const delivery = (name: Journalist) => db()('deliveries').where('id', sent[name].deliveryId).first('state', 'bounce_type', 'bounced_at', 'complained_at');

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    INBOUND_SMTP_PORT: '0',
    INBOUND_SMTP_HOST: '127.0.0.1',
    BOUNCE_DOMAIN,
    FBL_ADDRESS: FBL,
  });
  const { id: clientId } = await signUp(server.url, 'sender@client.test', 'client');
  await db()('profiles').where('user_id', clientId).update({ status: 'approved' });
  const token = (await signIn(server.url, 'sender@client.test')).access_token;
  orgId = ((await db()('organisation_members').where({ user_id: clientId, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
  await db()('organisations').where('id', orgId).update({ name: 'Αιγαίο Α.Ε.', status: 'approved' });
  for (const name of [...JOURNALISTS, 'colleague']) {
    const email = emailOf(name);
    const [u] = (await db()('users').insert({ email }).returning('id')) as { id: string }[];
    await db()('profiles').insert({ user_id: u!.id, email, name, role: 'media', status: 'approved', is_active: true });
    await db()('media_lists').insert({ category: 'tech', media_id: u!.id });
    if (name !== 'colleague') users[name as Journalist] = u!.id;
  }
  const [release] = (await db()('press_releases')
    .insert({
      title: 'Νέα πλατφόρμα',
      content: '<p>Κείμενο του δελτίου.</p>',
      content_text: 'Κείμενο του δελτίου.',
      search_text: 'κειμενο',
      category: 'tech',
      author_id: clientId,
      organisation_id: orgId,
      media_list_categories: ['tech'],
    })
    .returning('id')) as { id: string }[];
  const r = await call(server.url, 'POST', `/api/releases/${release!.id}/send`, { token });
  expect(r.status).toBe(200);
  const isRelease = (m: { subject: string }) => m.subject === 'Νέα πλατφόρμα';
  await smtp.waitUntil((mails) => mails.filter(isRelease).length >= JOURNALISTS.length + 1);
  // The mailer marks a delivery sent once the sink has answered.
  const ids = (await db()('deliveries').where('press_release_id', release!.id).select('id')).map((d: { id: string }) => d.id);
  await until(async () => (await db()('deliveries').whereIn('id', ids).whereNot('state', 'sent')).length === 0, 10_000, 'deliveries sent');
  // Release e-mails name their sender in the outbox (the suppression step writes it at fan-out;
  // set here for a tree without it): a complaint is about this organisation's mail.
  await db()('mail_outbox').whereIn('related_delivery_id', ids).whereNull('organisation_id').update({ organisation_id: orgId });
  for (const name of JOURNALISTS) {
    const email = emailOf(name);
    const mail = smtp.mails.find((m) => isRelease(m) && m.to.includes(email))!;
    const row = (await db()('mail_outbox').where({ to_email: email }).whereNotNull('related_delivery_id').first('id', 'related_delivery_id', 'message_id')) as {
      id: string;
      related_delivery_id: string;
      message_id: string;
    };
    sent[name] = {
      outboxId: Number(row.id),
      deliveryId: Number(row.related_delivery_id),
      verp: mail.mailFrom,
      messageId: mail.headers['message-id']!,
      ref: mail.headers['x-deltio-ref']!,
      email,
    };
  }
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('inbound SMTP listener', () => {
  it('was sent e-mails whose return path is their own signed VERP address at the bounce domain', () => {
    const s = sent.hard;
    expect(s.verp).toBe(verpAddress(server.ctx.tokenKey, s.outboxId, BOUNCE_DOMAIN));
    expect(s.ref).toBe(verpToken(server.ctx.tokenKey, s.outboxId));
    expect(s.messageId).toBeTruthy();
  });

  it('records a Postfix 5.1.1 DSN as a hard bounce: suppressed everywhere, delivery bounced/hard', async () => {
    expect(await deliver(fixture('postfix-hard-5.1.1.eml', vars('hard')), sent.hard.verp)).toBe(250);
    const [ev, ...more] = await events(sent.hard.outboxId);
    expect(more).toEqual([]);
    expect(ev).toMatchObject({
      received_via: 'dsn',
      kind: 'hard',
      email_lc: 'hard@media.test',
      organisation_id: orgId,
      delivery_id: sent.hard.deliveryId,
      status_code: '5.1.1',
      smtp_code: 550,
      remote_mta: 'mail.media.test',
    });
    expect(ev.diagnostic).toContain('User unknown in virtual mailbox table');
    expect(ev.diagnostic).not.toMatch(/^smtp;/);
    expect(ev.raw_excerpt).toContain('Undelivered Mail Returned to Sender');
    expect(ev.provider_event_id).toMatch(/^dsn:[0-9a-f]{64}$/);
    const s = await suppressionsOf('hard@media.test');
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ organisation_id: null, reason: 'hard_bounce', source: 'dsn' });
    expect(await delivery('hard')).toMatchObject({ state: 'bounced', bounce_type: 'hard' });
  });

  it('takes from an Exchange multi-recipient DSN only the e-mail’s own recipient', async () => {
    expect(await deliver(fixture('exchange-multi-recipient.eml', vars('multi')), sent.multi.verp)).toBe(250);
    const evs = await events(sent.multi.outboxId);
    expect(evs.map((e) => [e.kind, e.email_lc, e.status_code, e.smtp_code])).toEqual([['hard', 'multi@media.test', '5.1.10', 550]]);
    expect(await suppressionsOf('multi@media.test')).toHaveLength(1);
    // The colleague in the same report is no recipient of this e-mail: nothing is recorded or suppressed for her.
    expect(await db()('bounce_events').where('email_lc', 'colleague@media.test')).toEqual([]);
    expect(await suppressionsOf('colleague@media.test')).toEqual([]);
    expect(await delivery('multi')).toMatchObject({ state: 'bounced', bounce_type: 'hard' });
  });

  it('records a Gmail 4.2.2 delay notice as delayed and suppresses nothing', async () => {
    expect(await deliver(fixture('gmail-delayed-4.2.2.eml', vars('delayed')), sent.delayed.verp)).toBe(250);
    const evs = await events(sent.delayed.outboxId);
    expect(evs.map((e) => [e.received_via, e.kind, e.status_code, e.smtp_code])).toEqual([['dsn', 'delayed', '4.2.2', 452]]);
    expect(await suppressionsOf('delayed@media.test')).toEqual([]);
    expect(await delivery('delayed')).toMatchObject({ state: 'sent', bounce_type: null });
  });

  it('records a bounce in prose ("mailbox full", no RFC 3464 part) as soft, its text as diagnostic', async () => {
    expect(await deliver(fixture('qmail-mailbox-full.eml', vars('full')), sent.full.verp)).toBe(250);
    const evs = await events(sent.full.outboxId);
    expect(evs.map((e) => [e.received_via, e.kind])).toEqual([['dsn', 'soft']]);
    expect(evs[0].diagnostic).toMatch(/^Hi\. This is the qmail-send program/);
    expect(evs[0].diagnostic).toContain('Mailbox is full');
    // One soft bounce is under the limit (3 in 7 days).
    expect(await suppressionsOf('full@media.test')).toEqual([]);
    expect(await delivery('full')).toMatchObject({ state: 'bounced', bounce_type: 'soft' });
  });

  it('ignores a vacation auto-reply to a return path, and answers it nothing', async () => {
    const before = smtp.mails.length;
    expect(await deliver(fixture('vacation-auto-reply.eml', vars('vacation')), sent.vacation.verp)).toBe(250);
    expect(await events(sent.vacation.outboxId)).toEqual([]);
    expect(await delivery('vacation')).toMatchObject({ state: 'sent' });
    // No backscatter: nothing was sent because of it.
    expect(await db()('mail_outbox').where('to_email', 'vacation@media.test').select('id')).toHaveLength(1);
    expect(smtp.mails.length).toBe(before);
  });

  it('records an ARF complaint at the FBL address: delivery complained, suppressed for the organisation, the journalist told', async () => {
    expect(await deliver(fixture('arf-abuse.eml', vars('complain')), FBL)).toBe(250);
    const evs = await events(sent.complain.outboxId);
    expect(evs.map((e) => [e.received_via, e.kind, e.email_lc])).toEqual([['arf', 'complaint', 'complain@media.test']]);
    expect(evs[0].provider_event_id).toMatch(/^arf:/);
    const s = await suppressionsOf('complain@media.test');
    expect(s.map((x) => [x.organisation_id, x.reason, x.source])).toEqual([[orgId, 'complaint', 'arf']]);
    expect(await delivery('complain')).toMatchObject({ state: 'complained' });
    const notes = await db()('notifications').where({ user_id: users.complain, kind: 'mail.complaint' });
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain('Αιγαίο Α.Ε.');
  });

  it('trusts an ARF report at the e-mail’s return path without a ref, and takes the e-mail’s own recipient for a redacted one', async () => {
    const raw = fixture('arf-abuse.eml', vars('jmrp', { TO: sent.jmrp.verp, REF: '', RCPT: 'redacted@media.test' }));
    expect(await deliver(raw, sent.jmrp.verp)).toBe(250);
    const evs = await events(sent.jmrp.outboxId);
    expect(evs.map((e) => [e.received_via, e.kind, e.email_lc])).toEqual([['arf', 'complaint', 'jmrp@media.test']]);
    expect(await suppressionsOf('redacted@media.test')).toEqual([]);
    expect(await delivery('jmrp')).toMatchObject({ state: 'complained' });
  });

  it('ignores an ARF report at the FBL address whose reported message carries no valid ref', async () => {
    const forged = { REF: `${sent.forged.outboxId.toString(36)}.0000000000000000` };
    expect(await deliver(fixture('arf-abuse.eml', vars('forged', forged)), FBL)).toBe(250);
    const none = { REF: '' };
    expect(await deliver(fixture('arf-abuse.eml', vars('forged', none)).replace('Message-ID: <', 'Message-ID: <x'), FBL)).toBe(250);
    expect(await db()('bounce_events').where('email_lc', 'forged@media.test')).toEqual([]);
    expect(await suppressionsOf('forged@media.test')).toEqual([]);
    expect(await delivery('forged')).toMatchObject({ state: 'sent' });
  });

  it('refuses at RCPT a forged VERP token, a valid token at a foreign domain and any other address (550)', async () => {
    const raw = fixture('postfix-hard-5.1.1.eml', vars('forged'));
    const id = sent.forged.outboxId.toString(36);
    expect(await deliver(raw, `bounce+${id}.0123456789abcdef@${BOUNCE_DOMAIN}`)).toBe(550);
    expect(await deliver(raw, `bounce+${verpToken(server.ctx.tokenKey, sent.forged.outboxId)}@bounces.elsewhere.test`)).toBe(550);
    expect(await deliver(raw, `postmaster@${BOUNCE_DOMAIN}`)).toBe(550);
    expect(await deliver(raw, 'someone@gmail.com')).toBe(550);
    expect(await db()('bounce_events').where('email_lc', 'forged@media.test')).toEqual([]);
    // The real address in capitals is still ours (some servers upper-case what they return).
    const autoReply = fixture('vacation-auto-reply.eml', vars('forged'));
    expect(await deliver(autoReply, sent.forged.verp.toUpperCase())).toBe(250);
    // So is a signed token at an organisation's return-path host (its CNAME of the bounce domain).
    const atOwnHost = `bounce+${verpToken(server.ctx.tokenKey, sent.forged.outboxId)}@bounces.aigaio.test`;
    expect(await deliver(autoReply, atOwnHost)).toBe(550);
    await db()('sending_domains').insert({
      organisation_id: orgId,
      domain: 'aigaio.test',
      dkim_selector: 'deltio',
      dkim_public_key: 'MIIB',
      dkim_private_key_enc: 'v1:x',
      key_id: 'env',
      return_path_host: 'bounces.aigaio.test',
    });
    expect(await deliver(autoReply, atOwnHost)).toBe(250);
    expect(await deliver(raw, `bounce+${id}.0123456789abcdef@bounces.aigaio.test`)).toBe(550);
  });

  it('refuses a message over 1 MB with 552 and records nothing', async () => {
    const body = ('y'.repeat(998) + '\r\n').repeat(Math.ceil(INBOUND_MAX_BYTES / 1000));
    const raw = fixture('postfix-hard-5.1.1.eml', vars('forged')).replace('Κείμενο του δελτίου.', body);
    expect(Buffer.byteLength(raw)).toBeGreaterThan(INBOUND_MAX_BYTES);
    expect(await deliver(raw, sent.forged.verp)).toBe(552);
    expect(await db()('bounce_events').where('email_lc', 'forged@media.test')).toEqual([]);
    expect(await suppressionsOf('forged@media.test')).toEqual([]);
  });

  it('records the same DSN delivered twice once', async () => {
    const raw = fixture('postfix-hard-5.1.1.eml', vars('twice'));
    expect(await deliver(raw, sent.twice.verp)).toBe(250);
    expect(await deliver(raw, sent.twice.verp)).toBe(250);
    expect(await events(sent.twice.outboxId)).toHaveLength(1);
    expect(await suppressionsOf('twice@media.test')).toHaveLength(1);
  });

  it('answers 451 when the database fails, so the sender retries; the retry is recorded', async () => {
    const failing = await startInboundSmtp(server.ctx, {
      port: 0,
      host: '127.0.0.1',
      record: () => Promise.reject(new Error('connection terminated unexpectedly')),
    });
    try {
      const raw = fixture('postfix-hard-5.1.1.eml', vars('dbdown'));
      expect(await deliver(raw, sent.dbdown.verp, failing.port)).toBe(451);
      expect(await events(sent.dbdown.outboxId)).toEqual([]);
      expect(await deliver(raw, sent.dbdown.verp)).toBe(250);
      expect((await events(sent.dbdown.outboxId)).map((e) => e.kind)).toEqual(['hard']);
    } finally {
      await failing.close();
    }
  });
});
