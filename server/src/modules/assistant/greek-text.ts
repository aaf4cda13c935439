/** Greek-aware text utilities for the built-in writing assistant (no network, no model). */
import { normalizeSearch } from '../../../../shared/search-text';

/** Common Greek function words that carry no topic (compared accent-free, lower-case). */
const STOPWORDS = new Set(
  (
    'ο η το οι τα του της των τον την τη στο στη στην στον στα στις στους σε απο από με για και ' +
    'να θα δεν μη μην που πως ως οτι ότι αλλα αλλά ή η ενα ένα μια μία ενας ένας ειναι είναι ηταν ήταν ' +
    'εχει έχει εχουν έχουν ειχε είχε αυτο αυτό αυτη αυτή αυτα αυτά αυτος αυτός αυτων αυτών επι επί ' +
    'κατα κατά μετα μετά προς χωρις χωρίς οπως όπως οσο όσο ολα όλα ολες όλες ολοι όλοι ομως όμως ' +
    'επισης επίσης ακομη ακόμη ακομα ακόμα πολυ πολύ πιο καθε κάθε καθως καθώς μεσα μέσα μεσω μέσω ' +
    'τους τις τες σας μας μου σου του της τους ενω ενώ ηδη ήδη οπου όπου εδω εδώ εκει εκεί ' +
    'the a an of and to in on for with by from at is are was were be this that'
  )
    .split(/\s+/)
    .map((w) => normalizeSearch(w)),
);

export interface Sentence {
  text: string;
  index: number;
  words: string[];
}

/** Splits into sentences on . ! ; (the Greek question mark) and line breaks, keeping abbreviations whole. */
export function splitSentences(text: string): Sentence[] {
  const cleaned = text.replace(/\r/g, '');
  const parts = cleaned
    .split(/\n{2,}|(?<=[.!;…])\s+(?=[«"(]?[Α-ΩΆΈΉΊΌΎΏA-Z0-9])|\n/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return parts.map((t, index) => ({ text: t, index, words: contentWords(t) }));
}

/** Lower-case, accent-free content words (stopwords and short tokens removed). */
export function contentWords(text: string): string[] {
  return (normalizeSearch(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !STOPWORDS.has(w));
}

/** Crude Greek stem, so 'ανακοινώνει' and 'ανακοίνωση' meet: the first 6 letters. */
const stem = (w: string) => (w.length > 6 ? w.slice(0, 6) : w);

/**
 * Ranks sentences by centrality: each sentence's similarity to all others (shared stems,
 * length-normalised), a TextRank-like score without iterations, with a small bonus for
 * the lead sentence (news style puts the essence first).
 */
export function rankSentences(sentences: Sentence[]): { sentence: Sentence; score: number }[] {
  const stems = sentences.map((s) => new Set(s.words.map(stem)));
  return sentences
    .map((sentence, i) => {
      let score = 0;
      for (let j = 0; j < sentences.length; j++) {
        if (i === j) continue;
        let shared = 0;
        for (const w of stems[i]!) if (stems[j]!.has(w)) shared++;
        const norm = Math.log(stems[i]!.size + 1) + Math.log(stems[j]!.size + 1);
        if (norm > 0) score += shared / norm;
      }
      if (i === 0) score *= 1.25;
      if (sentence.words.length < 3) score *= 0.3;
      return { sentence, score };
    })
    .sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index);
}

/** Key phrases: frequent content words, preferring proper names (capitalised mid-sentence). */
export function keyPhrases(text: string, max = 5): string[] {
  const counts = new Map<string, { n: number; surface: string; proper: boolean }>();
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}.-]*/gu) ?? [];
  tokens.forEach((tok, i) => {
    const key = normalizeSearch(tok);
    if (key.length < 3 || STOPWORDS.has(key)) return;
    const proper = /^[\p{Lu}]/u.test(tok) && i > 0;
    const e = counts.get(stem(key)) ?? { n: 0, surface: tok, proper: false };
    e.n += 1;
    e.proper ||= proper;
    if (proper) e.surface = tok;
    counts.set(stem(key), e);
  });
  return [...counts.values()]
    .sort((a, b) => b.n * (b.proper ? 2 : 1) - a.n * (a.proper ? 2 : 1))
    .slice(0, max)
    .map((e) => e.surface.replace(/[.]+$/, ''));
}

const isFunctionWord = (w: string) => STOPWORDS.has(normalizeSearch(w.replace(/[^\p{L}]/gu, ''))) || /^(δήλωσε|ανέφερε|τόνισε|είπε)$/u.test(w);

/**
 * Shortens a sentence to at most `maxWords`, cutting at a comma when it can, and never
 * ending on a function word ('ότι', 'είναι', 'της'...).
 */
export function shorten(sentence: string, maxWords = 12): string {
  const stripped = sentence.replace(/[.!;…]+$/u, '').trim();
  let words = stripped.split(/\s+/);
  if (words.length > maxWords) {
    const head = words.slice(0, maxWords).join(' ');
    const cut = head.search(/,[^,]*$/);
    words = (cut > 20 ? head.slice(0, cut) : head).split(/\s+/);
  }
  while (words.length > 3 && isFunctionWord(words[words.length - 1]!)) words.pop();
  return words.join(' ').replace(/[,:·-]+$/u, '').trim();
}

/** Names: runs of capitalised words (e.g. 'Αιγαίο Τεχνολογίες'), most frequent first. */
export function namedEntities(text: string, max = 3): string[] {
  const counts = new Map<string, { n: number; surface: string }>();
  for (const sentence of splitSentences(text)) {
    const words = sentence.text.split(/\s+/);
    let run: string[] = [];
    const flush = () => {
      // A single capitalised word at the sentence start is just a capital, not a name.
      const atStart = run.length === 1 && words.indexOf(run[0]!) === 0;
      if (run.length && !atStart) {
        const surface = run.join(' ').replace(/[,.;:!«»"()]+$/u, '');
        const key = normalizeSearch(surface);
        if (key.length > 2 && !STOPWORDS.has(key)) {
          const e = counts.get(key) ?? { n: 0, surface };
          e.n += run.length; // longer names weigh more
          counts.set(key, e);
        }
      }
      run = [];
    };
    for (const w of words) {
      const bare = w.replace(/^[«"(]+/u, '');
      // Abbreviations with dots (Α.Ε., Ε.Π.Ε.) end a name rather than join it.
      if (/^[\p{Lu}]/u.test(bare) && !/[\p{Lu}]\./u.test(bare) && !STOPWORDS.has(normalizeSearch(bare))) {
        run.push(bare.replace(/[,.;:!»")]+$/u, ''));
        if (/[,.;:!]$/u.test(bare)) flush();
      } else flush();
    }
    flush();
  }
  return [...counts.values()].sort((a, b) => b.n - a.n).slice(0, max).map((e) => e.surface);
}

/** The most frequent pair of adjacent content words, in its most common written form. */
export function topicPhrase(text: string): string | undefined {
  const counts = new Map<string, { n: number; forms: Map<string, number> }>();
  for (const sentence of splitSentences(text)) {
    const tokens = sentence.text.match(/[\p{L}\p{N}]+/gu) ?? [];
    for (let i = 0; i + 1 < tokens.length; i++) {
      const [a, b] = [tokens[i]!, tokens[i + 1]!];
      if (/^[\p{Lu}]/u.test(a) || isFunctionWord(a) || isFunctionWord(b) || a.length < 3 || b.length < 3) continue;
      const key = `${stem(normalizeSearch(a))} ${stem(normalizeSearch(b))}`;
      const e = counts.get(key) ?? { n: 0, forms: new Map<string, number>() };
      e.n += 1;
      const form = `${a} ${b}`;
      e.forms.set(form, (e.forms.get(form) ?? 0) + 1);
      counts.set(key, e);
    }
  }
  const best = [...counts.values()].filter((e) => e.n >= 2).sort((x, y) => y.n - x.n)[0];
  return best ? [...best.forms.entries()].sort((x, y) => y[1] - x[1])[0]![0] : undefined;
}

/** Where it happens: 'στη Θεσσαλονίκη', 'στην Αθήνα' (the first such place named). */
export function placePhrase(text: string): string | undefined {
  return /(?:^|\s)((?:στη|στην|στο|στον)\s+[\p{Lu}][\p{Ll}]+(?:\s+[\p{Lu}][\p{Ll}]+)?)/u.exec(text)?.[1];
}

/**
 * Cleans text up: spacing, Greek punctuation (; for ?), «» quotes, ellipsis, repeated words,
 * a capital at each paragraph start. Paragraphs are kept.
 */
export function cleanUp(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) =>
      para
        .replace(/[ \t]+/g, ' ')
        .replace(/\s*\n\s*/g, ' ')
        .replace(/\s+([,.;:!·…])/g, '$1')
        .replace(/([,;:!·])(?=[\p{L}])/gu, '$1 ')
        .replace(/\.(?=[\p{Lu}][\p{Ll}])/gu, '. ')
        .replace(/\.{3}/g, '…')
        .replace(/\?/g, ';')
        .replace(/"([^"]+)"/g, '«$1»')
        .replace(/“([^”]+)”/g, '«$1»')
        .replace(/(?<![\p{L}])([\p{L}]+)(?:\s+\1)+(?![\p{L}])/giu, '$1')
        .replace(/^[\p{Ll}]/u, (ch) => ch.toUpperCase())
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}
