import type http from 'node:http';
import type { Knex } from 'knex';

/**
 * The time the product's time-driven behaviour reads: when a job is due and how long its
 * lease lasts, whether an embargo has lifted, a trial has ended, a digest is next, a scheduled
 * send is due. Built once per process (AppContext.clock); tests pass a TestClock and move it
 * instead of waiting for the wall clock.
 */
export interface Clock {
  now(): Date;
  /**
   * The same moment for a query: the database's now() for the system clock (one time for every
   * process sharing the database, as leases need), the clock's own time for a test clock.
   */
  sql(q: Knex): Knex.Raw;
  /** Called after the time jumps (a test clock moved), so waiting work is looked at again; returns the unsubscribe. */
  onJump(fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sql: (q) => q.raw('now()'),
  onJump: () => () => undefined,
};

/**
 * A clock that moves only when told (set, advance), for tests. Stopped by default; `running`
 * makes it follow the wall clock from its start, plus every jump (the e2e server: a page
 * still sees seconds pass, and a test jumps to an embargo's end instead of waiting for it).
 * Jump while no job runs in another queue on it: past a lease, a running job looks abandoned
 * (its holder renews by the wall clock) and the other queue takes it over.
 */
export class TestClock implements Clock {
  private offset: number;
  private readonly listeners = new Set<() => void>();

  constructor(
    start: Date | number = Date.now(),
    private readonly opts: { running?: boolean } = {},
  ) {
    this.offset = this.base(new Date(start).getTime());
  }

  /** What the offset is added to: the wall clock when running, else nothing. */
  private base(at: number): number {
    return this.opts.running ? at - Date.now() : at;
  }

  now(): Date {
    return new Date(this.opts.running ? Date.now() + this.offset : this.offset);
  }

  sql(q: Knex): Knex.Raw {
    return q.raw('?::timestamptz', [this.now().toISOString()]);
  }

  onJump(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Moves to `at` (forwards or back) and tells the listeners. */
  set(at: Date | number): Date {
    this.offset = this.base(new Date(at).getTime());
    for (const fn of [...this.listeners]) fn();
    return this.now();
  }

  /** Moves `ms` forwards (or back, negative) and tells the listeners. */
  advance(ms: number): Date {
    return this.set(this.now().getTime() + ms);
  }
}

export const TEST_CLOCK_FLAG = 'E2E_CLOCK';
/** The test-only address that reads and moves the clock of a server started with E2E_CLOCK=manual. */
export const TEST_CLOCK_PATH = '/__test/clock';

/**
 * The clock of a server process: the system clock, unless E2E_CLOCK=manual outside production
 * (the e2e server, e2e/serve.ts), where it is a running TestClock the tests move through
 * TEST_CLOCK_PATH. In production the flag is ignored: nothing can move a production clock.
 */
export function clockFromEnv(env: Record<string, string | undefined>): Clock {
  if (env.NODE_ENV === 'production' || env[TEST_CLOCK_FLAG] !== 'manual') return systemClock;
  return new TestClock(Date.now(), { running: true });
}

/**
 * The test-only route of a movable clock, in front of the app: GET answers `{ now }`, POST takes
 * `{ advanceMs }` or `{ at }` (an ISO instant) and answers the new `{ now }`. Answers only
 * TEST_CLOCK_PATH and returns whether it did; for any other clock there is no route at all.
 */
export function testClockRoute(clock: Clock): ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | undefined {
  if (!(clock instanceof TestClock)) return undefined;
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  return (req, res) => {
    if (req.url?.split('?')[0] !== TEST_CLOCK_PATH) return false;
    if (req.method === 'GET') {
      answer(res, 200, { now: clock.now().toISOString() });
      return true;
    }
    if (req.method !== 'POST') {
      answer(res, 405, { error: 'GET or POST' });
      return true;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: { advanceMs?: unknown; at?: unknown };
      try {
        body = JSON.parse(raw || '{}') as typeof body;
      } catch {
        return answer(res, 400, { error: 'JSON body expected' });
      }
      if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs)) clock.advance(body.advanceMs);
      else if (typeof body.at === 'string' && !Number.isNaN(Date.parse(body.at))) clock.set(new Date(body.at));
      else return answer(res, 400, { error: '{ advanceMs: number } or { at: ISO instant } expected' });
      answer(res, 200, { now: clock.now().toISOString() });
    });
    return true;
  };
}
