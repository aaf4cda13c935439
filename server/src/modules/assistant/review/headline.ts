/**
 * Headlines from the lead: who did what, as Greek writes a news headline. The lead's first
 * clause is split into its subject (the words before the finite verb), the verb, and the
 * phrases after it (the object, prepositional phrases, times); a headline keeps the subject,
 * the verb and the phrases that say most within the length, in their order and in their own
 * case (nothing is re-inflected, so agreement holds), and drops what a headline drops: times
 * ('σήμερα', 'τον Μάιο'), possessive clitics ('του κέντρου δεδομένων της στη …'), relative
 * and participial clauses. It never ends on an article or a preposition. A second form, «Name:
 * object», puts the object in the nominative only where Greek writes it the same, or the
 * dictionary confirms the nominative form.
 */
import { accentCount, capitalise, dropLastAccent, fold } from '../spelling/greek';

/** A word of the sentence: its text and folded form. */
export interface Tok {
  text: string;
  f: string;
  /** Punctuation that ends a clause (, ; : — – ( ) or a quotation span («…»). */
  type: 'word' | 'num' | 'quote' | 'punct';
}

const set = (s: string) => new Set(s.split(' ').filter(Boolean));
const NOM_ARTICLES = set('ο η οι το τα');
const ACC_ARTICLES = set('τον την τη το τους τισ τα');
const GEN_ARTICLES = set('του τησ των');
const PREPOSITIONS = set('σε στον στην στη στο στουσ στισ στα στων απο απ με για προσ εωσ μεχρι κατα χωρισ μεσω υπο ωσ εναντι μεταξυ παρα χαρη λογω εντοσ εκτοσ αντι');
/** Words that end the main clause: relatives, conjunctions of a new clause, the infinitive marker. */
const CLAUSE_END = set('που οποιοσ οποια οποιο οποιοι οποιεσ οποιων οποιου οποιασ οποιουσ ενω καθωσ ωστε οπου οταν αφου επειδη οτι πωσ να εφοσον ενωσ οπωσ');
/** Adverbs of time and manner that a headline drops. */
const DROP_ADVERBS = set('σημερα χθεσ αυριο φετοσ εφετοσ φετινο επισημα ηδη πλεον τωρα σημερινη αποψε ξανα επισησ μαλιστα ακομη ακομα');
const MONTH = /^(ιανουαρ|φεβρουαρ|μαρτ|απριλ|μαι|μαΐ|ιουν|ιουλ|αυγουστ|σεπτεμβρ|οκτωβρ|νοεμβρ|δεκεμβρ)/u;
const TIME_WORDS = set(
  'δευτερα τριτη τεταρτη πεμπτη παρασκευη σαββατο κυριακη καλοκαιρι χειμωνα φθινοπωρο ανοιξη σαββατοκυριακο εβδομαδα μηνα χρονο ετοσ τελοσ αρχεσ αρχη μεσα πρωι απογευμα βραδυ ωρα',
);
/** Reporting verbs: 'ανακοινώνει ότι …' takes its news from the clause after 'ότι'. */
const REPORTING = set('ανακοινωνει ανακοινωνουν ανακοινωσε ανακοινωσαν γνωστοποιει ενημερωνει δηλωνει επιβεβαιωνει');
/** Verb + phrase that work as one verb ('θέτει σε λειτουργία'). */
const VERB_IDIOMS = [/^σε (λειτουργια|εφαρμογη|κυκλοφορια|διαβουλευση)$/u, /^στην (αγορα|κυκλοφορια|διαθεση)$/u];
/** Verbs in -ά (ξεκινά) that the endings below would miss. */
const A_VERBS = set('ξεκινα μετρα ζητα απαντα προχωρα περνα κερδιζει εγκαθιστα αντικαθιστα καθιστα συνιστα διαθετα πουλα οδηγα βοηθα αγαπα γελα κοστιζει');

const isYear = (t: Tok) => t.type === 'num' && /^(19|20)\d{2}$/.test(t.text);
const isLower = (s: string) => s === s.toLocaleLowerCase('el') && /\p{Ll}/u.test(s);
const isCapitalised = (s: string) => /^[«"“(]?\p{Lu}/u.test(s);

/** A finite verb (third person, present, past or passive) by its ending; lower case only. */
export function isFiniteVerb(t: Tok): boolean {
  if (t.type !== 'word' || !isLower(t.text) || t.f.length < 3) return false;
  const f = t.f;
  if (f === 'ειναι' || f === 'ηταν' || f === 'εχει' || f === 'εχουν' || f === 'ειχε' || f === 'ειχαν') return true;
  if (A_VERBS.has(f)) return true;
  if (f.length < 5) return false;
  if (/(ει|ουν|εται|ονται|ιεται|αται|ειται|ουνται)$/u.test(f)) return true;
  if (/(ησε|ισε|ασε|ωσε|υσε|εσε|ξε|ψε|θηκε|ηκε|ησαν|ισαν|ασαν|ωσαν|υσαν|ξαν|ψαν|θηκαν|ηκαν|καν|χτηκε|φτηκε)$/u.test(f)) {
    // Nouns that end the same way: few, and never after an article (checked by the caller).
    return !/(ιδε|ασε)$/u.test(f) || f.length > 6;
  }
  return false;
}

/** The sentence as tokens (numbers with their decimals and %, «quotations» as one token). */
export function tokens(sentence: string): Tok[] {
  const out: Tok[] = [];
  const re = /«[^»]*»|"[^"]*"|\d+(?:[.,]\d+)*(?:\s?%|(?:η|ο|ος|ης|α)(?![\p{L}\p{M}]))?|[\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:[-–][\p{L}\p{M}\p{N}]+)*\.?|[^\s\p{L}\p{M}\p{N}]/gu;
  for (const m of sentence.matchAll(re)) {
    const text = m[0];
    if (/^[«"]/.test(text) && text.length > 1) out.push({ text, f: fold(text), type: 'quote' });
    else if (/^\d/.test(text)) out.push({ text, f: text, type: 'num' });
    else if (/^[\p{L}\p{M}]/u.test(text)) {
      // A final dot belongs to an abbreviation (εκατ.); the sentence's own is gone already.
      out.push({ text, f: fold(text.replace(/\.$/, '')), type: 'word' });
    } else out.push({ text, f: text, type: 'punct' });
  }
  return out;
}

/** Nouns of an action whose object is their genitive ('την πρώτη έκδοση | της εφαρμογής', 'τη λειτουργία | του κέντρου'). */
const isActionNoun = (t: Tok) => /(ση|ξη|ψη|σεισ|ξεισ)$/u.test(t.f) || /^(λειτουργια|δημιουργια|εναρξη|εκδοση|παρουσιαση|ιδρυση|κατασκευη|ολοκληρωση)$/u.test(t.f);

/** A phrase after the verb: its head and optional tails (genitives, coordinated words), each a list of token indices. */
export interface Chunk {
  kind: 'np' | 'pp' | 'time' | 'adverbial';
  head: number[];
  tails: number[][];
}

/** Whether a chunk is about time (a month, a day, a year, 'τον Μάιο', 'έως το τέλος του 2027'). */
function isTimeChunk(toks: Tok[], c: Chunk): boolean {
  const all = [...c.head, ...c.tails.flat()].map((i) => toks[i]!);
  return all.some((t) => (t.type === 'word' && (MONTH.test(t.f) || TIME_WORDS.has(t.f))) || isYear(t)) && all.filter((t) => t.type === 'word' && !PREPOSITIONS.has(t.f) && !ACC_ARTICLES.has(t.f) && !GEN_ARTICLES.has(t.f) && !NOM_ARTICLES.has(t.f)).length <= 3;
}

/** Splits the tokens after the verb into phrases, up to the end of the clause. */
export function chunksAfter(toks: Tok[], start: number): Chunk[] {
  const chunks: Chunk[] = [];
  let cur: Chunk | null = null;
  /** Where words go now: the head or the last tail of the current chunk. */
  let into: number[] | null = null;
  const open = (kind: Chunk['kind'], i: number) => {
    cur = { kind, head: [i], tails: [] };
    chunks.push(cur);
    into = cur.head;
  };
  const close = () => {
    cur = null;
    into = null;
  };
  for (let i = start; i < toks.length; i++) {
    const t = toks[i]!;
    const next = toks[i + 1];
    if (t.type === 'punct') {
      if (t.text === '%' && into) {
        into.push(i);
        continue;
      }
      break; // , ; : — ( end the main clause
    }
    if (t.type === 'word' && (CLAUSE_END.has(t.f) || /(οντασ|ωντασ)$/u.test(t.f))) break;
    if (t.type === 'word' && t.f === 'και') {
      if (!next || (next.type === 'word' && isFiniteVerb(next)) || next.f === 'θα' || next.f === 'να') break;
      if (!cur) break;
      const tail = [i];
      (cur as Chunk).tails.push(tail);
      into = tail;
      continue;
    }
    if (t.type === 'word' && DROP_ADVERBS.has(t.f)) {
      chunks.push({ kind: 'adverbial', head: [i], tails: [] });
      close();
      continue;
    }
    if (t.type === 'word' && GEN_ARTICLES.has(t.f)) {
      // A genitive article before a word is a complement; before a phrase boundary it is a possessive clitic (dropped).
      const clitic = !next || next.type === 'punct' || (next.type === 'word' && (PREPOSITIONS.has(next.f) || ACC_ARTICLES.has(next.f) || NOM_ARTICLES.has(next.f) || GEN_ARTICLES.has(next.f) || CLAUSE_END.has(next.f) || next.f === 'και' || DROP_ADVERBS.has(next.f)));
      if (clitic || !cur) continue;
      // 'και της Θεσσαλίας': the genitive goes on with the coordinated tail.
      const c = cur as Chunk;
      const last = c.tails[c.tails.length - 1];
      if (into && last === into && last.length === 1 && toks[last[0]!]!.f === 'και') last.push(i);
      else {
        const tail = [i];
        c.tails.push(tail);
        into = tail;
      }
      continue;
    }
    if (t.type === 'word' && PREPOSITIONS.has(t.f)) {
      // 'για πρώτη φορά', 'για δέκατη χρονιά': an adverbial, optional.
      const words = toks.slice(i + 1, i + 4).map((x) => x.f);
      const k = words.findIndex((w) => /^(φορα|φορεσ|χρονια|συνεχη)$/u.test(w));
      if (t.f === 'για' && k >= 0 && k <= 2) {
        chunks.push({ kind: 'adverbial', head: Array.from({ length: k + 2 }, (_, j) => i + j), tails: [] });
        i += k + 1;
        close();
        continue;
      }
      open('pp', i);
      continue;
    }
    if (t.type === 'word' && (ACC_ARTICLES.has(t.f) || NOM_ARTICLES.has(t.f))) {
      // After a bare preposition the article belongs to it ('από το Ηράκλειο').
      const c = cur as Chunk | null;
      if (c && into === c.head && c.kind === 'pp' && c.head.length === 1) {
        c.head.push(i);
        continue;
      }
      if (c && into && into.length === 1 && toks[into[0]!]!.f === 'και') {
        into.push(i);
        continue;
      }
      open('np', i);
      continue;
    }
    if (t.type === 'word' && isFiniteVerb(t) && cur && (cur as Chunk).head.length > 1) break; // a second verb: a new clause
    if (!into) open('np', i);
    else into.push(i);
    // 'τον Μάιο', 'το 2025', 'την Τρίτη': a time ends there.
    const c = cur as unknown as Chunk;
    if (into === c.head && c.head.length === 2 && (ACC_ARTICLES.has(toks[c.head[0]!]!.f) || NOM_ARTICLES.has(toks[c.head[0]!]!.f)) && (MONTH.test(t.f) || TIME_WORDS.has(t.f) || isYear(t))) {
      c.kind = 'time';
      close();
    }
  }
  for (const c of chunks) if (c.kind !== 'adverbial' && isTimeChunk(toks, c)) c.kind = 'time';
  // A chunk or tail never ends on a function word ('σε', 'του', 'και').
  const trim = (list: number[]) => {
    while (list.length && isFunction(toks[list[list.length - 1]!]!)) list.pop();
  };
  for (const c of chunks) {
    trim(c.head);
    c.tails.forEach(trim);
    c.tails = c.tails.filter((t) => t.some((i) => !isFunction(toks[i]!)));
  }
  return chunks.filter((c) => c.head.some((i) => !isFunction(toks[i]!)));
}

export const isFunction = (t: Tok) =>
  t.type === 'word' && (NOM_ARTICLES.has(t.f) || ACC_ARTICLES.has(t.f) || GEN_ARTICLES.has(t.f) || PREPOSITIONS.has(t.f) || t.f === 'και' || t.f === 'ή' || t.f === 'η' || CLAUSE_END.has(t.f));

/** The lead's clause: subject tokens, verb tokens, the phrases after the verb. */
export interface Clause {
  toks: Tok[];
  subject: number[];
  /** The subject without descriptors before the name ('Η ελληνική εταιρεία Κυβερνοφύλαξ' → 'Η Κυβερνοφύλαξ'), when shorter. */
  shortSubject: number[] | null;
  /** The name in the subject ('Αιγαίο Τεχνολογίες', 'Δήμος Λαρισαίων'). */
  name: number[];
  verb: number[];
  chunks: Chunk[];
}

/** Where the finite verb of the main clause is, from `from` on (not inside a quotation). */
function findVerb(toks: Tok[], from: number): number {
  for (let i = from; i < toks.length; i++) {
    const t = toks[i]!;
    const prev = toks[i - 1];
    // Right after an article comes a noun, not a verb (a genitive one may be a clitic: 'το εργοστάσιό της ξεκινά').
    if (prev && prev.type === 'word' && (NOM_ARTICLES.has(prev.f) || ACC_ARTICLES.has(prev.f))) continue;
    if (t.f === 'θα' && toks[i + 1] && toks[i + 1]!.type === 'word') return i;
    if (isFiniteVerb(t)) return i;
    // A verb that opens the sentence ('Ξεκινά σήμερα η εγγραφή …').
    if (i === 0 && t.type === 'word' && isFiniteVerb({ ...t, text: t.text.toLocaleLowerCase('el') })) return i;
  }
  return -1;
}

/** The subject among the words before the verb: the comma-separated part that is a noun phrase (not 'Με επένδυση …,'). */
function subjectOf(toks: Tok[], end: number): number[] {
  const parts: number[][] = [[]];
  let depth = 0;
  for (let i = 0; i < end; i++) {
    const t = toks[i]!;
    if (t.type === 'punct' && (t.text === '(' || t.text === ')')) {
      depth += t.text === '(' ? 1 : -1;
      continue;
    }
    if (depth > 0) continue;
    if (t.type === 'punct' && /[,—–:]/u.test(t.text)) parts.push([]);
    else if (t.type !== 'punct') parts[parts.length - 1]!.push(i);
  }
  const nonEmpty = parts.filter((p) => p.length);
  const isNp = (p: number[]) => !PREPOSITIONS.has(toks[p[0]!]!.f) && !CLAUSE_END.has(toks[p[0]!]!.f);
  // The first noun phrase (an apposition after it is left out), else the last part.
  let subject = nonEmpty.find(isNp) ?? nonEmpty[nonEmpty.length - 1] ?? [];
  // Inside the subject, a prepositional phrase ('σε συνεργασία με …') is left out.
  const cut = subject.findIndex((i, k) => k > 0 && PREPOSITIONS.has(toks[i]!.f));
  if (cut > 0) subject = subject.slice(0, cut);
  while (subject.length && isFunction(toks[subject[subject.length - 1]!]!)) subject.pop();
  return subject;
}

/**
 * Whether the article of a descriptor ('Ο όμιλος …') fits the name alone: the name's head word
 * (its last word that is not a genitive) ends as that article's nouns do, or is not Greek.
 * 'Ο Κρητικός Ήλιος' yes, 'Ο Μινωικά Ξενοδοχεία' no.
 */
function agrees(article: string, toks: Tok[], name: number[]): boolean {
  let head = name.length - 1;
  while (head > 0 && /(ου|ων|ησ)$/u.test(toks[name[head]!]!.f)) head--;
  const w = toks[name[head]!]!.f;
  if (!/[\u0370-\u03ff]/u.test(w.slice(-1))) return true;
  if (article === 'ο') return /(οσ|ησ|ασ|ων)$/u.test(w);
  if (article === 'η') return /(α|η|ισ|ξ|ψ|ω)$/u.test(w);
  if (article === 'το') return /(ο|ι|μα)$/u.test(w);
  return false;
}

/** Parses the lead's main clause; null when it has no finite verb (or no subject and nothing after it). */
export function parseClause(sentence: string): Clause | null {
  const toks = tokens(sentence.replace(/[.!;;…]+\s*$/u, '').trim());
  let v = findVerb(toks, 0);
  if (v < 0) return null;
  let subject = subjectOf(toks, v);
  // 'ανακοινώνει ότι …': the news is the clause after 'ότι'.
  let after = v + 1;
  while (toks[after] && toks[after]!.type === 'word' && DROP_ADVERBS.has(toks[after]!.f)) after++;
  if (REPORTING.has(toks[v]!.f) && toks[after] && /^(οτι|πωσ)$/u.test(toks[after]!.f)) {
    const v2 = findVerb(toks, after + 1);
    if (v2 > 0) {
      const own = subjectOf(toks.slice(0, v2), v2).filter((i) => i > after);
      if (own.length) subject = own;
      v = v2;
    }
  }
  const verb = [v];
  if (toks[v]!.f === 'θα') verb.push(v + 1);
  // 'έχει ολοκληρώσει', 'θέτει σε λειτουργία'.
  let next = verb[verb.length - 1]! + 1;
  if (/^(εχει|εχουν|ειχε|ειχαν)$/u.test(toks[v]!.f) && toks[next] && /(σει|ξει|ψει|θει|ει)$/u.test(toks[next]!.f) && isLower(toks[next]!.text)) verb.push(next++);
  if (toks[next + 1] && VERB_IDIOMS.some((re) => re.test(`${toks[next]!.f} ${toks[next + 1]!.f}`))) {
    verb.push(next, next + 1);
    next += 2;
  }
  if (toks[v - 1]?.f === 'δεν') verb.unshift(v - 1);
  if (subject.length === 0 && next >= toks.length) return null;
  // The name: the capitalised run in the subject.
  const caps = subject.filter((i) => isCapitalised(toks[i]!.text) && !NOM_ARTICLES.has(toks[i]!.f));
  const name: number[] = [];
  for (const i of subject) {
    if (caps.includes(i) || (name.length && GEN_ARTICLES.has(toks[i]!.f) === false && isCapitalised(toks[i]!.text))) name.push(i);
    else if (name.length) break;
  }
  // 'Η ελληνική νεοφυής εταιρεία Κυβερνοφύλαξ' → 'Η Κυβερνοφύλαξ'.
  let shortSubject: number[] | null = null;
  const article = subject[0] !== undefined && NOM_ARTICLES.has(toks[subject[0]]!.f) ? subject[0] : undefined;
  if (article !== undefined && name.length && name[0]! > article + 1 && subject.slice(1, subject.indexOf(name[0]!)).every((i) => isLower(toks[i]!.text)) && agrees(toks[article]!.f, toks, name)) {
    shortSubject = [article, ...subject.slice(subject.indexOf(name[0]!))];
  }
  // 'Το Πανεπιστημιακό Γενικό Νοσοκομείο Ηρακλείου' → 'Το Νοσοκομείο Ηρακλείου' (the head noun and its genitive).
  if (!shortSubject && article !== undefined && name.length >= 3 && name[0] === article + 1) {
    const genitive = (i: number) => /(ου|ων|ασ|ησ)$/u.test(toks[i]!.f);
    let head = name.length - 1;
    while (head > 0 && genitive(name[head]!)) head--;
    if (head > 0 && head < name.length - 1) shortSubject = [article, ...name.slice(head)];
  }
  const chunks = chunksAfter(toks, next);
  return { toks, subject, shortSubject, name, verb, chunks };
}

/**
 * The tokens as text. A word that carried an enclitic's second tonos loses it when its clitic
 * is left out ('το εργοστάσιό της' → 'το εργοστάσιο').
 */
const render = (toks: Tok[], idx: number[]) =>
  idx
    .map((i, k) => {
      const t = toks[i]!.text;
      const clitic = toks[i + 1];
      return accentCount(t) === 2 && clitic && GEN_ARTICLES.has(clitic.f) && idx[k + 1] !== i + 1 ? dropLastAccent(t) : t;
    })
    .join(' ')
    .replace(/\s+%/gu, '%');
const contentCount = (toks: Tok[], idx: number[]) => idx.filter((i) => !isFunction(toks[i]!)).length;

/** A headline's parts: the kept phrases, each with the tails it keeps. */
interface Pick {
  subject: number[];
  parts: { chunk: number; tails: number }[];
}

/**
 * Headlines of one clause, best first: every choice of the subject's form and of the phrases
 * (each left out, or kept with 0…all of its tails), in the sentence's order, within `maxChars`.
 * Times and adverbials are left out; the first noun phrase (the object) is worth most.
 */
export function clauseHeadlines(c: Clause, maxChars: number): { text: string; score: number; stems: Set<string> }[] {
  const { toks } = c;
  const usable = c.chunks.map((ch, i) => ({ ch, i })).filter(({ ch }) => ch.kind === 'np' || ch.kind === 'pp').slice(0, 6);
  // The object (the first noun phrase), else the first phrase: kept in every headline.
  const firstNp = usable.find(({ ch }) => ch.kind === 'np')?.i ?? usable[0]?.i;
  const subjects = [c.subject, ...(c.shortSubject ? [c.shortSubject] : [])].filter((s) => s.length);
  if (subjects.length === 0) subjects.push([]);
  const out = new Map<string, { text: string; score: number; stems: Set<string> }>();
  const choose = (k: number, parts: Pick['parts'], subject: number[]) => {
    if (k === usable.length) {
      if (parts.length === 0) return; // a verb alone is no news
      // The object stays ('μειώνει κατά 12%' says not what; 'συνεργάζεται για …' not with whom): only its tails may go.
      if (firstNp !== undefined && !parts.some((p) => p.chunk === firstNp)) return;
      const idx = [...subject, ...c.verb, ...parts.flatMap((p) => {
        const ch = c.chunks[p.chunk]!;
        return [...ch.head, ...ch.tails.slice(0, p.tails).flat()];
      })];
      const text = capitalise(render(toks, idx));
      if ([...text].length > maxChars) return;
      let score = contentCount(toks, subject) * 0.5;
      for (const p of parts) {
        const ch = c.chunks[p.chunk]!;
        const words = contentCount(toks, [...ch.head, ...ch.tails.slice(0, p.tails).flat()]);
        score += (p.chunk === firstNp ? 3 : 1) + words * (ch.kind === 'np' ? 1 : 0.7);
      }
      if (subject === c.shortSubject) score -= 0.5;
      const stems = new Set(idx.filter((i) => !isFunction(toks[i]!)).map((i) => toks[i]!.f.slice(0, 5)));
      const prev = out.get(text);
      if (!prev || prev.score < score) out.set(text, { text, score, stems });
      return;
    }
    const { ch, i } = usable[k]!;
    // After the object, a phrase left out leaves out those after it (a later one may hang on it).
    const afterObject = firstNp !== undefined && i > firstNp;
    const previousKept = parts.some((p) => p.chunk === usable[k - 1]?.i);
    if (afterObject && k > 0 && !previousKept) return choose(usable.length, parts, subject);
    choose(k + 1, parts, subject);
    // A noun alone whose sense is in its genitive ('τη λειτουργία | του νέου κέντρου') keeps it.
    const minTails = ch.kind === 'np' && ch.tails.length > 0 && (contentCount(toks, ch.head) <= 1 || isActionNoun(toks[ch.head[ch.head.length - 1]!]!)) ? 1 : 0;
    for (let t = minTails; t <= ch.tails.length; t++) choose(k + 1, [...parts, { chunk: i, tails: t }], subject);
  };
  for (const s of subjects) choose(0, [], s);
  return [...out.values()].sort((a, b) => b.score - a.score || a.text.length - b.text.length);
}

/**
 * The object as a nominative phrase for «Name: …», or null when unsure: feminine and neuter
 * accusatives are the nominative already; a masculine one (τον/τους) is rewritten only when
 * `isWord` confirms every new form. The article is left out, as headlines do.
 */
export function nominativeObject(c: Clause, chunk: Chunk, tails: number, isWord: (w: string) => boolean): string | null {
  const { toks } = c;
  const idx = [...chunk.head, ...chunk.tails.slice(0, tails).flat()];
  const first = toks[idx[0]!]!;
  if (chunk.kind !== 'np') return null;
  const headWords = chunk.head.slice(ACC_ARTICLES.has(first.f) || NOM_ARTICLES.has(first.f) ? 1 : 0);
  if (headWords.length === 0) return null;
  const article = ACC_ARTICLES.has(first.f) ? first.f : null;
  let words = headWords.map((i) => toks[i]!.text);
  if (article === 'τον' || article === 'τουσ') {
    const converted = words.map((w) => {
      if (!isLower(w)) return w;
      const cands = article === 'τον' ? [w.replace(/ο$/u, 'ος').replace(/ό$/u, 'ός'), w.replace(/η$/u, 'ης').replace(/ή$/u, 'ής'), w.replace(/α$/u, 'ας').replace(/ά$/u, 'άς')] : [w.replace(/ους$/u, 'οι').replace(/ούς$/u, 'οί')];
      return cands.find((x) => x !== w && isWord(x)) ?? null;
    });
    if (converted.some((w) => w === null)) return null;
    words = converted as string[];
  } else if (!article) {
    // A bare object ('νέο ξενοδοχείο'): a masculine head noun ('σταθμό' ← 'σταθμός') would need rewriting.
    const head = words[words.length - 1]!;
    if (/[οό]$/u.test(head) && isWord(head.replace(/ο$/u, 'ος').replace(/ό$/u, 'ός'))) return null;
    if (/(ους|ούς)$/u.test(head)) return null;
  }
  const tailText = chunk.tails.slice(0, tails).map((t) => render(toks, t));
  return [words.join(' '), ...tailText].join(' ');
}

export { render as renderTokens };
