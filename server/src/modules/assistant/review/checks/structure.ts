/**
 * The parts a press release is expected to have: a dateline (place, date), a lead that says
 * who, what, when and where, at least one attributed quote, a «Σχετικά με …» boilerplate and
 * press contact details at the end. Heuristics on Greek text, each with a Greek message.
 */
import { opensBoilerplate } from '../../../../../../shared/press-kit';
import type { Finding } from '../../../../../../shared/schemas/assistant';
import { fold, foldKeepOffsets } from '../../spelling/greek';
import { bodyBlocks, DAY_PATTERN, firstPlace, greekDate, MONTH_PATTERN, MONTHS, PLACES, sentenceSpans, wordCount, type ReviewDoc } from '../text';
import { makeFinding, replace, type CheckContext } from './finding';

const DATE_WORDS = `(?:(?:${DAY_PATTERN}),?\\s+)?\\d{1,2}(?:η)?\\s+(${MONTH_PATTERN})(?:\\s+\\d{4})?|\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}`;
/** «Αθήνα, 5 Μαρτίου 2026 —» (folded): a place, a comma, a date, then a dash, a colon or the text. */
const DATELINE = new RegExp(`^\\s*([\\p{L}][\\p{L}\\s.'-]{1,40}?),\\s*(${DATE_WORDS})\\s*([—–:-]|\\.(?=\\s))?\\s*`, 'u');

export interface Dateline {
  block: number;
  /** Where the dateline ends in the block (the lead starts there). */
  end: number;
  place: string;
}

/** The first body block's dateline, if it has one. */
export function findDateline(doc: ReviewDoc): Dateline | null {
  const first = bodyBlocks(doc)[0];
  if (!first) return null;
  const m = DATELINE.exec(foldKeepOffsets(first.text));
  if (!m || !/^\s*\p{Lu}/u.test(first.text)) return null;
  return { block: first.index, end: m[0].length, place: first.text.slice(m.index, m.index + m[1]!.length).trim() };
}

export function dateline(doc: ReviewDoc, ctx: CheckContext): Finding[] {
  const first = bodyBlocks(doc)[0];
  if (!first) return [];
  const found = findDateline(doc);
  if (found) {
    // A month in the nominative or accusative ('5 Μάρτιος 2026'): a date takes the genitive.
    const folded = foldKeepOffsets(first.text.slice(0, found.end));
    const out: Finding[] = [];
    for (const month of MONTHS) {
      const m = new RegExp(`(?<=\\d\\s+)(${month.forms.filter((f) => f !== month.forms[0]).join('|')})(?![\\p{L}])`, 'u').exec(folded);
      if (!m) continue;
      const at = { block: first.index, from: m.index, to: m.index + m[0].length, text: first.text };
      out.push(
        makeFinding('dateline_month', 'structure', 'info', `Στην ημερομηνία ο μήνας γράφεται στη γενική: «${month.genitive}».`, at, {
          label: `Αλλαγή σε «${month.genitive}»`,
          edits: [replace(first.index, first.text, at.from, at.to, month.genitive)],
          safe: true,
        }),
      );
    }
    return out;
  }
  const place = firstPlace(doc.blocks.map((b) => b.text).join('\n'));
  const line = `${place ?? ''}, ${greekDate(ctx.today)} — `;
  return [
    makeFinding(
      'dateline_missing',
      'structure',
      'warning',
      'Λείπει η χρονογραμμή στην αρχή του κειμένου: τόπος και ημερομηνία, π.χ. «Αθήνα, 5 Μαρτίου 2026 —».',
      { block: first.index, from: 0, to: Math.min(first.text.length, 60), text: first.text },
      place
        ? { label: `Προσθήκη «${line.trim()}»`, edits: [{ type: 'replace', block: first.index, from: 0, to: 0, original: '', text: line }], safe: false }
        : null,
    ),
  ];
}

/** Verbs that announce (folded stems) and third-person verb endings. */
const ANNOUNCE =
  /(?<![\p{L}])(ανακοιν|παρουσια|εγκαινια|ξεκιν|διοργαν|υπογρα|επεκτειν|λανσαρ|εξαγορ|ολοκληρ|επενδ|δημιουργ|αναλαμβ|προσφερ|συμμετεχ|φιλοξεν|βραβευ|διακριθ|υλοποι|πραγματοποι|κυκλοφορ|απονεμ|ενισχ|εντασσ|γιορταζ|συνεργαζ|ιδρυ|χορηγ|στηριζ|αναδειχ|διαθετ|ανοιγ|λειτουργ|καλει|προσκαλ|ενημερων|εγκρι|θεσπιζ|αναπτυσσ|επιστρεφ|διευρυν|εισερχ|μεταφερ|ανεβαζ|αυξαν|μειων|σημειων|καταγρ|πετυχ|κατακτ)/u;
const VERB_ENDING = /[\p{L}]{3,}(ει|ουν|εται|ονται|ηκε|ηκαν|ησε|ησαν|ισε|ισαν|ασε|ασαν|ωσε|ωσαν|υσε|ξε|ξαν|ψε|ψαν|θηκε|θηκαν|νει|ζει|σει)(?![\p{L}])/u;
const WHEN = new RegExp(
  `(?<![\\p{L}])(${MONTH_PATTERN}|${DAY_PATTERN}|σημερα|αυριο|χθεσ|χτεσ|αποψε|φετοσ|εφετοσ|περυσι|εβδομαδα|μηνα|τριμηνο|εξαμηνο|χρηση|χρονια|ετοσ|φθινοπωρο|ανοιξη|καλοκαιρι|χειμωνα|αμεσα|απο\\s+σημερα)(?![\\p{L}])|(?<![\\p{N}])(19|20)\\d{2}(?![\\p{N}])|\\d{1,2}[/.]\\d{1,2}|\\d{1,2}:\\d{2}`,
  'u',
);
const WHERE_WORDS = new RegExp(
  `(?<![\\p{L}])(${PLACES.flatMap((p) => p.forms).join('|')}|online|διαδικτυακα|ψηφιακα|πανελλαδικα|πανελληνια|παγκοσμιωσ|εξωτερικο|ελλαδα|ελλαδασ|ευρωπη|ευρωπησ|οδο|οδου|λεωφορο|λεωφορου|χωρο|κτιριο|πλατεια|αιθουσα|ξενοδοχειο|συνεδριακο)(?![\\p{L}])`,
  'u',
);
/** 'στη Θεσσαλονίκη', 'στο Ηράκλειο', 'σε όλη την Ελλάδα' (original text: the capital matters). */
const WHERE_PHRASE = /(?<![\p{L}])(στη|στην|στο|στον|στα|στις|στους|σε|από\s+τη|από\s+την|από\s+το)\s+[\p{Lu}]/u;

/** A name (capitalised word not at a sentence's start, not a month or a day) or an acronym. */
function hasName(text: string): boolean {
  for (const s of sentenceSpans(text)) {
    const words = s.text.split(/\s+/).slice(1);
    for (const w of words) {
      const bare = w.replace(/^[«"“(]+|[»"”),.;:!]+$/gu, '');
      if (!/^\p{Lu}/u.test(bare)) continue;
      if (new RegExp(`^(${MONTH_PATTERN}|${DAY_PATTERN})$`, 'u').test(fold(bare))) continue;
      return true;
    }
  }
  return false;
}

/** The lead: the first body paragraph of 8+ words, after the dateline; its first two sentences. */
export function leadOf(doc: ReviewDoc): { block: number; from: number; to: number; text: string; blockText: string } | null {
  const d = findDateline(doc);
  for (const b of bodyBlocks(doc)) {
    const from = d && d.block === b.index ? d.end : 0;
    const rest = b.text.slice(from);
    if (wordCount(rest) < 8) continue;
    const sentences = sentenceSpans(rest).slice(0, 2);
    const to = from + (sentences.at(-1)?.to ?? rest.length);
    return { block: b.index, from, to, text: b.text.slice(from, to), blockText: b.text };
  }
  return null;
}

/**
 * Who, what, when, where in the lead. A dateline answers when and where for the lead it
 * opens (the news is dated and placed); without one the lead itself must say them.
 */
export function lead(doc: ReviewDoc, ctx: CheckContext): Finding[] {
  const l = leadOf(doc);
  if (!l) return [];
  const dated = findDateline(doc)?.block === l.block;
  const folded = fold(l.text);
  const org = ctx.organization.name ? fold(ctx.organization.name).split(/\s+/)[0] : null;
  const who = hasName(l.text) || (org !== null && org !== undefined && org.length > 2 && folded.includes(org));
  const what = ANNOUNCE.test(folded) || VERB_ENDING.test(folded);
  const when = dated || WHEN.test(folded);
  const where = dated || WHERE_PHRASE.test(l.text) || WHERE_WORDS.test(folded);
  const missing = [!who && 'ποιος', !what && 'τι', !when && 'πότε', !where && 'πού'].filter((x): x is string => Boolean(x));
  if (missing.length === 0) return [];
  return [
    makeFinding(
      'lead',
      'structure',
      !who || !what ? 'warning' : 'info',
      `Η εισαγωγή (οι πρώτες προτάσεις) δεν λέει ${missing.join(', ')}. Ο δημοσιογράφος πρέπει να μάθει από την πρώτη παράγραφο ποιος, τι, πότε και πού.`,
      { block: l.block, from: l.from, to: l.to, text: l.blockText },
    ),
  ];
}

/** Verbs that attribute a quote (folded). */
const SPEECH =
  /(?<![\p{L}])(δηλωσ|δηλων|ανεφερ|αναφερ|τονισ|τονιζ|σημειωσ|σημειων|υπογραμμισ|υπογραμμιζ|επισημαν|επισημαιν|προσθεσ|εξηγησ|εξηγ|ειπε|λεει|σχολιασ|σχολιαζ|υποστηριξ|υποστηριζ|χαρακτηρισ|ανακοινωσ|δηλωση|κατα\s+τ|συμφωνα\s+με|επεσημαν|διευκρινισ|ευχαριστ)/u;

interface Quote {
  block: number;
  from: number;
  to: number;
  attributed: boolean;
}

/** Quotations of three or more words (« », “ ”, " ") and quoted blocks, with whether a speaker is named. */
export function quotations(doc: ReviewDoc): Quote[] {
  const out: Quote[] = [];
  doc.blocks.forEach((b, block) => {
    const neighbours = [doc.blocks[block - 1]?.text ?? '', doc.blocks[block + 1]?.text ?? ''].join(' ');
    if (b.type === 'quote' && wordCount(b.text) >= 3) {
      out.push({ block, from: 0, to: b.text.length, attributed: SPEECH.test(fold(b.text + ' ' + neighbours)) || /[—–-]\s*\p{Lu}/u.test(b.text) });
      return;
    }
    for (const m of b.text.matchAll(/«([^»]+)»|“([^”]+)”|"([^"]+)"/gu)) {
      const inner = m[1] ?? m[2] ?? m[3] ?? '';
      if (wordCount(inner) < 3) continue;
      const from = m.index;
      const to = from + m[0].length;
      const around = b.text.slice(Math.max(0, from - 160), from) + ' ' + b.text.slice(to, to + 160);
      const byName = /\p{Lu}[\p{Ll}]+(?:\s+\p{Lu}[\p{Ll}]+)*[^.!;;]{0,80}:\s*$/u.test(b.text.slice(Math.max(0, from - 120), from));
      out.push({ block, from, to, attributed: byName || SPEECH.test(fold(around)) });
    }
  });
  return out;
}

export function quote(doc: ReviewDoc): Finding[] {
  if (bodyBlocks(doc).length === 0) return [];
  const qs = quotations(doc);
  if (qs.length === 0) {
    return [
      makeFinding(
        'quote_missing',
        'structure',
        'warning',
        'Δεν υπάρχει δήλωση. Ένα δελτίο τύπου έχει συνήθως μία παράθεση σε « » από στέλεχος, με όνομα και ιδιότητα (π.χ. «…», δήλωσε η Διευθύνουσα Σύμβουλος Μαρία Παπαδοπούλου).',
        null,
      ),
    ];
  }
  if (qs.some((q) => q.attributed)) return [];
  const q = qs[0]!;
  return [
    makeFinding('quote_unattributed', 'structure', 'info', 'Η παράθεση δεν αποδίδεται σε πρόσωπο: γράψτε ποιος το δήλωσε και με ποια ιδιότητα.', {
      block: q.block,
      from: q.from,
      to: q.to,
      text: doc.blocks[q.block]!.text,
    }),
  ];
}

export function boilerplate(doc: ReviewDoc, ctx: CheckContext): Finding[] {
  if (bodyBlocks(doc).length === 0) return [];
  // The newsroom settings' «Σχετικά με» goes under every sent release by itself.
  if (ctx.pressKit?.boilerplate) return [];
  if (doc.blocks.some((b) => opensBoilerplate(b.text))) return [];
  const org = ctx.organization.name?.trim();
  const description = ctx.organization.description?.trim();
  return [
    makeFinding(
      'boilerplate_missing',
      'structure',
      'warning',
      `Λείπει η ενότητα «Σχετικά με ${org || 'τον οργανισμό'}» στο τέλος: λίγες σταθερές γραμμές για το ποιοι είστε, που ο δημοσιογράφος αντιγράφει αυτούσιες.`,
      null,
      org && description
        ? {
            label: 'Προσθήκη από την περιγραφή του προφίλ',
            edits: [{ type: 'append', blocks: [{ type: 'heading', text: `Σχετικά με ${org}` }, { type: 'paragraph', text: description }] }],
            safe: false,
          }
        : null,
    ),
  ];
}

export const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u;
/** Greek phone numbers: +30 / 0030, landlines 2xx, mobiles 69x, with spaces, dots or dashes. */
export const PHONE = /(?<![\p{N}])(?:(?:\+|00)30[\s.-]?)?(?:2\d|69)\d(?:[\s.-]?\d){7}(?![\p{N}])/u;

export function contact(doc: ReviewDoc, ctx: CheckContext): Finding[] {
  const blocks = doc.blocks.filter((b) => b.text.trim());
  if (blocks.length === 0) return [];
  // The newsroom settings' press contact goes under every sent release by itself.
  if (ctx.pressKit?.contact) return [];
  const tail = blocks.slice(-Math.max(3, Math.ceil(blocks.length * 0.3)));
  const text = tail.map((b) => b.text).join('\n');
  if (EMAIL.test(text) || PHONE.test(text)) return [];
  const c = ctx.contact;
  return [
    makeFinding(
      'contact_missing',
      'structure',
      'warning',
      'Λείπουν τα στοιχεία επικοινωνίας για τον Τύπο στο τέλος (όνομα, e-mail, τηλέφωνο): ο δημοσιογράφος πρέπει να ξέρει σε ποιον να απευθυνθεί.',
      null,
      c
        ? {
            label: 'Προσθήκη των στοιχείων σας',
            edits: [{ type: 'append', blocks: [{ type: 'paragraph', text: `Επικοινωνία για τον Τύπο: ${c.name ? `${c.name}, ` : ''}${c.email}` }] }],
            safe: false,
          }
        : null,
    ),
  ];
}
