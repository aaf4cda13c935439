/**
 * Spelling of a release: every Greek word of the title and the blocks against the dictionary
 * and the workspace's own words, with corrections. Latin-script words are left alone (brand
 * and product names, English terms); a Greek word with Latin letters in it (typed on the wrong
 * keyboard layout) is reported with its Greek spelling.
 */
import { TITLE_BLOCK, type SpellingIssue } from '../../../../../shared/schemas/assistant';
import { accentVariants, capitalise, casingOf, fixSigma, LATIN_LOOKALIKES, lower, stripAccents } from './greek';
import { GreekSpeller, type Lexicon, type SuggestLimits } from './speller';
import { wordTokens, type WordToken } from './tokenize';

/** Abbreviations written with a final dot (folded, without it). */
const ABBREVIATIONS = new Set('εκατ δισ χιλ τηλ οδ αρ λεωφ δηλ κλπ κτλ βλ σελ χλμ περ διευθ υπ αριθ συν εκδ ημ κεφ παρ σημ μεγ μικρ τετρ τμ γρ κιλ λιτ ωρ πρβλ επ αντ'.split(' '));

/** Corrections per word, shared by every request of the process (they depend on the dictionary only). */
export class SuggestionCache {
  private readonly map = new Map<string, string[]>();
  constructor(private readonly max = 5_000) {}
  /**
   * The corrections of `word`; a new word costs one `budget` unit (a few milliseconds of CPU),
   * and with none left it gets no corrections this time (the next review computes them).
   */
  get(speller: GreekSpeller, word: string, budget?: Budget): string[] {
    let s = this.map.get(word);
    if (s) {
      this.map.delete(word);
      this.map.set(word, s);
      return s;
    }
    if (GreekSpeller.tooLong(word)) return [];
    // The first few words always get their corrections (a short text's are deterministic); past them, the clock decides.
    const guaranteed = budget ? SUGGESTION_BUDGET - budget.left < SUGGESTION_GUARANTEED : true;
    if (budget && (budget.left <= 0 || (!guaranteed && performance.now() > budget.until))) {
      budget.partial = true;
      return [];
    }
    if (budget) budget.left--;
    // A guaranteed word is bounded by its candidates (MAX_CANDIDATES); any other also by the review's clock.
    const limits: SuggestLimits = guaranteed || !budget ? {} : { until: budget.until };
    s = speller.suggest(word, 5, limits);
    if (limits.timedOut) {
      // Cut short: what it found is shown, but not kept (the next review computes them in full).
      budget!.partial = true;
      return s;
    }
    this.map.set(word, s);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
    return s;
  }
}

function isAbbreviation(t: WordToken, text: string): boolean {
  if (t.next !== '.') return false;
  const key = lower(stripAccents(t.word));
  if (ABBREVIATIONS.has(key)) return true;
  // 'εκατ. ευρώ': a dot and then a lower-case word or a number does not end a sentence.
  return t.word.length <= 5 && /^\.\s*[\p{Ll}\p{N}]/u.test(text.slice(t.to));
}

/** 'απ’ όλους', 'σ’ αυτό': an elided word is right when adding its vowel back makes a word. */
function isElision(speller: GreekSpeller, t: WordToken, own: Lexicon): boolean {
  if (t.next !== "'" && t.next !== '’') return false;
  const base = fixSigma(lower(stripAccents(t.word)));
  return ['α', 'ε', 'ο', 'ι', 'η', 'ου'].some((v) => accentVariants(base + v).some((w) => speller.isCorrect(w, own)));
}

/**
 * What one review spends on new corrections: at most 60 words, and past the first 5, 150 ms
 * (a word takes 1–40 ms, rarely 100); the rest come with the next review, as the cache fills. The server's
 * event loop is never held for long by a text full of unknown words. At most 200 distinct
 * unknown words are reported (a text of nothing but unknown words gets its first 200). A review
 * that left anything out says so (`partial`).
 */
export const SUGGESTION_BUDGET = 60;
export const SUGGESTION_BUDGET_MS = 150;
export const SUGGESTION_GUARANTEED = 5;
export const MAX_UNKNOWN_WORDS = 200;
export interface Budget {
  /** New words that may still get corrections. */
  left: number;
  /** After this (performance.now()), only the guaranteed words get corrections. */
  until: number;
  /** Distinct unknown words that may still be reported (MAX_UNKNOWN_WORDS when absent). */
  unknownLeft?: number;
  /** The unknown words reported so far, with their corrections. */
  seen?: Map<string, string[]>;
  /** Set when a word was left out or got no corrections because a bound was reached. */
  partial?: boolean;
}
export const newBudget = (): Budget => ({
  left: SUGGESTION_BUDGET,
  until: performance.now() + SUGGESTION_BUDGET_MS,
  unknownLeft: MAX_UNKNOWN_WORDS,
  seen: new Map(),
  partial: false,
});

/** Whether one more distinct unknown word may be reported (a word already reported always may). */
function mayReport(budget: Budget, word: string): boolean {
  budget.seen ??= new Map();
  if (budget.seen.has(word)) return true;
  budget.unknownLeft ??= MAX_UNKNOWN_WORDS;
  if (budget.unknownLeft <= 0) {
    budget.partial = true;
    return false;
  }
  budget.unknownLeft--;
  return true;
}

export function spellText(
  speller: GreekSpeller,
  own: Lexicon,
  cache: SuggestionCache,
  block: number,
  text: string,
  budget: Budget = newBudget(),
): SpellingIssue[] {
  const out: SpellingIssue[] = [];
  for (const t of wordTokens(text)) {
    if (t.script === 'latin') continue;
    if (GreekSpeller.tooLong(t.word)) {
      // Longer than any Greek word: an exact match (a workspace word) or flagged, never corrected.
      if (speller.isCorrect(t.word, own) || !mayReport(budget, t.word)) continue;
      budget.seen!.set(t.word, []);
      out.push({ block, from: t.from, to: t.to, word: t.word, kind: t.script === 'mixed' ? 'mixed_script' : 'misspelt', suggestions: [] });
      continue;
    }
    if (t.script === 'mixed') {
      const greek = [...t.word].map((c) => LATIN_LOOKALIKES[c] ?? c).join('');
      if (/[A-Za-z]/.test(greek)) continue; // a mixed name (iPhone-άκι): not a typo we can fix
      if (!mayReport(budget, t.word)) continue;
      let suggestions = budget.seen!.get(t.word);
      if (!suggestions) {
        suggestions = speller.isCorrect(greek, own) ? [greek] : cache.get(speller, greek, budget).slice(0, 3);
        budget.seen!.set(t.word, suggestions);
      }
      out.push({ block, from: t.from, to: t.to, word: t.word, kind: 'mixed_script', suggestions });
      continue;
    }
    if (speller.isCorrect(t.word, own)) continue;
    if (isAbbreviation(t, text) || isElision(speller, t, own)) continue;
    const casing = casingOf(t.word);
    // Acronyms (ΕΣΠΑ, ΔΕΘ) cannot be spell-checked.
    if (casing === 'upper' && t.word.length <= 5) continue;
    if (!mayReport(budget, t.word)) continue;
    let suggestions = budget.seen!.get(t.word);
    if (!suggestions) {
      const fromOwn = own.near(t.word).map((w) => (casing === 'capitalised' ? capitalise(w) : w));
      suggestions = [...new Set([...fromOwn, ...cache.get(speller, t.word, budget)])].slice(0, 5);
      budget.seen!.set(t.word, suggestions);
    }
    const name = (casing === 'capitalised' || casing === 'upper') && !t.sentenceStart;
    out.push({ block, from: t.from, to: t.to, word: t.word, kind: name ? 'name' : 'misspelt', suggestions });
  }
  return out;
}

export function spellDoc(
  speller: GreekSpeller,
  own: Lexicon,
  cache: SuggestionCache,
  doc: { title: string; blocks: { text: string }[] },
  budget: Budget = newBudget(),
): SpellingIssue[] {
  return [
    ...spellText(speller, own, cache, TITLE_BLOCK, doc.title, budget),
    ...doc.blocks.flatMap((b, i) => spellText(speller, own, cache, i, b.text, budget)),
  ];
}
