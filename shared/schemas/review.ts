import { z } from 'zod';

/**
 * Review inside the editor: comment threads anchored to words of the title or the text.
 * Anchors are Yjs relative positions (Y.encodeRelativePosition, base64), so a thread stays on
 * its words while the text changes; a thread whose words were deleted is "detached" and keeps
 * its quote. Comments never live in the document: nothing of them reaches a sent version.
 */
export const COMMENT_FIELDS = ['title', 'content'] as const;
export const commentFieldSchema = z.enum(COMMENT_FIELDS, { error: 'field must be title or content' });
export type CommentField = z.infer<typeof commentFieldSchema>;

export const COMMENT_LIMITS = { body: 4000, quote: 500, anchor: 256, mentions: 20 } as const;

const bodySchema = z
  .string({ error: 'Γράψτε το σχόλιο' })
  .trim()
  .min(1, 'Γράψτε το σχόλιο')
  .max(COMMENT_LIMITS.body, `Το σχόλιο μπορεί να έχει έως ${COMMENT_LIMITS.body} χαρακτήρες`);

const anchorSchema = z
  .string({ error: 'anchor must be a base64 relative position' })
  .min(1, 'anchor must be a base64 relative position')
  .max(COMMENT_LIMITS.anchor, 'anchor is too long')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'anchor must be a base64 relative position');

/** Members of the organisation named with @ in the body (others are dropped by the server). */
const mentionsSchema = z.array(z.uuid('mentions must be user ids')).max(COMMENT_LIMITS.mentions).default([]);

/** POST /releases/:id/comments: a new thread on the selected words. */
export const createCommentBody = z.object({
  field: commentFieldSchema,
  anchorStart: anchorSchema,
  anchorEnd: anchorSchema,
  /** The selected words as they read now (kept when the anchor detaches). */
  quote: z
    .string({ error: 'Επιλέξτε τις λέξεις που σχολιάζετε' })
    .trim()
    .min(1, 'Επιλέξτε τις λέξεις που σχολιάζετε')
    .max(COMMENT_LIMITS.quote, `Η επιλογή μπορεί να έχει έως ${COMMENT_LIMITS.quote} χαρακτήρες`),
  body: bodySchema,
  mentions: mentionsSchema,
});
export type CreateCommentBody = z.input<typeof createCommentBody>;

/** POST /comments/:id/replies and PATCH /comments/:id. */
export const commentTextBody = z.object({ body: bodySchema, mentions: mentionsSchema });
export type CommentTextBody = z.input<typeof commentTextBody>;

export const commentParams = z.object({ id: z.uuid('id must be a comment id') });

const personSchema = z.object({ id: z.string(), name: z.string() });

export const commentSchema = z.object({
  id: z.string(),
  /** null for the thread's first comment, else the thread (root comment) id. */
  threadId: z.string().nullable(),
  author: personSchema.nullable(),
  body: z.string(),
  mentions: z.array(personSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const threadSchema = z.object({
  /** The root comment's id. */
  id: z.string(),
  field: commentFieldSchema,
  anchorStart: z.string(),
  anchorEnd: z.string(),
  quote: z.string(),
  /** The commented words were deleted: the thread is kept with its quote. */
  detached: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedBy: personSchema.nullable(),
  /** The root first, then replies oldest first. A deleted root with replies reads «Το σχόλιο διαγράφηκε». */
  comments: z.array(commentSchema),
});
export type CommentThread = z.infer<typeof threadSchema>;

/** GET /releases/:id/comments */
export const commentListSchema = z.object({
  threads: z.array(threadSchema),
  /** Unresolved threads (detached ones included). */
  openCount: z.number().int(),
  /** The caller may add comments, reply, resolve and reopen (the release is still a draft or scheduled). */
  mayComment: z.boolean(),
});
export type CommentList = z.infer<typeof commentListSchema>;

export const COMMENT_EVENT_REASONS = ['created', 'replied', 'edited', 'deleted', 'resolved', 'reopened', 'detached'] as const;
export type CommentEventReason = (typeof COMMENT_EVENT_REASONS)[number];

/** Greek texts of the review screens and errors. */
export const REVIEW_TEXT = {
  deletedComment: 'Το σχόλιο διαγράφηκε',
  detached: 'Το κείμενο του σχολίου διαγράφηκε',
  releaseLocked: 'Το δελτίο έχει σταλεί· τα σχόλια δεν αλλάζουν πια',
  anchorInvalid: 'Οι λέξεις που σχολιάσατε δεν υπάρχουν πια· επιλέξτε τες ξανά',
  notAuthor: 'Μόνο ο συντάκτης του σχολίου μπορεί να το αλλάξει',
} as const;
