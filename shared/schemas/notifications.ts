import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  /** The organisation whose work it is about (shown while it is the active one); null: the person's own. */
  organisationId: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** A release that arrived in a media user's inbox: its delivery, release, title and category. */
export const inboxEntrySchema = z.object({
  deliveryId: z.number().int(),
  releaseId: z.string(),
  title: z.string(),
  category: z.string().nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

/** A received release as its recipients' pushes carry it: the inbox entry without the per-recipient delivery id. */
export const releaseArrivalSchema = inboxEntrySchema.omit({ deliveryId: true });
export type ReleaseArrival = z.infer<typeof releaseArrivalSchema>;

/**
 * A notification as pushed live (`notification:new`). A received release's notice is one message
 * for all its recipients (one frame, written to each of their sockets): it carries the release
 * (`delivery`) and none of the per-recipient ids (the notice's `id`, `data.delivery_id`); the bell
 * and the inbox it refreshes have them.
 */
export const notificationPushSchema = notificationSchema.extend({
  id: z.number().int().optional(),
  delivery: releaseArrivalSchema.optional(),
});
export type NotificationPush = z.infer<typeof notificationPushSchema>;

export const notificationList = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationIdParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(Number.MAX_SAFE_INTEGER),
});

export const NOTIFICATIONS_LIMIT = 30;
