/**
 * This browser's side of Web Push, with no imports: the sign-out (in every page's shell) reads
 * it without loading the push feature's API code.
 */

/** Whether this browser can receive Web Push here (a secure context with service workers, PushManager and notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's subscription, if it has one (without registering anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}
