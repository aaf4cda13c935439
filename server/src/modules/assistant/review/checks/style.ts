/** Style and length: words in capitals, overlong sentences and paragraphs, the title as an e-mail subject. */
import { TITLE_BLOCK, type Finding } from '../../../../../../shared/schemas/assistant';
import { capitalise, casingOf, hasGreek } from '../../spelling/greek';
import { bodyBlocks, sentenceSpans, wordCount, type ReviewDoc } from '../text';
import { makeFinding, replace, type CheckContext } from './finding';
import { texts } from './punctuation';

/** Past this many characters an e-mail subject is cut in most inboxes. */
export const TITLE_MAX_CHARS = 78;
export const SENTENCE_MAX_WORDS = 35;
export const PARAGRAPH_MAX_WORDS = 120;

/**
 * Shouting: two or more words in capitals in a row (8+ letters), or one ordinary word of 6+
 * letters in capitals. Acronyms (ΕΣΠΑ, ΟΤΕ, UNESCO) are not ordinary words: the dictionary does
 * not know them, so they are left alone. The fix writes the words as the dictionary does.
 */
export function allCaps(doc: ReviewDoc, ctx: CheckContext): Finding[] {
  const speller = ctx.speller;
  if (!speller) return [];
  const out: Finding[] = [];
  for (const { block, text } of texts(doc)) {
    const re = /(?<![\p{L}\p{M}])[\p{Lu}][\p{Lu}\p{M}]+(?:[ \u00a0]+[\p{Lu}][\p{Lu}\p{M}]+)*(?![\p{L}\p{M}])/gu;
    for (const m of text.matchAll(re)) {
      const words = m[0].split(/[ \u00a0]+/);
      const forms = words.map((w) => (casingOf(w) === 'upper' && w.length > 1 ? speller.dictionaryForm(w) : null));
      const ordinary = forms.filter((f) => f !== null && f === f.toLocaleLowerCase('el')).length;
      const letters = words.join('').length;
      const shouting = (words.length >= 2 && letters >= 8 && ordinary >= 1) || (words.length === 1 && letters >= 6 && ordinary === 1);
      if (!shouting) continue;
      const from = m.index;
      const to = from + m[0].length;
      const sentenceStart = /(^|[.!;;…?»]\s+|^\s*)$/u.test(text.slice(0, from)) || block === TITLE_BLOCK;
      let fixed = words.map((w, i) => forms[i] ?? w).join(' ');
      if (sentenceStart) fixed = capitalise(fixed);
      const at = { block, from, to, text };
      out.push(
        makeFinding(
          'all_caps',
          'style',
          'warning',
          `Κεφαλαία γράμματα («${m[0].length > 40 ? `${m[0].slice(0, 40)}…` : m[0]}»): στα δελτία τύπου διαβάζονται σαν φωνές. Γράψτε με πεζά.`,
          at,
          { label: `Αλλαγή σε «${fixed.length > 40 ? `${fixed.slice(0, 40)}…` : fixed}»`, edits: [replace(block, text, from, to, fixed)], safe: false },
        ),
      );
    }
  }
  return out;
}

export function sentenceLength(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const b of bodyBlocks(doc)) {
    for (const s of sentenceSpans(b.text)) {
      const n = wordCount(s.text);
      if (n <= SENTENCE_MAX_WORDS || !hasGreek(s.text)) continue;
      out.push(
        makeFinding('long_sentence', 'style', 'info', `Μεγάλη πρόταση (${n} λέξεις): πάνω από ${SENTENCE_MAX_WORDS} λέξεις κουράζουν. Χωρίστε τη σε δύο.`, {
          block: b.index,
          from: s.from,
          to: s.to,
          text: b.text,
        }),
      );
    }
  }
  return out;
}

export function paragraphLength(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const b of bodyBlocks(doc)) {
    const n = wordCount(b.text);
    if (n <= PARAGRAPH_MAX_WORDS) continue;
    out.push(
      makeFinding('long_paragraph', 'style', 'info', `Μεγάλη παράγραφος (${n} λέξεις): χωρίστε τη, ώστε να διαβάζεται εύκολα στην οθόνη.`, {
        block: b.index,
        from: 0,
        to: b.text.length,
        text: b.text,
      }),
    );
  }
  return out;
}

export function titleChecks(doc: ReviewDoc): Finding[] {
  const title = doc.title;
  const t = title.trim();
  const out: Finding[] = [];
  if (!t) {
    out.push(makeFinding('title_missing', 'structure', 'warning', 'Το δελτίο δεν έχει τίτλο.', null));
    return out;
  }
  const chars = [...t].length;
  if (chars > TITLE_MAX_CHARS) {
    out.push(
      makeFinding(
        'title_length',
        'structure',
        'warning',
        `Ο τίτλος έχει ${chars} χαρακτήρες: ως θέμα e-mail κόβεται μετά τους ${TITLE_MAX_CHARS} περίπου. Συντομεύστε τον (δείτε τους προτεινόμενους τίτλους).`,
        { block: TITLE_BLOCK, from: 0, to: title.length, text: title },
      ),
    );
  }
  const period = /(?<!\.)\.\s*$/.exec(title);
  if (period) {
    out.push(
      makeFinding('title_period', 'punctuation', 'info', 'Ο τίτλος δεν τελειώνει με τελεία.', { block: TITLE_BLOCK, from: period.index, to: title.length, text: title }, {
        label: 'Αφαίρεση της τελείας',
        edits: [replace(TITLE_BLOCK, title, period.index, title.length, '')],
        safe: true,
      }),
    );
  }
  return out;
}
