/**
 * Title proposals: headlines that name the news, built from the lead's clause (headline.ts).
 * 1. Who did what: the subject, the verb and the phrases that say most, within the length.
 * 2. «Name: what», when the verb launches or presents something ('παρουσιάζει τη νέα
 *    εφαρμογή' → 'Αιγαίο Τεχνολογίες: νέα εφαρμογή …'), the object in the nominative.
 * 3. Another central sentence whose subject is the same name, else another cut of the lead.
 * Every proposal is a whole clause or a nominative phrase, never a fragment that ends on an
 * article or a preposition, and within `TITLE_MAX_CHARS` (an e-mail subject).
 */
import { fold } from '../spelling/greek';
import type { GreekSpeller } from '../spelling/speller';
import { TITLE_MAX_CHARS } from './checks/style';
import { clauseHeadlines, nominativeObject, parseClause, renderTokens, type Clause } from './headline';
import { wordCount } from './text';

/** Verbs after which «Name: object» says the same thing ('παρουσιάζει', 'εγκαινιάζει', 'εξασφάλισε' …), by folded stem. */
const LAUNCH = /^(παρουσιαζ|παρουσιασ|ανακοινων|ανακοινωσ|εγκαινια|ξεκινα|λανσαρ|διοργανων|εξασφαλ|αποκτ|απεκτ|θετει|θετουν|δημιουργ|ανοιγ|ανοιξ|ιδρυ|υπογραφ|υπεγραψ|προσφερ|εγκαθιστ|κερδισ|κατακτ|εκδιδ|αναπτυσσ|ανεπτυξ)/u;

const stems = (s: string) => new Set((s.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((w) => w.length > 2).map((w) => fold(w).slice(0, 5)));

/** Two titles differ when they have at least two words not in common (not only a phrase more or less), or differ in form. */
function distinct(a: string, b: string): boolean {
  const A = stems(a);
  const B = stems(b);
  let onlyA = 0;
  let onlyB = 0;
  for (const x of A) if (!B.has(x)) onlyA++;
  for (const x of B) if (!A.has(x)) onlyB++;
  // «Name: what» and «Who does what» are two forms even when their words are the same.
  return (onlyA + onlyB >= 2 || a.includes(':') !== b.includes(':')) && fold(a) !== fold(b);
}

/** «Name: object [phrases]» for a launch verb, the longest that fits. */
function nameTitle(c: Clause, speller: GreekSpeller | null, maxChars: number): string | null {
  if (!c.name.length || !LAUNCH.test(fold(c.toks[c.verb[c.verb.length - 1]!]!.text))) return null;
  const name = renderTokens(c.toks, c.name);
  if (!/\p{Lu}/u.test(name.charAt(0))) return null;
  // A single capitalised word that opens the sentence is no name ('Ερευνητές του …').
  if (c.name.length === 1 && c.name[0] === 0) return null;
  const objectAt = c.chunks.findIndex((ch) => ch.kind === 'np');
  if (objectAt < 0) return null;
  const object = c.chunks[objectAt]!;
  const isWord = (w: string) => Boolean(speller?.isCorrect(w));
  // The phrases right after the object (places, figures), in order.
  const after: string[] = [];
  for (const ch of c.chunks.slice(objectAt + 1)) {
    if (ch.kind !== 'pp') break;
    after.push(renderTokens(c.toks, ch.head));
  }
  const options: string[] = [];
  for (let tails = object.tails.length; tails >= 0; tails--) {
    const nom = nominativeObject(c, object, tails, isWord);
    if (!nom) continue;
    // After the colon the words keep their case in the text (a common noun in lower case, a name capitalised).
    for (let k = after.length; k >= 0; k--) options.push(`${name}: ${[nom, ...after.slice(0, k)].join(' ')}`);
  }
  return options.find((t) => [...t].length <= maxChars && wordCount(t) >= 3) ?? null;
}

/** The clause of a sentence whose subject names someone ('Η Αιγαίο Τεχνολογίες …'), not 'Η εφαρμογή …'. */
function namedClause(sentence: string): Clause | null {
  if (/^[«"“]/u.test(sentence)) return null;
  const c = parseClause(sentence);
  return c && c.name.length && c.subject.length ? c : null;
}

/**
 * Up to three distinct titles from the news sentences (`ranked`: in the text's order, the
 * lead first, each with its centrality score).
 */
export function proposeTitles(ranked: { text: string; score: number }[], speller: GreekSpeller | null = null, maxChars = TITLE_MAX_CHARS): string[] {
  const titles: string[] = [];
  const add = (t: string | null | undefined) => {
    if (!t || titles.length >= 3 || [...t].length > maxChars || wordCount(t) < 3) return;
    if (titles.every((x) => distinct(x, t))) titles.push(t);
  };
  // The lead, else the most central sentence that names someone.
  const byScore = [...ranked].slice(1).sort((a, b) => b.score - a.score);
  let lead: Clause | null = ranked[0] ? namedClause(ranked[0].text) ?? parseClause(ranked[0].text) : null;
  if (!lead || clauseHeadlines(lead, maxChars).length === 0) lead = byScore.map((r) => namedClause(r.text)).find((c) => c && clauseHeadlines(c, maxChars).length) ?? null;
  if (!lead) return titles;
  const variants = clauseHeadlines(lead, maxChars);
  add(variants[0]?.text);
  add(nameTitle(lead, speller, maxChars));
  // Another sentence about the same name.
  const name = fold(renderTokens(lead.toks, lead.name));
  for (const r of byScore) {
    if (titles.length >= 3 || !name) break;
    if (r.text === ranked[0]?.text) continue;
    const c = namedClause(r.text);
    if (c && fold(renderTokens(c.toks, c.subject)).includes(name)) add(clauseHeadlines(c, maxChars)[0]?.text);
  }
  for (const v of variants.slice(1)) add(v.text);
  return titles;
}
