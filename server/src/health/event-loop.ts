/**
 * How long the event loop keeps work waiting. `perf_hooks.monitorEventLoopDelay`
 * gives the delay's distribution (p50/p99/max, reported on /readyz as `eventLoop`, degraded
 * when p99 is high); a light timer catches each stall over `stallMs` as it ends and logs it
 * with the routes of the requests that were running or had started since the timer last ran
 * (the request-log middleware tells them, see `requestRoutes`).
 */
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import type { Logger } from '../logger';
import type { ProbeResult } from './readiness';

export interface EventLoopOptions {
  /** A delay over this is a stall, logged with its routes (ms). */
  stallMs: number;
  /** The stall timer's period (ms). */
  sampleMs: number;
  /** /readyz says degraded while the p99 delay is over this (ms). */
  degradedP99Ms: number;
  /** The figures cover at most this long (ms): the histogram restarts after it. */
  windowMs: number;
}

export const defaultEventLoopOptions = (): EventLoopOptions => ({ stallMs: 100, sampleMs: 50, degradedP99Ms: 200, windowMs: 60_000 });

export interface EventLoopFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Stalls over `stallMs` since the process started. */
  stalls: number;
  /** Samples behind the percentiles (one per 10 ms while the loop turns). */
  samples: number;
}

/** The histogram's timer period (ms): it records each period's length, so the delay is what exceeds it. */
const RESOLUTION_MS = 10;
const delayMs = (ns: number) => Math.max(0, Math.round(ns / 1e4) / 100 - RESOLUTION_MS);
/** Routes remembered per timer period (a flood of requests is summarised by its first few). */
const MAX_RECENT = 5;

export class EventLoopMonitor {
  private readonly opts: EventLoopOptions;
  private histogram: IntervalHistogram | undefined;
  private timer: NodeJS.Timeout | undefined;
  private windowStart = 0;
  private last = 0;
  private stalls = 0;
  private nextRequest = 1;
  private readonly running = new Map<number, string>();
  private recent: string[] = [];

  constructor(
    private readonly logger: Logger,
    options: Partial<EventLoopOptions> = {},
  ) {
    this.opts = { ...defaultEventLoopOptions(), ...options };
  }

  start(): this {
    if (this.timer) return this;
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    this.windowStart = this.last = performance.now();
    this.timer = setInterval(() => this.tick(), this.opts.sampleMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.histogram?.disable();
  }

  /** A request on `route` starts; call what it returns when it ends. */
  requestStarted(route: string): () => void {
    const id = this.nextRequest++;
    this.running.set(id, route);
    if (this.recent.length < MAX_RECENT) this.recent.push(route);
    return () => this.running.delete(id);
  }

  private tick(): void {
    const now = performance.now();
    const delay = now - this.last - this.opts.sampleMs;
    this.last = now;
    if (delay > this.opts.stallMs) {
      this.stalls++;
      const routes = [...new Set([...this.recent, ...this.running.values()])];
      this.logger.warn({ delayMs: Math.round(delay), routes }, `event loop stalled for ${Math.round(delay)} ms (${routes.join(', ') || 'no request'})`);
    }
    this.recent = [...this.running.values()].slice(0, MAX_RECENT);
    if (now - this.windowStart > this.opts.windowMs) {
      this.histogram?.reset();
      this.windowStart = now;
    }
  }

  figures(): EventLoopFigures {
    const h = this.histogram;
    if (!h || h.count === 0) return { p50Ms: 0, p99Ms: 0, maxMs: 0, stalls: this.stalls, samples: 0 };
    return { p50Ms: delayMs(h.percentile(50)), p99Ms: delayMs(h.percentile(99)), maxMs: delayMs(h.max), stalls: this.stalls, samples: h.count };
  }

  /** The readiness probe: degraded while p99 is over `degradedP99Ms`, never down (the process still serves). */
  probe(): ProbeResult {
    const f = this.figures();
    return f.p99Ms > this.opts.degradedP99Ms ? { state: 'degraded', reason: 'event_loop_delay', ...f } : { state: 'ok', ...f };
  }
}
