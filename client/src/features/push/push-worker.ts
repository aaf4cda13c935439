import { api } from '@client/api/http';
import { pushState, type PushState } from '@shared/schemas/push';
import { currentSubscription, pushSupported } from './push-device';

/** The service worker of push notifications (client/public/push-sw.js), at the site's root: its scope covers /media. */
export const PUSH_WORKER_URL = '/push-sw.js';

export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** The VAPID key as PushManager.subscribe() wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function registerPushWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export class PushPermissionDenied extends Error {
  constructor() {
    super('Notification permission denied');
  }
}

/**
 * Opts this browser in: asks for permission (the browser's own question), subscribes with the
 * server's key (a subscription made with an older key is replaced) and stores it on the server.
 */
export async function enablePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const reg = await registerPushWorker();
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  const sameKey = (s: PushSubscription) => {
    const k = s.options.applicationServerKey;
    return !!k && new Uint8Array(k).every((b, i) => b === key[i]);
  };
  if (sub && !sameKey(sub)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return api('POST', '/push/subscriptions', { body: sub.toJSON(), schema: pushState });
}

/** Opts this browser out: removed on the server, then unsubscribed at the push service. */
export async function disablePush(): Promise<PushState | null> {
  const sub = await currentSubscription();
  if (!sub) return null;
  const state = await api('DELETE', '/push/subscriptions', { body: { endpoint: sub.endpoint }, schema: pushState });
  await sub.unsubscribe().catch(() => false);
  return state;
}

/** A subscription the browser still has is stored again (renewed keys, or removed on the server meanwhile). */
export async function resyncPush(): Promise<PushState | null> {
  const sub = await currentSubscription();
  if (!sub || Notification.permission !== 'granted') return null;
  return api('POST', '/push/subscriptions', { body: sub.toJSON(), schema: pushState });
}
