import { z } from 'zod';

export const suggestionsBody = z.object({
  title: z.string().max(300, 'title is too long').default(''),
  text: z.string().max(50_000, 'text is too long'),
});

/** One automatic change the assistant made to the text, and how many times. */
export const textChange = z.object({ label: z.string(), count: z.number().int() });
export type TextChange = z.infer<typeof textChange>;

export const suggestionsResponse = z.object({
  titles: z.array(z.string()),
  summary: z.string(),
  /** The text with the automatic fixes applied (built-in), or the model's edit (remote). */
  improved: z.string(),
  /** What `improved` changed, honestly: empty when nothing was changed. */
  changes: z.array(textChange).default([]),
  /** The key phrases the titles were built from (built-in), most central first. */
  keyphrases: z.array(z.string()).default([]),
  source: z.enum(['builtin', 'remote']),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;

// ---- The coach: spelling and press-release checks of the live document ----

/** Where a block of the document sits: a paragraph, a heading, a paragraph in a quote or in a list. */
export const BLOCK_TYPES = ['paragraph', 'heading', 'quote', 'list'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The title's place in findings and edits (blocks are numbered from 0). */
export const TITLE_BLOCK = -1;

const offset = z.number().int().min(0).max(100_000);

export const reviewBlock = z.object({
  type: z.enum(BLOCK_TYPES),
  text: z.string().max(20_000, 'block is too long'),
  /** Links of the block (from its link marks), with the offsets of the linked text. */
  links: z
    .array(z.object({ from: offset, to: offset, href: z.string().max(2_000, 'link is too long') }))
    .max(200, 'too many links')
    .default([]),
});
export type ReviewBlock = z.infer<typeof reviewBlock>;

/** POST /api/assistant/review: the release's title and text blocks as the editor has them now. */
export const reviewBody = z.object({
  releaseId: z.uuid('releaseId must be a release id'),
  title: z.string().max(300, 'title is too long').default(''),
  /** At most 100,000 characters in all (the editor saves no longer text). */
  blocks: z
    .array(reviewBlock)
    .max(1_000, 'too many blocks')
    .refine((blocks) => blocks.reduce((n, b) => n + b.text.length, 0) <= 100_000, 'text is too long'),
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const SPELLING_KINDS = ['misspelt', 'name', 'mixed_script'] as const;

/** A word the speller does not know, with its place (block, offsets) and corrections. */
export const spellingIssue = z.object({
  block: z.number().int().min(-1),
  from: offset,
  to: offset,
  word: z.string(),
  /** misspelt: not a word; name: a capitalised word it does not know; mixed_script: Latin letters in a Greek word. */
  kind: z.enum(SPELLING_KINDS),
  suggestions: z.array(z.string()),
});
export type SpellingIssue = z.infer<typeof spellingIssue>;

/** A text edit: replace `original` at [from, to) of a block (or the title) with `text`; or new blocks at the end. */
export const textEdit = z.discriminatedUnion('type', [
  z.object({ type: z.literal('replace'), block: z.number().int().min(-1), from: offset, to: offset, original: z.string(), text: z.string() }),
  z.object({
    type: z.literal('append'),
    blocks: z.array(z.object({ type: z.enum(['paragraph', 'heading']), text: z.string() })),
  }),
]);
export type TextEdit = z.infer<typeof textEdit>;

export const FINDING_GROUPS = ['structure', 'punctuation', 'style', 'links'] as const;
export type FindingGroup = (typeof FINDING_GROUPS)[number];

/** Greek names of the groups, in the order the coach lists them. */
export const FINDING_GROUP_LABELS: Record<FindingGroup | 'spelling', string> = {
  spelling: 'Ορθογραφία',
  structure: 'Δομή δελτίου τύπου',
  punctuation: 'Στίξη και τυπογραφία',
  style: 'Ύφος και έκταση',
  links: 'Σύνδεσμοι',
};

export const finding = z.object({
  /** Stable for the same problem at the same place (check, block, offset). */
  id: z.string(),
  check: z.string(),
  group: z.enum(FINDING_GROUPS),
  severity: z.enum(['error', 'warning', 'info']),
  /** What is wrong, in Greek. */
  message: z.string(),
  /** Where it applies (block -1 is the title), or null for the release as a whole. */
  at: z.object({ block: z.number().int().min(-1), from: offset, to: offset }).nullable(),
  /** The text at `at`, for the list. */
  excerpt: z.string().nullable(),
  /** A one-click fix, when there is one: its label and edits. `safe` fixes also go into "Διόρθωση όλων". */
  fix: z.object({ label: z.string(), edits: z.array(textEdit), safe: z.boolean() }).nullable(),
});
export type Finding = z.infer<typeof finding>;

export const reviewResponse = z.object({
  /** The organisation whose dictionary applies (the release's). */
  workspaceId: z.uuid().nullable(),
  /** The caller may add and remove words of that dictionary ('words.write'; a reviewer may not). */
  canEditWords: z.boolean().default(false),
  spelling: z.array(spellingIssue),
  findings: z.array(finding),
  stats: z.object({ words: z.number().int(), sentences: z.number().int(), paragraphs: z.number().int() }),
  /** The review stopped at one of its bounds (unknown words, corrections, time): some words were left out or got no corrections. */
  partial: z.boolean().default(false),
});
export type ReviewResponse = z.infer<typeof reviewResponse>;

// ---- The organisation's dictionary ----

export const dictionaryWord = z.object({
  id: z.uuid(),
  word: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type DictionaryWord = z.infer<typeof dictionaryWord>;
export const dictionaryResponse = z.object({
  words: z.array(dictionaryWord),
  /** The caller may add and remove words ('words.write'). */
  canEdit: z.boolean().default(false),
});
export type DictionaryResponse = z.infer<typeof dictionaryResponse>;

/** A word to learn: letters (any script) with inner hyphens or apostrophes, 2–60 characters. */
export const dictionaryAddBody = z.object({
  word: z
    .string()
    .transform((s) => s.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(2, 'word is too short')
        .max(60, 'word is too long')
        .regex(/^[\p{L}\p{M}]+(?:[-'’][\p{L}\p{M}]+)*$/u, 'word must be letters only'),
    ),
});
/** /organisations/:id/dictionary */
export const dictionaryParams = z.object({ id: z.uuid('id is not valid') });
export const dictionaryWordParams = z.object({
  id: z.uuid('id is not valid'),
  wordId: z.uuid('wordId is not valid'),
});
