import webpush from 'web-push';
import type { PushPayload } from '../../../../shared/schemas/push';
import type { VapidKeys } from './push.keys';

export interface StoredSubscription {
  id: number;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushAnswer {
  /** The push service's HTTP status; 0 when it could not be reached. */
  status: number;
  /** Seconds the service asked us to wait (429/503 Retry-After), when it said. */
  retryAfter?: number;
  error?: string;
}

const TIMEOUT_MS = 10_000;
/** A day: a phone that is off for longer gets the inbox, not a stale push. */
const TTL_SECONDS = 24 * 3600;

/**
 * Sends one encrypted push: `web-push` signs (VAPID) and encrypts (aes128gcm), fetch posts it, so
 * the answer's status is ours to judge (web-push's own sender speaks only https).
 */
export async function sendPush(sub: StoredSubscription, payload: PushPayload, vapid: VapidKeys): Promise<PushAnswer> {
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'normal',
      // The release id without dashes (32 characters): a push service replaces a waiting push of the same release.
      topic: payload.releaseId.replace(/-/g, ''),
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
    const retry = Number(res.headers.get('retry-after'));
    const text = res.ok ? '' : (await res.text().catch(() => '')).slice(0, 200);
    await res.body?.cancel().catch(() => undefined);
    return { status: res.status, ...(Number.isFinite(retry) && retry > 0 ? { retryAfter: retry } : {}), ...(text ? { error: text } : {}) };
  } catch (err) {
    return { status: 0, error: err instanceof Error ? err.message : String(err) };
  }
}

/** What an answer means: delivered, the subscription is gone (404/410), try again later (429, 5xx, unreachable), or give up. */
export function judge(a: PushAnswer): 'sent' | 'gone' | 'retry' | 'refused' {
  if (a.status >= 200 && a.status < 300) return 'sent';
  if (a.status === 404 || a.status === 410) return 'gone';
  if (a.status === 0 || a.status === 429 || a.status >= 500) return 'retry';
  return 'refused';
}
