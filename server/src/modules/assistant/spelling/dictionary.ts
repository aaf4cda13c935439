/**
 * The Greek Hunspell dictionary (`dictionary-el`, el_GR), loaded once per process (in practice
 * once per CPU-pool thread) on first use. Its .dic lists every inflected form (828,806 words,
 * no affix flags). The build packs it (build-dictionary.ts, packed.ts) into
 * dist/server/dictionary-el.bin, ~26 MB read in one asynchronous call and used as it is: no
 * parsing, nothing that holds the event loop. Without a build (tsx, vitest) the .dic is parsed
 * and packed here, which takes a few seconds.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROOT } from '../../../paths';
import { packWords, PackedWords } from './packed';
import { GreekSpeller } from './speller';

/** Where the build writes the packed dictionary. */
export const PACKED_DICTIONARY = path.join(APP_ROOT, 'dist/server/dictionary-el.bin');

/** The .dic of `dictionary-el`. */
export const dicFile = (): string => fileURLToPath(new URL('./index.dic', import.meta.resolve('dictionary-el')));

let loading: Promise<GreekSpeller> | null = null;

/** Words read per slice before the event loop gets a turn (a slice takes a few milliseconds). */
const SLICE = 25_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses a Hunspell .dic (first line: the count; then one `word[/FLAGS]` per line) in slices,
 * so the first spelling check does not hold up the server's other work (live editing above all)
 * for the second or so the 828,806 words take.
 */
export async function parseDic(text: string): Promise<Set<string>> {
  const words = new Set<string>();
  let start = text.indexOf('\n') + 1;
  let n = 0;
  while (start > 0 && start < text.length) {
    if (++n % SLICE === 0) await yieldToEventLoop();
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let w = text.slice(start, end);
    const slash = w.indexOf('/');
    if (slash >= 0) w = w.slice(0, slash);
    w = w.trim();
    if (w) words.add(w.normalize('NFC'));
    start = end + 1;
  }
  return words;
}

/** The packed dictionary of the .dic installed: the build's file, else packed now from the .dic. */
export async function loadPacked(file = PACKED_DICTIONARY): Promise<{ words: PackedWords; from: 'file' | 'dic' }> {
  const dic = dicFile();
  // The file is used only if it was packed from this .dic (its byte length is in the header).
  const sourceBytes = await fs.stat(dic).then((s) => s.size, () => undefined);
  const bytes = await fs.readFile(file).catch(() => null);
  const packed = bytes && PackedWords.read(bytes, sourceBytes);
  if (packed) return { words: packed, from: 'file' };
  return { words: PackedWords.read(await packDic(dic))!, from: 'dic' };
}

/** Parses the .dic and packs its words (the build's step; also the fallback without a build). */
export async function packDic(dic = dicFile()): Promise<Uint8Array> {
  const data = await fs.readFile(dic);
  return packWords(await parseDic(new TextDecoder('utf-8').decode(data)), data.byteLength);
}

async function load(): Promise<GreekSpeller> {
  return new GreekSpeller((await loadPacked()).words);
}

/** The one speller of this process (the dictionary is read on the first call). */
export function greekSpeller(): Promise<GreekSpeller> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
