/**
 * The providers' webhooks end to end, over HTTP on a started server: SES through SNS (signed
 * with a test certificate served by the injected fetch), Postmark (Basic auth) and Mailgun
 * (HMAC, timestamp, token). Accepted → a bounce event (and its suppression); refused → 4xx
 * with a code and nothing recorded.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../../clock';
import { startTestServer, type TestServer } from '../../../test/app';
import type { OutboundFetch } from '../dns';
import { verpToken } from '../verp';
import { testSigner } from './sns.fixtures';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const clock = new TestClock(NOW);
const signer = testSigner();
const REGION_HOST = 'https://sns.eu-west-1.amazonaws.com';
const CERT_URL = `${REGION_HOST}/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem`;
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:deltio-ses';
const OTHER_TOPIC = 'arn:aws:sns:eu-west-1:999999999999:someone-else';
const PM_USER = 'postmark';
const PM_PASSWORD = 'a-long-postmark-secret';
const MG_KEY = 'key-0123456789abcdef0123456789';

let server: TestServer;
let fetched: string[] = [];
const fetch: OutboundFetch = (url) => {
  fetched.push(url);
  if (url === CERT_URL) return Promise.resolve({ status: 200, text: () => Promise.resolve(signer.certPem) });
  if (url.startsWith(`${REGION_HOST}/?Action=ConfirmSubscription`)) return Promise.resolve({ status: 200, text: () => Promise.resolve('<ConfirmSubscriptionResponse/>') });
  return Promise.resolve({ status: 404, text: () => Promise.resolve('') });
};

beforeAll(async () => {
  server = await startTestServer(
    {
      SES_TOPIC_ARNS: `${TOPIC}, arn:aws:sns:eu-west-1:123456789012:another`,
      POSTMARK_WEBHOOK_USER: PM_USER,
      POSTMARK_WEBHOOK_PASSWORD: PM_PASSWORD,
      MAILGUN_WEBHOOK_SIGNING_KEY: MG_KEY,
      RATE_LIMIT_SCALE: '1',
    },
    { clock, fetch },
  );
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
beforeEach(async () => {
  fetched = [];
  clock.set(NOW);
  await server.ctx.db('rate_limits').delete();
});

async function post(provider: string, body: string, headers: Record<string, string> = {}) {
  const res = await globalThis.fetch(`${server.url}/api/webhooks/mail/${provider}`, { method: 'POST', headers, body });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json as { ok?: boolean; events?: number; error?: { code: string } } };
}
const postSns = (m: object) => post('ses', JSON.stringify(m), { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' });

/** A sent e-mail in the outbox; its X-Deltio-Ref token and Message-ID. */
async function sentMail(email: string) {
  const messageId = `<${randomBytes(6).toString('hex')}@deltio.test>`;
  const [row] = (await server.ctx
    .db('mail_outbox')
    .insert({ to_email: email, subject: 'Δελτίο', text: 'x', status: 'sent', sent_at: NOW, message_id: messageId, purpose: 'release' })
    .returning('id')) as { id: string | number }[];
  const id = Number(row!.id);
  return { id, ref: verpToken(server.ctx.tokenKey, id), messageId };
}

const eventsOf = (email: string) => server.ctx.db('bounce_events').where('email_lc', email).orderBy('id');
const suppressionOf = (email: string) => server.ctx.db('suppressions').where('email_lc', email).whereNull('removed_at').first();
const countEvents = async () => Number(((await server.ctx.db('bounce_events').count('* as n').first()) as { n: string }).n);

let seq = 0;
function sesBounce(email: string, opts: { ref?: string; messageId?: string; bounceType?: string } = {}) {
  seq++;
  return {
    notificationType: 'Bounce',
    bounce: {
      bounceType: opts.bounceType ?? 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [{ emailAddress: email, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      timestamp: NOW.toISOString(),
      feedbackId: `0102017f-feedback-${seq}`,
      reportingMTA: 'dsn; a27-1.smtp-out.eu-west-1.amazonses.com',
    },
    mail: {
      timestamp: NOW.toISOString(),
      messageId: `0102017f-ses-${seq}`,
      source: 'press@deltio.gr',
      headers: opts.ref ? [{ name: 'From', value: 'press@deltio.gr' }, { name: 'X-Deltio-Ref', value: opts.ref }] : [],
      commonHeaders: opts.messageId ? { messageId: opts.messageId } : {},
    },
  };
}

function snsNotification(message: object, over: Record<string, string | undefined> = {}) {
  return {
    Type: 'Notification',
    MessageId: `sns-${randomBytes(4).toString('hex')}`,
    TopicArn: TOPIC,
    Message: JSON.stringify(message),
    Timestamp: clock.now().toISOString(),
    SigningCertURL: CERT_URL,
    UnsubscribeURL: `${REGION_HOST}/?Action=Unsubscribe`,
    ...over,
  };
}

describe('SES through SNS', () => {
  it.each(['1', '2'] as const)('records a signed bounce (SignatureVersion %s) matched by X-Deltio-Ref, and suppresses the address', async (version) => {
    const email = `hard${version}@media.test`;
    const mail = await sentMail(email);
    const r = await postSns(signer.sign(snsNotification(sesBounce(email, { ref: mail.ref })), version));
    expect(r).toMatchObject({ status: 200, body: { ok: true, events: 1 } });
    const [ev, ...more] = await eventsOf(email);
    expect(more).toEqual([]);
    expect(ev).toMatchObject({ received_via: 'ses', kind: 'hard', outbox_id: mail.id, status_code: '5.1.1', smtp_code: 550 });
    expect(ev.provider_event_id).toMatch(/^ses:0102017f-feedback-\d+:hard\d@media\.test$/);
    expect(await suppressionOf(email)).toMatchObject({ reason: 'hard_bounce', source: 'ses', organisation_id: null });
    expect(fetched.filter((u) => u === CERT_URL).length).toBeLessThanOrEqual(1);
  });

  it('reads complaints (matched by Message-ID), transient bounces as soft and delays as delayed', async () => {
    const complained = await sentMail('spam@media.test');
    const complaint = {
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'spam@media.test' }], feedbackId: 'cf-1', complaintFeedbackType: 'abuse', timestamp: NOW.toISOString() },
      mail: { messageId: 'ses-c1', commonHeaders: { messageId: complained.messageId } },
    };
    expect((await postSns(signer.sign(snsNotification(complaint)))).status).toBe(200);
    expect(await eventsOf('spam@media.test')).toMatchObject([{ kind: 'complaint', outbox_id: complained.id, provider_event_id: 'ses:cf-1:spam@media.test' }]);
    expect(await suppressionOf('spam@media.test')).toMatchObject({ reason: 'complaint' });

    expect((await postSns(signer.sign(snsNotification(sesBounce('full@media.test', { bounceType: 'Transient' }))))).status).toBe(200);
    expect(await eventsOf('full@media.test')).toMatchObject([{ kind: 'soft' }]);
    expect(await suppressionOf('full@media.test')).toBeUndefined();

    const delay = {
      eventType: 'DeliveryDelay',
      deliveryDelay: { delayType: 'TransientCommunicationFailure', delayedRecipients: [{ emailAddress: 'slow@media.test', status: '4.4.1' }], timestamp: NOW.toISOString() },
      mail: { messageId: 'ses-d1' },
    };
    expect((await postSns(signer.sign(snsNotification(delay)))).status).toBe(200);
    expect(await eventsOf('slow@media.test')).toMatchObject([{ kind: 'delayed', status_code: '4.4.1' }]);
    expect(await suppressionOf('slow@media.test')).toBeUndefined();

    // A delivery notice is accepted and not recorded.
    const delivered = await postSns(signer.sign(snsNotification({ eventType: 'Delivery', mail: { messageId: 'x' }, delivery: {} })));
    expect(delivered).toMatchObject({ status: 200, body: { ok: true, events: 0 } });
    // … whatever its shape (SNS would retry a 400 for nothing).
    const open = await postSns(signer.sign(snsNotification({ eventType: 'Open', mail: { headers: 'not a list' } })));
    expect(open).toMatchObject({ status: 200, body: { ok: true, events: 0 } });
    // A bounce we cannot read is refused.
    const broken = await postSns(signer.sign(snsNotification({ notificationType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [] } })));
    expect(broken).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
  });

  it('records the same notification once when SNS delivers it twice', async () => {
    const m = signer.sign(snsNotification(sesBounce('twice@media.test')));
    expect((await postSns(m)).status).toBe(200);
    expect((await postSns(m)).status).toBe(200);
    expect(await eventsOf('twice@media.test')).toHaveLength(1);
  });

  it('refuses a forged signature, a certificate from another host and a stale message, recording nothing', async () => {
    const before = await countEvents();
    const signed = signer.sign(snsNotification(sesBounce('victim@media.test')));
    const forged = { ...signed, Message: JSON.stringify(sesBounce('other-victim@media.test')) };
    expect(await postSns(forged)).toMatchObject({ status: 403, body: { error: { code: 'invalid_signature' } } });

    const evilCert = 'https://sns.eu-west-1.amazonaws.com.attacker.test/cert.pem';
    expect(await postSns(signer.sign(snsNotification(sesBounce('victim@media.test'), { SigningCertURL: evilCert })))).toMatchObject({
      status: 403,
      body: { error: { code: 'untrusted_certificate_url' } },
    });
    expect(fetched).not.toContain(evilCert);

    const stale = signer.sign(snsNotification(sesBounce('victim@media.test')));
    clock.set(new Date(NOW.getTime() + 61 * 60_000));
    expect(await postSns(stale)).toMatchObject({ status: 403, body: { error: { code: 'stale_timestamp' } } });

    // Validly signed by SNS, but for somebody else's topic.
    expect(await postSns(signer.sign(snsNotification(sesBounce('victim@media.test'), { TopicArn: OTHER_TOPIC })))).toMatchObject({
      status: 403,
      body: { error: { code: 'topic_not_allowed' } },
    });
    expect(await countEvents()).toBe(before);
    expect(await suppressionOf('victim@media.test')).toBeUndefined();
  });

  it('confirms a subscription only for a listed topic, only on an SNS host', async () => {
    const subscription = (topic: string, url: string) =>
      signer.sign({
        Type: 'SubscriptionConfirmation',
        MessageId: `sub-${randomBytes(4).toString('hex')}`,
        Token: '2336412f37fb687f5d51e6e241d09c805a5a57b30d712f794cc5f6a988666d92768dd60a747ba6f3beb71854e285d6ad02428b09ceece29417f1f02d609c582afbacc99c583a916b9981dd2728f4ae6fdb82efd087cc3b7849e05798d2d2785c03b0879594eeac82c01f235d0e717736',
        TopicArn: topic,
        Message: `You have chosen to subscribe to the topic ${topic}.`,
        SubscribeURL: url,
        Timestamp: clock.now().toISOString(),
        SigningCertURL: CERT_URL,
      });
    const listedUrl = `${REGION_HOST}/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(TOPIC)}&Token=abc`;
    expect(await postSns(subscription(TOPIC, listedUrl))).toMatchObject({ status: 200, body: { ok: true } });
    expect(fetched).toContain(listedUrl);

    fetched = [];
    const otherUrl = `${REGION_HOST}/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(OTHER_TOPIC)}&Token=abc`;
    expect(await postSns(subscription(OTHER_TOPIC, otherUrl))).toMatchObject({ status: 200, body: { ok: true } });
    expect(fetched).not.toContain(otherUrl);

    const evil = 'https://attacker.test/?Action=ConfirmSubscription';
    expect(await postSns(subscription(TOPIC, evil))).toMatchObject({ status: 403, body: { error: { code: 'untrusted_subscribe_url' } } });
    expect(fetched).not.toContain(evil);
  });

  it('answers 400 to a body that is not an SNS message', async () => {
    expect(await post('ses', 'not json', { 'content-type': 'text/plain' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    expect(await post('ses', '{"Type":"Notification"}', { 'content-type': 'text/plain' })).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
    expect(await post('ses', '', {})).toMatchObject({ status: 400 });
    expect(await post('ses', 'x'.repeat(300 * 1024), { 'content-type': 'text/plain' })).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
    const nul = signer.sign(snsNotification(sesBounce('nul@media.test'), { MessageId: 'a\u0000b' }));
    expect(await postSns(nul)).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
  });
});

describe('Postmark', () => {
  const basic = (user: string, password: string) => ({ 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
  const bounce = (email: string, over: Record<string, unknown> = {}) =>
    JSON.stringify({
      RecordType: 'Bounce',
      ID: 692560173,
      Type: 'HardBounce',
      TypeCode: 1,
      MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
      Email: email,
      Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
      Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
      BouncedAt: NOW.toISOString(),
      ...over,
    });

  it('records a bounce with the right credentials, matched by Metadata.ref; once when retried', async () => {
    const mail = await sentMail('pm-hard@media.test');
    const body = bounce('pm-hard@media.test', { Metadata: { ref: mail.ref } });
    expect(await post('postmark', body, basic(PM_USER, PM_PASSWORD))).toMatchObject({ status: 200, body: { ok: true, events: 1 } });
    expect(await post('postmark', body, basic(PM_USER, PM_PASSWORD))).toMatchObject({ status: 200 });
    expect(await eventsOf('pm-hard@media.test')).toMatchObject([
      { received_via: 'postmark', kind: 'hard', outbox_id: mail.id, provider_event_id: 'postmark:692560173', status_code: '5.1.1', smtp_code: 550 },
    ]);
    expect(await suppressionOf('pm-hard@media.test')).toMatchObject({ reason: 'hard_bounce', source: 'postmark' });
  });

  it('maps soft bounces and spam complaints, and ignores what is no failure', async () => {
    const auth = basic(PM_USER, PM_PASSWORD);
    expect((await post('postmark', bounce('pm-soft@media.test', { ID: 1001, Type: 'SoftBounce', Details: 'mailbox full' }), auth)).status).toBe(200);
    expect(await eventsOf('pm-soft@media.test')).toMatchObject([{ kind: 'soft' }]);
    const complaint = JSON.stringify({ RecordType: 'SpamComplaint', ID: 1002, Type: 'SpamComplaint', Email: 'pm-spam@media.test', MessageID: 'x' });
    expect((await post('postmark', complaint, auth)).status).toBe(200);
    expect(await eventsOf('pm-spam@media.test')).toMatchObject([{ kind: 'complaint', provider_event_id: 'postmark:1002' }]);
    expect(await post('postmark', bounce('pm-auto@media.test', { ID: 1003, Type: 'AutoResponder' }), auth)).toMatchObject({ status: 200, body: { events: 0 } });
    expect(await post('postmark', JSON.stringify({ RecordType: 'Delivery', Recipient: 'x@media.test' }), auth)).toMatchObject({ status: 200, body: { events: 0 } });
    expect(await post('postmark', JSON.stringify({ RecordType: 'Open', Email: 12, Metadata: 'x' }), auth)).toMatchObject({ status: 200, body: { events: 0 } });
    expect(await eventsOf('pm-auto@media.test')).toEqual([]);
  });

  it('refuses a wrong password or none (401, nothing recorded)', async () => {
    const before = await countEvents();
    const r = await globalThis.fetch(`${server.url}/api/webhooks/mail/postmark`, { method: 'POST', headers: basic(PM_USER, 'wrong-password-123'), body: bounce('pm-x@media.test') });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('invalid_credentials');
    expect(await post('postmark', bounce('pm-x@media.test'), basic('someone', PM_PASSWORD))).toMatchObject({ status: 401 });
    expect(await post('postmark', bounce('pm-x@media.test'), { 'content-type': 'application/json' })).toMatchObject({ status: 401 });
    expect(await countEvents()).toBe(before);
  });

  it('answers 400 to malformed JSON', async () => {
    expect(await post('postmark', '{"RecordType":', basic(PM_USER, PM_PASSWORD))).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    expect(await post('postmark', bounce('not-an-address'), basic(PM_USER, PM_PASSWORD))).toMatchObject({ status: 400 });
  });
});

describe('Mailgun', () => {
  function signed(eventData: Record<string, unknown>, opts: { at?: Date; token?: string; key?: string } = {}) {
    const timestamp = String(Math.floor((opts.at ?? clock.now()).getTime() / 1000));
    const token = opts.token ?? randomBytes(25).toString('hex');
    const signature = createHmac('sha256', opts.key ?? MG_KEY).update(timestamp + token).digest('hex');
    return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
  }
  const failed = (email: string, over: Record<string, unknown> = {}) => ({
    event: 'failed',
    id: `mg-${randomBytes(6).toString('hex')}`,
    timestamp: NOW.getTime() / 1000,
    severity: 'permanent',
    reason: 'bounce',
    recipient: email,
    'delivery-status': { code: 550, message: '5.1.1 The email account that you tried to reach does not exist', 'enhanced-code': '5.1.1', 'mx-host': 'mx.media.test' },
    message: { headers: { to: email, 'message-id': 'abc@deltio.test', from: 'press@deltio.gr', subject: 'Δελτίο' } },
    ...over,
  });
  const json = { 'content-type': 'application/json' };

  it('records a signed failure (user-variables.ref) and a complaint', async () => {
    const mail = await sentMail('mg-hard@media.test');
    expect(await post('mailgun', signed(failed('mg-hard@media.test', { 'user-variables': { ref: mail.ref } })), json)).toMatchObject({ status: 200, body: { ok: true, events: 1 } });
    const [ev] = await eventsOf('mg-hard@media.test');
    expect(ev).toMatchObject({ received_via: 'mailgun', kind: 'hard', outbox_id: mail.id, smtp_code: 550, status_code: '5.1.1', remote_mta: 'mx.media.test' });
    expect(ev.provider_event_id).toMatch(/^mailgun:mg-/);
    expect(await suppressionOf('mg-hard@media.test')).toMatchObject({ reason: 'hard_bounce', source: 'mailgun' });

    expect((await post('mailgun', signed(failed('mg-soft@media.test', { severity: 'temporary', 'delivery-status': { code: 452, message: '4.2.2 mailbox full' } })), json)).status).toBe(200);
    expect(await eventsOf('mg-soft@media.test')).toMatchObject([{ kind: 'soft', status_code: '4.2.2' }]);

    const complained = await sentMail('mg-spam@media.test');
    const complaint = { event: 'complained', id: 'mg-c1', recipient: 'mg-spam@media.test', message: { headers: { 'message-id': complained.messageId.slice(1, -1) } } };
    expect((await post('mailgun', signed(complaint), json)).status).toBe(200);
    expect(await eventsOf('mg-spam@media.test')).toMatchObject([{ kind: 'complaint', outbox_id: complained.id }]);

    expect(await post('mailgun', signed({ event: 'delivered', id: 'mg-d1', recipient: 'x@media.test', 'delivery-status': { code: '250' } }), json)).toMatchObject({
      status: 200,
      body: { events: 0 },
    });
    expect(await post('mailgun', signed({ event: 'failed', id: 'mg-f1', severity: 'permanent' }), json)).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
  });

  it('refuses a forged signature, a stale timestamp and a replayed token; records a retried event once', async () => {
    const before = await countEvents();
    expect(await post('mailgun', signed(failed('mg-x@media.test'), { key: 'key-not-ours-0123456789' }), json)).toMatchObject({ status: 403, body: { error: { code: 'invalid_signature' } } });
    const tampered = JSON.parse(signed(failed('mg-x@media.test'))) as { signature: { token: string } };
    tampered.signature.token = `${tampered.signature.token}x`;
    expect(await post('mailgun', JSON.stringify(tampered), json)).toMatchObject({ status: 403, body: { error: { code: 'invalid_signature' } } });
    expect(await post('mailgun', signed(failed('mg-x@media.test'), { at: new Date(NOW.getTime() - 6 * 60_000) }), json)).toMatchObject({
      status: 403,
      body: { error: { code: 'stale_timestamp' } },
    });
    expect(await countEvents()).toBe(before);

    const event = failed('mg-replay@media.test');
    const body = signed(event, { token: 'replayed-token-0123456789' });
    expect((await post('mailgun', body, json)).status).toBe(200);
    expect(await post('mailgun', body, json)).toMatchObject({ status: 403, body: { error: { code: 'replayed_token' } } });
    // The provider retrying the same event with a fresh signature: accepted, recorded once.
    expect((await post('mailgun', signed(event), json)).status).toBe(200);
    expect(await eventsOf('mg-replay@media.test')).toHaveLength(1);
  });

  it('forgets tokens an hour old', async () => {
    const body = signed(failed('mg-prune@media.test'), { token: 'token-to-prune-0123456789' });
    expect((await post('mailgun', body, json)).status).toBe(200);
    expect(await server.ctx.db('webhook_nonces').where({ provider: 'mailgun', token: 'token-to-prune-0123456789' })).toHaveLength(1);
    clock.set(new Date(NOW.getTime() + 2 * 60 * 60_000));
    expect((await post('mailgun', signed(failed('mg-prune2@media.test')), json)).status).toBe(200);
    expect(await server.ctx.db('webhook_nonces').where({ provider: 'mailgun', token: 'token-to-prune-0123456789' })).toHaveLength(0);
  });
});

describe('every webhook', () => {
  it('answers 404 while its provider is not configured', async () => {
    const d = server.ctx.config.deliverability;
    const saved = { ...d };
    try {
      Object.assign(d, { sesTopicArns: [], postmarkWebhook: undefined, mailgunSigningKey: undefined });
      for (const p of ['ses', 'postmark', 'mailgun']) {
        expect(await post(p, '{}', { 'content-type': 'application/json' })).toMatchObject({ status: 404, body: { error: { code: 'webhook_not_configured' } } });
      }
    } finally {
      Object.assign(d, saved);
    }
  });

  it('answers 429 to an address past 30 refused calls, before checking anything', async () => {
    const wrong = { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('postmark:guess-guess-guess').toString('base64')}` };
    const body = JSON.stringify({ RecordType: 'Bounce', ID: 5, Type: 'HardBounce', Email: 'limit@media.test' });
    for (let i = 0; i < 30; i++) expect((await post('postmark', body, wrong)).status).toBe(401);
    expect(await post('postmark', body, wrong)).toMatchObject({ status: 429, body: { error: { code: 'too_many_requests' } } });
    const right = { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${PM_USER}:${PM_PASSWORD}`).toString('base64')}` };
    expect((await post('postmark', body, right)).status).toBe(429);
    expect(await eventsOf('limit@media.test')).toEqual([]);
  });

  it('does not count accepted calls against the address', async () => {
    const right = { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${PM_USER}:${PM_PASSWORD}`).toString('base64')}` };
    for (let i = 0; i < 35; i++) {
      const body = JSON.stringify({ RecordType: 'Bounce', ID: 9000 + i, Type: 'SoftBounce', Email: `many${i}@media.test` });
      expect((await post('postmark', body, right)).status).toBe(200);
    }
  });
});
