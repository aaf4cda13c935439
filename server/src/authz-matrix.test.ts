/**
 * The authorization matrix: every /api route with the status each kind of caller
 * gets. A route registered without an entry here fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/app';
import { call, signIn, signUp } from './test/http';

type Caller = 'anonymous' | 'client' | 'otherClient' | 'media' | 'superadmin' | 'pending' | 'banned';
const CALLERS: Caller[] = ['anonymous', 'client', 'otherClient', 'media', 'superadmin', 'pending', 'banned'];

interface Fixtures {
  clientId: string;
}

interface Entry {
  request: (fx: Fixtures) => { path: string; body?: unknown };
  expect: Record<Caller, number>;
}

const signedIn = (ok: number) => ({
  anonymous: 401,
  client: ok,
  otherClient: ok,
  media: ok,
  superadmin: ok,
  pending: ok,
  banned: 401,
});

/** Keyed by "METHOD /path" exactly as the route is registered. */
const MATRIX: Record<string, Entry> = {
  'GET /profile': { request: () => ({ path: '/profile' }), expect: signedIn(200) },
  'PATCH /profile': { request: () => ({ path: '/profile', body: { name: 'Νέο όνομα' } }), expect: signedIn(200) },
};

let server: TestServer;
const tokens: Partial<Record<Caller, string>> = {};
const fx: Fixtures = { clientId: '' };

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const make = async (caller: Exclude<Caller, 'anonymous'>, role: 'client' | 'media') => {
    const email = `${caller.toLowerCase()}@matrix.test`;
    const { id } = await signUp(server.url, email, role);
    await db('profiles').where('user_id', id).update({ status: caller === 'pending' ? 'pending' : 'approved' });
    if (caller === 'superadmin') await db('profiles').where('user_id', id).update({ role: 'superadmin' });
    const s = await signIn(server.url, email, 'secret123', caller === 'superadmin' ? server.config.superadminLoginPath : undefined);
    tokens[caller] = s.access_token;
    return id;
  };
  fx.clientId = await make('client', 'client');
  await make('otherClient', 'client');
  await make('media', 'media');
  await make('superadmin', 'client');
  await make('pending', 'client');
  const bannedId = await make('banned', 'media');
  await db('profiles').where('user_id', bannedId).update({ status: 'banned' });
});
afterAll(async () => {
  await server?.stop();
});

describe('authorization matrix', () => {
  it('has an entry for every registered /api route', () => {
    const registered = server.api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    expect(registered.filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !registered.includes(k))).toEqual([]);
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    it(key, async () => {
      const method = key.split(' ')[0]!;
      const got: Record<string, number> = {};
      for (const caller of CALLERS) {
        const { path, body } = entry.request(fx);
        const r = await call(server.url, method, `/api${path}`, { token: tokens[caller], body });
        got[caller] = r.status;
      }
      expect(got).toEqual(entry.expect);
    });
  }
});
