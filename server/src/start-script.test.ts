import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ROOT } from './paths';

/**
 * `npm start` (scripts/start.mjs) in a temporary copy of the app's layout, with a stand-in
 * build that counts itself and writes the files a build leaves (the real one takes half a
 * minute): once through the real npm, the rest calling the script's functions.
 */
interface StartScript {
  start(opts: {
    root: string;
    env?: Record<string, string | undefined>;
    build?: (root: string) => number | Promise<number>;
    serve?: (file: string) => unknown;
    log?: (line: string) => void;
    error?: (line: string) => void;
  }): Promise<number>;
  buildReason(root: string, env?: Record<string, string | undefined>): string | null;
  forget(root: string, env?: Record<string, string | undefined>): void;
  remember(root: string): void;
}
const START_SCRIPT = path.join(APP_ROOT, 'scripts/start.mjs');
const script = (await import(pathToFileURL(START_SCRIPT).href)) as StartScript;
const realPackage = JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const ENV = { NODE_ENV: 'production' };

/** What a build leaves, written by the stand-in builds below. */
const FAKE_OUTPUTS = `
import fs from 'node:fs';
for (const dir of ['dist/server', 'dist/client/.vite', 'dist/ssr']) fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync('dist/server/main.js', "console.log('server started');\\n");
fs.writeFileSync('dist/client/index.html', '<!doctype html>');
fs.writeFileSync('dist/client/.vite/manifest.json', '{}');
fs.writeFileSync('dist/client/.vite/manifest-public.json', '{}');
fs.writeFileSync('dist/ssr/entry-server.js', '');
fs.appendFileSync('builds.txt', 'build\\n');
`;

let app: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
  fs.writeFileSync(path.join(app, file), text);
}

function builds(): number {
  const file = path.join(app, 'builds.txt');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

/** The stand-in for `npm run build`, in this process: forget, the outputs, remember. */
function fakeBuild(fail = false): (root: string) => number {
  return (root) => {
    script.forget(root, ENV);
    if (fail) return 3;
    for (const [file, text] of [
      ['dist/server/main.js', ''],
      ['dist/client/index.html', ''],
      ['dist/client/.vite/manifest.json', '{}'],
      ['dist/client/.vite/manifest-public.json', '{}'],
      ['dist/ssr/entry-server.js', ''],
    ]) write(file!, text!);
    fs.appendFileSync(path.join(root, 'builds.txt'), 'build\n');
    script.remember(root);
    return 0;
  };
}

/** scripts/start.mjs's start() in the copy: its lines, exit code and whether the server ran. */
async function start(opts: { env?: Record<string, string>; failBuild?: boolean } = {}) {
  const lines: string[] = [];
  let served = false;
  const code = await script.start({
    root: app,
    env: opts.env ?? ENV,
    build: fakeBuild(opts.failBuild),
    serve: () => (served = true),
    log: (l) => lines.push(l),
    error: (l) => lines.push(l),
  });
  return { code, served, out: lines.join('\n') };
}

const check = (env: Record<string, string> = ENV) => script.buildReason(app, env) ?? 'up to date';

beforeEach(() => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'start-script-'));
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('client/src/main.tsx', 'export {};\n');
  write('server/src/main.ts', 'export {};\n');
  write('shared/constants.ts', 'export const A = 1;\n');
  write('migrations/0001_init.ts', 'export {};\n');
});

afterEach(() => fs.rmSync(app, { recursive: true, force: true }));

describe('npm start', () => {
  it('builds the first time, not the second: nothing changed (the real npm and script)', async () => {
    fs.mkdirSync(path.join(app, 'scripts'));
    fs.copyFileSync(START_SCRIPT, path.join(app, 'scripts/start.mjs'));
    write('fake-outputs.mjs', FAKE_OUTPUTS);
    write(
      'package.json',
      JSON.stringify({
        name: 'start-script-test',
        private: true,
        type: 'module',
        scripts: {
          start: realPackage.scripts.start,
          build: 'node scripts/start.mjs --forget && node fake-outputs.mjs && node scripts/start.mjs --remember',
        },
      }),
    );
    const npmStart = () =>
      promisify(execFile)('npm', ['start', '--silent'], { cwd: app, timeout: 9_000, env: { ...process.env, ...ENV } });

    const first = await npmStart();
    expect(first.stdout).toContain('Building… (no build yet)');
    expect(first.stdout).toContain('server started');
    expect(builds()).toBe(1);

    const second = await npmStart();
    expect(second.stdout.trim()).toBe('server started');
    expect(second.stderr).toBe('');
    expect(builds()).toBe(1);
  });

  it('builds again when a source, the lock file or NODE_ENV changed, not for a test file', async () => {
    expect(check()).toBe('no build yet');
    expect((await start()).out).toMatch(/^Building… \(no build yet\)\nBuilt in \d+ s$/);
    expect(await start()).toEqual({ code: 0, served: true, out: '' });
    write('client/src/main.test.ts', 'it.todo("x");\n');
    write('server/src/.main.ts.swp', '');
    expect(check()).toBe('up to date');

    // Each change alone, then undone (the hash is of the contents: undone is up to date again).
    for (const [file, text] of [
      ['server/src/main.ts', 'export const changed = true;\n'],
      ['client/src/new-page.tsx', 'export {};\n'],
      ['shared/constants.ts', 'export const A = 2;\n'],
      ['migrations/0002_more.ts', 'export {};\n'],
      ['package-lock.json', '{ "lockfileVersion": 3 }'],
      ['tailwind.config.ts', 'export default {};\n'],
    ] as const) {
      const before = fs.existsSync(path.join(app, file)) ? fs.readFileSync(path.join(app, file), 'utf8') : null;
      write(file, text);
      expect(check(), file).toBe('sources changed');
      if (before === null) fs.rmSync(path.join(app, file));
      else write(file, before);
      expect(check(), file).toBe('up to date');
    }
    expect(check({ NODE_ENV: 'development' })).toBe('sources changed');
    expect(check({ NODE_ENV: 'production', VITE_X: '1' })).toBe('sources changed');
    expect(check({})).toBe('up to date'); // NODE_ENV unset builds for production too

    write('server/src/main.ts', 'export const changed = true;\n');
    expect((await start()).out).toContain('Building… (sources changed)');
    expect(builds()).toBe(2);
    expect((await start()).out).toBe('');
    expect(builds()).toBe(2);
  });

  it('builds again when an output is missing', async () => {
    await start();
    fs.rmSync(path.join(app, 'dist/client/index.html'));
    const next = await start();
    expect(next.out).toContain('Building… (no build yet)');
    expect(next.served).toBe(true);
    expect(builds()).toBe(2);
  });

  it('does not start the server after a failed build, and builds again next time', async () => {
    await start();
    write('shared/constants.ts', 'export const A = 2;\n');
    const failed = await start({ failBuild: true });
    expect(failed).toEqual({
      code: 3,
      served: false,
      out: 'Building… (sources changed)\nThe build failed (exit code 3); the server was not started.',
    });
    // The failed build's start removed the stamp: even undoing the change builds again.
    write('shared/constants.ts', 'export const A = 1;\n');
    expect(check()).toBe('no build stamp');
    const next = await start();
    expect(next.out).toContain('Building… (no build stamp)');
    expect(next.served).toBe(true);
    expect(builds()).toBe(2);
  });

  it('is what package.json runs, and `npm run build` stamps what it built, quietly', () => {
    expect(realPackage.scripts.start).toBe('node scripts/start.mjs');
    expect(realPackage.scripts.build).toMatch(/^node scripts\/start\.mjs --forget && .* && node scripts\/start\.mjs --remember$/);
    // Vite's asset listing off in every build: the app's, the public pages', the server-side one.
    expect(realPackage.scripts.build?.match(/vite build [^&]*--logLevel warn/g)).toHaveLength(3);
  });
});
