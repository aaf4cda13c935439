import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirstScreen } from '../../../../shared/schemas/first-screen';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signUpAndIn } from '../../test/http';
import { insertRelease, ownOrganisationOf } from '../../test/releases';
import * as Y from 'yjs';
import { appendUpdates, releaseDocName, writeSnapshot } from '../../collab/persistence';

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

  it('brings the editor the release’s stored document, so its text shows before the socket syncs; never to a reader who may not read it', async () => {
    const c = await signUpAndIn(server.url, 'doc@first.test');
    const other = await signUpAndIn(server.url, 'otherdoc@first.test');
    const id = await insertRelease(server.ctx.db, await ownOrganisationOf(server.ctx.db, c.id), c.id, { title: 'Με έγγραφο' });
    // Stored as the collab server stores it: a snapshot, then an update appended after it.
    const live = new Y.Doc();
    live.getText('title').insert(0, 'Με έγγραφο');
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('Το πρώτο κείμενο.')]);
    live.getXmlFragment('default').insert(0, [paragraph]);
    await writeSnapshot(server.ctx.db, releaseDocName(id), Y.encodeStateAsUpdate(live));
    const before = Y.encodeStateVector(live);
    live.getText('title').insert(live.getText('title').length, ' και μετά');
    await appendUpdates(server.ctx.db, releaseDocName(id), [Y.encodeStateAsUpdate(live, before)]);

    const mine = await firstScreen(c.token, `/client/press-releases/${id}`);
    expect(mine.body.document?.releaseId).toBe(id);
    const shown = new Y.Doc();
    Y.applyUpdate(shown, Buffer.from(mine.body.document!.update, 'base64'));
    expect(shown.getText('title').toJSON()).toBe('Με έγγραφο και μετά');
    expect(shown.getXmlFragment('default').toJSON()).toBe(live.getXmlFragment('default').toJSON());
    expect(shown.getXmlFragment('default').toJSON()).toContain('Το πρώτο κείμενο.');
    // Another organisation's client gets neither the release nor its document; a release never opened has none.
    expect((await firstScreen(other.token, `/client/press-releases/${id}`)).body.document).toBeUndefined();
    const unopened = await insertRelease(server.ctx.db, await ownOrganisationOf(server.ctx.db, c.id), c.id);
    const fresh = await firstScreen(c.token, `/client/press-releases/${unopened}`);
    expect(fresh.body.release?.id).toBe(unopened);
    expect(fresh.body.document).toBeUndefined();
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
