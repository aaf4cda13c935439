import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstScreen } from '../../../../shared/schemas/first-screen';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signUpAndIn } from '../../test/http';
import { insertRelease, ownOrganisationOf } from '../../test/releases';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const get = <T>(token: string, path: string) => call<T>(server.url, 'GET', path, { token });
const firstScreen = (token: string, page: string) => get<FirstScreen>(token, `/api/first-screen?path=${encodeURIComponent(page)}`);

describe('GET /first-screen', () => {
  it("answers a client's home with exactly what GET /profile and GET /client/dashboard answer", async () => {
    const c = await signUpAndIn(server.url, 'home@first.test');
    const r = await firstScreen(c.token, '/client');
    expect(r.status).toBe(200);
    expect(r.body.profile).toEqual((await get(c.token, '/api/profile')).body);
    expect(r.body.dashboard).toEqual((await get(c.token, '/api/client/dashboard')).body);
    expect(r.body.release).toBeUndefined();
  });

  it('answers the editor with the release as GET /releases/<id> does, and leaves out one the caller may not read', async () => {
    const c = await signUpAndIn(server.url, 'editor@first.test');
    const other = await signUpAndIn(server.url, 'other@first.test');
    const id = await insertRelease(server.ctx.db, await ownOrganisationOf(server.ctx.db, c.id), c.id, { title: 'Πρώτη οθόνη', content_text: 'Το κείμενο.' });
    const mine = await firstScreen(c.token, `/client/press-releases/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.release).toEqual((await get(c.token, `/api/releases/${id}`)).body);
    expect(mine.body.dashboard).toBeUndefined();
    // Another organisation's client: GET /releases/<id> is a 404 for them, so no release here.
    expect((await get(other.token, `/api/releases/${id}`)).status).toBe(404);
    const theirs = await firstScreen(other.token, `/client/press-releases/${id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.release).toBeUndefined();
    expect(theirs.body.profile).toEqual((await get(other.token, '/api/profile')).body);
  });

  it("gives a journalist their profile and no client's data", async () => {
    const m = await signUpAndIn(server.url, 'media@first.test', 'media');
    const r = await firstScreen(m.token, '/client');
    expect(r.status).toBe(200);
    expect(r.body.profile).toEqual((await get(m.token, '/api/profile')).body);
    expect(r.body.dashboard).toBeUndefined();
  });

  it('refuses a missing or malformed path with a JSON error naming the field, and an anonymous caller', async () => {
    const c = await signUpAndIn(server.url, 'bad@first.test');
    for (const bad of ['/api/first-screen', '/api/first-screen?path=client', `/api/first-screen?path=/${'x'.repeat(300)}`]) {
      const r = await get<{ error: { code: string; fields?: Record<string, string> } }>(c.token, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.fields, bad).toHaveProperty('path');
    }
    expect((await call(server.url, 'GET', '/api/first-screen?path=%2Fclient')).status).toBe(401);
  });
});
