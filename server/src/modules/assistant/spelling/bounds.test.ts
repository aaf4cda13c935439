/** The speller's work is bounded whatever the text (word length, candidates, unknown words, time). */
import { describe, expect, it } from 'vitest';
import { MAX_UNKNOWN_WORDS, newBudget, spellText, SuggestionCache } from './check-spelling';
import { GreekSpeller, Lexicon, MAX_CANDIDATES, MAX_WORD_LETTERS, WordIndex } from './speller';
import { inSpans, skippedSpans } from './tokenize';

/** A word index that counts the candidate spellings it is asked about. */
class CountingIndex extends WordIndex {
  asked = 0;
  override mayFoldTo(base: string): boolean {
    this.asked++;
    return super.mayFoldTo(base);
  }
}

const WORDS = ['ανακοίνωση', 'επένδυση', 'εταιρεία', 'την'];
const speller = () => {
  const index = new CountingIndex(new Set(WORDS));
  return { index, speller: new GreekSpeller(index) };
};
/** Vowel-heavy: the most sound-alike respellings, the worst case of candidate generation. */
const vowels = (n: number) => 'επενδιοιυσηει'.repeat(Math.ceil(n / 13)).slice(0, n);

describe('speller bounds', () => {
  it('never corrects a word over 40 letters, and checks it without its accent variants', () => {
    const { index, speller: s } = speller();
    expect(s.suggest(vowels(MAX_WORD_LETTERS + 1))).toEqual([]);
    expect(index.asked).toBe(0);
    const huge = vowels(20_000);
    expect(s.isCorrect(huge)).toBe(false);
    expect(s.isCorrect(huge.toUpperCase())).toBe(false);
    expect(s.dictionaryForm(huge.toUpperCase())).toBeNull();
    expect(s.accentFix(huge)).toBeNull();
    // A workspace word of any length is still known as typed.
    expect(s.isCorrect(huge, new Lexicon([huge]))).toBe(true);
  });

  it('tries at most MAX_CANDIDATES spellings for one word, and fewer when told', () => {
    const { index, speller: s } = speller();
    s.suggest(vowels(MAX_WORD_LETTERS));
    expect(index.asked).toBeGreaterThan(MAX_CANDIDATES / 2); // the cap is what stopped it
    expect(index.asked).toBeLessThanOrEqual(MAX_CANDIDATES);
    index.asked = 0;
    s.suggest(vowels(30), 5, { maxCandidates: 100 });
    expect(index.asked).toBe(100);
  });

  it('stops at the deadline and says so', () => {
    const { speller: s } = speller();
    const limits = { until: performance.now() - 1 };
    s.suggest(vowels(30), 5, limits);
    expect(limits).toMatchObject({ timedOut: true });
    // Past the guaranteed words, a review over its deadline gives no more corrections and is partial.
    const budget = { ...newBudget(), left: 10, until: performance.now() - 1 };
    const cache = new SuggestionCache();
    const issues = spellText(s, new Lexicon(), cache, 0, 'την εταιρια την επενδιση', budget);
    expect(issues.map((i) => i.suggestions)).toEqual([[], []]);
    expect(budget.partial).toBe(true);
  });

  it('reports a long word as misspelt without corrections, and the text around it as usual', () => {
    const { speller: s } = speller();
    const budget = newBudget();
    const long = vowels(500);
    const issues = spellText(s, new Lexicon(), new SuggestionCache(), 0, `την ${long} εταιρια`, budget);
    expect(issues).toEqual([
      { block: 0, from: 4, to: 504, word: long, kind: 'misspelt', suggestions: [] },
      expect.objectContaining({ word: 'εταιρια', suggestions: ['εταιρεία'] }),
    ]);
    expect(budget.partial).toBe(false);
  });

  it('reports at most MAX_UNKNOWN_WORDS distinct unknown words, every occurrence of those, and says the review is partial', () => {
    const { speller: s } = speller();
    const budget = newBudget();
    const distinct = Array.from({ length: MAX_UNKNOWN_WORDS + 50 }, (_, i) => `λεξ${'αβγδεζηθικλμνξοπρστυφχψω'[i % 24]}${'αβγδεζηθικλμνξοπρστυφχψω'[Math.floor(i / 24)]}`);
    const text = [...distinct, distinct[0], distinct[1]].join(' ');
    const issues = spellText(s, new Lexicon(), new SuggestionCache(), 0, text, budget);
    expect(new Set(issues.map((i) => i.word)).size).toBe(MAX_UNKNOWN_WORDS);
    expect(issues).toHaveLength(MAX_UNKNOWN_WORDS + 2);
    expect(budget.partial).toBe(true);
  });
});

describe('skipped spans', () => {
  it('finds addresses and e-mails as before, and looks them up by binary search', () => {
    const text = 'Γράψτε στο info@deltio.gr ή δείτε https://deltio.gr/a και #ΔΕΘ2026.';
    const spans = skippedSpans(text);
    expect(spans.map(([a, b]) => text.slice(a, b))).toEqual(['info@deltio.gr', 'https://deltio.gr/a', '#ΔΕΘ2026']);
    const at = text.indexOf('deltio.gr');
    expect(inSpans(spans, at, at + 3)).toBe(true);
    expect(inSpans(spans, 0, 5)).toBe(false);
    expect(inSpans(spans, text.length - 1)).toBe(false);
    expect(inSpans([], 0, 1)).toBe(false);
  });

  it('an e-mail is matched from the start of its run only (no match inside a long word)', () => {
    expect(skippedSpans(`${'α'.repeat(50_000)} x@y.gr`)).toEqual([[50_001, 50_007]]);
  });
});
