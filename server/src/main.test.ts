import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './test/db';
import { freePort } from './test/free-port';

const root = path.resolve(import.meta.dirname, '../..');
function run(env: Record<string, string>) {
  // node itself with tsx as its loader (not tsx's wrapper, a second process to start).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const seen: { text: string; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of seen.filter((x) => out.includes(x.text))) {
      seen.splice(seen.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves once the process printed `text`; rejects when it exits without, or after `ms`. */
  const printed = (text: string, ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (out.includes(text)) return resolve();
      const timer = setTimeout(() => reject(new Error(`not printed within ${ms} ms: ${text}\n${out}`)), ms);
      seen.push({ text, resolve: () => (clearTimeout(timer), resolve()) });
      void exited.then((code) => reject(new Error(`exited (${code}) before printing: ${text}\n${out}`)));
    });
  return { child, exited, output: () => out, printed };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('process', () => {
  it('refuses to start with an invalid variable and names it', async () => {
    const p = run({ PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT');
    expect(p.output()).toContain('DATABASE_URL');
  });

  it('starts, serves /readyz, and exits cleanly within 5 s of SIGTERM', async () => {
    let env: Record<string, string>;
    let testDb: TestDb | undefined;
    if (process.env.DATABASE_URL) {
      testDb = await createTestDb(); // a copy of the migrated template: the process has no migration left to run
      env = { DATABASE_URL: testDb.databaseUrl! };
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-main-'));
      cleanups.push(() => fs.promises.rm(dir, { recursive: true, force: true }));
      env = { DATA_DIR: dir };
    }
    const port = String(await freePort());
    const p = run({ ...env, PORT: port, HOST: '127.0.0.1', SEED_DEMO: 'false', NODE_ENV: 'test' });
    // Outside production it says, once it listens, where it is and where the superadmin signs in.
    await p.printed('Superadmin sign-in:', 60_000);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status, p.output()).toBe(200);
    expect(p.output()).toContain(`Deltio is running at http://localhost:${port}`);
    expect(p.output()).toContain(`Superadmin sign-in: http://localhost:${port}/sa-console-login`);
    const stopAt = Date.now();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(5_000);
    if (testDb) await testDb.destroy();
  }, 90_000);

  it('says which variable to change when the port is busy, without a stack trace', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = String((busy.address() as net.AddressInfo).port);
    let env: Record<string, string>;
    let testDb: TestDb | undefined;
    if (process.env.DATABASE_URL) {
      testDb = await createTestDb(); // a copy of the migrated template: the process has no migration left to run
      env = { DATABASE_URL: testDb.databaseUrl! };
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-main-'));
      cleanups.push(() => fs.promises.rm(dir, { recursive: true, force: true }));
      env = { DATA_DIR: dir };
    }
    try {
      const p = run({ ...env, PORT: port, HOST: '127.0.0.1', SEED_DEMO: 'false', NODE_ENV: 'test' });
      expect(await p.exited).toBe(1);
      expect(p.output()).toContain(`PORT ${port} is already in use`);
      expect(p.output()).not.toMatch(/\n\s+at /);
    } finally {
      busy.close();
      if (testDb) await testDb.destroy();
    }
  }, 90_000);
});
