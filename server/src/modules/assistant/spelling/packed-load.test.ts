/**
 * The speller's dictionary is packed at build time and loaded with one asynchronous read, no
 * parsing (the old loader parsed 19 MB of text into a Set of 828,806 strings, 1–9 s with blocks
 * of 0.1–1.1 s). The file is packed here by the build's script, in a child process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_ROOT } from '../../../paths';
import { loadPacked } from './dictionary';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-dict-load-'));
const file = path.join(dir, 'dictionary-el.bin');
beforeAll(() => {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'build-dictionary.ts'), file], { cwd: APP_ROOT, stdio: 'inherit' });
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('loads the packed file as one asynchronous read, with every word of the source', async () => {
  // How long it takes, what it holds and whether it blocks the event loop are measured by
  // bench/memory.bench.ts (0.02 s, +27 MB, no block), not asserted here.
  const { words, from } = await loadPacked(file);
  expect(from).toBe('file');
  expect(words.has('καινοτομία')).toBe(true);
  expect(words.size).toBe(828_806);
});
