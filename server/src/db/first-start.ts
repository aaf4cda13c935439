import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROOT } from '../paths';
import { dbMode, type DbOptions } from './knex';

/** The migrate command (migrate-cli.ts) as a child process: its TypeScript source through tsx, or its build. */
function migrateCommand(): string[] {
  if (import.meta.url.endsWith('.ts')) return ['--import', 'tsx', fileURLToPath(new URL('./migrate-cli.ts', import.meta.url))];
  return [path.join(APP_ROOT, 'dist/server/db/migrate-cli.js')];
}

/** Whether `opts` is the embedded database in a data folder not yet initialised (a first start). */
export function isNewEmbeddedFolder(opts: DbOptions): boolean {
  if (dbMode(opts) !== 'embedded' || opts.dataDir === ':memory:') return false;
  return !fs.existsSync(path.join(path.resolve(opts.dataDir, 'pgdata'), 'PG_VERSION'));
}

/**
 * On a first start of the embedded database, runs the migrations and the seed in a child
 * process (`npm run migrate`'s code, with this process's environment) before this process
 * opens the folder. PGlite's WebAssembly memory grows with initdb, every migration and the demo
 * seed and never shrinks: in the child it is given back when the child exits, and the server
 * opens a folder that is ready (bench/memory.bench.ts). Resolves with whether it ran; rejects,
 * with the child's error output, when the migrations failed.
 */
export function prepareNewEmbedded(opts: DbOptions, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!isNewEmbeddedFolder(opts)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, migrateCommand(), { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (status) =>
      status === 0 ? resolve(true) : reject(new Error(`preparing the embedded database in ${opts.dataDir} failed (exit ${status}): ${stderr.trim()}`)),
    );
  });
}
