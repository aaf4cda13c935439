import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import WebSocket from 'ws';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from './collab/upgrade';
import { startTestServer, type TestServer } from './test/app';

let server: TestServer;

beforeAll(async () => {
  // The event-loop check degrades on a busy machine; what these tests read is the other checks.
  server = await startTestServer({}, { eventLoop: { degradedP99Ms: 60_000 } });
});
afterAll(async () => {
  await server?.stop();
});

describe('server', () => {
  it('answers /healthz', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers /readyz once the database is reachable and migrated', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; database: { mode: string; latencyMs: number } };
    expect(body.status).toBe('ready');
    expect(body.database.mode).toBe(process.env.DATABASE_URL ? 'postgres' : 'embedded');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('names each registered dependency on /readyz: degraded keeps serving (200), down answers 503', async () => {
    const readyz = async () => {
      const res = await fetch(`${server.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { status: string; reason?: string; checks: Record<string, { state: string }> } };
    };
    const offRedis = server.ctx.readiness.register('probeA', () => ({ state: 'degraded', reason: 'redis_unreachable' }));
    let r = await readyz();
    expect(r).toMatchObject({ status: 200, body: { status: 'degraded', checks: { probeA: { state: 'degraded', reason: 'redis_unreachable' } } } });
    const offDisk = server.ctx.readiness.register('probeB', () => {
      throw new Error('EROFS');
    });
    r = await readyz();
    expect(r).toMatchObject({ status: 503, body: { status: 'not_ready', reason: 'probeB_down', checks: { probeB: { state: 'down', reason: 'EROFS' } } } });
    offDisk();
    offRedis();
    r = await readyz();
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ready');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No route GET /api/nothing-here' } });
  });

  it('turns a malformed JSON body into a 400, not a 500', async () => {
    const res = await fetch(`${server.url}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  });

  it('sets security headers', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('gives built assets only the headers that apply to a subresource', async () => {
    const res = await fetch(`${server.url}/assets/app-0000.js`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // (A missing one gets Express's own 404, whose CSP is "default-src 'none'".)
    expect(res.headers.get('content-security-policy') ?? '').not.toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('accepts Socket.IO connections at /socket.io', async () => {
    const socket = connect(server.url, { transports: ['websocket'], reconnection: false });
    const ready = await new Promise<{ userId: string | null }>((resolve, reject) => {
      socket.on('session:ready', resolve);
      socket.on('connect_error', reject);
    });
    expect(ready.userId).toBeNull();
    const pong = await socket.timeout(2000).emitWithAck('ping');
    expect(Date.parse(pong.at)).not.toBeNaN();
    socket.close();
  });

  it('closes a /collab/... connection whose first message is not the session with 4401 (and a malformed release id with 4403)', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/collab/6f1f3c1e-8d3a-4b8a-9a55-3f5f0f4c2b11`);
    ws.on('open', () => ws.send(new Uint8Array([0, 0, 1, 0])));
    expect(await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)))).toBe(CLOSE_UNAUTHORIZED);
    const bad = new WebSocket(`${server.url.replace('http', 'ws')}/collab/release-1`);
    expect(await new Promise<number>((resolve) => bad.on('close', (c) => resolve(c)))).toBe(CLOSE_FORBIDDEN);
  });
});
