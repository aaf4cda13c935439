/**
 * Greek letter-level helpers for the speller and the text tools: one accent-folding
 * normaliser, casing, the placement of the tonos and the final sigma. Pure functions.
 */

/**
 * The one normaliser of the assistant: NFD, combining marks (tonos, diaeresis) removed,
 * lower case, final sigma as σ. 'Ανακοινώνει' and 'ανακοινωνει' fold to the same key.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
}

/** Lower case as Greek writes it (a final Σ becomes ς). */
export const lower = (s: string) => s.toLocaleLowerCase('el');

/** Upper case as Greek writes it in capitals: without the tonos (ΑΝΑΚΟΙΝΩΣΗ, not ΑΝΑΚΟΊΝΩΣΗ). */
export const upperNoAccent = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\u0301/g, '')
    .normalize('NFC')
    .toLocaleUpperCase('el');

/** First letter in capital, keeping its tonos ('όσοι' → 'Όσοι'; the Greek locale would drop it). */
export const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

export type Casing = 'lower' | 'capitalised' | 'upper' | 'mixed';

export function casingOf(word: string): Casing {
  const low = lower(word);
  if (word === low) return 'lower';
  if (word === word.toLocaleUpperCase('el') || word === upperNoAccent(word)) return word.length > 1 ? 'upper' : 'capitalised';
  if (word.charAt(0) !== low.charAt(0) && word.slice(1) === low.slice(1)) return 'capitalised';
  return 'mixed';
}

/** Writes `word` (a dictionary form) in the casing of `like`. */
export function inCasingOf(word: string, like: Casing): string {
  if (like === 'upper') return upperNoAccent(word);
  if (like === 'capitalised') return capitalise(word);
  return word;
}

const GREEK_LETTER = /[\u0370-\u03ff\u1f00-\u1fff]/u;
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/u;
export const hasGreek = (s: string) => GREEK_LETTER.test(s);
export const hasLatin = (s: string) => LATIN_LETTER.test(s);

const TONOS: Record<string, string> = { α: 'ά', ε: 'έ', η: 'ή', ι: 'ί', ο: 'ό', υ: 'ύ', ω: 'ώ' };
const VOWELS = new Set(Object.keys(TONOS));

/** Removes the tonos and the diaeresis, keeping case and the final sigma. */
export const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0301\u0308\u0344]/g, '').normalize('NFC');

/** How many accented vowels (tonos) the word carries. */
export const accentCount = (s: string) => (s.normalize('NFD').match(/\u0301/g) ?? []).length;

/** Removes the last tonos (an enclitic accent: 'μήνυμά μας' → 'μήνυμα'). */
export function dropLastAccent(word: string): string {
  const nfd = word.normalize('NFD');
  const i = nfd.lastIndexOf('\u0301');
  return i < 0 ? word : (nfd.slice(0, i) + nfd.slice(i + 1)).normalize('NFC');
}

/** σ at the end of a word is ς, ς inside a word is σ. */
export const fixSigma = (s: string) => s.replace(/ς(?=\p{L})/gu, 'σ').replace(/σ$/u, 'ς');

/**
 * Every way to write an accent-free lower-case base with at most one tonos and with a
 * diaeresis where ι/υ follow a vowel (ϊ, ϋ, ΐ, ΰ): 'καινοτομια' → …, 'καινοτομία', …
 * The base itself (no accent: monosyllables) comes first.
 */
export function accentVariants(base: string): string[] {
  const chars = [...base];
  const out = [base];
  const diaeresisAt: number[] = [];
  chars.forEach((c, i) => {
    const prev = chars[i - 1];
    if ((c === 'ι' && (prev === 'α' || prev === 'ε' || prev === 'ο' || prev === 'υ')) || (c === 'υ' && (prev === 'α' || prev === 'ε' || prev === 'η' || prev === 'ο'))) {
      diaeresisAt.push(i);
    }
  });
  const withTonos = (arr: string[]) => {
    const res: string[] = [];
    arr.forEach((c, i) => {
      const t = TONOS[c];
      if (t) res.push([...arr.slice(0, i), t, ...arr.slice(i + 1)].join(''));
      else if (c === 'ϊ' || c === 'ϋ') res.push([...arr.slice(0, i), c === 'ϊ' ? 'ΐ' : 'ΰ', ...arr.slice(i + 1)].join(''));
    });
    return res;
  };
  out.push(...withTonos(chars));
  for (const i of diaeresisAt) {
    const d = [...chars];
    d[i] = d[i] === 'ι' ? 'ϊ' : 'ϋ';
    out.push(d.join(''), ...withTonos(d));
  }
  return out;
}

/**
 * A phonetic key for suggestions: folded, the i-sounds (ι η υ ει οι υι) as ι, ω as ο, αι as ε,
 * doubled consonants single, γκ as γγ. 'επενδιση' and 'επένδυση' share a key.
 */
export function phoneticKey(word: string): string {
  const f = fold(word);
  let out = '';
  for (let i = 0; i < f.length; i++) {
    const c = f[i]!;
    const n = f[i + 1];
    if ((c === 'ε' || c === 'ο' || c === 'υ') && n === 'ι') {
      out += 'ι';
      i++;
    } else if (c === 'α' && n === 'ι') {
      out += 'ε';
      i++;
    } else if ((c === 'α' || c === 'ε' || c === 'ο') && n === 'υ') {
      out += c + 'υ';
      i++;
    } else if (c === 'η' || c === 'υ') out += 'ι';
    else if (c === 'ω') out += 'ο';
    else if (c === 'γ' && n === 'κ') {
      out += 'γγ';
      i++;
    } else if (c === n && !VOWELS.has(c)) {
      out += c;
      i++;
    } else out += c;
  }
  return out;
}

/** Damerau-Levenshtein (optimal string alignment) distance. */
export function editDistance(a: string, b: string): number {
  const A = [...a];
  const B = [...b];
  const d: number[][] = Array.from({ length: A.length + 1 }, (_, i) => [i, ...Array<number>(B.length).fill(0)]);
  for (let j = 1; j <= B.length; j++) d[0]![j] = j;
  for (let i = 1; i <= A.length; i++) {
    for (let j = 1; j <= B.length; j++) {
      const cost = A[i - 1] === B[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && A[i - 1] === B[j - 2] && A[i - 2] === B[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[A.length]![B.length]!;
}

/** Latin letters that look like Greek capitals or small letters (a Greek word typed on the wrong keyboard layout). */
export const LATIN_LOOKALIKES: Record<string, string> = {
  A: 'Α', B: 'Β', E: 'Ε', H: 'Η', I: 'Ι', K: 'Κ', M: 'Μ', N: 'Ν', O: 'Ο', P: 'Ρ', T: 'Τ', X: 'Χ', Y: 'Υ', Z: 'Ζ',
  a: 'α', o: 'ο', v: 'ν', u: 'υ', i: 'ι', k: 'κ', x: 'χ', p: 'ρ', t: 'τ', e: 'ε', y: 'γ', n: 'η',
};

/**
 * `fold` one code unit at a time, so offsets in the folded text are offsets in the original
 * (regular expressions run on the folded text, edits apply to the original).
 */
export function foldKeepOffsets(text: string): string {
  let out = '';
  for (const c of text) {
    if (c.length !== 1) {
      out += c;
      continue;
    }
    let f = c.normalize('NFD').charAt(0).toLowerCase();
    if (f.length !== 1) f = c;
    out += f === 'ς' ? 'σ' : f;
  }
  return out;
}
