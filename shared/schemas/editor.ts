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
  /** Send now only: how many recipients it was delivered to. */
  recipients: z.number().int().optional(),
});
export type ReleaseState = z.infer<typeof releaseStateSchema>;

export const mediaListSummarySchema = z.array(
  z.object({ category: z.enum(CATEGORIES), label: z.string(), count: z.number().int() }),
);
export type MediaListSummary = z.infer<typeof mediaListSummarySchema>;
