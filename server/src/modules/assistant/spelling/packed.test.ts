/**
 * The packed dictionary (issue 32): built at build time, read without parsing, and answering
 * exactly as the Set of the .dic's words did (its load's event-loop test: packed-load.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicFile, loadPacked, packDic, parseDic } from './dictionary';
import { PackedWords, packWords } from './packed';
import { GreekSpeller, WordIndex } from './speller';

describe('the packed dictionary', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deltio-dict-'));
  const file = path.join(dir, 'dictionary-el.bin');
  let words: Set<string>;
  let packed: PackedWords;

  beforeAll(async () => {
    words = await parseDic(fs.readFileSync(dicFile(), 'utf8'));
    fs.writeFileSync(file, await packDic());
    packed = (await loadPacked(file)).words;
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds every word of the .dic and nothing else, in ≤ 40 MB', () => {
    expect(packed.size).toBe(words.size);
    for (const w of words) if (!packed.has(w)) expect.fail(`missing ${w}`);
    // Near misses: each word with its last letter changed or dropped, and a letter added.
    let checked = 0;
    for (const w of words) {
      if (checked++ % 7 !== 0) continue;
      for (const v of [w.slice(0, -1), `${w.slice(0, -1)}ω`, `${w}α`, w.toUpperCase(), ''])
        if (packed.has(v) !== words.has(v)) expect.fail(`${v}: ${packed.has(v)} against ${words.has(v)}`);
    }
    expect(packed.byteLength).toBeLessThan(40 * 2 ** 20);
  });

  it('rules out the same folded spellings as the index of hashes', () => {
    const index = new WordIndex(words);
    let checked = 0;
    for (const w of words) {
      if (checked++ % 11 !== 0) continue;
      for (const v of [w, w.slice(1), `${w}ς`, `β${w}`]) if (packed.mayFoldTo(v) !== index.mayFoldTo(v)) expect.fail(v);
    }
  });

  it('gives the speller the same answers as the Set of words', () => {
    const before = new GreekSpeller(new WordIndex(words));
    const after = new GreekSpeller(packed);
    for (const w of ['επιχειρισιακή', 'αναπτιξη', 'Μαίου', 'προιοντα', 'Θεσαλονίκη', 'τηνεταιρεία', 'ΣΗΜΑΝΤΙΚΗ', 'μεγαλητερη', 'κυβερνοασφάλεια']) {
      expect(after.isCorrect(w)).toBe(before.isCorrect(w));
      expect(after.suggest(w)).toEqual(before.suggest(w));
      expect(after.accentFix(w)).toBe(before.accentFix(w));
      expect(after.dictionaryForm(w)).toBe(before.dictionaryForm(w));
    }
  });

  it('is read from the build’s file, and packed from the .dic when the file is missing, foreign or of another .dic', async () => {
    expect((await loadPacked(file)).from).toBe('file');
    expect((await loadPacked(path.join(dir, 'none.bin'))).from).toBe('dic');
    const other = path.join(dir, 'other.bin');
    fs.writeFileSync(other, packWords(['ένα', 'δύο'], 12345)); // packed from another .dic
    expect((await loadPacked(other)).from).toBe('dic');
    fs.writeFileSync(other, 'not a dictionary');
    expect((await loadPacked(other)).from).toBe('dic');
  }, 60_000);
});
