/**
 * The authorization matrix: every /api route with the status each kind of caller gets.
 * Each module lists its routes in modules/<domain>/<domain>.authz.ts; a route registered
 * without an entry (or an entry without a route) fails the first test.
 *
 * The callers: a client (owner of the approved organisation A that owns the fixtures), the owner
 * of another approved organisation, a media user, a superadmin, the owner of a pending
 * organisation, and a banned media user whose token predates the ban. A member of another
 * organisation gets 404 on every route addressing A's objects (never a hint that they exist).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/app';
import { CALLERS, matrixEntries, setupMatrixWorld, type AuthzModule, type Caller, type MatrixWorld } from './test/authz';
import { call } from './test/http';

const modules = import.meta.glob<{ authz: AuthzModule }>(['./modules/*/*.authz.ts', './collab/*.authz.ts'], { eager: true });
const entries = matrixEntries(modules);

let server: TestServer;
let tokens: Partial<Record<Caller, string>> = {};
let fixtures: Record<string, string> = {};
let userIds: MatrixWorld['userIds'];
let organisationIds: MatrixWorld['organisationIds'];

beforeAll(async () => {
  server = await startTestServer();
  // The render thread and the CPU pool's thread start (seconds under tsx) while the world is made:
  // the routes that use them are timed for their own work.
  const warm = Promise.all([server.ctx.collab.warm(), server.ctx.cpu.warm()]);
  ({ tokens, fixtures, userIds, organisationIds } = await setupMatrixWorld(server, modules));
  await warm;
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

  it('has its callers in their organisations: the client and the other client each own an approved one, pending a pending one', async () => {
    const { db } = server.ctx;
    const memberships = (await db('organisation_members as m')
      .join('organisations as o', 'o.id', 'm.organisation_id')
      .join('profiles as p', 'p.user_id', 'm.user_id')
      .whereIn('m.user_id', Object.values(userIds))
      .select('m.user_id', 'm.organisation_id', 'm.role', 'o.status', 'p.active_organisation_id')) as {
      user_id: string;
      organisation_id: string;
      role: string;
      status: string;
      active_organisation_id: string;
    }[];
    const expected = (caller: 'client' | 'otherClient' | 'pending', status: string) => ({
      user_id: userIds[caller],
      organisation_id: organisationIds[caller],
      role: 'owner',
      status,
      active_organisation_id: organisationIds[caller],
    });
    // Each company caller owns exactly its own organisation and works in it.
    const owned = memberships.filter((m) => m.role === 'owner');
    expect(owned.sort((a, b) => a.user_id.localeCompare(b.user_id))).toEqual(
      [expected('client', 'approved'), expected('otherClient', 'approved'), expected('pending', 'pending')].sort((a, b) =>
        a.user_id.localeCompare(b.user_id),
      ),
    );
    // Module setups may make the client a member (not an owner) of another owner's organisation
    // (approvals: a publisher where approval is required); the strangers stay in their own only.
    expect(memberships.filter((m) => m.role !== 'owner' && m.user_id !== userIds.client)).toEqual([]);
    expect(new Set(Object.values(organisationIds)).size).toBe(3);
  });

  it("lists 404 for members of other organisations on every route addressing the client's objects", () => {
    // A route addresses a fixture when its path holds one of the fixtures' ids; where the client
    // (the owner) succeeds and the route is not public, everyone else with an organisation is a stranger.
    const ids = new Set(Object.values(fixtures));
    const leaks = Object.entries(entries).flatMap(([key, entry]) => {
      const { path } = entry.request(fixtures);
      const addressed = path.split(/[/?&=]/).some((part) => ids.has(part));
      const ok = entry.expect.client >= 200 && entry.expect.client < 300;
      const isPublic = entry.expect.anonymous === entry.expect.client;
      if (!addressed || !ok || isPublic) return [];
      return (['otherClient', 'pending'] as const).filter((c) => entry.expect[c] !== 404).map((c) => `${key}: ${c} ${entry.expect[c]}`);
    });
    expect(leaks).toEqual([]);
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
