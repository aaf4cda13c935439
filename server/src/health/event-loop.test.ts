import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { EventLoopMonitor } from './event-loop';

/** A logger that hands each warning to the test. */
function warnings() {
  const seen: { obj: Record<string, unknown>; msg: string }[] = [];
  let wake: (() => void) | undefined;
  const logger = {
    warn: (obj: Record<string, unknown>, msg: string) => {
      seen.push({ obj, msg });
      wake?.();
    },
  } as unknown as Logger;
  const next = () => new Promise<void>((resolve) => (wake = resolve));
  return { logger, seen, next };
}

/** Until the histogram has its first sample (the turn it starts in is not one). */
async function sampling(monitor: EventLoopMonitor): Promise<void> {
  for (let i = 0; i < 1e6 && monitor.figures().samples === 0; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Holds the event loop for `ms` (what a CPU-heavy request used to do). */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the event-loop monitor', () => {
  it('logs a stall over the threshold with the routes that were running, and reports p50/p99/max', async () => {
    const { logger, seen, next } = warnings();
    const monitor = new EventLoopMonitor(logger, { stallMs: 60, sampleMs: 10, degradedP99Ms: 10_000 }).start();
    try {
      await sampling(monitor);
      const done = monitor.requestStarted('POST /api/assistant/review');
      const other = monitor.requestStarted('GET /healthz');
      other();
      const logged = next();
      block(150);
      done();
      await logged;
      // The held turn's stall (a busy machine may add stalls of its own, with no request running).
      const held = seen.filter((s) => Array.isArray(s.obj.routes) && s.obj.routes.length > 0);
      expect(held).toHaveLength(1);
      expect(held[0]!.obj.delayMs).toBeGreaterThanOrEqual(60);
      expect(held[0]!.obj.routes).toEqual(['POST /api/assistant/review', 'GET /healthz']);
      expect(held[0]!.msg).toContain('POST /api/assistant/review');
      // The histogram's own timer records the held turn when it next fires.
      for (let i = 0; i < 1e6 && monitor.figures().maxMs < 100; i++) await new Promise<void>((resolve) => setImmediate(resolve));
      const f = monitor.figures();
      expect(f.stalls).toBe(seen.length);
      expect(f.maxMs).toBeGreaterThanOrEqual(100);
      expect(f.p99Ms).toBeGreaterThanOrEqual(f.p50Ms);
      expect(monitor.probe()).toMatchObject({ state: 'ok', stalls: seen.length });
    } finally {
      monitor.stop();
    }
  });

  it('says degraded while p99 is over its threshold', async () => {
    const { logger } = warnings();
    const monitor = new EventLoopMonitor(logger, { stallMs: 10_000, degradedP99Ms: 20 }).start();
    try {
      await sampling(monitor);
      // The histogram takes a sample each 10 ms: a held loop makes the longest one.
      for (let i = 0; i < 3; i++) {
        block(60);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      expect(monitor.probe()).toMatchObject({ state: 'degraded', reason: 'event_loop_delay' });
    } finally {
      monitor.stop();
    }
  });
});
