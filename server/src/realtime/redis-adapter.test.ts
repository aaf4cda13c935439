import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { createDb } from '../db/knex';
import { seed } from '../db/seed/index';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { testConfig } from '../test/app';
import { createTestDb, type TestDb } from '../test/db';
import { redisTestsSkippedReason, startTestRedis, type TestRedis } from '../test/redis-server';
import { call, signIn, signUp } from '../test/http';
import { memoryTransport } from '../test/mail';
import { insertRelease, ownOrganisationOf } from '../test/releases';

// Two server processes joined through a Redis of the test's own.
describe.skipIf(redisTestsSkippedReason() !== undefined)('two processes joined through Redis', () => {
  let testDb: TestDb;
  let redis: TestRedis;
  let a: RunningServer;
  let b: RunningServer;
  let otherDb: ReturnType<typeof createDb>;
  let socket: Socket;

  beforeAll(async () => {
    [testDb, redis] = await Promise.all([createTestDb(), startTestRedis()]);
    await seed(testDb.db, { demo: false });
    otherDb = createDb({ databaseUrl: testDb.databaseUrl, dataDir: ':memory:' });
    const boot = async (db: typeof otherDb) => {
      const config = testConfig(testDb, { REDIS_URL: redis.url });
      return startServer({ config, db, logger: createLogger(config), mailTransport: memoryTransport() });
    };
    [a, b] = [await boot(testDb.db), await boot(otherDb)];
  }, 60_000);
  afterAll(async () => {
    socket?.close();
    await Promise.all([a?.close(), b?.close()]);
    await otherDb?.destroy();
    await testDb?.destroy();
    await redis?.stop();
  });

  it('a release sent through one process is pushed to a journalist connected to the other', async () => {
    const { id: clientId } = await signUp(a.url, 'sender@redis.test', 'client');
    await testDb.db('profiles').where('user_id', clientId).update({ status: 'approved' });
    const organisationId = await ownOrganisationOf(testDb.db, clientId);
    await testDb.db('organisations').where('id', organisationId).update({ status: 'approved' });
    const clientToken = (await signIn(a.url, 'sender@redis.test')).access_token;
    const { id: mediaId } = await signUp(b.url, 'reader@redis.test', 'media');
    await testDb.db('profiles').where('user_id', mediaId).update({ status: 'approved' });
    await testDb.db('media_lists').insert({ category: 'tech', media_id: mediaId });
    const mediaToken = (await signIn(b.url, 'reader@redis.test')).access_token;

    socket = ioClient(b.url, { auth: { token: mediaToken }, transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.once('session:ready', () => resolve()));
    const pushed = new Promise<{ releaseId: string } | undefined>((resolve) => socket.once('notification:new', (n: { delivery?: { releaseId: string } }) => resolve(n.delivery)));

    const releaseId = await insertRelease(testDb.db, organisationId, clientId, { title: 'Μέσω Redis' });
    const sent = await call(a.url, 'POST', `/api/releases/${releaseId}/send`, { token: clientToken });
    expect(sent.status).toBe(200);
    const got = await Promise.race([pushed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000))]);
    expect(got?.releaseId).toBe(releaseId);
  }, 30_000);
});

