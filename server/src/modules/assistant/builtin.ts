/**
 * The built-in Greek assistant (no network, no model): key phrases and central sentences by
 * TextRank, three distinct titles built from them, an extractive summary within a length
 * limit, and the text with the automatic fixes of the coach applied, with a list of what
 * changed (nothing is claimed that was not done).
 */
import type { TextChange, TextEdit } from '../../../../shared/schemas/assistant';
import { runChecks, type CheckContext } from './review/checks';
import { EMAIL, findDateline, PHONE } from './review/checks/structure';
import { TITLE_MAX_CHARS } from './review/checks/style';
import { bodyBlocks, docFromPlainText, sentenceSpans, STOPWORDS, wordCount, type ReviewDoc } from './review/text';
import { keyPhrases, rankSentences, stem, type KeyPhrase } from './review/textrank';
import { greekSpeller } from './spelling/dictionary';
import { capitalise, fold } from './spelling/greek';
import type { GreekSpeller } from './spelling/speller';
import { Lexicon } from './spelling/speller';
import { spellDoc, SuggestionCache } from './spelling/check-spelling';

export interface Suggestions {
  titles: string[];
  summary: string;
  improved: string;
  changes: TextChange[];
  keyphrases: string[];
  source: 'builtin' | 'remote';
}

export interface AssistantInput {
  title: string;
  text: string;
}

/** One interface, two providers: the built-in Greek assistant and an OpenAI-compatible endpoint. */
export interface AssistantProvider {
  suggest(input: AssistantInput): Promise<Suggestions>;
}

export const SUMMARY_MAX_CHARS = 320;

export interface RankedSentence {
  text: string;
  block: number;
  order: number;
  score: number;
  words: number;
}

/** Where the body ends: the «Σχετικά με» section and the contact lines are not news. */
function newsBlocks(doc: ReviewDoc) {
  const out = [];
  for (const b of bodyBlocks(doc)) {
    if (/^\s*(σχετικα\s+με|λιγα\s+λογια\s+για|ταυτοτητα|about\s)/u.test(fold(b.text))) break;
    if ((EMAIL.test(b.text) || PHONE.test(b.text)) && wordCount(b.text) < 40) continue;
    out.push(b);
  }
  // Headings ('Σχετικά με …') end the news too.
  const about = doc.blocks.findIndex((b) => b.type === 'heading' && /^\s*(σχετικα\s+με|λιγα\s+λογια|ταυτοτητα|επικοινωνια)/u.test(fold(b.text)));
  return about >= 0 ? out.filter((b) => b.index < about) : out;
}

/** The news sentences (the dateline taken off), each with its TextRank score. */
export function rankedSentences(doc: ReviewDoc): RankedSentence[] {
  const d = findDateline(doc);
  const sentences: Omit<RankedSentence, 'score'>[] = [];
  for (const b of newsBlocks(doc)) {
    const text = d && d.block === b.index ? b.text.slice(d.end) : b.text;
    for (const s of sentenceSpans(text)) sentences.push({ text: s.text, block: b.index, order: sentences.length, words: wordCount(s.text) });
  }
  const scores = rankSentences(sentences.map((s) => s.text));
  return sentences.map((s, i) => {
    let score = scores[i]!;
    if (i === 0) score *= 1.2; // news puts the essence first
    if (/^[«"“]/u.test(s.text)) score *= 0.8; // a quote is colour, not the fact
    if (s.words < 6) score *= 0.4;
    else if (s.words < 9) score *= 0.7;
    return { ...s, score };
  });
}

/** The most central sentences, in their original order, within `maxChars`. */
export function extractiveSummary(ranked: RankedSentence[], maxChars = SUMMARY_MAX_CHARS): string {
  const byScore = [...ranked].sort((a, b) => b.score - a.score || a.order - b.order);
  const chosen: RankedSentence[] = [];
  let length = 0;
  for (const s of byScore) {
    if (chosen.length === 3) break;
    if (chosen.length > 0 && length + 1 + s.text.length > maxChars) continue;
    chosen.push(s);
    length += s.text.length + 1;
  }
  if (chosen.length === 1 && chosen[0]!.text.length > maxChars) return cutAtWord(chosen[0]!.text, maxChars);
  return chosen
    .sort((a, b) => a.order - b.order)
    .map((s) => s.text)
    .join(' ');
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:·\s]+$/u, '')}…`;
}

const isFunctionWord = (w: string) => STOPWORDS.has(fold(w.replace(/[^\p{L}\p{M}]/gu, ''))) || /^(δήλωσε|ανέφερε|τόνισε|είπε|σημείωσε)$/u.test(w);

/** A sentence as a headline: its main clause (before a relative or a second clause), ≤ `maxWords`, never ending on a function word. */
export function compress(sentence: string, maxWords = 12): string {
  let s = sentence.replace(/[.!;;…]+$/u, '').replace(/^[«"“]|[»"”]$/gu, '').trim();
  // Headlines drop the leading article of a name ('Η Αιγαίο Τεχνολογίες …' → 'Αιγαίο Τεχνολογίες …'),
  // not of a common noun ('Το έργο θα …' stays: 'Έργο θα …' is not Greek).
  s = s.replace(/^(Ο|Η|Το|Οι|Τα)\s+(?=\p{Lu})/u, '');
  const clause = /,\s+(που|ο οποίος|η οποία|το οποίο|οι οποίοι|οι οποίες|τα οποία|ενώ|καθώς|ώστε|με στόχο|με σκοπό|σύμφωνα με|όπως)\s|\s[—–]\s|:\s|\s\(/u.exec(s);
  if (clause && wordCount(s.slice(0, clause.index)) >= 5) s = s.slice(0, clause.index);
  let words = s.split(/\s+/);
  if (words.length > maxWords) {
    const head = words.slice(0, maxWords).join(' ');
    const comma = head.lastIndexOf(',');
    words = (comma > 20 ? head.slice(0, comma) : head).split(/\s+/);
  }
  while (words.length > 3 && isFunctionWord(words[words.length - 1]!)) words.pop();
  return words.join(' ').replace(/[,:·;-]+$/u, '').trim();
}

/** Runs of capitalised words (names), most frequent first: 'Αιγαίο Τεχνολογίες'. */
export function namedEntities(sentences: string[], max = 3): string[] {
  const counts = new Map<string, { n: number; surface: string }>();
  for (const sentence of sentences) {
    const words = sentence.split(/\s+/);
    let run: string[] = [];
    let runStart = -1;
    const flush = () => {
      const atStart = run.length === 1 && runStart === 0;
      if (run.length && !atStart) {
        const surface = run.join(' ');
        const key = fold(surface);
        if (key.length > 2 && !STOPWORDS.has(key)) {
          const e = counts.get(key) ?? { n: 0, surface };
          e.n += run.length;
          counts.set(key, e);
        }
      }
      run = [];
    };
    words.forEach((w, i) => {
      const bare = w.replace(/^[«"“(]+/u, '');
      const clean = bare.replace(/[,.;;:!»"”)]+$/u, '');
      if (/^\p{Lu}/u.test(bare) && !/\p{Lu}\./u.test(bare) && !STOPWORDS.has(fold(clean)) && clean.length > 1) {
        if (run.length === 0) runStart = i;
        run.push(clean);
        if (/[,.;;:!»"”)]$/u.test(bare)) flush();
      } else flush();
    });
    flush();
  }
  return [...counts.values()].sort((a, b) => b.n - a.n).slice(0, max).map((e) => e.surface);
}

/** 'στη Θεσσαλονίκη', 'στο Ηράκλειο': where it happens (the first such place). */
export function placePhrase(text: string): string | undefined {
  return /(?:^|\s)((?:στη|στην|στο|στον)\s+(?:[\p{Ll}\p{M}]+\s+)?\p{Lu}[\p{Ll}\p{M}]+(?:\s+\p{Lu}[\p{Ll}\p{M}]+)?)/u.exec(text)?.[1];
}

/** Figures with what they count: '12 εκατ. ευρώ', '80 νέες θέσεις εργασίας', '25%'. */
export function figures(text: string): string[] {
  const out: string[] = [];
  const re = /(?<![\p{L}\p{N}])(\d+(?:[.,]\d+)*(?:\s*(?:%|€|εκατ\.|δισ\.))?)((?:\s+[\p{L}\p{M}]+){0,4})/gu;
  for (const m of text.matchAll(re)) {
    const number = m[1]!.trim();
    if (/^(19|20)\d{2}$/.test(number)) continue; // a year is a date, not a figure
    const words = (m[2] ?? '').trim().split(/\s+/).filter(Boolean);
    const kept: string[] = [];
    for (const w of words) {
      if (isFunctionWord(w)) break;
      kept.push(w);
    }
    while (kept.length && isFunctionWord(kept[kept.length - 1]!)) kept.pop();
    if (kept.length === 0) continue; // a bare number or percentage says nothing in a headline
    if (kept.some((w) => /^(Ιανουαρ|Φεβρουαρ|Μαρτ|Απριλ|Μαΐ|Μαι|Ιουν|Ιουλ|Αυγούστ|Σεπτεμβρ|Οκτωβρ|Νοεμβρ|Δεκεμβρ)/u.test(w))) continue;
    out.push([number, ...kept].join(' '));
  }
  return out;
}

const stemsOf = (s: string) => new Set((s.match(/[\p{L}\p{M}]+/gu) ?? []).filter((w) => w.length > 2 && !STOPWORDS.has(fold(w))).map(stem));

function similar(a: string, b: string): boolean {
  const A = stemsOf(a);
  const B = stemsOf(b);
  if (A.size === 0 || B.size === 0) return fold(a) === fold(b);
  let shared = 0;
  for (const x of A) if (B.has(x)) shared++;
  return shared / (A.size + B.size - shared) >= 0.6;
}

const headline = (s: string) => capitalise(s.replace(/\s+/g, ' ').trim());

/** A sentence that carries an address or an e-mail is no headline. */
const hasAddress = (s: string) => /https?:\/\/|www\.|@|\.(gr|com|org|eu)\b/iu.test(s);

/**
 * Words shouted in capitals, written as the dictionary does ('ΝΕΟ ΘΕΡΕΤΡΟ' → 'νέο θέρετρο'):
 * a run of capitals with a word of 4+ letters; acronyms alone (ΟΤΕ) and names stay.
 */
export function lowerShouting(text: string, speller: GreekSpeller | null): string {
  if (!speller) return text;
  const lowerForm = (w: string) => {
    const form = speller.dictionaryForm(w);
    return form && form === form.toLocaleLowerCase('el') ? form : null;
  };
  return text.replace(/(?<![\p{L}\p{M}])[\p{Lu}][\p{Lu}\p{M}]+(?:[ \u00a0]+[\p{Lu}][\p{Lu}\p{M}]+)*(?![\p{L}\p{M}])/gu, (run) => {
    const words = run.split(/([ \u00a0]+)/);
    if (!words.some((w) => w.length >= 4 && lowerForm(w))) return run;
    // Within the run, names take their dictionary capital ('ΣΤΗΝ ΚΡΗΤΗ' → 'στην Κρήτη').
    return words.map((w) => (/^\s+$/u.test(w) ? w : (speller.dictionaryForm(w) ?? w))).join('');
  });
}

/**
 * Up to three distinct titles: the organisation and the main key phrase, the key phrase and
 * the figures, the most central sentences as headlines; none a prefix of the first sentence.
 */
export function proposeTitles(ranked: RankedSentence[], phrases: KeyPhrase[], firstSentence: string, speller: GreekSpeller | null = null): string[] {
  const all = ranked.map((r) => r.text);
  const text = all.join(' ');
  // Who: the name the lead opens with, else the most frequent name.
  const [entity] = [...namedEntities([firstSentence], 1), ...namedEntities(all, 1)];
  const entityStems = entity ? stemsOf(entity) : new Set<string>();
  const topics = phrases.filter((p) => !p.name && !p.stems.some((s) => entityStems.has(s)));
  // The best key phrase; a longer one when it ranks close (it reads better as a headline).
  const topic = topics.find((p) => p.stems.length >= 2 && p.score >= 0.6 * (topics[0]?.score ?? 0)) ?? topics[0];
  const second = topics.find((p) => p !== topic && !(topic && similar(p.text, topic.text)));
  const place = placePhrase(text);
  const byScore = [...ranked].sort((a, b) => b.score - a.score);
  const nums = byScore.flatMap((r) => figures(r.text));
  // Each template gives its variants, longest first; the first that fits is its candidate.
  const templates: string[][] = [];

  // 1. Who and what: the organisation and the main key phrase (and where).
  if (entity && topic) {
    const where = place && !fold(topic.text).includes(fold(place.split(' ').pop()!)) ? ` ${place}` : '';
    templates.push([`${entity}: ${headline(topic.text)}${where}`, `${entity}: ${headline(topic.text)}`]);
  }
  // 2. The figures: what the news counts.
  const figureTopic = topic ?? second;
  const figs = figureTopic ? nums.filter((n) => !n.split(/\s+/).some((w) => figureTopic.stems.includes(stem(w)))) : [];
  if (figureTopic && figs.length) {
    const [a, b] = figs;
    templates.push([`${headline(figureTopic.text)}: ${a}${b && !similar(a!, b) ? ` και ${b}` : ''}`, `${headline(figureTopic.text)}: ${a}`]);
  }
  // 3. The most central sentences that are not the lead (nor quotations), as headlines.
  for (const r of byScore) {
    if (fold(r.text) === fold(firstSentence) || /^[«"“]/u.test(r.text) || hasAddress(r.text)) continue;
    templates.push([headline(compress(r.text)), headline(compress(r.text, 8))]);
  }
  // Fallbacks: the topic with the figure and the place; two key phrases; the lead's main clause.
  if (topic && nums[0]) templates.push([`${headline(topic.text)} με ${nums[0]}${place ? ` ${place}` : ''}`, `${headline(topic.text)} με ${nums[0]}`]);
  if (topic && second) templates.push([`${headline(topic.text)} και ${second.text}`]);
  if (topic) templates.push([`${headline(topic.text)}${place ? ` ${place}` : ''}`]);
  templates.push([headline(compress(firstSentence, 10)), headline(compress(firstSentence, 7))]);

  const bare = (s: string) => fold(s).replace(/^(ο|η|το|οι|τα)\s+/u, '').replace(/[^\p{L}\p{N}\s]/gu, '').replace(/\s+/g, ' ');
  const lead = bare(firstSentence);
  const titles: string[] = [];
  for (const variants of templates) {
    const t = variants.map((v) => headline(lowerShouting(v, speller))).find((v) => [...v].length <= TITLE_MAX_CHARS && wordCount(v) >= 3);
    if (!t) continue;
    if (lead.startsWith(bare(t)) && titles.length < 2) continue; // not a truncation of the first sentence
    if (titles.some((x) => similar(x, t))) continue;
    titles.push(t);
    if (titles.length === 3) break;
  }
  return titles;
}

const CHANGE_LABELS: Record<string, string> = {
  ellipsis: 'Αποσιωπητικά «...» → «…»',
  quotes: 'Εισαγωγικά σε « »',
  question_mark: 'Ερωτηματικό «?» → «;»',
  double_space: 'Διπλά κενά',
  space_before_punctuation: 'Κενό πριν από σημείο στίξης',
  space_after_punctuation: 'Κενό μετά από σημείο στίξης',
  repeated_word: 'Λέξη γραμμένη δύο φορές',
  dateline_month: 'Μήνας της χρονογραμμής στη γενική',
  accent: 'Τονισμός λέξεων',
};

/** Applies replace edits to the blocks (latest first, overlapping edits skipped); counts them per label. */
export function applyEdits(doc: ReviewDoc, edits: { label: string; edit: TextEdit }[]): { doc: ReviewDoc; changes: TextChange[] } {
  const blocks = doc.blocks.map((b) => ({ ...b }));
  const counts = new Map<string, number>();
  const byBlock = new Map<number, { label: string; from: number; to: number; original: string; text: string }[]>();
  for (const { label, edit } of edits) {
    if (edit.type !== 'replace' || edit.block < 0) continue;
    const list = byBlock.get(edit.block) ?? [];
    list.push({ label, ...edit });
    byBlock.set(edit.block, list);
  }
  for (const [block, list] of byBlock) {
    list.sort((a, b) => b.from - a.from || b.to - a.to);
    let text = blocks[block]!.text;
    let limit = Infinity;
    for (const e of list) {
      if (e.to > limit || text.slice(e.from, e.to) !== e.original) continue;
      text = text.slice(0, e.from) + e.text + text.slice(e.to);
      limit = e.from;
      counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
    }
    blocks[block] = { ...blocks[block]!, text };
  }
  return { doc: { ...doc, blocks }, changes: [...counts.entries()].map(([label, count]) => ({ label, count })) };
}

/**
 * The text with the safe automatic fixes of the coach (punctuation, spacing, repeated words,
 * the dateline's month) and the tonos of words whose only correction is the accent.
 */
const sharedCache = new SuggestionCache();

export function improveText(doc: ReviewDoc, speller: GreekSpeller, ctx: CheckContext, cache = sharedCache): { text: string; changes: TextChange[] } {
  const edits: { label: string; edit: TextEdit }[] = [];
  for (const f of runChecks(doc, ctx)) {
    if (!f.fix?.safe || !CHANGE_LABELS[f.check]) continue;
    for (const edit of f.fix.edits) edits.push({ label: CHANGE_LABELS[f.check]!, edit });
  }
  // No corrections are computed here (no budget): only the words whose one fix is the tonos.
  for (const issue of spellDoc(speller, new Lexicon(), cache, doc, { left: 0, until: 0 })) {
    const fix = issue.kind === 'misspelt' ? speller.accentFix(issue.word) : null;
    if (!fix) continue;
    edits.push({ label: CHANGE_LABELS.accent!, edit: { type: 'replace', block: issue.block, from: issue.from, to: issue.to, original: issue.word, text: fix } });
  }
  const { doc: fixed, changes } = applyEdits(doc, edits);
  return { text: fixed.blocks.map((b) => b.text).join('\n\n'), changes };
}

const plainContext = (speller: GreekSpeller): CheckContext => ({
  speller,
  organization: { name: null, website: null, description: null },
  contact: null,
  publicUrl: 'http://localhost',
  newsroomSlug: null,
  today: new Date(),
});

export const builtinAssistant: AssistantProvider = {
  async suggest({ title, text }) {
    const speller = await greekSpeller();
    const original = docFromPlainText(title, text);
    const improved = improveText(original, speller, plainContext(speller));
    // Titles and summary come from the text with its punctuation fixed (still the writer's sentences).
    const doc = docFromPlainText(title, improved.text);
    const ranked = rankedSentences(doc);
    const first = ranked[0]?.text ?? '';
    const phrases = keyPhrases([title, ...ranked.map((r) => r.text)].filter(Boolean), 8);
    const summary = extractiveSummary(ranked) || cutAtWord(text.trim(), SUMMARY_MAX_CHARS);
    let titles = proposeTitles(ranked, phrases, first, speller);
    if (titles.length === 0 && title.trim()) titles = [title.trim()];
    const keyphrases = [...new Set(phrases.map((p) => lowerShouting(p.text, speller)))];
    return { titles, summary, improved: improved.text, changes: improved.changes, keyphrases, source: 'builtin' as const };
  },
};
