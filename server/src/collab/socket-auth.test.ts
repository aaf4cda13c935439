import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { encodeAuthMessage } from '../../../shared/editor/collab-auth';
import { TITLE_FIELD } from '../../../shared/editor/doc-fields';
import { createLogger } from '../logger';
import { signAccessToken, tokenKey } from '../modules/auth/auth.tokens';
import { startServer, type RunningServer } from '../server';
import { testConfig } from '../test/app';
import { createTestDb, type TestDb } from '../test/db';
import { openEditorWithSession } from '../test/collab-client';
import { call, signIn, signUp } from '../test/http';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, attachCollab } from './upgrade';

let t: TestDb;
let server: RunningServer;
let owner: { id: string; token: string };
let outsiderToken: string;
let journalistToken: string;
let releaseId: string;

beforeAll(async () => {
  t = await createTestDb();
  const config = testConfig(t);
  server = await startServer({ config, db: t.db, logger: createLogger(config) }, { serveClient: false });
  const warm = server.ctx.collab.warm();
  const o = await signUp(server.url, 'owner@socket-auth.test', 'client');
  await signUp(server.url, 'outsider@socket-auth.test', 'client');
  await signUp(server.url, 'journalist@socket-auth.test', 'media');
  owner = { id: o.id, token: (await signIn(server.url, 'owner@socket-auth.test')).access_token };
  outsiderToken = (await signIn(server.url, 'outsider@socket-auth.test')).access_token;
  journalistToken = (await signIn(server.url, 'journalist@socket-auth.test')).access_token;
  const org = await t.db('organisations').where('created_by', o.id).first<{ id: string }>('id');
  const [row] = (await t.db('press_releases').insert({ title: 'Τίτλος με συνεδρία', author_id: o.id, organisation_id: org.id }).returning('id')) as { id: string }[];
  releaseId = row!.id;
  await warm;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.destroy();
});

const collabUrl = (base: string, id = releaseId) => `${base.replace('http', 'ws')}/collab/${id}`;

/** An editor as the browser opens it: y-websocket whose sockets send the token first, nothing in the URL. */
function openWithToken(token: () => string | null, base = server.url) {
  const { doc, provider, synced } = openEditorWithSession(base, token, releaseId);
  const closed = new Promise<number>((resolve) => provider.once('connection-close', (e: CloseEvent | null) => resolve(e?.code ?? 0)));
  return { doc, provider, synced, closed };
}

/** A raw socket sending `messages` once open: its close code and reason. */
function closeOf(url: string, messages: Uint8Array[]): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('open', () => messages.forEach((m) => ws.send(m)));
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

const syncStep1 = () => {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0);
  syncProtocol.writeSyncStep1(e, new Y.Doc());
  return encoding.toUint8Array(e);
};

describe('/collab authenticated by the session the page holds (first message)', () => {
  it('opens the document with the access token in the first message, no ticket and nothing in the URL', async () => {
    const before = Number((await t.db('collab_ticket_uses').count<{ n: string }[]>('* as n'))[0]!.n);
    const a = openWithToken(() => owner.token);
    await a.synced;
    expect(a.doc.getText(TITLE_FIELD).toJSON()).toBe('Τίτλος με συνεδρία');
    expect((a.provider.ws as unknown as WebSocket).url).toBe(collabUrl(server.url));
    // No write per connection: no ticket recorded.
    expect(Number((await t.db('collab_ticket_uses').count<{ n: string }[]>('* as n'))[0]!.n)).toBe(before);
    a.provider.destroy();
  });

  it('refuses an expired access token with 4401 (the client refreshes and reconnects)', async () => {
    const session = await t.db('auth_sessions').where('user_id', owner.id).whereNull('revoked_at').first<{ id: string }>('id');
    const expired = await signAccessToken({ sub: owner.id, sid: session.id, role: 'client', email: 'owner@socket-auth.test' }, server.ctx.tokenKey, 60, Math.floor(Date.now() / 1000) - 3600);
    expect(await closeOf(collabUrl(server.url), [encodeAuthMessage(expired.token)])).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'token expired' });
    // The provider's way: closed with 4401, then a fresh token opens it.
    let token = expired.token;
    const a = openWithToken(() => token);
    expect(await a.closed).toBe(CLOSE_UNAUTHORIZED);
    token = owner.token;
    a.provider.connect(); // 4401 stops y-websocket's own reconnects; use-collab connects again with a refreshed token
    await a.synced;
    a.provider.destroy();
  });

  it('refuses a forged token (another key) and one that is not a token with 4401', async () => {
    const session = await t.db('auth_sessions').where('user_id', owner.id).whereNull('revoked_at').first<{ id: string }>('id');
    const forged = await signAccessToken({ sub: owner.id, sid: session.id, role: 'client', email: 'x' }, tokenKey('another-secret-another-secret-another-secret'), 900);
    expect(await closeOf(collabUrl(server.url), [encodeAuthMessage(forged.token)])).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'invalid token' });
    expect((await closeOf(collabUrl(server.url), [encodeAuthMessage('not-a-token')])).code).toBe(CLOSE_UNAUTHORIZED);
  });

  it('refuses a connection whose first message is not the auth message (4401), whatever follows', async () => {
    expect(await closeOf(collabUrl(server.url), [syncStep1(), encodeAuthMessage(owner.token)])).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'no auth message' });
  });

  it('refuses a revoked session (signed out) with 4401, and signing out closes its open editors', async () => {
    const { access_token: second } = await signIn(server.url, 'owner@socket-auth.test');
    const a = openWithToken(() => second);
    await a.synced;
    expect((await call(server.url, 'POST', '/auth/v1/logout?scope=local', { token: second })).status).toBe(204);
    expect(await a.closed).toBe(CLOSE_UNAUTHORIZED);
    a.provider.destroy();
    // The token is still within its lifetime and correctly signed; its session is not.
    expect(await closeOf(collabUrl(server.url), [encodeAuthMessage(second)])).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'session ended' });
  });

  it("refuses a user without access to the release's document (4403): another organisation, a journalist, no such release", async () => {
    expect((await closeOf(collabUrl(server.url), [encodeAuthMessage(outsiderToken)])).code).toBe(CLOSE_FORBIDDEN);
    expect((await closeOf(collabUrl(server.url), [encodeAuthMessage(journalistToken)])).code).toBe(CLOSE_FORBIDDEN);
    expect((await closeOf(collabUrl(server.url, '00000000-0000-4000-8000-000000000000'), [encodeAuthMessage(owner.token)])).code).toBe(CLOSE_FORBIDDEN);
  });

  it('sends nothing to a connection refused while the document is open here (its sync answer may be computed during the check)', async () => {
    const a = openWithToken(() => owner.token);
    await a.synced; // loaded here: the next connections' answers are computed while their access is read
    const { access_token: revoked } = await signIn(server.url, 'owner@socket-auth.test');
    expect((await call(server.url, 'POST', '/auth/v1/logout?scope=local', { token: revoked })).status).toBe(204);
    for (const [token, code] of [
      [outsiderToken, CLOSE_FORBIDDEN],
      [journalistToken, CLOSE_FORBIDDEN],
      [revoked, CLOSE_UNAUTHORIZED],
    ] as const) {
      const received: Buffer[] = [];
      const closed = await new Promise<number>((resolve) => {
        const ws = new WebSocket(collabUrl(server.url));
        ws.on('open', () => [encodeAuthMessage(token), syncStep1()].forEach((m) => ws.send(m)));
        ws.on('message', (data: Buffer) => received.push(data));
        ws.on('close', (c) => resolve(c));
      });
      expect({ closed, received: received.length }).toEqual({ closed: code, received: 0 });
    }
    a.provider.destroy();
  });

  it('refuses a foreign Origin before reading the token (4403)', async () => {
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(collabUrl(server.url), { headers: { origin: 'https://evil.example' } });
      ws.on('open', () => ws.send(encodeAuthMessage(owner.token)));
      ws.on('close', (c) => resolve(c));
    });
    expect(code).toBe(CLOSE_FORBIDDEN);
  });

  it('closes a connection that sends no auth message before the deadline (4401)', async () => {
    // A second endpoint on the same database and key, with a deadline the test expires by hand.
    const deadlines: (() => void)[] = [];
    const httpServer = http.createServer();
    const endpoint = attachCollab(httpServer, {
      db: t.db,
      logger: server.ctx.logger,
      config: { publicUrl: server.ctx.config.publicUrl },
      key: server.ctx.tokenKey,
      authDeadline: (expire) => {
        deadlines.push(expire);
        return () => undefined;
      },
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    try {
      const ws = new WebSocket(collabUrl(base));
      const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
      await new Promise((resolve) => ws.once('open', resolve));
      await expect.poll(() => deadlines.length).toBe(1);
      deadlines[0]!();
      expect(await closed).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'no auth message' });
    } finally {
      await endpoint.close();
      await new Promise((resolve) => httpServer.close(resolve));
    }
  });
});
