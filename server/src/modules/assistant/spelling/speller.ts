/**
 * The Greek speller: checks words against the Hunspell word list of `dictionary-el` and
 * suggests corrections. The Greek list carries every inflected form (no affix rules), so a
 * word check is a set look-up; what Hunspell adds for Greek is casing and the tonos:
 * capitals drop it (ΑΘΗΝΑ = Αθήνα), an enclitic adds a second one (μήνυμά μας), a name is
 * capitalised. Suggestions come from the errors Greek writers make: a missing or misplaced
 * tonos, the i-sounds (ι η υ ει οι), ο/ω, ε/αι, single or double consonants, a typo.
 */
import {
  accentCount,
  accentVariants,
  capitalise,
  casingOf,
  dropLastAccent,
  editDistance,
  fixSigma,
  fold,
  inCasingOf,
  lower,
  phoneticKey,
  stripAccents,
} from './greek';

/** Anything that answers whether it holds a word (the dictionary's Set, or a test's). */
export interface WordList {
  has(word: string): boolean;
}

/** What the speller looks words up in: the packed dictionary (packed.ts) or a WordIndex. */
export interface SpellerWords extends WordList {
  /** False when no word folds to `base` (see foldedHash); true means "maybe". */
  mayFoldTo(base: string): boolean;
  readonly size: number;
}

/** Code unit → its folded code unit (lower case, no tonos or diaeresis, σ for ς), for the Greek and ASCII ranges. */
const FOLD_CODE = new Uint16Array(0x400);
for (let c = 0; c < 0x400; c++) FOLD_CODE[c] = String.fromCharCode(c).normalize('NFD').charAt(0).toLowerCase().charCodeAt(0);
FOLD_CODE['ς'.charCodeAt(0)] = 'σ'.charCodeAt(0);

/** A 30-bit FNV-1a hash of the folded word (lower case, no tonos or diaeresis, σ for ς), without allocating. */
export function foldedHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    h ^= c < 0x400 ? FOLD_CODE[c]! : c;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 2; // 30 bits: a small integer in V8, not a boxed number
}

/**
 * The dictionary's words, and the hashes of their folded forms: a spelling that cannot be
 * a word whatever its accents is ruled out with one integer look-up, before its accented
 * variants are tried (that is what keeps suggestions to a few milliseconds).
 */
export class WordIndex implements SpellerWords {
  private readonly hashes = new Set<number>();
  constructor(
    private readonly words: Set<string>,
    index = true,
  ) {
    if (index) for (const w of words) this.hashes.add(foldedHash(w));
  }

  has(word: string): boolean {
    return this.words.has(word);
  }
  /** False when no word folds to `base`; true means "maybe" (hash collisions are rare). */
  mayFoldTo(base: string): boolean {
    return this.hashes.has(foldedHash(base));
  }
  get size(): number {
    return this.words.size;
  }
}

/** A workspace's own words (names, brands), matched as typed, in lower case, or folded for capitals. */
export class Lexicon implements WordList {
  private readonly exact = new Set<string>();
  private readonly low = new Set<string>();
  private readonly folded = new Set<string>();
  constructor(words: Iterable<string> = []) {
    for (const w of words) this.add(w);
  }
  add(word: string): void {
    const w = word.normalize('NFC');
    this.exact.add(w);
    this.low.add(lower(w));
    this.folded.add(fold(w));
  }
  has(word: string): boolean {
    return this.exact.has(word) || this.low.has(lower(word));
  }
  /** For words written in capitals, where the tonos is dropped. */
  hasFolded(word: string): boolean {
    return this.folded.has(fold(word));
  }
  /** Own words within two letters of `word` (accents aside), closest first: suggestions of the workspace. */
  near(word: string): string[] {
    const key = fold(word);
    return [...this.exact]
      .map((w) => ({ w, d: editDistance(key, fold(w)) }))
      .filter((x) => x.d <= Math.min(2, Math.floor(key.length / 3)))
      .sort((a, b) => a.d - b.d)
      .map((x) => x.w);
  }
  get size(): number {
    return this.exact.size;
  }
  words(): string[] {
    return [...this.exact];
  }
}

const ALPHABET = [...'αβγδεζηθικλμνξοπρστυφχψω'];

/** Productive prefixes of modern Greek compounds (lower case, unaccented as they are written joined). */
const COMPOUND_PREFIXES = [
  'κυβερνο', 'ηλεκτρο', 'τηλε', 'μικρο', 'μακρο', 'μεγα', 'νανο', 'βιο', 'οικο', 'ψηφιο', 'ραδιο', 'φωτο', 'θερμο', 'υδρο', 'αερο', 'γεω',
  'πολυ', 'αυτο', 'υπερ', 'αντι', 'μετα', 'προ', 'ενδο', 'διεθνο', 'ευρω', 'κοινωνικο', 'οικονομικο', 'πολιτιστικο', 'ιατρο', 'νευρο', 'ψυχο',
];
const CONSONANTS = new Set([...'βγδζθκλμνξπρστφχψ']);

/** Sound-alike spellings, both ways (accent-free, lower case). */
const PHONETIC: [string, string][] = [
  ['ι', 'η'], ['ι', 'υ'], ['η', 'υ'], ['ι', 'ει'], ['ι', 'οι'], ['η', 'ει'], ['η', 'οι'], ['υ', 'οι'], ['υ', 'ει'], ['ει', 'οι'], ['ι', 'υι'],
  ['ο', 'ω'], ['ε', 'αι'], ['γγ', 'γκ'], ['ψ', 'πσ'], ['ξ', 'κσ'], ['αυ', 'αβ'], ['αυ', 'αφ'], ['ευ', 'εβ'], ['ευ', 'εφ'], ['μπ', 'β'], ['ντ', 'δ'],
];

function replacements(base: string, from: string, to: string, out: Set<string>): void {
  let i = base.indexOf(from);
  while (i >= 0) {
    out.add(base.slice(0, i) + to + base.slice(i + from.length));
    i = base.indexOf(from, i + 1);
  }
}

/** Sound-alike respellings of an accent-free base, and doubled or single consonants. */
export function phoneticVariants(base: string): Set<string> {
  const out = new Set<string>();
  for (const [a, b] of PHONETIC) {
    replacements(base, a, b, out);
    replacements(base, b, a, out);
  }
  const chars = [...base];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (!CONSONANTS.has(c)) continue;
    if (chars[i + 1] === c) out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
    else if (chars[i - 1] !== c) out.add([...chars.slice(0, i + 1), c, ...chars.slice(i + 1)].join(''));
  }
  out.delete(base);
  return out;
}

/** Every string one typo away: a letter missing, extra, wrong, or two swapped. */
export function typoVariants(base: string): Set<string> {
  const out = new Set<string>();
  const n = base.length;
  for (let i = 0; i <= n; i++) {
    const head = base.slice(0, i);
    const tail = base.slice(i);
    const rest = base.slice(i + 1);
    if (i < n) out.add(head + rest);
    if (i + 1 < n) out.add(head + base[i + 1] + base[i] + base.slice(i + 2));
    for (const l of ALPHABET) {
      out.add(head + l + tail);
      if (i < n && l !== base[i]) out.add(head + l + rest);
    }
  }
  out.delete(base);
  return out;
}

/**
 * Bounds of the speller: the work on one word grows with its length (a typo variant
 * per letter and letter of the alphabet, sound-alike respellings of each of them), so a word of
 * 500 letters once took minutes. No Greek word in the dictionary has more than 40 letters: a
 * longer one is checked for an exact match only and never corrected. A word's corrections try
 * at most `MAX_CANDIDATES` spellings (a 40-letter word of i-sounds tried ~400,000, 1 s).
 */
export const MAX_WORD_LETTERS = 40;
export const MAX_CANDIDATES = 20_000;

/** How far one `suggest` may go: candidate spellings tried, and a deadline (performance.now()). */
export interface SuggestLimits {
  maxCandidates?: number;
  until?: number;
  /** Set by `suggest` when the deadline cut it short (what it returns is then incomplete). */
  timedOut?: boolean;
}

export class GreekSpeller {
  constructor(private readonly words: SpellerWords) {}

  /** Whether `word` is too long to look at more than once (see MAX_WORD_LETTERS). */
  static tooLong(word: string): boolean {
    return word.length > MAX_WORD_LETTERS;
  }

  /** Whether the dictionary (or the workspace's own words) knows `word`, as it is written. */
  isCorrect(word: string, own?: Lexicon): boolean {
    const w = word.normalize('NFC');
    if (this.known(w, own)) return true;
    if (GreekSpeller.tooLong(w)) return false;
    const casing = casingOf(w);
    if (casing === 'capitalised' && this.known(lower(w), own)) return true;
    if (casing === 'upper') {
      // Capitals drop the tonos: any accented spelling of the word (or of the name) will do.
      if (own?.hasFolded(w)) return true;
      if (this.dictionaryForm(w) !== null) return true;
    }
    // An enclitic's second tonos ('το μήνυμά μας').
    if (accentCount(w) === 2) return this.isCorrect(dropLastAccent(w), own);
    return this.isCompound(w);
  }

  /**
   * Greek makes new words with productive prefixes ('κυβερνο-ασφάλεια', 'ηλεκτρο-κίνηση',
   * 'τηλε-εργασία'): a known prefix followed by a known word of 4+ letters is a word.
   */
  private isCompound(w: string): boolean {
    if (casingOf(w) !== 'lower') return false;
    for (const prefix of COMPOUND_PREFIXES) {
      if (!w.startsWith(prefix) || w.length - prefix.length < 4) continue;
      if (this.words.has(w.slice(prefix.length))) return true;
    }
    return false;
  }

  /** The accented dictionary spelling of a word written in capitals (ΣΗΜΑΝΤΙΚΗ → σημαντική), or null. */
  dictionaryForm(word: string): string | null {
    if (GreekSpeller.tooLong(word)) return null;
    const base = fixSigma(lower(stripAccents(word)));
    for (const v of accentVariants(base)) {
      if (this.words.has(v)) return v;
      if (this.words.has(capitalise(v))) return capitalise(v);
    }
    return null;
  }

  /** The one dictionary word that differs from `word` by its accents only ('καινοτομια' → 'καινοτομία'), or null. */
  accentFix(word: string): string | null {
    const casing = casingOf(word);
    if (casing === 'upper' || casing === 'mixed' || GreekSpeller.tooLong(word)) return null;
    const base = fixSigma(lower(stripAccents(word)));
    const found = new Set<string>();
    for (const v of accentVariants(base)) {
      if (this.words.has(v)) found.add(v);
      else if (this.words.has(capitalise(v))) found.add(capitalise(v));
    }
    found.delete(word);
    if (found.size !== 1) return null;
    const [fix] = found;
    return casing === 'capitalised' ? capitalise(fix!) : fix!;
  }

  private known(w: string, own?: Lexicon): boolean {
    return this.words.has(w) || Boolean(own?.has(w));
  }

  /**
   * Up to `max` corrections from the dictionary, best first, written in the casing of `word`;
   * none for a word over MAX_WORD_LETTERS, and what was found by then when `limits` run out.
   */
  suggest(word: string, max = 5, limits: SuggestLimits = {}): string[] {
    const w = word.normalize('NFC');
    if (GreekSpeller.tooLong(w)) return [];
    const casing = casingOf(w);
    const low = lower(w);
    const base = fixSigma(lower(stripAccents(w)));
    const found = new Set<string>();
    let left = limits.maxCandidates ?? MAX_CANDIDATES;
    const until = limits.until ?? Infinity;
    /** False once the candidates or the time are spent (the clock is read every 256 candidates). */
    const more = () => {
      if (left > 0 && (left & 0xff) === 0 && performance.now() >= until) {
        left = 0;
        limits.timedOut = true;
      }
      return left > 0;
    };
    const look = (b: string) => {
      if (!more()) return;
      left--;
      if (!this.words.mayFoldTo(b)) return;
      for (const v of accentVariants(fixSigma(b))) {
        if (this.words.has(v)) found.add(v);
        const cap = capitalise(v);
        if (this.words.has(cap)) found.add(cap);
      }
    };
    look(base);
    const phonetic = phoneticVariants(base);
    const typos = typoVariants(base);
    for (const b of phonetic) look(b);
    for (const b of typos) look(b);
    if (found.size === 0) {
      // Two errors: two sound-alike letters, or one sound-alike letter and a typo.
      for (const p of phonetic) {
        if (!more()) break;
        for (const b of phoneticVariants(p)) look(b);
        if (!more()) break;
        for (const b of typoVariants(p)) look(b);
      }
    }
    // Two words run together ('τηνεταιρεία' → 'την εταιρεία').
    const chars = [...low];
    for (let i = 2; i <= chars.length - 2; i++) {
      const a = chars.slice(0, i).join('');
      const b = chars.slice(i).join('');
      if (this.words.has(a) && this.words.has(b)) found.add(`${a} ${b}`);
    }
    found.delete(w);

    const wPhon = phoneticKey(w);
    const wFold = fold(w);
    const ranked = [...found].map((c) => {
      const phonetic = editDistance(wPhon, phoneticKey(c));
      const letters = editDistance(wFold, fold(c));
      const exact = editDistance(low, lower(c));
      // A lower-case word is rarely a name: names come after common words.
      const caseCost = casing === 'lower' && casingOf(c) === 'capitalised' ? 0.5 : 0;
      return { c, score: phonetic * 4 + letters * 2 + exact + caseCost + (c.includes(' ') ? 1.5 : 0) };
    });
    ranked.sort((a, b) => a.score - b.score || Math.abs(a.c.length - w.length) - Math.abs(b.c.length - w.length) || a.c.localeCompare(b.c, 'el'));
    const out: string[] = [];
    for (const { c } of ranked) {
      const s = casingOf(c) === 'capitalised' && casing === 'lower' ? c : inCasingOf(c, casing === 'mixed' ? 'lower' : casing);
      if (!out.includes(s) && s !== w) out.push(s);
      if (out.length === max) break;
    }
    return out;
  }
}
