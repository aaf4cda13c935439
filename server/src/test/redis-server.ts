import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './free-port';

/**
 * A private `redis-server` for a fault test, on a free port, with no persistence: the test
 * can pause it (SIGSTOP: connections stay open, commands get no answer), kill it and start
 * it again on the same port (a restart: connections drop, subscriptions and unanswered
 * commands are lost).
 */
export interface TestRedis {
  port: number;
  url: string;
  /** SIGSTOP: Redis stops answering; the clients' connections stay open. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  /** SIGKILL (after pause() too); resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts a fresh redis-server on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Whatever the test left it in (paused, killed): running and answering again. */
  ensureRunning(): Promise<void>;
  stop(): Promise<void>;
}

/** Whether a `redis-server` binary is on PATH (CI installs it). */
export const hasRedisServer = (): boolean => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Why the tests of several server processes joined through Redis cannot run here, or undefined
 * when they can: they need `redis-server` (each starts its own) and a Postgres the processes
 * share (the embedded database is one process's). The global setup prints it at the end of the run.
 */
export function redisTestsSkippedReason(): string | undefined {
  if (!hasRedisServer()) return 'redis-server is not installed (apt-get install redis-server)';
  if (!process.env.DATABASE_URL) return 'DATABASE_URL is not set (two processes need one Postgres to share)';
  return undefined;
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let paused = false;

  const start = async () => {
    const c = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = c;
    paused = false;
    const end = Date.now() + 10_000;
    while (!(await acceptsConnections(port))) {
      if (c.exitCode !== null) throw new Error(`redis-server exited (${c.exitCode})`);
      if (Date.now() > end) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await gone;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pause: () => {
      paused = true;
      child?.kill('SIGSTOP');
    },
    resume: () => {
      paused = false;
      child?.kill('SIGCONT');
    },
    kill,
    start,
    ensureRunning: async () => {
      if (child && !paused) return;
      await kill();
      await start();
    },
    stop: kill,
  };
}
