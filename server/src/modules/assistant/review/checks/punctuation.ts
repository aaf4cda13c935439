/**
 * Greek punctuation and typography: the ellipsis character, « » quotes, the Greek question
 * mark, the ano teleia for a pause, spacing, and a word typed twice. Each fix is safe: it
 * changes punctuation or spaces only (a repeated word drops its copy).
 */
import { TITLE_BLOCK, type Finding } from '../../../../../../shared/schemas/assistant';
import { fold } from '../../spelling/greek';
import { inSpans, skippedSpans } from '../../spelling/tokenize';
import type { ReviewDoc } from '../text';
import { makeFinding, replace } from './finding';

/** The title and every block, with their numbers. */
export function texts(doc: ReviewDoc): { block: number; text: string }[] {
  return [{ block: TITLE_BLOCK, text: doc.title }, ...doc.blocks.map((b, block) => ({ block, text: b.text }))];
}


/** The Greek question mark (U+037E); it looks like a semicolon. */
export const GREEK_QUESTION_MARK = '\u037e';
/** The ano teleia as Greek keyboards type it (U+00B7; U+0387 normalises to it). */
const ANO_TELEIA = '\u00b7';

export function ellipsis(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const { block, text } of texts(doc)) {
    const skip = skippedSpans(text);
    for (const m of text.matchAll(/\.\s?\.\s?\.(?!\.)/g)) {
      if (inSpans(skip, m.index, m.index + m[0].length)) continue;
      const at = { block, from: m.index, to: m.index + m[0].length, text };
      out.push(
        makeFinding('ellipsis', 'punctuation', 'info', 'Τρεις τελείες: τα αποσιωπητικά γράφονται με έναν χαρακτήρα (…).', at, {
          label: 'Αντικατάσταση με «…»',
          edits: [replace(block, text, at.from, at.to, '…')],
          safe: true,
        }),
      );
    }
  }
  return out;
}

/** "…" and “…” at the top level become « » (“ ” stay inside « », as Greek nests them). */
export function quotes(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const { block, text } of texts(doc)) {
    const skip = skippedSpans(text);
    let depth = 0;
    const guillemets: boolean[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '«') depth++;
      else if (text[i] === '»') depth = Math.max(0, depth - 1);
      guillemets[i] = depth > 0;
    }
    for (const m of text.matchAll(/"([^"\n]{1,400})"|“([^”\n]{1,400})”/g)) {
      const from = m.index;
      const to = from + m[0].length;
      if (inSpans(skip, from, to) || guillemets[from]) continue;
      const inner = m[1] ?? m[2] ?? '';
      if (!/\p{L}/u.test(inner)) continue;
      const at = { block, from, to, text };
      out.push(
        makeFinding('quotes', 'punctuation', 'info', 'Στα ελληνικά τα εισαγωγικά είναι « ».', at, {
          label: `Αλλαγή σε «${inner.length > 30 ? `${inner.slice(0, 30)}…` : inner}»`,
          edits: [replace(block, text, from, to, `«${inner}»`)],
          safe: true,
        }),
      );
    }
  }
  return out;
}

/** '?' after Greek text is the Latin question mark: Greek writes ';' (U+037E). */
export function questionMark(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const { block, text } of texts(doc)) {
    const skip = skippedSpans(text);
    for (const m of text.matchAll(/\?/g)) {
      if (inSpans(skip, m.index)) continue;
      // The word the question ends with (through closing quotes or brackets) is Greek.
      const before = text.slice(Math.max(0, m.index - 40), m.index).replace(/[»"”’)\s]+$/u, '');
      const word = /[\p{L}\p{M}]+$/u.exec(before)?.[0] ?? '';
      if (!/[\u0370-\u03ff\u1f00-\u1fff]/u.test(word)) continue;
      const at = { block, from: m.index, to: m.index + 1, text };
      out.push(
        makeFinding('question_mark', 'punctuation', 'warning', 'Το λατινικό «?» σε ελληνική ερώτηση: το ελληνικό ερωτηματικό είναι «;».', at, {
          label: 'Αντικατάσταση με «;»',
          edits: [replace(block, text, at.from, at.to, GREEK_QUESTION_MARK)],
          safe: true,
        }),
      );
    }
  }
  return out;
}

/** Words that make a clause a question (lower case, with their accents: 'πού' asks, 'που' relates). */
const INTERROGATIVES = /(?<![\p{L}])(τι|ποι(?:ος|α|ο|οι|ες|ου|ων|ον|αν)|πώς|πού|πότε|γιατί|πόσ(?:ο|η|οι|ες|α|ων)|μήπως|άραγε)(?![\p{L}])/u;

/**
 * ';' is the Greek question mark. Followed by a lower-case word, in a clause with no question
 * word, it is a Latin semicolon used as a pause: Greek writes the ano teleia (·).
 */
export function semicolonPause(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const { block, text } of texts(doc)) {
    const skip = skippedSpans(text);
    for (const m of text.matchAll(/[;;](?=\s+[\p{Ll}])/gu)) {
      if (inSpans(skip, m.index)) continue;
      const clauseStart = Math.max(text.lastIndexOf('.', m.index), text.lastIndexOf('!', m.index), text.lastIndexOf(';', m.index - 1), text.lastIndexOf(';', m.index - 1), text.lastIndexOf('·', m.index), text.lastIndexOf(',', m.index), -1);
      const clause = text.slice(clauseStart + 1, m.index).toLocaleLowerCase('el');
      if (INTERROGATIVES.test(clause) || !/[\u0370-\u03ff]/u.test(clause)) continue;
      const at = { block, from: m.index, to: m.index + 1, text };
      out.push(
        makeFinding(
          'semicolon_pause',
          'punctuation',
          'info',
          'Στα ελληνικά το «;» είναι ερωτηματικό. Για παύση μέσα στην πρόταση χρησιμοποιήστε την άνω τελεία (·).',
          at,
          { label: 'Αντικατάσταση με «·»', edits: [replace(block, text, at.from, at.to, ANO_TELEIA)], safe: false },
        ),
      );
    }
  }
  return out;
}

export function spacing(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const { block, text } of texts(doc)) {
    const skip = skippedSpans(text);
    for (const m of text.matchAll(/(?<=\S)[ \u00a0]{2,}(?=\S)/g)) {
      const at = { block, from: m.index, to: m.index + m[0].length, text };
      out.push(makeFinding('double_space', 'punctuation', 'info', 'Διπλό κενό.', at, { label: 'Ένα κενό', edits: [replace(block, text, at.from, at.to, ' ')], safe: true }));
    }
    for (const m of text.matchAll(/(?<=[\p{L}\p{N}»)])[ \u00a0]+(?=[,.;;:!·…](?![.\p{N}]))/gu)) {
      if (inSpans(skip, m.index)) continue;
      const at = { block, from: m.index, to: m.index + m[0].length, text };
      // 'εργασίας ,και': the space belongs after the mark, so it moves there ('εργασίας, και').
      const mark = at.to;
      const glued = /[\p{L}«]/u.test(text[mark + 1] ?? '');
      out.push(
        makeFinding('space_before_punctuation', 'punctuation', 'info', 'Κενό πριν από σημείο στίξης.', at, {
          label: glued ? 'Μεταφορά του κενού μετά το σημείο' : 'Αφαίρεση του κενού',
          edits: [glued ? replace(block, text, at.from, mark + 1, `${text[mark]} `) : replace(block, text, at.from, at.to, '')],
          safe: true,
        }),
      );
    }
    // A comma, a semicolon or an ano teleia glued to the next word (not in numbers: 1,5).
    for (const m of text.matchAll(/(?<=[\p{L}»)])[,;;·](?=[\p{L}«])/gu)) {
      if (inSpans(skip, m.index)) continue;
      const at = { block, from: m.index, to: m.index + 1, text };
      out.push(
        makeFinding('space_after_punctuation', 'punctuation', 'info', 'Λείπει το κενό μετά από σημείο στίξης.', at, {
          label: 'Προσθήκη κενού',
          edits: [replace(block, text, at.from, at.to, `${text[m.index]} `)],
          safe: true,
        }),
      );
    }
    // A full stop glued to the next sentence ('τέλος.Η'), not initials (Α.Ε.) or addresses.
    for (const m of text.matchAll(/(?<=[\p{Ll}]{2})\.(?=[\p{Lu}][\p{Ll}])/gu)) {
      if (inSpans(skip, m.index)) continue;
      const at = { block, from: m.index, to: m.index + 1, text };
      out.push(
        makeFinding('space_after_punctuation', 'punctuation', 'info', 'Λείπει το κενό μετά την τελεία.', at, {
          label: 'Προσθήκη κενού',
          edits: [replace(block, text, at.from, at.to, '. ')],
          safe: true,
        }),
      );
    }
  }
  return out;
}

/** Doubled words that Greek uses on purpose ('σιγά σιγά', 'λίγο λίγο'). */
const REDUPLICATION = new Set(['σιγα', 'λιγο', 'πολυ', 'γρηγορα', 'αργα', 'κοντα', 'μονο', 'ενα', 'δυο', 'τρια', 'πρωτα', 'ολο', 'μαλιστα']);

export function repeatedWords(doc: ReviewDoc): Finding[] {
  const out: Finding[] = [];
  for (const { block, text } of texts(doc)) {
    // The second word is read ahead, so 'και η η' finds 'η η'.
    for (const m of text.matchAll(/(?<![\p{L}\p{M}])([\p{L}\p{M}]+)(?=([ \u00a0]+)([\p{L}\p{M}]+)(?![\p{L}\p{M}]))/gu)) {
      const [, a, gap, b] = m as unknown as [string, string, string, string];
      if (fold(a) !== fold(b) || REDUPLICATION.has(fold(a))) continue;
      const from = m.index;
      const to = from + a.length + gap.length + b.length;
      const at = { block, from, to, text };
      out.push(
        makeFinding('repeated_word', 'punctuation', 'warning', `Η λέξη «${a}» γράφτηκε δύο φορές.`, at, {
          label: `Αφαίρεση του δεύτερου «${b}»`,
          edits: [replace(block, text, from + a.length, from + a.length + gap.length + b.length, '')],
          safe: true,
        }),
      );
    }
  }
  return out;
}
