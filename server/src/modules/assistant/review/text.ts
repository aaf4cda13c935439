/**
 * The text model of the coach: the release as a title and blocks (paragraphs, headings,
 * quotes, list items) with offsets as the editor counts them, split into sentences and words.
 * Pure functions; every check and the built-in suggestions work on this.
 */
import type { ReviewBlock } from '../../../../../shared/schemas/assistant';
import { fold } from '../spelling/greek';

export interface ReviewDoc {
  title: string;
  blocks: ReviewBlock[];
}

export interface Span {
  from: number;
  to: number;
  text: string;
}

/** Abbreviations that end in a dot without ending the sentence (folded). */
const ABBREVIATIONS = new Set(
  'εκατ δισ χιλ τηλ κ κα κκ οδ αρ λεωφ δηλ κλπ κτλ βλ σελ χλμ περ εκ π.χ κ.α κ.λπ μ.μ π.μ τ.μ αε επε ικε οε μκο κοκ δρ καθ υπ συν ιδ αφ ως εισ διευθ'.split(' '),
);

/** Common Greek function words (folded): no topic, no title, no key phrase. */
export const STOPWORDS = new Set(
  (
    'ο η το οι τα του τησ των τον την τη τουσ τισ τεσ στο στη στην στον στα στισ στουσ σε απο με για και κι ' +
    'να θα δεν μη μην που πωσ ωσ οτι αλλα η ενα μια μιασ ενοσ ενασ ειναι ηταν εχει εχουν ειχε ειχαν ' +
    'αυτο αυτη αυτα αυτοσ αυτων αυτεσ αυτοι αυτην αυτον επι κατα μετα προσ χωρισ οπωσ οσο ολα ολεσ ολοι ολων ομωσ ' +
    'επισησ ακομη ακομα πολυ πιο καθε καθωσ μεσα μεσω ενω ηδη οπου εδω εκει σασ μασ μου σου τουσ ' +
    'ή αν εαν ουτε ειτε μονο μολισ εωσ παρα υπο αντι λογω βαση σχετικα οποιο οποια οποιοσ οποιεσ οποιων οποιουσ ' +
    'ενα ενοσ δυο τρια τη τουσ θα εισ κατι καποιο καποια αλλο αλλη αλλα αλλων τοσο ετσι εξησ πλεον οσον ' +
    'the a an of and to in on for with by from at is are was were be this that'
  )
    .split(/\s+/)
    .filter(Boolean),
);

export const isStopword = (w: string) => STOPWORDS.has(fold(w));

const LETTER = /[\p{L}\p{M}]/u;

/** Words of a text with offsets (letters and digits; hyphens and apostrophes split). */
export function wordSpans(text: string): Span[] {
  return [...text.matchAll(/[\p{L}\p{M}\p{N}]+(?:[.,][\p{N}]+)*/gu)].map((m) => ({ from: m.index, to: m.index + m[0].length, text: m[0] }));
}

/** The folded word before position `at` (for abbreviation checks). */
function wordBefore(text: string, at: number): string {
  let i = at;
  while (i > 0 && (LETTER.test(text[i - 1]!) || text[i - 1] === '.')) i--;
  return fold(text.slice(i, at));
}

/**
 * Sentences with offsets: a sentence ends at . ! ; ; … ? (with closing quotes or brackets)
 * before white space and a capital, an opening quote or a digit, but not after an
 * abbreviation (εκατ., κ., Α.Ε.) or a single letter.
 */
export function sentenceSpans(text: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) out.push({ from: start + lead, to: start + lead + trimmed.length, text: trimmed });
  };
  const re = /[.!;;…?]+[»"”’)]*(?=\s+[«"“(]?[\p{Lu}\p{N}])|\n+/gu;
  for (const m of text.matchAll(re)) {
    const end = m.index + m[0].length;
    if (m[0].startsWith('.') && !m[0].startsWith('...')) {
      const before = wordBefore(text, m.index);
      const bare = before.replace(/\.$/, '');
      if (ABBREVIATIONS.has(bare) || ABBREVIATIONS.has(bare.replace(/\./g, '')) || /^\p{L}$/u.test(bare.split('.').pop() ?? '')) continue;
    }
    push(end);
    start = end;
  }
  push(text.length);
  return out;
}

/** Number of words of a text. */
export const wordCount = (text: string) => wordSpans(text).length;

/** Body blocks (not headings) that carry text. */
export const bodyBlocks = (doc: ReviewDoc) =>
  doc.blocks.map((b, index) => ({ ...b, index })).filter((b) => b.type !== 'heading' && b.text.trim().length > 0);

/** Plain text (blank-line separated) as blocks: what the suggestions endpoint receives. */
export function docFromPlainText(title: string, text: string): ReviewDoc {
  const blocks: ReviewBlock[] = text
    .replace(/\r/g, '')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph' as const, text: p, links: [] }));
  return { title, blocks };
}

/** The month names of Greek dates, folded: genitive (5 Μαρτίου), nominative, accusative. */
export const MONTHS: { genitive: string; nominative: string; forms: string[] }[] = [
  ['Ιανουαρίου', 'Ιανουάριος', 'ιανουαριου|ιανουαριοσ|ιανουαριο'],
  ['Φεβρουαρίου', 'Φεβρουάριος', 'φεβρουαριου|φεβρουαριοσ|φεβρουαριο'],
  ['Μαρτίου', 'Μάρτιος', 'μαρτιου|μαρτιοσ|μαρτιο'],
  ['Απριλίου', 'Απρίλιος', 'απριλιου|απριλιοσ|απριλιο'],
  ['Μαΐου', 'Μάιος', 'μαιου|μαιοσ|μαιο'],
  ['Ιουνίου', 'Ιούνιος', 'ιουνιου|ιουνιοσ|ιουνιο'],
  ['Ιουλίου', 'Ιούλιος', 'ιουλιου|ιουλιοσ|ιουλιο'],
  ['Αυγούστου', 'Αύγουστος', 'αυγουστου|αυγουστοσ|αυγουστο'],
  ['Σεπτεμβρίου', 'Σεπτέμβριος', 'σεπτεμβριου|σεπτεμβριοσ|σεπτεμβριο'],
  ['Οκτωβρίου', 'Οκτώβριος', 'οκτωβριου|οκτωβριοσ|οκτωβριο'],
  ['Νοεμβρίου', 'Νοέμβριος', 'νοεμβριου|νοεμβριοσ|νοεμβριο'],
  ['Δεκεμβρίου', 'Δεκέμβριος', 'δεκεμβριου|δεκεμβριοσ|δεκεμβριο'],
].map(([genitive, nominative, forms]) => ({ genitive: genitive!, nominative: nominative!, forms: forms!.split('|') }));

export const MONTH_PATTERN = MONTHS.flatMap((m) => m.forms)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Days of the week, folded, in any case. */
export const DAY_PATTERN = 'δευτερα|δευτερασ|τριτη|τριτησ|τεταρτη|τεταρτησ|πεμπτη|πεμπτησ|παρασκευη|παρασκευησ|σαββατο|σαββατου|κυριακη|κυριακησ';

/** Greek cities and regions a release is dated from (nominative, and the forms after στη/στο/στον). */
export const PLACES: { name: string; forms: string[] }[] = [
  ['Αθήνα', 'αθηνα|αθηνασ'],
  ['Θεσσαλονίκη', 'θεσσαλονικη|θεσσαλονικησ'],
  ['Πάτρα', 'πατρα|πατρασ|πατρεων'],
  ['Ηράκλειο', 'ηρακλειο|ηρακλειου'],
  ['Λάρισα', 'λαρισα|λαρισασ'],
  ['Βόλος', 'βολοσ|βολο|βολου'],
  ['Ιωάννινα', 'ιωαννινα|ιωαννινων'],
  ['Χανιά', 'χανια|χανιων'],
  ['Ρόδος', 'ροδοσ|ροδο|ροδου'],
  ['Καλαμάτα', 'καλαματα|καλαματασ'],
  ['Πειραιάς', 'πειραιασ|πειραια'],
  ['Κέρκυρα', 'κερκυρα|κερκυρασ'],
  ['Καβάλα', 'καβαλα|καβαλασ'],
  ['Σέρρες', 'σερρεσ|σερρων'],
  ['Χαλκίδα', 'χαλκιδα|χαλκιδασ'],
  ['Τρίκαλα', 'τρικαλα|τρικαλων'],
  ['Κοζάνη', 'κοζανη|κοζανησ'],
  ['Ξάνθη', 'ξανθη|ξανθησ'],
  ['Κομοτηνή', 'κομοτηνη|κομοτηνησ'],
  ['Αλεξανδρούπολη', 'αλεξανδρουπολη|αλεξανδρουπολησ'],
  ['Λαμία', 'λαμια|λαμιασ'],
  ['Ρέθυμνο', 'ρεθυμνο|ρεθυμνου'],
  ['Κρήτη', 'κρητη|κρητησ'],
  ['Μύκονος', 'μυκονοσ|μυκονο'],
  ['Σαντορίνη', 'σαντορινη|σαντορινησ'],
  ['Λευκωσία', 'λευκωσια|λευκωσιασ'],
  ['Λεμεσός', 'λεμεσοσ|λεμεσο'],
  ['Μαρούσι', 'μαρουσι|μαρουσιου'],
  ['Κηφισιά', 'κηφισια|κηφισιασ'],
  ['Γλυφάδα', 'γλυφαδα|γλυφαδασ'],
].map(([name, forms]) => ({ name: name!, forms: forms!.split('|') }));

/** The first city or region the text names (in the nominative, as a dateline writes it), if any. */
export function firstPlace(text: string): string | null {
  const folded = fold(text);
  let best: { at: number; name: string } | null = null;
  for (const p of PLACES) {
    for (const f of p.forms) {
      const m = new RegExp(`(?<![\\p{L}])${f}(?![\\p{L}])`, 'u').exec(folded);
      if (m && (!best || m.index < best.at)) best = { at: m.index, name: p.name };
    }
  }
  return best?.name ?? null;
}

/** The date as a dateline writes it: '5 Μαρτίου 2026' (Athens time). */
export function greekDate(d: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return `${get('day')} ${MONTHS[get('month') - 1]!.genitive} ${get('year')}`;
}
