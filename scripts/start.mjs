#!/usr/bin/env node
/**
 * `npm start`: builds the app only when its sources changed since the last successful build,
 * then runs the built server (dist/server/main.js) in this process.
 *
 * A build is identified by a hash of its inputs (every file under client/, server/, shared/
 * and migrations/ except tests, package.json, package-lock.json, the build configs, NODE_ENV
 * and any VITE_* variable). `npm run build` writes it in two steps, so a failed or interrupted
 * build never looks finished and an edit made during the build is seen by the next start:
 *
 *   node scripts/start.mjs --forget    (first)  removes dist/.build-stamp and hashes the sources
 *                                                into dist/.build-stamp.pending
 *   node scripts/start.mjs --remember  (last)   renames the pending hash to dist/.build-stamp
 *
 * `node scripts/start.mjs --build` builds when needed and does not start (npm test uses it).
 *
 * `npm start` compares the hash of the sources with dist/.build-stamp (and checks the built
 * files are there) and runs `npm run build` quietly when they differ.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The app's root: this file is <root>/scripts/start.mjs. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/** Directories whose files go into the build (the server bundle, the client, the migrations it runs). */
const SOURCE_DIRS = ['client', 'server', 'shared', 'migrations'];
/** Single files that change what the build makes. */
const SOURCE_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tailwind.config.ts', 'postcss.config.js'];
/** Files the build does not read: tests and editor or OS leftovers. */
const IGNORED = /(?:\.(?:test|spec)\.[cm]?[jt]sx?|\.DS_Store|~|\.swp)$/;
/** What a finished build leaves; any missing means build again, whatever the stamp says. */
const OUTPUTS = ['dist/server/main.js', 'dist/client/index.html', 'dist/client/.vite/manifest.json', 'dist/client/.vite/manifest-public.json', 'dist/ssr/entry-server.js'];

const stampFile = (root) => path.join(root, 'dist/.build-stamp');
const pendingFile = (root) => path.join(root, 'dist/.build-stamp.pending');

function listFiles(dir, out) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (entry.isFile() && !IGNORED.test(entry.name)) out.push(full);
  }
}

/** The hash of everything the build reads: file paths and contents, NODE_ENV and VITE_* variables. */
export function sourceHash(root = ROOT, env = process.env) {
  const files = [];
  for (const dir of SOURCE_DIRS) listFiles(path.join(root, dir), files);
  for (const file of SOURCE_FILES) if (fs.existsSync(path.join(root, file))) files.push(path.join(root, file));
  const hash = crypto.createHash('sha256');
  for (const file of files.map((f) => path.relative(root, f).split(path.sep).join('/')).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  // Vite builds for production when NODE_ENV is unset: the same build.
  const vars = Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${env[k]}`);
  hash.update([`NODE_ENV=${env.NODE_ENV || 'production'}`, ...vars].join('\n'));
  return hash.digest('hex');
}

/** Why the app needs a build before it starts, or null when dist/ is that of the current sources. */
export function buildReason(root = ROOT, env = process.env) {
  if (OUTPUTS.some((f) => !fs.existsSync(path.join(root, f)))) return 'no build yet';
  let stamp;
  try {
    stamp = fs.readFileSync(stampFile(root), 'utf8').trim();
  } catch {
    return 'no build stamp';
  }
  return stamp === sourceHash(root, env) ? null : 'sources changed';
}

/** Start of `npm run build`: the old stamp goes, the hash of the sources being built waits for the end. */
export function forget(root = ROOT, env = process.env) {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.rmSync(stampFile(root), { force: true });
  fs.writeFileSync(pendingFile(root), `${sourceHash(root, env)}\n`);
}

/** End of a successful `npm run build`: the hash taken at its start becomes the stamp. */
export function remember(root = ROOT) {
  fs.renameSync(pendingFile(root), stampFile(root));
}

/** Runs `npm run build` quietly (npm's own lines and Vite's listing off; warnings and errors still show). */
export function npmBuild(root = ROOT) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Builds when needed, then runs the server (`serve`, by default importing dist/server/main.js
 * here). Returns the exit code of a failed build, or 0 once the server module is running.
 */
export async function start({
  root = ROOT,
  env = process.env,
  build = npmBuild,
  serve = (file) => import(pathToFileURL(file).href),
  log = console.log,
  error = console.error,
} = {}) {
  const reason = buildReason(root, env);
  if (reason) {
    const started = Date.now();
    log(`Building… (${reason})`);
    const status = await build(root);
    if (status !== 0) {
      error(`The build failed (exit code ${status}); the server was not started.`);
      return status;
    }
    const missing = OUTPUTS.filter((f) => !fs.existsSync(path.join(root, f)));
    if (missing.length > 0) {
      error(`The build did not write ${missing.join(', ')}; the server was not started.`);
      return 1;
    }
    log(`Built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  await serve(path.join(root, 'dist/server/main.js'));
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const command = process.argv[2];
  if (command === '--forget') forget();
  else if (command === '--remember') remember();
  else if (command === '--check') console.log(buildReason() ?? 'up to date');
  else if (command === '--build') {
    // Build when needed, without starting (npm test's end-to-end half).
    const status = await start({ serve: () => undefined });
    if (status !== 0) process.exit(status);
  } else if (command === undefined) {
    const status = await start();
    if (status !== 0) process.exit(status);
  } else {
    console.error(`unknown option ${command} (expected --forget, --remember, --check or --build)`);
    process.exit(2);
  }
}
