import { z } from 'zod';
import { CATEGORIES, RELEASE_STATUSES } from '../constants';

export const scheduleBody = z.object({
  scheduledAt: z.iso.datetime({ offset: true, error: 'scheduledAt must be a date and time' }),
});

export const releaseStateSchema = z.object({
  id: z.uuid(),
  status: z.enum(RELEASE_STATUSES),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  title: z.string(),
  category: z.enum(CATEGORIES).nullable(),
  mediaLists: z.array(z.enum(CATEGORIES)),
  updatedAt: z.string(),
  /** Why the live document could not be rendered (not saved; sending refuses), or null. */
  renderError: z.string().nullable().optional(),
  /** The embargo the editors set (derived from the document), or null. */
  embargoUntil: z.string().nullable().optional(),
  /** Send now only: how many recipients it was delivered to. */
  recipients: z.number().int().optional(),
});
export type ReleaseState = z.infer<typeof releaseStateSchema>;

export const mediaListSummarySchema = z.array(
  z.object({ category: z.enum(CATEGORIES), label: z.string(), count: z.number().int() }),
);
export type MediaListSummary = z.infer<typeof mediaListSummarySchema>;

/** GET /releases/:id/send-preview: who a send would reach, who is left out and why, and the e-mail as a journalist gets it. */
export const sendPreviewSchema = z.object({
  lists: z.array(z.object({ category: z.enum(CATEGORIES), label: z.string(), recipients: z.number().int() })),
  /** Distinct recipients over all ticked lists (someone in two lists gets one copy). */
  recipients: z.number().int(),
  excluded: z.object({
    /** Unsubscribed from this sender, from the release's category, or from everything. */
    unsubscribed: z.number().int(),
    /** Approved but deactivated accounts. */
    inactive: z.number().int(),
    /** Accounts still waiting for approval. */
    pending: z.number().int(),
  }),
  /** Recipients whose address is on the suppression list (globally or the organisation's): in the app, no e-mail; by reason. */
  withoutEmail: z.object({
    total: z.number().int(),
    hard_bounce: z.number().int(),
    soft_bounce_limit: z.number().int(),
    complaint: z.number().int(),
    manual: z.number().int(),
    import: z.number().int(),
  }),
  email: z.object({ from: z.string(), subject: z.string(), html: z.string() }),
  /** Why the text cannot be sent as it is (not rendered), or null. */
  renderError: z.string().nullable(),
});
export type SendPreview = z.infer<typeof sendPreviewSchema>;

/** POST /api/collab/tickets: a short-lived ticket to open one release's live document. */
export const collabTicketBody = z.object({ releaseId: z.uuid('releaseId must be a release id') });
export const collabTicketSchema = z.object({ ticket: z.string(), expiresAt: z.number(), path: z.string() });

export const testEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  /** suppressed: the sender's own address is on the suppression list, so it was not sent. */
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'suppressed']),
});
export type TestEmail = z.infer<typeof testEmailSchema>;
export const testEmailParams = z.object({ id: z.uuid('id is not valid'), mailId: z.coerce.number().int().positive().max(2 ** 53) });
