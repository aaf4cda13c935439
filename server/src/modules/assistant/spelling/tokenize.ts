/**
 * Words of a text with their offsets (UTF-16, as the editor counts), for the speller. What
 * is not a word to check is left out: web addresses, e-mail addresses, hashtags, anything
 * with a digit (5G, COVID-19), single letters and dotted initials (Α.Ε., π.χ.).
 */
import { hasGreek, hasLatin } from './greek';

export interface WordToken {
  word: string;
  from: number;
  to: number;
  script: 'greek' | 'latin' | 'mixed';
  /** First word of a sentence (a capital there says nothing about a name). */
  sentenceStart: boolean;
  /** The character right after the word ('.' for an abbreviation, an apostrophe for an elision). */
  next: string;
}

/**
 * Spans not to spell-check: addresses, e-mails, hashtags and mentions. An e-mail starts where
 * its run of characters starts (the look-behind): tried from every letter of a long word, the
 * pattern took time growing with the square of its length (1.2 s for one 5,000-letter word).
 */
const SKIP = /\b(?:https?:\/\/|www\.)[^\s<>«»"]+|(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}|[#@][\p{L}\p{N}_]+|(?<![\p{L}\p{N}])[\p{L}\p{N}-]+\.(?:gr|com|eu|org|net|io|info|edu|gov)(?:\/[^\s]*)?(?![\p{L}\p{N}])/giu;

/** A word: letters (with combining marks), joined by nothing else; hyphens and apostrophes split. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function skippedSpans(text: string): [number, number][] {
  return [...text.matchAll(SKIP)].map((m) => [m.index, m.index + m[0].length]);
}

/** Whether [from, to) overlaps one of `spans` (sorted, apart, as skippedSpans gives them): a binary search. */
export function inSpans(spans: [number, number][], from: number, to = from + 1): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]![1] <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo < spans.length && spans[lo]![0] < to;
}

export function wordTokens(text: string): WordToken[] {
  const skip = skippedSpans(text);
  const tokens: WordToken[] = [];
  let sentenceStart = true;
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const from = m.index;
    const to = from + m[0].length;
    const between = text.slice(last, from);
    if (/[.!;;…?]\s*[«"“(]?\s*$/u.test(between) && !/(?<![\p{L}])\p{L}\.\s*$/u.test(text.slice(Math.max(0, from - 4), from))) sentenceStart = true;
    if (/\n/.test(between)) sentenceStart = true;
    last = to;
    const word = m[0];
    const isStart = sentenceStart;
    sentenceStart = false;
    if (inSpans(skip, from, to)) continue;
    if (/\p{N}/u.test(word)) continue;
    const letters = word.replace(/\p{M}/gu, '');
    if (letters.length < 2) continue;
    // Dotted initials and abbreviations written with dots between letters: Α.Ε., Ε.Π.Ε., κ.λπ.
    if (text[to] === '.' && /^\p{L}\.$/u.test(text.slice(to - 1, to + 1)) && /\p{L}\.\p{L}/u.test(text.slice(from - 2, to + 2))) continue;
    const greek = hasGreek(word);
    const latin = hasLatin(word);
    tokens.push({ word, from, to, script: greek && latin ? 'mixed' : greek ? 'greek' : 'latin', sentenceStart: isStart, next: text.charAt(to) });
  }
  return tokens;
}
