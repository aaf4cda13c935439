import { afterEach, describe, expect, it } from 'vitest';
import { clockFromEnv, systemClock, TEST_CLOCK_PATH, TestClock, testClockRoute } from './clock';
import { startTestServer, type TestServer } from './test/app';

describe('TestClock', () => {
  it('stands still until moved, and tells its listeners when it jumps', () => {
    const clock = new TestClock(new Date('2030-03-01T05:00:00Z'));
    const jumps: string[] = [];
    const off = clock.onJump(() => jumps.push(clock.now().toISOString()));
    expect(clock.now().toISOString()).toBe('2030-03-01T05:00:00.000Z');
    clock.advance(90_000);
    clock.set(new Date('2030-03-02T05:00:00Z'));
    off();
    clock.advance(1);
    expect(jumps).toEqual(['2030-03-01T05:01:30.000Z', '2030-03-02T05:00:00.000Z']);
    expect(clock.now().toISOString()).toBe('2030-03-02T05:00:00.001Z');
  });

  it('running, it follows the wall clock from where it was put', () => {
    const clock = new TestClock(Date.now(), { running: true });
    clock.advance(3_600_000);
    const ahead = clock.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(3_600_000 - 1_000);
    expect(ahead).toBeLessThanOrEqual(3_600_000);
  });
});

describe('the movable clock of a server is for tests only', () => {
  it('E2E_CLOCK=manual gives a movable clock outside production, and the system clock in production', () => {
    expect(clockFromEnv({ NODE_ENV: 'test', E2E_CLOCK: 'manual' })).toBeInstanceOf(TestClock);
    expect(clockFromEnv({ NODE_ENV: 'development', E2E_CLOCK: 'manual' })).toBeInstanceOf(TestClock);
    expect(clockFromEnv({ NODE_ENV: 'production', E2E_CLOCK: 'manual' })).toBe(systemClock);
    expect(clockFromEnv({ NODE_ENV: 'test' })).toBe(systemClock);
    expect(clockFromEnv({ NODE_ENV: 'test', E2E_CLOCK: 'yes' })).toBe(systemClock);
    expect(clockFromEnv({})).toBe(systemClock);
    // The system clock has no route at all.
    expect(testClockRoute(systemClock)).toBeUndefined();
  });

  let server: TestServer | undefined;
  const flag = process.env.E2E_CLOCK;
  afterEach(async () => {
    if (flag === undefined) delete process.env.E2E_CLOCK;
    else process.env.E2E_CLOCK = flag;
    await server?.stop();
    server = undefined;
  });

  it('a server started with E2E_CLOCK=manual reads and moves its clock at the test route', async () => {
    process.env.E2E_CLOCK = 'manual';
    server = await startTestServer();
    const url = `${server.url}${TEST_CLOCK_PATH}`;
    const before = new Date(((await (await fetch(url)).json()) as { now: string }).now).getTime();
    expect(Math.abs(before - Date.now())).toBeLessThan(5_000);
    const moved = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 86_400_000 }) });
    expect(moved.status).toBe(200);
    const now = new Date(((await moved.json()) as { now: string }).now).getTime();
    expect(now - Date.now()).toBeGreaterThan(86_400_000 - 5_000);
    expect(server.ctx.clock.now().getTime() - Date.now()).toBeGreaterThan(86_400_000 - 5_000);
    const at = await fetch(url, { method: 'POST', body: JSON.stringify({ at: '2031-01-01T00:00:00Z' }) });
    expect(new Date(((await at.json()) as { now: string }).now).getTime()).toBeGreaterThanOrEqual(Date.parse('2031-01-01T00:00:00Z'));
    expect((await fetch(url, { method: 'POST', body: '{"advanceMs":"soon"}' })).status).toBe(400);
  });

  it('a production server ignores E2E_CLOCK: no route, the system clock', async () => {
    process.env.E2E_CLOCK = 'manual';
    server = await startTestServer({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48), PUBLIC_URL: 'https://deltio.example' });
    expect(server.ctx.clock).toBe(systemClock);
    const r = await fetch(`${server.url}${TEST_CLOCK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 86_400_000 }) });
    expect(r.status).toBe(404);
    expect(Math.abs(server.ctx.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('without the flag a test server has no route either', async () => {
    delete process.env.E2E_CLOCK;
    server = await startTestServer();
    expect(server.ctx.clock).toBe(systemClock);
    expect((await fetch(`${server.url}${TEST_CLOCK_PATH}`)).status).toBe(404);
  });
});
