import { describe, expect, it, vi } from 'vitest';
import { AuthClient, type AuthEvent, type KeyValueStorage, type Session } from './auth-client';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const NOW = 1_800_000_000_000;
function session(n: number, expiresIn = 900, now = NOW): Session {
  return {
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(now / 1000) + expiresIn,
    user: {
      id: '11111111-1111-4111-8111-111111111111',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'a@example.gr',
      email_confirmed_at: null,
      last_sign_in_at: null,
      created_at: new Date(NOW).toISOString(),
      updated_at: new Date(NOW).toISOString(),
      user_metadata: { role: 'client', name: 'A', organization: null },
      app_metadata: { provider: 'email' },
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const storage = memoryStorage();
  const sleeps: number[] = [];
  const events: AuthEvent[] = [];
  const client = new AuthClient({
    storage,
    fetch: ((url: string, init: RequestInit) => fetchImpl(url, init)) as typeof fetch,
    now: () => NOW,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
  client.onAuthStateChange((e) => events.push(e));
  return { client, storage, sleeps, events };
}

describe('AuthClient', () => {
  it('signs in, persists the session and emits SIGNED_IN', async () => {
    const { client, storage, events } = setup(() => Promise.resolve(json(200, session(1))));
    await client.signInWithPassword('a@example.gr', 'Thalassa-2026');
    expect(client.getSession()?.access_token).toBe('access-1');
    expect(storage.data.size).toBe(1);
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('refreshes a stale stored session on start and emits TOKEN_REFRESHED then INITIAL_SESSION', async () => {
    const bodies: string[] = [];
    const { client, storage, events } = setup((_url, init) => {
      bodies.push(init.body as string);
      return Promise.resolve(json(200, session(2)));
    });
    storage.setItem('deltio.auth.session', JSON.stringify(session(1, 30)));
    await client.initialize();
    expect(bodies).toEqual([JSON.stringify({ refresh_token: 'refresh-1' })]);
    expect(client.getSession()?.refresh_token).toBe('refresh-2');
    expect(events).toEqual(['TOKEN_REFRESHED', 'INITIAL_SESSION']);
  });

  it('retries a failed refresh with back-off from 200 ms, doubling', async () => {
    let calls = 0;
    const { client, sleeps } = setup(() => {
      calls++;
      return calls <= 3 ? Promise.reject(new TypeError('offline')) : Promise.resolve(json(200, session(9)));
    });
    await client.signInWithPassword('a', 'b').catch(() => undefined); // call 1 fails: offline
    (client as unknown as { session: Session }).session = session(1, 10);
    const s = await client.refresh();
    expect(s?.access_token).toBe('access-9');
    expect(sleeps).toEqual([200, 400]);
  });

  it('signs out when the server refuses the refresh token', async () => {
    const { client, storage, events } = setup((url) =>
      Promise.resolve(url.includes('refresh_token') ? json(400, { error: { code: 'invalid_grant', message: 'Invalid Refresh Token' } }) : json(200, session(1))),
    );
    await client.signInWithPassword('a', 'b');
    expect(await client.refresh()).toBeNull();
    expect(client.getSession()).toBeNull();
    expect(storage.data.has('deltio.auth.session')).toBe(false);
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    // No reason given: the session expired.
    expect(client.sessionEnded()?.reason).toBe('expired');
  });

  it('remembers why the server ended the session (a refused refresh, the socket) and forgets it at the next sign-in', async () => {
    const { client } = setup((url) =>
      Promise.resolve(
        url.includes('refresh_token')
          ? json(400, { error: { code: 'invalid_grant', message: 'Invalid Refresh Token', fields: { session: 'banned' } } })
          : json(200, session(1)),
      ),
    );
    await client.signInWithPassword('a', 'b');
    expect(client.sessionEnded()).toBeNull();
    await client.refresh();
    expect(client.sessionEnded()).toEqual({ reason: 'banned', at: NOW });
    await client.signInWithPassword('a', 'b');
    expect(client.sessionEnded()).toBeNull();
    client.handleRevoked('password_changed');
    expect(client.getSession()).toBeNull();
    expect(client.sessionEnded()?.reason).toBe('password_changed');
    client.handleRevoked('not-a-reason');
    expect(client.sessionEnded()?.reason).toBe('expired');
  });

  it('a sign-out of ours is not news: the server\'s "signed out" that follows it is not shown', async () => {
    const { client } = setup(() => Promise.resolve(json(200, session(1))));
    await client.signInWithPassword('a', 'b');
    await client.signOut('local');
    client.handleRevoked('signed_out'); // this session's sockets (and other tabs') hear of it
    expect(client.sessionEnded()).toBeNull();
  });

  it('makes one refresh call for concurrent callers', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(json(200, session(3))));
    const { client } = setup(fetchImpl);
    (client as unknown as { session: Session }).session = session(1);
    await Promise.all([client.refresh(), client.refresh(), client.refresh()]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('adopts a session another tab stored, and signs out when another tab signs out', async () => {
    const { client, storage, events } = setup(() => Promise.resolve(json(200, session(1))));
    await client.signInWithPassword('a', 'b');
    storage.setItem('deltio.auth.session', JSON.stringify(session(5)));
    client.handleStorageChange('deltio.auth.session');
    expect(client.getSession()?.access_token).toBe('access-5');
    storage.removeItem('deltio.auth.session');
    client.handleStorageChange('deltio.auth.session');
    expect(client.getSession()).toBeNull();
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
  });

  it('revokes on the server and forgets locally on sign-out, even if the server is unreachable', async () => {
    const urls: string[] = [];
    let online = true;
    const { client } = setup((url) => {
      urls.push(url);
      return online ? Promise.resolve(json(200, session(1))) : Promise.reject(new TypeError('offline'));
    });
    await client.signInWithPassword('a', 'b');
    online = false;
    await client.signOut('local');
    expect(urls.at(-1)).toBe('/auth/v1/logout?scope=local');
    expect(client.getSession()).toBeNull();
  });
});
