/**
 * Starts extra processes of the app for the specs that need their own server (a restart,
 * two processes joined through Redis), each on a probed free port (see freePort); a
 * process that dies on start throws with its exit code and last output.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { freePort } from '../server/src/test/free-port';

const root = path.resolve(import.meta.dirname, '..');
const OUTPUT_TAIL = 4_000;

let built: boolean | undefined;

/**
 * How to run the server: the built bundle when dist/ is that of the current sources (as
 * `npm test` leaves it; it is ready in about a second), else from source through tsx, which
 * transforms every module first (seconds more per start, on every restart a spec makes).
 * A development build (E2E_CLIENT_DEV) always runs from source, as `npm run dev` does.
 */
export function serverCommand(devClient = false): { command: string; args: string[] } {
  if (!devClient) {
    built ??=
      spawnSync(process.execPath, ['scripts/start.mjs', '--check'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: '' } }).stdout.trim() ===
      'up to date';
    if (built) return { command: process.execPath, args: ['--enable-source-maps', 'dist/server/main.js'] };
  }
  return { command: path.join(root, 'node_modules/.bin/tsx'), args: ['server/src/main.ts'] };
}

export interface AppProcess {
  port: number;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function launch(port: number, env: Record<string, string | undefined>): { child: ChildProcess; output: () => string } {
  const { command, args } = serverCommand();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
    to.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout!.on('data', (c: Buffer) => keep(c, process.stdout));
  child.stderr!.on('data', (c: Buffer) => keep(c, process.stderr));
  return { child, output: () => tail };
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server on ${url} exited (code ${child.exitCode}, signal ${child.signalCode}):\n${output()}`);
    }
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${url} did not answer /readyz within 90 s:\n${output()}`);
}

/**
 * Starts the app (serverCommand) on `port` (or a free one) and waits for /readyz. Without a
 * fixed port, a port taken between the probe and the listen is retried on another.
 */
export async function startApp(env: Record<string, string | undefined>, port?: number): Promise<AppProcess> {
  for (let attempt = 1; ; attempt++) {
    const at = port ?? (await freePort([Number(process.env.E2E_PORT)]));
    const url = `http://127.0.0.1:${at}`;
    const { child, output } = launch(at, env);
    try {
      await waitReady(url, child, output);
    } catch (err) {
      if (port === undefined && attempt < 3 && output().includes('already in use')) continue;
      child.kill('SIGKILL');
      throw err;
    }
    return {
      port: at,
      url,
      child,
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  }
}

/**
 * The app on a fresh database of its own (a new Postgres database beside DATABASE_URL's, or a new
 * embedded one in a temporary folder), started with `env` (startApp); `stop` stops it and drops
 * the database. For a spec whose changes no other spec may see (a clock moved by days), so it
 * runs beside the others instead of alone.
 */
export async function startAppOnFreshDatabase(prefix: string, env: Record<string, string | undefined>): Promise<AppProcess> {
  const url = process.env.DATABASE_URL;
  let dbEnv: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (url) {
    const name = `deltio_e2e_${prefix}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    dbEnv = { DATABASE_URL: u.toString() };
    cleanup = async () => {
      await admin.raw(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `deltio-${prefix}-`));
    dbEnv = { DATA_DIR: dir, DATABASE_URL: '' };
    cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  }
  let app: AppProcess;
  try {
    app = await startApp({ ...env, ...dbEnv });
  } catch (err) {
    await cleanup();
    throw err;
  }
  return {
    ...app,
    stop: async () => {
      await app.stop();
      await cleanup();
    },
  };
}
