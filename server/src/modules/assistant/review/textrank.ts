/**
 * TextRank (Mihalcea & Tarau, 2004) for Greek: a graph of sentences (edges: shared word
 * stems, normalised by length) ranks the most central sentences; a graph of words (edges:
 * co-occurrence within a window) ranks key words, from which key phrases (runs of adjacent
 * content words) are scored over the whole text. Words are folded (no accents, lower case,
 * σ for ς), Greek stop words dropped and endings stripped, so 'κέντρο' and 'κέντρου' meet.
 */
import { fold } from '../spelling/greek';
import { STOPWORDS } from './text';

/** Inflectional endings, longest first (folded). */
const ENDINGS = [
  'ματων', 'ματοσ', 'ονται', 'οντασ', 'ουμε', 'ουσαν', 'ηθηκε', 'ιασ', 'ιεσ', 'ιων', 'εων', 'ουσ', 'εισ', 'ουν', 'ματα', 'εται', 'ηκε', 'ησε', 'ικα', 'ικο', 'ικη', 'ικοσ', 'ικεσ', 'ικων',
  'ων', 'ου', 'οσ', 'ησ', 'εσ', 'ασ', 'ια', 'ει', 'οι', 'αι', 'α', 'ο', 'η', 'ι', 'ε', 'υ', 'σ',
];

/** A light Greek stem: the folded word without its inflectional ending (at least 4 letters kept). */
export function stem(word: string): string {
  const f = fold(word);
  for (const e of ENDINGS) if (f.endsWith(e) && f.length - e.length >= 4) return f.slice(0, -e.length);
  return f;
}

/** Content words (folded stems) of a text: no stop words, no numbers, 3+ letters. */
export function contentStems(text: string): string[] {
  return (text.match(/[\p{L}\p{M}]+/gu) ?? []).filter((w) => w.length >= 3 && !STOPWORDS.has(fold(w))).map(stem);
}

/** Weighted PageRank over an adjacency matrix (rows: outgoing weights). */
export function pageRank(weights: number[][], damping = 0.85, iterations = 50): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const out = weights.map((row) => row.reduce((a, b) => a + b, 0));
  let score = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < iterations; it++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j++) {
      if (out[j] === 0) {
        // A node with no edges spreads its score evenly (no rank sink).
        for (let i = 0; i < n; i++) next[i]! += (damping * score[j]!) / n;
        continue;
      }
      for (let i = 0; i < n; i++) {
        const w = weights[j]![i]!;
        if (w) next[i]! += (damping * score[j]! * w) / out[j]!;
      }
    }
    const delta = next.reduce((a, v, i) => a + Math.abs(v - score[i]!), 0);
    score = next;
    if (delta < 1e-6) break;
  }
  return score;
}

/** Sentence centrality: TextRank over shared stems, similarity |Si ∩ Sj| / (log|Si| + log|Sj|). */
export function rankSentences(sentences: string[]): number[] {
  const sets = sentences.map((s) => new Set(contentStems(s)));
  const w = sets.map((a, i) =>
    sets.map((b, j) => {
      if (i === j || a.size < 2 || b.size < 2) return 0;
      let shared = 0;
      for (const x of a) if (b.has(x)) shared++;
      return shared / (Math.log(a.size) + Math.log(b.size));
    }),
  );
  return pageRank(w);
}

export interface KeyPhrase {
  /** The phrase as written in the text (its most frequent non-genitive form). */
  text: string;
  stems: string[];
  score: number;
  count: number;
  /** Whether it is a name (every word capitalised). */
  name: boolean;
}

const GENITIVE_ARTICLES = new Set(['του', 'τησ', 'των']);

/** Number words, units and time adverbs (folded): figures and times are not topics. Also a few verbs in -ά. */
const NUMBER_WORDS = new Set(
  'σημερα αυριο χθεσ φετοσ εφετοσ περυσι πλεον επισησ μαλιστα ζητα απαντα μιλα οδηγει ενα μια δυο τρια τρεισ τεσσερα τεσσερισ πεντε εξι επτα εφτα οκτω οχτω εννεα εννια δεκα εικοσι τριαντα σαραντα πενηντα εκατο χιλια χιλιαδεσ εκατομμυρια εκατομμυριων εκατ δισ δισεκατομμυρια ευρω δολαρια τοισ μοναδεσ ποσοστο'.split(
    ' ',
  ),
);

/** Third-person and plural verb endings (folded): a verb ends a key phrase. */
const VERB = /(?:ει|ουν|ουμε|ετε|εται|ονται|ομαστε|ηκε|ηκαν|ησε|ησαν|ισε|ισαν|ασε|ασαν|ωσε|ωσαν|υσε|ξε|ξαν|ψε|ψαν|θηκε|θηκαν|ουσε|ουσαν|ανε|αμε)$/u;
export const looksLikeVerb = (folded: string) => folded.length >= 5 && VERB.test(folded);

/**
 * Key phrases over the whole text: word TextRank (co-occurrence window of 3 content words in a
 * sentence), then every run of 1–4 adjacent content words (no stop word or punctuation
 * between) scored by its words' ranks and how often it occurs.
 */
export function keyPhrases(sentences: string[], max = 8): KeyPhrase[] {
  const index = new Map<string, number>();
  const seqs: { surface: string; stem: string; content: boolean; prev: string }[][] = [];
  for (const s of sentences) {
    const seq: { surface: string; stem: string; content: boolean; prev: string }[] = [];
    let prev = '';
    for (const m of s.matchAll(/[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}]+/gu)) {
      const tok = m[0];
      const isWord = /^[\p{L}\p{M}]+$/u.test(tok);
      const f = fold(tok);
      const content = isWord && tok.length >= 3 && !STOPWORDS.has(f) && !NUMBER_WORDS.has(f) && !looksLikeVerb(f);
      const st = content ? stem(tok) : '';
      if (content && !index.has(st)) index.set(st, index.size);
      seq.push({ surface: tok, stem: st, content, prev });
      if (/^[\p{L}\p{M}\p{N}]+$/u.test(tok)) prev = f;
      else prev = '';
    }
    seqs.push(seq);
  }
  const n = index.size;
  const w = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const seq of seqs) {
    const content = seq.filter((t) => t.content).map((t) => index.get(t.stem)!);
    for (let i = 0; i < content.length; i++) {
      for (let j = i + 1; j < Math.min(content.length, i + 3); j++) {
        if (content[i] === content[j]) continue;
        w[content[i]!]![content[j]!]! += 1;
        w[content[j]!]![content[i]!]! += 1;
      }
    }
  }
  const rank = pageRank(w);
  const wordScore = (st: string) => rank[index.get(st)!]! * n;

  const phrases = new Map<string, { forms: Map<string, number>; stems: string[]; count: number; name: boolean }>();
  for (const seq of seqs) {
    let i = 0;
    while (i < seq.length) {
      if (!seq[i]!.content) {
        i++;
        continue;
      }
      let j = i;
      // A run: adjacent content words; a name starting after common words starts a new run
      // ('περιβαλλοντική οργάνωση | Γαλάζια Ακτή').
      const upper = (t: { surface: string }) => /^\p{Lu}/u.test(t.surface);
      while (j + 1 < seq.length && seq[j + 1]!.content && !(upper(seq[j + 1]!) && !upper(seq[j]!))) j++;
      for (let a = i; a <= j; a++) {
        for (let b = a; b <= Math.min(j, a + 3); b++) {
          const words = seq.slice(a, b + 1);
          const key = words.map((t) => t.stem).join(' ');
          const e = phrases.get(key) ?? { forms: new Map<string, number>(), stems: words.map((t) => t.stem), count: 0, name: true };
          e.count++;
          // A name: every word capitalised (a long word in capitals is shouting, not a name).
          e.name &&= words.every((t) => /^\p{Lu}/u.test(t.surface) && !(t.surface.length >= 5 && t.surface === t.surface.toUpperCase()));
          const form = words.map((t) => t.surface).join(' ');
          // Prefer forms that are not in the genitive after του/της/των: they read as a headline.
          const shouted = words.some((t) => t.surface.length >= 4 && t.surface === t.surface.toUpperCase());
          const weight = (GENITIVE_ARTICLES.has(words[0]!.prev) ? 0.5 : 1) * (shouted ? 0.1 : 1);
          e.forms.set(form, (e.forms.get(form) ?? 0) + weight);
          phrases.set(key, e);
        }
      }
      i = j + 1;
    }
  }
  const out: KeyPhrase[] = [...phrases.values()].map((p) => {
    const scores = p.stems.map(wordScore);
    const sum = scores.reduce((a, b) => a + b, 0);
    // Longer phrases earn their length only when they recur.
    const score = (sum / Math.sqrt(p.stems.length)) * (1 + Math.log(p.count)) * (p.stems.length > 1 && p.count < 2 ? 0.8 : 1);
    const text = [...p.forms.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    return { text, stems: p.stems, score, count: p.count, name: p.name };
  });
  out.sort((a, b) => b.score - a.score);
  // Distinct phrases: drop one whose stems are all inside a better one.
  const picked: KeyPhrase[] = [];
  for (const p of out) {
    if (picked.some((q) => p.stems.every((s) => q.stems.includes(s)))) continue;
    picked.push(p);
    if (picked.length === max) break;
  }
  return picked;
}
