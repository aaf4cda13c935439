import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, normalizeSearch, toSearchText } from '../../../shared/search-text';
import { startTestServer, type TestServer } from '../test/app';
import { call, signIn, signUp } from '../test/http';

/**
 * The one search normaliser (shared/search-text.ts): the SQL fold gives exactly what
 * normalizeSearch() gives, and every search of the platform finds text whatever its case and
 * accents (users, media lists, the audit log, tasks, releases, the inbox).
 */
let server: TestServer;
let base: string;
let sa: string;

beforeAll(async () => {
  server = await startTestServer({}, { seedDemo: false });
  base = server.url;
  const boss = await signUp(base, 'boss@search.test', 'media');
  await server.ctx.db('profiles').where('user_id', boss.id).update({ role: 'superadmin', status: 'approved' });
  sa = (await signIn(base, 'boss@search.test', 'Thalassa-2026', server.config.superadminLoginPath)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

/** The organisation a client's sign-up created (the one they work in). */
async function activeOrganisation(userId: string): Promise<string> {
  const p = (await server.ctx.db('profiles').where('user_id', userId).first('active_organisation_id')) as { active_organisation_id: string | null };
  if (!p.active_organisation_id) throw new Error(`no organisation for ${userId}`);
  return p.active_organisation_id;
}

describe('the fold', () => {
  it('folds case, accents, diaeresis and the final sigma', () => {
    expect(normalizeSearch('ΆΈΉΊΌΎΏ ΪΫ ΐΰ Ελλάς ΟΔΟΣ Café Ñandú')).toBe('αεηιουω ιυ ιυ ελλασ οδοσ cafe nandu');
    expect(toSearchText('Τίτλος', 'Κείμενο')).toBe('τιτλοσ κειμενο');
  });

  it('SQL translate() with the shared table gives what normalizeSearch() gives, character by character', async () => {
    const chars = [...FOLD_FROM].filter((c) => [...normalizeSearch(c)].length === 1);
    expect(chars.length).toBeGreaterThan(700);
    const sample = chars.join('');
    const r = (await server.ctx.db.raw('select translate(?, ?, ?) as folded', [sample, FOLD_FROM, FOLD_TO])) as { rows: { folded: string }[] };
    expect([...r.rows[0]!.folded]).toEqual(chars.map(normalizeSearch));
    // Greek words as a whole, in the database's own locale (lower() alone would not fold them).
    const words = ['ΑΘΗΝΑ', 'Θεσσαλονίκη', 'ΚΑΛΑΜΆΤΑ', 'Ελλάς', 'Ζωή Αλεξίου'];
    for (const w of words) {
      const x = (await server.ctx.db.raw('select translate(?, ?, ?) as f', [w, FOLD_FROM, FOLD_TO])) as { rows: { f: string }[] };
      expect(x.rows[0]!.f).toBe(normalizeSearch(w));
    }
  });
});

describe('every search', () => {
  it('users (superadmin): name, organisation and e-mail whatever the case and accents', async () => {
    const u = await signUp(base, 'eleni@search.test', 'client');
    await server.ctx.db('profiles').where('user_id', u.id).update({ name: 'Ελένη Ζαφειρίου' });
    // A client's company is her organisation; a journalist's outlet is on her profile.
    await server.ctx.db('organisations').where('id', await activeOrganisation(u.id)).update({ name: 'Ελλάς Τρόφιμα Α.Ε.' });
    const j = await signUp(base, 'ioanna@search.test', 'media');
    await server.ctx.db('profiles').where('user_id', j.id).update({ name: 'Ιωάννα Πέτρου', organization: 'Ραδιόφωνο Ζαφείρι' });
    const find = async (q: string) =>
      (await call<{ items: { email: string }[] }>(base, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`, { token: sa })).body.items.map((i) => i.email);
    for (const q of ['ΕΛΕΝΗ', 'ελενη', 'ζαφειριου', 'ΕΛΛΑΣ ΤΡΟΦΙΜΑ', 'ελλασ', 'ELENI@SEARCH']) expect(await find(q)).toEqual(['eleni@search.test']);
    for (const q of ['ΡΑΔΙΟΦΩΝΟ', 'ραδιοφωνο ζαφειρι']) expect(await find(q)).toEqual(['ioanna@search.test']);
    expect(await find('ελενα')).toEqual([]);
    // LIKE wildcards are matched literally.
    expect(await find('%')).toEqual([]);
  });

  it('media lists and candidates (superadmin)', async () => {
    const m = await signUp(base, 'reporter@search.test', 'media');
    await server.ctx.db('profiles').where('user_id', m.id).update({ status: 'approved', name: 'Νίκος Γεωργίου', organization: 'Καθημερινή' });
    const candidates = await call<{ items: { email: string }[] }>(base, 'GET', `/api/admin/media-candidates?category=tech&q=${encodeURIComponent('ΚΑΘΗΜΕΡΙΝΗ')}`, {
      token: sa,
    });
    expect(candidates.body.items.map((i) => i.email)).toEqual(['reporter@search.test']);
    await server.ctx.db('media_lists').insert({ category: 'tech', media_id: m.id });
    const list = await call<{ items: { profile: { email: string } }[] }>(base, 'GET', `/api/admin/media-lists/tech?q=${encodeURIComponent('νικοσ γεωργιου')}`, {
      token: sa,
    });
    expect(list.body.items.map((i) => i.profile.email)).toEqual(['reporter@search.test']);
  });

  it('the audit log (actor)', async () => {
    await server.ctx.db('audit_logs').insert({ actor_email: 'Ιωάννα@Παράδειγμα.gr', actor_role: 'superadmin', action_type: 'user.approve' });
    const r = await call<{ items: { actor_email: string }[] }>(base, 'GET', `/api/admin/audit-logs?actor=${encodeURIComponent('ιωαννα@παραδειγμα')}`, { token: sa });
    expect(r.body.items.map((i) => i.actor_email)).toEqual(['Ιωάννα@Παράδειγμα.gr']);
  });

  it('tasks and releases (client)', async () => {
    const c = await signUp(base, 'owner@search.test', 'client');
    const token = (await signIn(base, 'owner@search.test')).access_token;
    const ws = { id: await activeOrganisation(c.id) };
    // The task board is the caller's active organisation's.
    const created = await call(base, 'POST', '/api/tasks', { token, body: { title: 'Σύνταξη δελτίου για την ΈΚΘΕΣΗ' } });
    expect(created.status).toBe(201);
    const tasks = await call<{ organisation: { id: string }; tasks: { title: string }[] }>(base, 'GET', `/api/tasks?q=${encodeURIComponent('συνταξη δελτιου')}`, { token });
    expect(tasks.body.organisation.id).toBe(ws.id);
    expect(tasks.body.tasks.map((t) => t.title)).toEqual(['Σύνταξη δελτίου για την ΈΚΘΕΣΗ']);
    const none = await call<{ tasks: unknown[] }>(base, 'GET', `/api/tasks?q=${encodeURIComponent('εκθεσεις')}`, { token });
    expect(none.body.tasks).toEqual([]);

    await server.ctx.db('press_releases').insert({
      title: 'Νέα συνεργασία με την Ελλάς',
      content: '<p>Κείμενο</p>',
      content_text: 'Κείμενο',
      search_text: toSearchText('Νέα συνεργασία με την Ελλάς', 'Κείμενο'),
      category: 'tech',
      author_id: c.id,
      organisation_id: ws.id,
      edited_at: new Date(),
    });
    for (const q of ['ΕΛΛΑΣ', 'ελλας', 'ΣΥΝΕΡΓΑΣΙΑ']) {
      const r = await call<{ items: { title: string }[] }>(base, 'GET', `/api/releases?q=${encodeURIComponent(q)}`, { token });
      expect(r.body.items.map((i) => i.title)).toEqual(['Νέα συνεργασία με την Ελλάς']);
    }
  });
});
