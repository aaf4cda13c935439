/**
 * The suppression list's screens (an organisation's, the superadmin's global one, a journalist's
 * own complaints) and a release's delivery table (issue 31).
 */
import { z } from 'zod';
import { DELIVERY_STATES, SUPPRESSION_REASONS, SUPPRESSION_SOURCES } from '../constants';
import { emailSchema } from './auth';

export const SUPPRESSIONS_PAGE_SIZE = 25;
export const DELIVERIES_PAGE_SIZE = 50;
/** At most this many addresses per CSV import (the body is capped at 200,000 characters too). */
export const SUPPRESSION_IMPORT_MAX_ROWS = 5000;

const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page is too large')
  .default(1);

/** /organisations/:id/suppressions */
export const suppressionOrgParams = z.object({ id: z.uuid('id is not valid') });
export const suppressionOrgItemParams = z.object({
  id: z.uuid('id is not valid'),
  suppressionId: z.uuid('suppressionId is not valid'),
});
/** /admin/suppressions/:suppressionId and /media/suppressions/:suppressionId */
export const suppressionItemParams = z.object({
  suppressionId: z.uuid('suppressionId is not valid'),
});

export const suppressionListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'q must have at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  reason: z
    .enum(SUPPRESSION_REASONS, { error: `reason must be one of ${SUPPRESSION_REASONS.join(', ')}` })
    .optional(),
  page: pageParam,
});
export type SuppressionListQuery = z.infer<typeof suppressionListQuery>;

export const addSuppressionBody = z.object({
  email: emailSchema,
  note: z.string().trim().max(500, 'note must have at most 500 characters').optional(),
});
export type AddSuppressionBody = z.infer<typeof addSuppressionBody>;

export const importSuppressionsBody = z.object({
  text: z
    .string({ error: 'text is required' })
    .max(200_000, 'text is too long')
    .refine((t) => t.trim().length > 0, 'text is required'),
});

export const suppressionItem = z.object({
  id: z.string(),
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  source: z.enum(SUPPRESSION_SOURCES),
  /** The receiving server's text, or the note of a manual addition. */
  detail: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type SuppressionItem = z.infer<typeof suppressionItem>;

export const suppressionPage = z.object({
  items: z.array(suppressionItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The caller may add, lift and import (the organisation's admins; the superadmin for the global list). */
  canEdit: z.boolean(),
});
export type SuppressionPage = z.infer<typeof suppressionPage>;

export const addSuppressionResult = z.object({ item: suppressionItem, created: z.boolean() });

/** One line of an import that was not taken, by its line number in the text (1 = the first line). */
export const importProblem = z.object({
  line: z.number().int(),
  text: z.string(),
  error: z.string(),
});
export const importSuppressionsResult = z.object({
  /** Lines holding an address. */
  total: z.number().int(),
  added: z.number().int(),
  /** Already on the list. */
  existing: z.number().int(),
  problems: z.array(importProblem),
});
export type ImportSuppressionsResult = z.infer<typeof importSuppressionsResult>;

/** A journalist's complaint suppressions of their own address: the companies whose mail they stopped. */
export const mediaSuppressionItem = z.object({
  id: z.string(),
  organisationName: z.string().nullable(),
  createdAt: z.string(),
});
export const mediaSuppressions = z.object({ items: z.array(mediaSuppressionItem) });
export type MediaSuppressions = z.infer<typeof mediaSuppressions>;

// ---------------------------------------------------------------- a release's delivery table

export const deliveryTableQuery = z.object({
  page: pageParam,
  state: z
    .enum(DELIVERY_STATES, { error: `state must be one of ${DELIVERY_STATES.join(', ')}` })
    .optional(),
});

export const deliveryRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  outlet: z.string().nullable(),
  email: z.string(),
  state: z.enum(DELIVERY_STATES),
  bounceType: z.enum(['hard', 'soft']).nullable(),
  /** The receiving server's text (or why it was not sent). */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  bouncedAt: z.string().nullable(),
  complainedAt: z.string().nullable(),
  opened: z.boolean(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const deliveryCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bouncedHard: z.number().int(),
  bouncedSoft: z.number().int(),
  complained: z.number().int(),
  suppressed: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof deliveryCounts>;

export const deliveryTable = z.object({
  items: z.array(deliveryRow),
  counts: deliveryCounts,
  /** Rows matching the state filter. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DeliveryTable = z.infer<typeof deliveryTable>;
