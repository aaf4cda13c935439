/**
 * The authorization matrix: every /api route with the status each kind of caller gets.
 * Each module lists its routes in modules/<domain>/<domain>.authz.ts; a route registered
 * without an entry (or an entry without a route) fails the first test.
 *
 * The callers: a client (approved, owns the fixtures), another client, a media user,
 * a superadmin, a pending client, and a banned media user whose token predates the ban.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/app';
import { CALLERS, type AuthzModule, type Caller, type MatrixEntry, type MatrixWorld } from './test/authz';
import { call, signIn, signUp } from './test/http';

const modules = import.meta.glob<{ authz: AuthzModule }>(['./modules/*/*.authz.ts', './collab/*.authz.ts'], { eager: true });

const entries: Record<string, MatrixEntry> = {};
for (const [file, mod] of Object.entries(modules)) {
  for (const [key, entry] of Object.entries(mod.authz.entries)) {
    if (key in entries) throw new Error(`${key} is listed twice (again in ${file})`);
    entries[key] = entry;
  }
}

let server: TestServer;
const tokens: Partial<Record<Caller, string>> = {};
let fixtures: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const userIds = {} as MatrixWorld['userIds'];
  const make = async (caller: Exclude<Caller, 'anonymous'>, role: 'client' | 'media') => {
    const email = `${caller.toLowerCase()}@matrix.test`;
    const { id } = await signUp(server.url, email, role);
    await db('profiles').where('user_id', id).update({ status: caller === 'pending' ? 'pending' : 'approved' });
    if (caller === 'superadmin') await db('profiles').where('user_id', id).update({ role: 'superadmin' });
    const s = await signIn(server.url, email, 'secret123', caller === 'superadmin' ? server.config.superadminLoginPath : undefined);
    tokens[caller] = s.access_token;
    userIds[caller] = id;
  };
  await make('client', 'client');
  await make('otherClient', 'client');
  await make('media', 'media');
  await make('superadmin', 'client');
  await make('pending', 'client');
  await make('banned', 'media');
  await db('profiles').where('user_id', userIds.banned).update({ status: 'banned' });
  for (const mod of Object.values(modules)) {
    if (mod.authz.setup) fixtures = { ...fixtures, ...(await mod.authz.setup({ db, userIds })) };
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('authorization matrix', () => {
  it('has an entry for every registered /api route, and a route for every entry', () => {
    const registered = server.api.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    expect(registered.filter((k) => !(k in entries))).toEqual([]);
    expect(Object.keys(entries).filter((k) => !registered.includes(k))).toEqual([]);
  });

  for (const [key, entry] of Object.entries(entries)) {
    it(key, async () => {
      const method = key.split(' ')[0]!;
      const got: Record<string, number> = {};
      for (const caller of CALLERS) {
        const { path, body } = entry.request(fixtures);
        const r = await call(server.url, method, `/api${path}`, { token: tokens[caller], body });
        got[caller] = r.status;
      }
      expect(got).toEqual(entry.expect);
    });
  }
});
