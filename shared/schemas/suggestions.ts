import { z } from 'zod';

/**
 * Suggested changes (track changes) in the editor: the suggestions live in the document as
 * `insertion`/`deletion` marks (shared/editor/suggestion-marks.ts); these are the routes that
 * list, accept and reject them. Accepting or rejecting is a change of the live document made on
 * the server, which reaches every open editor as a co-editor's update.
 */
export const SUGGESTION_KINDS = ['insertion', 'deletion', 'replace'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const suggestionReleaseParams = z.object({ id: z.uuid('id must be a press release id') });

export const suggestionParams = z.object({
  id: z.uuid('id must be a press release id'),
  /** The mark's id, `<author uuid>:<random>` (URL-encoded ':' is fine). */
  sid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[A-Za-z0-9_-]{6,24}$/, 'sid must be a suggestion id'),
});

const personSchema = z.object({ id: z.string(), name: z.string() });

export const suggestionSchema = z.object({
  id: z.string(),
  /** The user the id names; null when that user is gone. */
  author: personSchema.nullable(),
  kind: z.enum(SUGGESTION_KINDS),
  /** The suggested words: inserted, deleted, or «deleted → inserted». */
  excerpt: z.string(),
  createdAt: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET /releases/:id/suggestions: the pending suggestions, oldest first. */
export const suggestionListSchema = z.object({
  suggestions: z.array(suggestionSchema),
  /** The caller may accept and reject (a role that writes, the release still a draft or scheduled). */
  mayResolve: z.boolean(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/** POST …/accept, …/reject, …/accept-all, …/reject-all */
export const suggestionResolvedSchema = z.object({
  /** The ids that were resolved (none when there was nothing left to do). */
  resolved: z.array(z.string()),
  outcome: z.enum(['accepted', 'rejected']),
  pendingSuggestions: z.number().int(),
});
export type SuggestionResolved = z.infer<typeof suggestionResolvedSchema>;

export const SUGGESTION_TEXT = {
  notFound: 'Η προτεινόμενη αλλαγή δεν υπάρχει πια· μπορεί να έχει ήδη γίνει αποδεκτή ή να έχει απορριφθεί',
  releaseLocked: 'Το δελτίο έχει σταλεί ή αρχειοθετηθεί· οι προτεινόμενες αλλαγές του δεν αλλάζουν πια',
  notResolvable: 'Η αλλαγή δεν μπορεί να εφαρμοστεί στο κείμενο όπως είναι τώρα',
} as const;
