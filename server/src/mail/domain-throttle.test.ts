import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../clock';
import { createLogger } from '../logger';
import { testConfig } from '../test/app';
import { createTestDb, type TestDb } from '../test/db';
import { DomainThrottle } from './domain-throttle';
import { Mailer } from './mailer';
import type { MailTransport, OutgoingMail } from './transport';

let testDb: TestDb;
const logger = createLogger(testConfig({ databaseUrl: undefined }));

beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
});

/** A transport that notes the (test) minute of every e-mail, and answers chosen domains with an error. */
function recorder(clock: TestClock, refuse?: (mail: OutgoingMail) => Error | undefined) {
  const sent: { to: string; minute: number }[] = [];
  const t: MailTransport & { sent: typeof sent } = {
    name: 'log',
    sent,
    send(mail) {
      const err = refuse?.(mail);
      if (err) return Promise.reject(err);
      sent.push({ to: mail.to, minute: Math.floor(clock.now().getTime() / 60_000) });
      return Promise.resolve();
    },
    close: () => undefined,
  };
  return t;
}

const domain = (to: string) => to.slice(to.indexOf('@') + 1);
function perMinute(sent: { to: string; minute: number }[], d: string): number[] {
  const counts = new Map<number, number>();
  for (const s of sent) if (domain(s.to) === d) counts.set(s.minute, (counts.get(s.minute) ?? 0) + 1);
  return [...counts.values()];
}

describe('gentle sending', () => {
  it('holds each receiving domain to its rate under a 2,000-recipient send, across two processes', async () => {
    const clock = new TestClock(new Date('2026-12-01T08:00:00Z'));
    const throttle = () => new DomainThrottle({ rates: { 'gmail.test': 100, 'outlook.test': 250 }, defaultPerMinute: 100_000 });
    const transport = recorder(clock);
    const opts = { from: 'Deltio <no-reply@deltio.gr>', clock, concurrency: 5 };
    const [a, b] = [new Mailer(testDb.db, transport, logger, { ...opts, throttle: throttle() }), new Mailer(testDb.db, transport, logger, { ...opts, throttle: throttle() })];
    const rows = [
      ...Array.from({ length: 1000 }, (_, i) => `g${i}@gmail.test`),
      ...Array.from({ length: 600 }, (_, i) => `o${i}@outlook.test`),
      ...Array.from({ length: 400 }, (_, i) => `n${i}@newsroom.test`),
    ].map((to) => ({ to_email: to, subject: 'Δελτίο', text: 'x', html: '<p>x</p>', purpose: 'release' }));
    for (let i = 0; i < rows.length; i += 500) await testDb.db('mail_outbox').insert(rows.slice(i, i + 500));

    await Promise.all([a.drain(), b.drain()]);
    // The first minute: each throttled domain at its rate, the unthrottled one all at once.
    expect(perMinute(transport.sent, 'gmail.test')).toEqual([100]);
    expect(perMinute(transport.sent, 'outlook.test')).toEqual([250]);
    expect(perMinute(transport.sent, 'newsroom.test')).toEqual([400]);
    for (let minute = 1; minute < 10; minute++) {
      clock.advance(60_000);
      await Promise.all([a.drain(), b.drain()]);
    }
    expect(transport.sent).toHaveLength(2000);
    expect(perMinute(transport.sent, 'gmail.test')).toEqual(Array(10).fill(100));
    expect(perMinute(transport.sent, 'outlook.test')).toEqual([250, 250, 100]);
    expect(new Set(transport.sent.map((s) => s.to)).size).toBe(2000);
  }, 60_000);

  it('a 421 pauses only that domain, with a growing back-off, and a success there (from any process) starts it over', async () => {
    const clock = new TestClock(new Date('2026-12-02T08:00:00Z'));
    let busy = true;
    const transport = recorder(clock, (mail) =>
      busy && domain(mail.to) === 'busy.test' ? Object.assign(new Error('421 4.7.28 rate limited'), { responseCode: 421, response: '421 4.7.28 Our system has detected an unusual rate', code: 'EENVELOPE' }) : undefined,
    );
    // One slot: what is already on the wire when the 421 comes is not what this checks.
    const mailer = new Mailer(testDb.db, transport, logger, { from: 'Deltio <no-reply@deltio.gr>', clock, concurrency: 1, backoffMs: 1_000, throttle: new DomainThrottle({ defaultPerMinute: 100_000, backoffBaseMs: 60_000 }) });
    await testDb.db('mail_outbox').insert(
      ['a@busy.test', 'b@busy.test', 'c@busy.test', 'x@calm.test', 'y@calm.test'].map((to) => ({ to_email: to, subject: 's', text: 'x' })),
    );
    const attemptsAtBusy = async () => Number(((await testDb.db('mail_outbox').where('to_email', 'like', '%@busy.test').sum({ n: 'attempts' })) as { n: string }[])[0]!.n);
    await mailer.drain();
    // One try at busy.test, then the domain waits; calm.test goes on.
    expect(transport.sent.map((s) => s.to).sort()).toEqual(['x@calm.test', 'y@calm.test']);
    expect(await attemptsAtBusy()).toBe(1);
    const first = (await testDb.db('domain_throttles').where('domain', 'busy.test').first()) as { backoff_until: Date; backoff_level: number; last_deferral: string };
    expect(first.backoff_level).toBe(1);
    expect(new Date(first.backoff_until).getTime() - clock.now().getTime()).toBe(60_000);
    expect(first.last_deferral).toContain('4.7.28');

    // Still refused after the pause: two minutes this time.
    await testDb.db('mail_outbox').where('to_email', 'like', '%@busy.test').update({ next_attempt_at: testDb.db.fn.now() });
    clock.advance(30_000);
    await mailer.drain();
    expect(await attemptsAtBusy()).toBe(1);
    clock.advance(30_000);
    await mailer.drain();
    const second = (await testDb.db('domain_throttles').where('domain', 'busy.test').first()) as { backoff_until: Date; backoff_level: number };
    expect(second.backoff_level).toBe(2);
    expect(new Date(second.backoff_until).getTime() - clock.now().getTime()).toBe(120_000);

    busy = false;
    clock.advance(120_000);
    // Another process (a new Mailer: nothing in memory of the pause) sends the next one.
    const other = new Mailer(testDb.db, transport, logger, { from: 'Deltio <no-reply@deltio.gr>', clock, concurrency: 1, throttle: new DomainThrottle({ defaultPerMinute: 100_000 }) });
    await testDb.db('mail_outbox').where('to_email', 'like', '%@busy.test').update({ next_attempt_at: testDb.db.fn.now() });
    await other.drain();
    expect(transport.sent.filter((s) => domain(s.to) === 'busy.test')).toHaveLength(3);
    expect(await testDb.db('domain_throttles').where('domain', 'busy.test').first('backoff_level', 'backoff_until')).toEqual({ backoff_level: 0, backoff_until: null });
  });

  it('greylisting (451 4.7.1) retries the one e-mail and pauses nothing', () => {
    expect(DomainThrottle.isDeferral(451, '451 4.7.1 Greylisted, please try again later')).toBe(false);
    expect(DomainThrottle.isDeferral(421, '421 Service not available')).toBe(true);
    expect(DomainThrottle.isDeferral(450, '450 4.2.1 too many messages, slow down')).toBe(true);
    expect(DomainThrottle.isDeferral(550, '550 rate limit')).toBe(false);
  });
});
