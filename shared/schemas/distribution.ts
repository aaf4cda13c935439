import { z } from 'zod';

/** A signed link token: `<deliveryId>.<signature>`. */
export const linkToken = z.string().regex(/^\d{1,15}\.[A-Za-z0-9_-]{10,40}$/, 'not a valid link');

export const UNSUBSCRIBE_SCOPES = ['sender', 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

export const unsubscribeParams = z.object({ token: linkToken });
export const unsubscribeBody = z.object({
  scope: z.enum(UNSUBSCRIBE_SCOPES, { error: 'scope must be sender or all' }),
});

/** What the unsubscribe page shows: whose mail it is and what is in force now. */
export const unsubscribeState = z.object({
  email: z.string(),
  senderCompany: z.string(),
  sender: z.boolean(),
  all: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeState>;

export const trackOpenParams = z.object({ file: z.string().regex(/^[^/]+\.gif$/, 'not a pixel') });
export const trackClickParams = z.object({ token: linkToken });
export const trackClickQuery = z.object({
  u: z.url({ protocol: /^https?$/, error: 'u must be an http(s) URL' }),
  ch: z.enum(['email', 'in_app']).default('email'),
});
