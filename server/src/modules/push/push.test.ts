import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { AppEvents } from '../../events';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { startPushService, startStatusService, type TestBrowser, type TestPushService } from '../../test/push-service';
import { until } from '../../test/wait';
import { insertJournalist, insertMember, insertOrganisation, insertRelease, tokenOf } from '../distribution/org-fixtures';
import { insertDeliveries, type SendableRelease } from '../distribution/distribution.repo';
import { sendRelease } from '../releases/releases.lifecycle';
import { vapidKeys } from './push.keys';
import { runErasureHandlers } from '../data-rights/erasure.registry';
import { releasePayload } from './push.payload';
import type { Actor } from '../../http/authenticate';
import { PUSH_RETRY_JOB, pushRelease, pushRetryKey, retryPush, subscribe } from './push.service';

/**
 * Web Push to journalists (issue 33, point 1) against a local push service (web-push-testing,
 * which checks the VAPID signature and decrypts what it gets): the opt-in API, who gets a push
 * (recipients only, minus a blocked organisation, an unticked category, a held delivery), the
 * payload, one push per release and browser, 404/410 removal, 429/5xx retries.
 */
let server: TestServer;
let push: TestPushService;
let status: Awaited<ReturnType<typeof startStatusService>>;
let aegean: string;
let olympus: string;
let sender: string;
let otherSender: string;
const j: Record<string, string> = {};
let publicKey: string;

const db = () => server.ctx.db;
const row = async (id: string) => (await db()('press_releases').where('id', id).first()) as SendableRelease;

/** A browser of the journalist opted in: subscribed at the push service, stored through the API. */
async function optIn(email: string): Promise<TestBrowser> {
  const browser = await push.subscribe(publicKey);
  const r = await call(server.url, 'POST', '/api/push/subscriptions', { token: await tokenOf(server.url, email), body: browser });
  expect(r.status).toBe(201);
  return browser;
}

/** Stores a subscription whose endpoint is the status service's (answers `code`). */
async function statusSubscription(userId: string, code: number, name: string): Promise<number> {
  const real = await push.subscribe(publicKey); // valid keys to encrypt with
  const [s] = (await db()('web_push_subscriptions')
    .insert({ user_id: userId, endpoint: `${status.url}/status/${code}/${name}`, p256dh: real.keys.p256dh, auth: real.keys.auth })
    .returning('id')) as { id: string }[];
  return Number(s!.id);
}

/** A release "sent" as far as push is concerned: deliveries written and the sent version frozen, without the send's own push. */
async function delivered(org: string, author: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await insertRelease(db(), org, author, title, { status: 'sent', sent_at: new Date(), ...extra });
  const r = await row(id);
  const senderName = ((await db()('organisations').where('id', org).first('name')) as { name: string }).name;
  await db()('release_sent_versions').insert({
    press_release_id: id,
    organisation_id: org,
    title,
    content: r.content,
    content_text: r.content_text,
    search_text: r.search_text,
    category: r.category,
    media_list_categories: r.media_list_categories,
    attachments: JSON.stringify([]),
    sender_user_id: author,
    sender_name: senderName,
    sent_at: new Date(),
    embargo_until: (extra.embargo_until as Date | undefined) ?? null,
  });
  await db().transaction((trx) => insertDeliveries(trx, r));
  return id;
}

const decoded = (b: TestBrowser) => push.messages(b).map((m) => JSON.parse(m) as { releaseId: string; title: string; body: string; url: string });
const subsOf = async (userId: string) => ((await db()('web_push_subscriptions').where('user_id', userId).select('id')) as unknown[]).length;

beforeAll(async () => {
  [server, push, status] = await Promise.all([startTestServer(), startPushService(), startStatusService()]);
  aegean = await insertOrganisation(db(), 'Αιγαίο Τεχνολογίες Α.Ε.');
  olympus = await insertOrganisation(db(), 'Όλυμπος Α.Ε.');
  sender = await insertMember(db(), aegean, 'owner@aegean-push.test', 'owner');
  otherSender = await insertMember(db(), olympus, 'owner@olympus-push.test', 'owner');
  for (const name of ['reader', 'blocker', 'unticked', 'held', 'silent', 'phones', 'expired', 'flaky', 'gone404', 'later'])
    j[name] = await insertJournalist(db(), `${name}@push.test`, ['tech']);
  j.economy = await insertJournalist(db(), 'economy@push.test', ['economy']);
  publicKey = ((await call<{ publicKey: string }>(server.url, 'GET', '/api/push/config', { token: await tokenOf(server.url, 'reader@push.test') })).body).publicKey;
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.stop(), push?.close(), status?.close()]);
});

describe('the opt-in API', () => {
  it('gives a journalist the key, stores a browser once, and removes it', async () => {
    const token = await tokenOf(server.url, 'silent@push.test');
    const cfg = await call<{ enabled: boolean; publicKey: string; devices: number }>(server.url, 'GET', '/api/push/config', { token });
    expect(cfg).toMatchObject({ status: 200, body: { enabled: true, devices: 0, hasReceived: false } });
    // The development pair is kept in the database: the next start (and every process) uses it.
    expect(cfg.body.publicKey).toBe(((await db()('web_push_vapid_keys').first('public_key')) as { public_key: string }).public_key);
    const browser = await push.subscribe(cfg.body.publicKey);
    expect((await call(server.url, 'POST', '/api/push/subscriptions', { token, body: browser })).body).toMatchObject({ devices: 1 });
    // The same browser again (keys renewed): still one.
    expect((await call(server.url, 'POST', '/api/push/subscriptions', { token, body: { ...browser, expirationTime: null } })).body).toMatchObject({ devices: 1 });
    const removed = await call(server.url, 'DELETE', '/api/push/subscriptions', { token, body: { endpoint: browser.endpoint } });
    expect(removed).toMatchObject({ status: 200, body: { devices: 0 } });
  });

  it('forgets an erased account’s browsers (the data-rights erasure runs the push module’s handler)', async () => {
    const userId = await insertJournalist(db(), 'erased@push.test', ['tech']);
    await statusSubscription(userId, 201, 'erased');
    expect(await db()('web_push_subscriptions').where('user_id', userId)).toHaveLength(1);
    const ran = await db().transaction((trx) => runErasureHandlers(trx, { userId, at: new Date() }));
    expect(ran).toContain('push-subscriptions');
    expect(await db()('web_push_subscriptions').where('user_id', userId)).toHaveLength(0);
  });

  it('a sign-out forgets the browsers opted in during that session, and only those', async () => {
    const userId = await insertJournalist(db(), 'signout@push.test', ['tech']);
    const [laptop, phone] = [await tokenOf(server.url, 'signout@push.test'), await tokenOf(server.url, 'signout@push.test')];
    const [onLaptop, onPhone] = [await push.subscribe(publicKey), await push.subscribe(publicKey)];
    expect((await call(server.url, 'POST', '/api/push/subscriptions', { token: laptop, body: onLaptop })).status).toBe(201);
    expect((await call(server.url, 'POST', '/api/push/subscriptions', { token: phone, body: onPhone })).status).toBe(201);
    expect((await call(server.url, 'POST', '/auth/v1/logout?scope=local', { token: laptop })).status).toBeLessThan(300);
    const endpoints = async () => ((await db()('web_push_subscriptions').where('user_id', userId).select('endpoint')) as { endpoint: string }[]).map((r) => r.endpoint);
    await until(async () => (await endpoints()).length === 1);
    expect(await endpoints()).toEqual([onPhone.endpoint]);
    // A ban (every session ends) forgets the rest.
    server.ctx.realtime.endSessions(
      ((await db()('auth_sessions').where('user_id', userId).whereNull('revoked_at').select('id')) as { id: string }[]).map((s) => s.id),
      'banned',
    );
    await until(async () => (await endpoints()).length === 0);
  });

  it('answers bad input with a JSON error naming the field, and refuses other roles', async () => {
    const token = await tokenOf(server.url, 'silent@push.test');
    const bad = await call<{ error: { code: string; fields: Record<string, string> } }>(server.url, 'POST', '/api/push/subscriptions', {
      token,
      body: { endpoint: 'ftp://x', keys: { p256dh: 'short', auth: 'A'.repeat(22) } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['endpoint', 'keys.p256dh']);
    const client = await tokenOf(server.url, 'owner@aegean-push.test');
    expect((await call(server.url, 'GET', '/api/push/config', { token: client })).status).toBe(403);
  });

  it('in production takes only https endpoints (a push service, not an address of our network)', async () => {
    const prod = { ...server.ctx, config: { ...server.ctx.config, isProduction: true } };
    const actor = { userId: j.silent! } as Actor;
    const browser = await push.subscribe(publicKey);
    await expect(subscribe(prod, actor, browser, null)).rejects.toMatchObject({ status: 400, code: 'validation_failed', fields: { endpoint: 'endpoint must be an https URL' } });
    expect(await subsOf(j.silent!)).toBe(0);
  });
});

describe('who gets a push', () => {
  it('a send pushes each recipient browser once, after the send commits, with the title, the organisation and the embargo', async () => {
    const reader = await optIn('reader@push.test');
    const economy = await optIn('economy@push.test');
    const embargo = new Date(Date.UTC(2030, 0, 15, 8, 0));
    const id = await insertRelease(db(), aegean, sender, 'Νέο κέντρο δεδομένων στη Νάξο', { embargo_until: embargo });
    await sendRelease(server.ctx, id, { actor: null, baseUrl: server.url, fromScheduled: false });
    await until(() => push.messages(reader).length > 0, 10_000, 'the push');
    await server.ctx.jobs.drain();
    expect(decoded(reader)).toEqual([
      {
        kind: 'press_release.received',
        releaseId: id,
        title: 'Νέο κέντρο δεδομένων στη Νάξο',
        body: 'Νέο δελτίο τύπου από Αιγαίο Τεχνολογίες Α.Ε. · Υπό εμβάργκο έως 15/01/2030 10:00',
        url: `/media/press-releases/${id}`,
        tag: `release:${id}`,
        organisation: 'Αιγαίο Τεχνολογίες Α.Ε.',
        embargoUntil: embargo.toISOString(),
      },
    ]);
    // Not a recipient (another category's list): nothing.
    expect(push.messages(economy)).toEqual([]);
  });

  it('leaves out a journalist who blocked the organisation or unticked the category since the send, and a delivery held by the daily limit', async () => {
    const b = { blocker: await optIn('blocker@push.test'), unticked: await optIn('unticked@push.test'), held: await optIn('held@push.test'), reader: await optIn('reader@push.test') };
    const before = push.messages(b.reader).length;
    const id = await delivered(aegean, sender, 'Μετά τον αποκλεισμό');
    await db()('unsubscribes').insert([
      { user_id: j.blocker, scope: 'sender', sender_organisation_id: aegean },
      { user_id: j.unticked, scope: 'category', category: 'tech' },
    ]);
    await db()('deliveries').where({ press_release_id: id, recipient_user_id: j.held }).update({ held_at: new Date() });
    await pushRelease(server.ctx, id);
    expect(push.messages(b.reader).length).toBe(before + 1);
    expect([b.blocker, b.unticked, b.held].map((x) => push.messages(x).length)).toEqual([0, 0, 0]);
    // Another organisation's release still reaches the one who blocked Aegean.
    const elsewhere = await delivered(olympus, otherSender, 'Άλλη εταιρεία');
    await pushRelease(server.ctx, elsewhere);
    expect(decoded(b.blocker).map((m) => m.releaseId)).toEqual([elsewhere]);
  });

  it('sends a release once to each of a journalist\'s browsers, however often its job runs', async () => {
    const [phone, laptop] = [await optIn('phones@push.test'), await optIn('phones@push.test')];
    const id = await delivered(aegean, sender, 'Δύο συσκευές');
    await pushRelease(server.ctx, id);
    await pushRelease(server.ctx, id);
    expect(decoded(phone).map((m) => m.releaseId)).toEqual([id]);
    expect(decoded(laptop).map((m) => m.releaseId)).toEqual([id]);
  });
});

describe('what the push service answers', () => {
  it('removes a subscription the service answers 410 (expired) or 404 for, and keeps the others', async () => {
    const expired = await optIn('expired@push.test');
    await push.expire(expired);
    const notFound = await statusSubscription(j.gone404!, 404, 'gone');
    const id = await delivered(aegean, sender, 'Ληγμένη συνδρομή');
    expect(await pushRelease(server.ctx, id)).toMatchObject({ gone: 2 });
    expect(await subsOf(j.expired!)).toBe(0);
    expect(await db()('web_push_subscriptions').where('id', notFound).first()).toBeUndefined();
    expect(await subsOf(j.reader!)).toBeGreaterThan(0);
  });

  it('retries a 429 or 5xx with back-off on a job of its own, and sends nothing twice', async () => {
    const busy = await statusSubscription(j.flaky!, 503, 'busy');
    const slow = await statusSubscription(j.later!, 429, 'slow');
    const id = await delivered(aegean, sender, 'Απασχολημένη υπηρεσία');
    expect(await pushRelease(server.ctx, id)).toMatchObject({ retry: 2 });
    const jobs = (await db()('jobs').where('kind', PUSH_RETRY_JOB).whereIn('dedupe_key', [pushRetryKey(id, busy), pushRetryKey(id, slow)]).orderBy('dedupe_key').select('dedupe_key', 'status', db().raw('(extract(epoch from run_at - created_at) * 1000)::int as delay_ms'))) as {
      dedupe_key: string;
      delay_ms: number;
      status: string;
    }[];
    expect(jobs.map((x) => x.status)).toEqual(['queued', 'queued']);
    // 429 with Retry-After: 7 waits 7 s; a 503 without it the first back-off (5 s).
    const delay = (key: string) => Math.round(jobs.find((x) => x.dedupe_key === key)!.delay_ms / 1000);
    expect([delay(pushRetryKey(id, slow)), delay(pushRetryKey(id, busy))]).toEqual([7, 5]);
    // The fan-out again sends neither (claimed); the retry still failing throws, for the queue's back-off.
    await pushRelease(server.ctx, id);
    expect(status.hits.get('/status/503/busy')).toBe(1);
    await expect(retryPush(server.ctx, id, busy)).rejects.toThrow('503');
    expect(status.hits.get('/status/503/busy')).toBe(2);
    // A retry for a journalist who blocked the sender meanwhile is dropped.
    await db()('unsubscribes').insert({ user_id: j.later, scope: 'sender', sender_organisation_id: aegean });
    expect(await retryPush(server.ctx, id, slow)).toBe('skipped');
    expect(status.hits.get('/status/429/slow')).toBe(1);
  });
});

describe('keys and events', () => {
  it('the lifecycle publishes release.sent only after the send commits, and a refused send publishes nothing', async () => {
    const seen: { releaseId: string; deliveries: number }[] = [];
    const off = server.ctx.events.on('release.sent', async ({ releaseId }) => {
      // Read outside the send's transaction: committed rows only.
      const n = (await db()('deliveries').where('press_release_id', releaseId).count<{ n: string }[]>('* as n'))[0]!.n;
      seen.push({ releaseId, deliveries: Number(n) });
    });
    try {
      const empty = await insertRelease(db(), aegean, sender, '', { content: '', content_text: '' });
      await expect(sendRelease(server.ctx, empty, { actor: null, baseUrl: server.url, fromScheduled: false })).rejects.toThrow();
      const id = await insertRelease(db(), aegean, sender, 'Μετά το commit');
      const sent = await sendRelease(server.ctx, id, { actor: null, baseUrl: server.url, fromScheduled: false });
      await until(() => seen.length > 0, 5_000, 'the event');
      expect(sent!.recipients).toBeGreaterThan(0);
      expect(seen).toEqual([{ releaseId: id, deliveries: sent!.recipients }]);
    } finally {
      off();
    }
  });

  it('reads VAPID keys from the environment, both or neither, and production without them runs with push off', async () => {
    const pair = { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(loadConfig({ ...pair, VAPID_SUBJECT: 'mailto:press@deltio.gr' }).webPush).toMatchObject({ keys: { publicKey }, subject: 'mailto:press@deltio.gr' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ ...pair, VAPID_SUBJECT: 'http://deltio.gr' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(/VAPID_PUBLIC_KEY/);
    const warned: string[] = [];
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://deltio.gr' });
    const keys = await vapidKeys({} as never, prod, { info: () => undefined, warn: (m: string) => void warned.push(m) } as never);
    expect(keys).toBeUndefined();
    expect(warned[0]).toMatch(/push: notifications to journalists are off/);
  });

  it('builds the payload without an embargo, and cuts a very long title', () => {
    const p = releasePayload({ press_release_id: 'r1', title: 'Τ'.repeat(300), sender_name: 'Όλυμπος Α.Ε.', embargo_until: null });
    expect(p.body).toBe('Νέο δελτίο τύπου από Όλυμπος Α.Ε.');
    expect(p.embargoUntil).toBeNull();
    expect(p.title).toHaveLength(200);
  });

  it('a listener that fails is logged, never the publisher\'s failure', async () => {
    const errors: unknown[] = [];
    const events = new AppEvents({ error: (o: unknown) => void errors.push(o) } as never);
    events.on('release.sent', () => Promise.reject(new Error('down')));
    events.on('release.sent', () => {
      throw new Error('sync');
    });
    expect(() => events.publish('release.sent', { releaseId: 'r', organisationId: 'o' })).not.toThrow();
    await until(() => errors.length === 2, 1_000, 'both failures logged');
  });
});
