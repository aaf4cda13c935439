import type { AuthClient } from '@client/auth/auth-client';
import { currentSubscription } from './push-device';

/**
 * A signed-out browser shows no more releases on its lock screen: on every sign-out (the button,
 * another tab's, a session the server ended) this browser's push subscription is dropped at the
 * push service. The server forgets it too, with the ended session (push.jobs.ts); the next
 * account signed in here starts opted out instead of inheriting it.
 */
export function forgetPushOnSignOut(auth: Pick<AuthClient, 'onAuthStateChange'>, subscription: () => Promise<PushSubscription | null> = currentSubscription): () => void {
  return auth.onAuthStateChange((event) => {
    if (event !== 'SIGNED_OUT') return;
    void subscription()
      .then((sub) => sub?.unsubscribe())
      .catch(() => undefined);
  });
}
