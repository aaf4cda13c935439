import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { testConfig } from '../test/app';
import { createTestDb, type TestDb } from '../test/db';
import { memoryTransport } from '../test/mail';
import { Mailer } from './mailer';

let testDb: TestDb;
const logger = createLogger(testConfig({ databaseUrl: undefined }));

beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(async () => {
  await testDb?.destroy();
});

describe('Mailer', () => {
  it('sends, within 30 s, an e-mail that a dead process had claimed', async () => {
    const transport = memoryTransport();
    const mailer = new Mailer(testDb.db, transport, logger, { from: 'Deltio <no-reply@deltio.gr>' });
    await testDb.db('mail_outbox').insert({
      to_email: 'orphan@mail.test',
      subject: 'Orphan',
      text: 'x',
      status: 'sending',
      attempts: 1,
      next_attempt_at: new Date(Date.now() - 31_000),
    });
    await mailer.drain();
    expect(transport.sent.map((m) => m.to)).toEqual(['orphan@mail.test']);
    expect(await testDb.db('mail_outbox').where('to_email', 'orphan@mail.test').first('status')).toEqual({ status: 'sent' });
  });

  it('leaves alone an e-mail whose sender is alive (its lease is current)', async () => {
    const transport = memoryTransport();
    const mailer = new Mailer(testDb.db, transport, logger, { from: 'Deltio <no-reply@deltio.gr>' });
    await testDb.db('mail_outbox').insert({
      to_email: 'held@mail.test',
      subject: 'Held',
      text: 'x',
      status: 'sending',
      attempts: 1,
      next_attempt_at: new Date(Date.now() - 31_000),
      lease_until: new Date(Date.now() + 20_000),
    });
    await mailer.drain();
    expect(transport.sent).toEqual([]);
  });
});
