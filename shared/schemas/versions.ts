import { z } from 'zod';
import { VERSION_KINDS } from '../constants';

/** Version history of a release: stored Yjs states, listed, compared and restored. */
export const versionKindSchema = z.enum(VERSION_KINDS);
export type VersionKind = z.infer<typeof versionKindSchema>;

export const versionParams = z.object({
  id: z.uuid('id must be a press release id'),
  versionId: z.uuid('versionId must be a version id'),
});

export const versionSchema = z.object({
  id: z.string(),
  /** 1, 2, 3… per release. */
  seq: z.number().int(),
  kind: versionKindSchema,
  name: z.string().nullable(),
  title: z.string(),
  /** Who edited since the previous version (or saved, sent or restored it). */
  authors: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  /** Characters inserted and deleted against the previous version (title and text). */
  charsAdded: z.number().int(),
  charsRemoved: z.number().int(),
  /** A restore: the version it brought back, and the version saved just before it (what "undo" brings back). */
  restoredFrom: z.object({ id: z.string(), seq: z.number().int() }).nullable(),
  undoVersionId: z.string().nullable(),
});
export type Version = z.infer<typeof versionSchema>;

export const versionListSchema = z.object({
  versions: z.array(versionSchema),
  /** Whether the release can still be restored into (a draft or scheduled release). */
  editable: z.boolean(),
});
export type VersionList = z.infer<typeof versionListSchema>;

export const VERSION_NAME_MAX = 120;
export const namedVersionBody = z.object({
  name: z
    .string({ error: 'Δώστε ένα όνομα στην έκδοση' })
    .trim()
    .min(1, 'Δώστε ένα όνομα στην έκδοση')
    .max(VERSION_NAME_MAX, `Το όνομα μπορεί να έχει έως ${VERSION_NAME_MAX} χαρακτήρες`),
});
export type NamedVersionBody = z.infer<typeof namedVersionBody>;

/** `b` may be "current": the live document as stored now. */
export const compareQuery = z.object({
  a: z.uuid('a must be a version id'),
  b: z.union([z.uuid('b must be a version id'), z.literal('current')]),
});

export const diffPartSchema = z.object({ text: z.string(), change: z.enum(['same', 'ins', 'del']) });
export type DiffPart = z.infer<typeof diffPartSchema>;

const sideSchema = z.object({
  /** "Έκδοση 3" or "Τρέχον κείμενο". */
  label: z.string(),
  createdAt: z.string().nullable(),
  /** The title and the text, word by word: `del` only on the older side, `ins` only on the newer. */
  title: z.array(diffPartSchema),
  text: z.array(diffPartSchema),
  category: z.string().nullable(),
  mediaLists: z.array(z.string()),
});

const personSchema = z.object({ id: z.string(), name: z.string() });

/** A suggested change that ended between the two sides: who proposed it, who decided it, how it ended. */
export const reviewStepSchema = z.object({
  suggestionId: z.string(),
  kind: z.enum(['insertion', 'deletion', 'replace']),
  /** Its words as they were suggested. */
  excerpt: z.string(),
  /** The suggester (null once their account is deleted). */
  author: personSchema.nullable(),
  /** Who accepted or rejected it (null for a withdrawn or edited one, or a deleted account). */
  decidedBy: personSchema.nullable(),
  outcome: z.enum(['accepted', 'rejected', 'withdrawn', 'edited']),
  at: z.string(),
});
export type ReviewStep = z.infer<typeof reviewStepSchema>;

export const compareSchema = z.object({
  a: sideSchema,
  b: sideSchema,
  charsAdded: z.number().int(),
  charsRemoved: z.number().int(),
  /** The suggested changes resolved between the two sides' times, oldest first. */
  review: z.array(reviewStepSchema),
});
export type VersionCompare = z.infer<typeof compareSchema>;

export const restoreResultSchema = z.object({
  /** The version made of the state before the restore (restoring it undoes the restore). */
  before: versionSchema,
  /** The restore itself, as a version. */
  restored: versionSchema,
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
