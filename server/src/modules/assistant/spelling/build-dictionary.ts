/**
 * Build step (`npm run build:server`): packs the speller's Greek dictionary (dictionary-el's
 * .dic, 19 MB of text, 828,806 words) into dist/server/dictionary-el.bin, the compact form the
 * server reads without parsing (packed.ts).
 *
 *   tsx server/src/modules/assistant/spelling/build-dictionary.ts [file]    (default: dist/server/dictionary-el.bin)
 */
import fs from 'node:fs';
import path from 'node:path';
import { PACKED_DICTIONARY, packDic } from './dictionary';

const started = performance.now();
const out = path.resolve(process.argv[2] ?? PACKED_DICTIONARY);
const bytes = await packDic();
fs.mkdirSync(path.dirname(out), { recursive: true });
// Written whole or not at all: a half-written file is never read as the dictionary.
const tmp = `${out}.${process.pid}.tmp`;
fs.writeFileSync(tmp, bytes);
fs.renameSync(tmp, out);
if (process.env.VERBOSE) {
  console.log(`${path.relative(process.cwd(), out)}: ${(bytes.byteLength / 2 ** 20).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`);
}
