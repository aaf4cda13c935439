import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, stateless tokens of the tracking and unsubscribe links. A token names a
 * delivery (one recipient of one release) and what the link does; the HMAC stops
 * anyone from forging opens, clicks or unsubscribes for other people, and a click
 * token covers its target URL so the redirect is never an open redirect.
 */
export type TrackPurpose = 'open' | 'click' | 'unsubscribe';
export type TrackChannel = 'email' | 'in_app';

const SIG_BYTES = 18;

function sign(key: Uint8Array, parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\n')).digest().subarray(0, SIG_BYTES).toString('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `<deliveryId>.<signature>`, bound to the purpose, the channel and (for clicks) the URL. */
export function trackingToken(key: Uint8Array, purpose: TrackPurpose, deliveryId: number, channel: TrackChannel = 'email', url = ''): string {
  return `${deliveryId}.${sign(key, [purpose, String(deliveryId), channel, url])}`;
}

/** The delivery id of a valid token, or null. */
export function verifyTrackingToken(
  key: Uint8Array,
  token: string,
  purpose: TrackPurpose,
  channel: TrackChannel = 'email',
  url = '',
): number | null {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{10,40})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return same(m[2]!, sign(key, [purpose, String(id), channel, url])) ? id : null;
}

/** Tracking URLs, relative to the site's base URL. */
export const trackingPaths = {
  open: (token: string) => `/api/t/o/${token}.gif`,
  click: (token: string, url: string, channel: TrackChannel) =>
    `/api/t/c/${token}?ch=${channel}&u=${encodeURIComponent(url)}`,
  unsubscribe: (token: string) => `/unsubscribe/${token}`,
};

/**
 * Known mail-proxy and link-scanner prefetches: they fetch pixels and links on the
 * recipient's behalf, so they are recorded but never count as a human open or click.
 * Apple Mail Privacy Protection sends a bare "Mozilla/5.0".
 */
const PROXY_AGENTS =
  /GoogleImageProxy|ggpht\.com|YahooMailProxy|Yahoo! Slurp|Outlook-iOS-Android|BingPreview|Barracuda|Mimecast|Proofpoint|SafeLinks|Safe Links|ms-office|Microsoft Office Protocol|python-requests|curl\/|Wget|Go-http-client|bot\b|crawler|spider|facebookexternalhit|Slackbot|LinkedInBot/i;

export function isProxyAgent(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  if (!ua || ua === 'Mozilla/5.0') return true;
  return PROXY_AGENTS.test(ua);
}
