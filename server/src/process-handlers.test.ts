import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function start() {
  const child = spawn(tsx, ['server/src/process-handlers.fixture.ts'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    for (const w of waiters.filter((w) => out.includes(w.text))) w.resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const seen = (text: string) => new Promise<void>((resolve) => (out.includes(text) ? resolve() : waiters.push({ text, resolve })));
  return { child, exited, seen, output: () => out };
}

const logLines = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('process-level handlers', () => {
  it('log a rejection nobody awaited and keep serving; log an uncaught exception and exit 1 for the supervisor', async () => {
    const p = start();
    await p.seen('ready');
    p.child.stdin.write('reject\n');
    await p.seen('alive');
    expect(logLines(p.output())).toContainEqual(
      expect.objectContaining({ level: 50, msg: expect.stringMatching(/unhandled promise rejection/), err: expect.objectContaining({ message: 'command timed out (redis)' }) }),
    );
    expect(p.child.exitCode).toBeNull();

    p.child.stdin.write('throw\n');
    expect(await p.exited).toBe(1);
    expect(logLines(p.output())).toContainEqual(
      expect.objectContaining({ level: 60, msg: expect.stringMatching(/uncaught exception/), err: expect.objectContaining({ message: 'boom' }) }),
    );
  });
});
