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
import { CALLERS, matrixEntries, setupMatrixWorld, type AuthzModule, type Caller } from './test/authz';
import { call } from './test/http';

const modules = import.meta.glob<{ authz: AuthzModule }>(['./modules/*/*.authz.ts', './collab/*.authz.ts'], { eager: true });
const entries = matrixEntries(modules);

let server: TestServer;
let tokens: Partial<Record<Caller, string>> = {};
let fixtures: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens, fixtures } = await setupMatrixWorld(server, modules));
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
