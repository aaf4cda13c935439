/**
 * Starts the built app for the e2e suite on E2E_PORT against a fresh database:
 * a new database on the Postgres at DATABASE_URL (dropped on exit), or a new
 * embedded database in a temporary folder when DATABASE_URL is unset.
 * With E2E_CLIENT_DEV=true it starts a development build instead (NODE_ENV=development,
 * CLIENT_DEV=true: Vite in middleware mode, React's development mode with StrictMode), as
 * `npm run dev` does (playwright.dev.config.ts). Its clock is movable (E2E_CLOCK=manual, never
 * honoured in production): a spec moves it through /__test/clock instead of waiting for a time.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { serverCommand } from './app-process';
import { E2E_JWT_SECRET, E2E_MAILGUN_SIGNING_KEY } from './secrets';

const root = path.resolve(import.meta.dirname, '..');

const port = process.env.E2E_PORT ?? '3100';
const baseUrl = process.env.DATABASE_URL;

async function main(): Promise<void> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    NODE_ENV: process.env.E2E_CLIENT_DEV === 'true' ? 'development' : 'test',
    CLIENT_DEV: process.env.E2E_CLIENT_DEV === 'true' ? 'true' : 'false',
    // The suite signs up many accounts from 127.0.0.1 within the hour.
    RATE_LIMIT_SCALE: '50',
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SUPERADMIN_LOGIN_PATH: process.env.SUPERADMIN_LOGIN_PATH ?? '/sa-console-login',
    JWT_SECRET: E2E_JWT_SECRET,
    // A clock the specs can move (POST /__test/clock): the embargo lift is tested by moving it, not by waiting.
    E2E_CLOCK: 'manual',
    // Bounces reach it as a provider's signed webhook (e2e/delivery-live.spec.ts).
    MAILGUN_WEBHOOK_SIGNING_KEY: E2E_MAILGUN_SIGNING_KEY,
    // DNS answers the specs set (POST /__test/dns): a sending domain is verified without the network.
    E2E_DNS: 'manual',
  };
  let cleanup: () => Promise<void>;
  if (baseUrl) {
    const name = `deltio_e2e_${crypto.randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanup = async () => {
      await admin.raw(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-e2e-'));
    env.DATA_DIR = dir;
    cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  }

  const { command, args } = serverCommand(process.env.E2E_CLIENT_DEV === 'true');
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  let done = false;
  const finish = async (code: number) => {
    if (done) return;
    done = true;
    await cleanup();
    process.exit(code);
  };
  const stop = () => {
    if (!child.killed) child.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  child.on('exit', (code) => void finish(code ?? 0));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
