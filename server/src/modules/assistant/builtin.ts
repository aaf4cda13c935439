/**
 * The built-in Greek assistant (no network, no model): key phrases and central sentences by
 * TextRank, up to three distinct titles from the lead's clause (review/titles.ts), an
 * extractive summary within a length limit, all three in the speller's spelling, and the text
 * with the automatic fixes of the coach applied, with a list of what changed (nothing is
 * claimed that was not done).
 */
import type { TextChange, TextEdit } from '../../../../shared/schemas/assistant';
import { runChecks, type CheckContext } from './review/checks';
import { EMAIL, findDateline, PHONE } from './review/checks/structure';
import { bodyBlocks, docFromPlainText, sentenceSpans, wordCount, type ReviewDoc } from './review/text';
import { keyPhrases, rankSentences } from './review/textrank';
import { proposeTitles } from './review/titles';
import { correctDoc } from './spelling/correct-text';
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
    // Titles, key phrases and the summary are written as the speller would: misspelt words corrected.
    const doc = correctDoc(speller, sharedCache, docFromPlainText(title, improved.text));
    const ranked = rankedSentences(doc);
    const phrases = keyPhrases([doc.title, ...ranked.map((r) => r.text)].filter(Boolean), 8);
    const summary = extractiveSummary(ranked) || cutAtWord(doc.blocks.map((b) => b.text).join(' ').trim(), SUMMARY_MAX_CHARS);
    let titles = proposeTitles(ranked, speller).map((t) => capitalise(lowerShouting(t, speller)));
    if (titles.length === 0 && doc.title.trim()) titles = [doc.title.trim()];
    const keyphrases = [...new Set(phrases.map((p) => lowerShouting(p.text, speller)))];
    return { titles, summary, improved: improved.text, changes: improved.changes, keyphrases, source: 'builtin' as const };
  },
};
