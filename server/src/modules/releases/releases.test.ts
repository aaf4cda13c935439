import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSearchText } from '../../../../shared/search-text';
import type { ReleaseListResponse } from '../../../../shared/schemas/releases';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { addMember, insertRelease, newOrganisation, type TestMember } from '../../test/releases';

let server: TestServer;
let alice: TestMember;
let bob: TestMember;
let member: TestMember;

/** The owner of a new organisation of their own. */
async function user(email: string) {
  return addMember(server, await newOrganisation(server.ctx.db), 'owner', email);
}

/** A release of `who`'s organisation, written by them. */
async function insert(who: TestMember, title: string, text: string, extra: Record<string, unknown> = {}) {
  return insertRelease(server.ctx.db, who.organisationId, who.id, { title, content_text: text, ...extra });
}

const list = (token: string, qs = '') => call<ReleaseListResponse>(server.url, 'GET', `/api/releases${qs}`, { token });

beforeAll(async () => {
  server = await startTestServer();
  alice = await user('alice@releases.test');
  bob = await user('bob@releases.test');
  member = await addMember(server, alice.organisationId, 'editor', 'member@releases.test');
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('GET /releases', () => {
  it('returns the organisation’s releases (every member’s), newest first; nothing of another organisation', async () => {
    const a1 = await insert(alice, 'Πρώτο της Alice', 'κείμενο', { created_at: new Date(Date.now() - 60_000) });
    const a2 = await insert(alice, 'Δεύτερο της Alice', 'κείμενο');
    const b1 = await insert(bob, 'Μυστικό του Bob', 'κείμενο');
    const r = await list(alice.token);
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.id)).toEqual([a2, a1]);
    expect(r.body.total).toBe(2);
    expect(r.body.totalAll).toBe(2);
    const rb = await list(bob.token);
    expect(rb.body.items.map((i) => i.id)).toEqual([b1]);
    // The member of Alice's organisation sees her releases in the list and opens them; Bob may not (404, not 403).
    expect((await list(member.token)).body.items.map((i) => i.id)).toEqual([a2, a1]);
    expect((await call(server.url, 'GET', `/api/releases/${a1}`, { token: member.token })).status).toBe(200);
    expect((await call(server.url, 'GET', `/api/releases/${a1}`, { token: bob.token })).status).toBe(404);
    expect((await call(server.url, 'GET', `/api/releases/${a1}`, { token: alice.token })).status).toBe(200);
    // Outside the organisation: 404 for duplicate and delete.
    expect((await call(server.url, 'POST', `/api/releases/${a1}/duplicate`, { token: bob.token })).status).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/releases/${a1}`, { token: bob.token })).status).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/releases/${b1}`, { token: alice.token })).status).toBe(404);
    expect(await server.ctx.db('press_releases').where('id', b1).first('id')).toBeTruthy();
  });

  it('searches title and content without regard to case or Greek accents', async () => {
    const c = await user('carol@releases.test');
    const d1 = await insert(c, 'Δελτίο Τύπου για την ΤΕΧΝΟΛΟΓΊΑ', 'Νέα προϊόντα');
    const d2 = await insert(c, 'Ανακοίνωση', 'Η εταιρεία ανακοινώνει ένα νέο δελτίο για την οικονομία');
    await insert(c, 'Άλλο θέμα', 'Τίποτα σχετικό');
    const ids = async (q: string) => (await list(c.token, `?q=${encodeURIComponent(q)}`)).body.items.map((i) => i.id).sort();
    expect(await ids('δελτιο')).toEqual([d1, d2].sort());
    expect(await ids('ΔΕΛΤΊΟ')).toEqual([d1, d2].sort());
    expect(await ids('τεχνολογια')).toEqual([d1]);
    expect(await ids('Οικονομία')).toEqual([d2]);
    expect(await ids('ανακοινωνει')).toEqual([d2]);
    expect(await ids('100%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    const none = await list(c.token, '?q=ανύπαρκτο');
    expect(none.body.total).toBe(0);
    expect(none.body.totalAll).toBe(3);
  });

  it('filters by category and status, pages by 10 and refuses bad input with a 400', async () => {
    const d = await user('dave@releases.test');
    for (let i = 0; i < 23; i++) {
      await insert(d, `Δελτίο ${i}`, 'κείμενο', {
        category: i % 2 ? 'sports' : 'economy',
        status: i % 3 === 0 ? 'sent' : 'draft',
        created_at: new Date(Date.now() - (23 - i) * 60_000),
      });
    }
    const p1 = await list(d.token);
    expect(p1.body).toMatchObject({ total: 23, page: 1, pageCount: 3, pageSize: 10 });
    expect(p1.body.items).toHaveLength(10);
    expect(p1.body.items[0]!.title).toBe('Δελτίο 22');
    const p3 = await list(d.token, '?page=3');
    expect(p3.body.items.map((i) => i.title)).toEqual(['Δελτίο 2', 'Δελτίο 1', 'Δελτίο 0']);
    expect((await list(d.token, '?page=9')).body.page).toBe(3);
    const sports = await list(d.token, '?category=sports');
    expect(sports.body.total).toBe(11);
    expect(sports.body.items.every((i) => i.category === 'sports')).toBe(true);
    const sentEconomy = await list(d.token, '?category=economy&status=sent');
    expect(sentEconomy.body.items.every((i) => i.category === 'economy' && i.status === 'sent')).toBe(true);
    expect(sentEconomy.body.total).toBe(4); // i = 0, 6, 12, 18
    expect((await list(d.token, '?category=all&status=all')).body.total).toBe(23);
    const bad = await list(d.token, '?status=bogus&page=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'validation_failed' } });
    expect(Object.keys((bad.body as unknown as { error: { fields: object } }).error.fields).sort()).toEqual(['page', 'status']);
    expect((await call(server.url, 'GET', '/api/releases/not-a-uuid', { token: d.token })).status).toBe(400);
  });
});

describe('duplicate, delete and new draft', () => {
  it('duplicates as a draft with the suffix and a fresh search text, then deletes', async () => {
    const e = await user('erin@releases.test');
    const id = await insert(e, 'Εγκαίνια', 'Ανοίγουμε νέο κατάστημα', {
      status: 'sent',
      category: 'culture',
      media_list_categories: ['culture', 'lifestyle'],
      sent_at: new Date(),
    });
    const dup = await call<{ id: string; title: string; status: string; category: string; media_list_categories: string[] }>(
      server.url,
      'POST',
      `/api/releases/${id}/duplicate`,
      { token: e.token },
    );
    expect(dup.status).toBe(201);
    expect(dup.body).toMatchObject({ title: 'Εγκαίνια (αντίγραφο)', status: 'draft', category: 'culture' });
    expect(dup.body.media_list_categories).toEqual(['culture', 'lifestyle']);
    const row = await server.ctx.db('press_releases').where('id', dup.body.id).first<{ search_text: string; content: string; sent_at: Date | null }>('*');
    expect(row.search_text).toBe(toSearchText('Εγκαίνια (αντίγραφο)', 'Ανοίγουμε νέο κατάστημα'));
    expect(row.content).toBe('<p>Ανοίγουμε νέο κατάστημα</p>');
    expect(row.sent_at).toBeNull();
    expect((await list(e.token, '?q=αντιγραφο')).body.items.map((i) => i.id)).toEqual([dup.body.id]);

    // The draft copy is deleted for good; the sent original is archived (see releases.lifecycle.test.ts).
    const del = await call<{ outcome: string }>(server.url, 'DELETE', `/api/releases/${dup.body.id}`, { token: e.token });
    expect(del.status).toBe(200);
    expect(del.body.outcome).toBe('deleted');
    expect(await server.ctx.db('press_releases').where('id', dup.body.id).first('id')).toBeUndefined();
    expect((await call(server.url, 'DELETE', `/api/releases/${dup.body.id}`, { token: e.token })).status).toBe(404);
  });

  it('creates an empty draft in the active organisation with its default category', async () => {
    const f = await user('frank@releases.test');
    await server.ctx.db('organisations').where('id', f.organisationId).update({ default_category: 'sports' });
    const r = await call<{ id: string }>(server.url, 'POST', '/api/releases', { token: f.token });
    expect(r.status).toBe(201);
    const row = await server.ctx.db('press_releases').where('id', r.body.id).first<{ status: string; category: string; author_id: string; organisation_id: string }>('*');
    expect(row).toMatchObject({ status: 'draft', category: 'sports', author_id: f.id, organisation_id: f.organisationId });
    const titled = await call<{ id: string }>(server.url, 'POST', '/api/releases', {
      token: f.token,
      body: { title: 'Νέο Δελτίο', content: 'Πρώτη <παράγραφος>\n\nΔεύτερη', category: 'culture' },
    });
    const t = await server.ctx.db('press_releases').where('id', titled.body.id).first<{ content: string; search_text: string; category: string }>('*');
    expect(t).toMatchObject({ content: '<p>Πρώτη &lt;παράγραφος&gt;</p><p>Δεύτερη</p>', category: 'culture' });
    expect(t.search_text).toBe(toSearchText('Νέο Δελτίο', 'Πρώτη <παράγραφος>\n\nΔεύτερη'));
    const bad = await call(server.url, 'POST', '/api/releases', { token: f.token, body: { category: 'weather', status: 'sent' } });
    expect(bad.status).toBe(400);
  });
});
