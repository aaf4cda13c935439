import { z } from 'zod';

/**
 * Web Push for journalists (issue 33, point 1): the browser's subscription (PushSubscription.toJSON())
 * to store or remove, the server's answer, and the payload the service worker shows.
 */

const base64url = (bytes: number, name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    .refine((v) => decodedLength(v) === bytes, `${name} must be ${bytes} bytes`);

/** Bytes a base64url string decodes to (no Buffer or atob: shared code runs in both places). */
function decodedLength(v: string): number {
  const s = v.replace(/=+$/, '');
  return Math.floor((s.length * 3) / 4);
}

export const pushEndpoint = z
  .string({ error: 'endpoint is required' })
  .max(2048, 'endpoint is too long')
  .refine((v) => /^https?:\/\/[^\s/]+\/\S*$/i.test(v), 'endpoint must be an http(s) URL');

export const pushSubscribeBody = z
  .object({
    endpoint: pushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        // The browser's P-256 public key (uncompressed point) and the 16-byte auth secret.
        p256dh: base64url(65, 'keys.p256dh'),
        auth: base64url(16, 'keys.auth'),
      }, { error: 'keys is required' })
      .strip(),
  })
  .strip();
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.object({ endpoint: pushEndpoint }).strict();
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBody>;

/** GET /push/config and the answer of subscribe/unsubscribe. */
export const pushState = z.object({
  /** Off when the server has no VAPID keys (production without VAPID_*): the UI offers nothing. */
  enabled: z.boolean(),
  /** The VAPID public key, the applicationServerKey of PushManager.subscribe(). */
  publicKey: z.string().nullable(),
  /** Browsers of this journalist that receive pushes. */
  devices: z.number().int(),
  /** Whether a release has reached the journalist yet: the inbox offers push after the first. */
  hasReceived: z.boolean(),
});
export type PushState = z.infer<typeof pushState>;

/** What a push carries (JSON, encrypted by the push protocol); the service worker shows it. */
export const pushPayload = z.object({
  kind: z.literal('press_release.received'),
  releaseId: z.string(),
  title: z.string(),
  body: z.string(),
  /** Where a click leads: the release's reading view in the media area. */
  url: z.string(),
  /** One notification per release: a second push of the same release replaces the first. */
  tag: z.string(),
  organisation: z.string(),
  embargoUntil: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayload>;
