import { describe, expect, it } from 'vitest';
import { AuthClient } from '@client/auth/auth-client';
import { forgetPushOnSignOut } from './forget-on-sign-out';

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

describe('push on sign-out', () => {
  it('drops this browser’s subscription when the session ends, and only then', async () => {
    const session = { access_token: 'a', refresh_token: 'r', expires_in: 3600, expires_at: Date.now() / 1000 + 3600, token_type: 'bearer', user: { id: 'u1' } };
    const storage = memory();
    storage.setItem('deltio.auth', JSON.stringify(session));
    const auth = new AuthClient({ storage, storageKey: 'deltio.auth', fetch: () => Promise.resolve(new Response('{}', { status: 204 })) });
    let unsubscribed = 0;
    const sub = { unsubscribe: () => Promise.resolve(Boolean(++unsubscribed)) } as unknown as PushSubscription;
    forgetPushOnSignOut(auth, () => Promise.resolve(sub));
    await auth.initialize();
    expect(unsubscribed).toBe(0);
    await auth.signOut('local');
    await new Promise((r) => setImmediate(r));
    expect(unsubscribed).toBe(1);
  });
});
