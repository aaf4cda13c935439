import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImportEmails, type ImportMediaResult } from '../../../../shared/schemas/admin';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signIn, signUp } from '../../test/http';

describe('parseImportEmails', () => {
  it('splits on commas and new lines, trims and drops empties', () => {
    expect(parseImportEmails(' a@x.gr, b@x.gr\n\n c@x.gr ,,\r\nd@x.gr\n')).toEqual(['a@x.gr', 'b@x.gr', 'c@x.gr', 'd@x.gr']);
  });
  it('keeps one of each address (case-insensitive)', () => {
    expect(parseImportEmails('a@x.gr,A@X.gr\na@x.gr')).toEqual(['a@x.gr']);
  });
  it('gives nothing for blank text', () => {
    expect(parseImportEmails(' \n , \r\n')).toEqual([]);
  });
});

let server: TestServer;
let token: string;
const media: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const { id } = await signUp(server.url, 'root@lists.test', 'client');
  await db('profiles').where('user_id', id).update({ role: 'superadmin', status: 'approved' });
  token = (await signIn(server.url, 'root@lists.test', 'Thalassa-2026', server.config.superadminLoginPath)).access_token;
  for (const [key, state] of Object.entries({
    a: { status: 'approved' },
    b: { status: 'approved' },
    c: { status: 'approved' },
    pending: { status: 'pending' },
    inactive: { status: 'approved', is_active: false },
  })) {
    const r = await signUp(server.url, `${key}@lists.test`, 'media');
    await db('profiles').where('user_id', r.id).update({ ...state, name: `Μέσο ${key}` });
    media[key] = r.id;
  }
  const client = await signUp(server.url, 'client@lists.test', 'client');
  await db('profiles').where('user_id', client.id).update({ status: 'approved' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const api = <T = unknown>(method: string, path: string, body?: unknown) =>
  call<T & { error?: { code: string; fields?: Record<string, string> } }>(server.url, method, `/api${path}`, { token, body });

describe('media lists', () => {
  it('offers only active, approved media not yet in the category', async () => {
    await server.ctx.db('media_lists').insert({ category: 'economy', media_id: media.c });
    const r = await api<{ items: { user_id: string }[] }>('GET', '/admin/media-candidates?category=economy');
    expect(r.status).toBe(200);
    expect(r.body.items.map((m) => m.user_id).sort()).toEqual([media.a, media.b].sort());
  });

  it('adds media, skips those already in, and writes media_list.add', async () => {
    const first = await api<{ added: number; skipped: number }>('POST', '/admin/media-lists/tech', { mediaIds: [media.a] });
    expect(first.body).toEqual({ added: 1, skipped: 0 });
    const again = await api<{ added: number; skipped: number }>('POST', '/admin/media-lists/tech', { mediaIds: [media.a, media.b] });
    expect(again.body).toEqual({ added: 1, skipped: 1 });
    const all = await api<{ added: number; skipped: number }>('POST', '/admin/media-lists/tech', { mediaIds: [media.a, media.b] });
    expect(all.body).toEqual({ added: 0, skipped: 2 });
    const rows = await server.ctx.db('audit_logs').where({ action_type: 'media_list.add', entity_id: 'tech' });
    expect(rows).toHaveLength(2);
    expect(rows[0].actor_email).toBe('root@lists.test');
    const list = await api<{ items: { media_id: string; profile: { email: string } }[]; total: number }>('GET', '/admin/media-lists/tech');
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((m) => m.profile.email).sort()).toEqual(['a@lists.test', 'b@lists.test']);
    const searched = await api<{ total: number }>('GET', '/admin/media-lists/tech?q=B@LISTS');
    expect(searched.body.total).toBe(1);
    const counts = await api<{ counts: Record<string, number> }>('GET', '/admin/media-lists');
    expect(counts.body.counts).toMatchObject({ tech: 2, economy: 1, politics: 0 });
  });

  it('refuses pending or inactive media and unknown categories with a 400 naming the field', async () => {
    const r = await api('POST', '/admin/media-lists/tech', { mediaIds: [media.pending] });
    expect(r.status).toBe(400);
    expect(r.body.error?.fields).toHaveProperty('mediaIds');
    const r2 = await api('POST', '/admin/media-lists/tech', { mediaIds: [media.inactive] });
    expect(r2.status).toBe(400);
    const r3 = await api('POST', '/admin/media-lists/weather', { mediaIds: [media.a] });
    expect(r3.status).toBe(400);
    expect(r3.body.error?.fields).toHaveProperty('category');
    const r4 = await api('POST', '/admin/media-lists/tech', { mediaIds: [] });
    expect(r4.status).toBe(400);
  });

  it('bulk-imports by e-mail with the summary and media_list.bulk_import', async () => {
    const text = 'a@lists.test,\n  C@LISTS.test , nobody@lists.test\n\npending@lists.test,client@lists.test, ';
    const r = await api<ImportMediaResult>('POST', '/admin/media-lists/tech/import', { text });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      total: 5,
      found: 2,
      added: 1,
      existing: 1,
      notFound: ['nobody@lists.test', 'pending@lists.test', 'client@lists.test'],
    });
    const audit = await server.ctx.db('audit_logs').where({ action_type: 'media_list.bulk_import', entity_id: 'tech' }).first();
    expect(audit.metadata).toMatchObject({ category: 'tech', total: 5, found: 2, added: 1, existing: 1 });
    const blank = await api('POST', '/admin/media-lists/tech/import', { text: ' \n , ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.fields).toHaveProperty('text');
  });

  it('removes a media with media_list.remove; a second removal is a 404', async () => {
    const r = await api('DELETE', `/admin/media-lists/tech/${media.b}`);
    expect(r.status).toBe(204);
    expect(await server.ctx.db('media_lists').where({ category: 'tech', media_id: media.b })).toHaveLength(0);
    const audit = await server.ctx.db('audit_logs').where({ action_type: 'media_list.remove' }).first();
    expect(audit.metadata).toMatchObject({ category: 'tech', media_id: media.b, email: 'b@lists.test' });
    expect((await api('DELETE', `/admin/media-lists/tech/${media.b}`)).status).toBe(404);
  });

  it('exports a category as CSV named with the date', async () => {
    const res = await fetch(`${server.url}/api/admin/media-lists/tech/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-disposition')).toMatch(/filename="media-tech-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(3);
  });
});

describe('add-media candidates, a page at a time', () => {
  type Page = { items: { user_id: string; name: string }[]; nextCursor: string | null };
  const ids: string[] = [];
  const kritis: string[] = [];

  beforeAll(async () => {
    const { db } = server.ctx;
    // 120 media in the database, seven names shared among them: pages end inside runs of equal names.
    for (let i = 0; i < 120; i++) {
      const email = `bulk${i}@lists.test`;
      const [u] = (await db('users').insert({ email }).returning('id')) as { id: string }[];
      const organization = i % 3 === 0 ? 'Ραδιόφωνο Κρήτης' : 'Εφημερίδα';
      await db('profiles').insert({ user_id: u!.id, email, name: `Ζ ${i % 7}`, organization, role: 'media', status: 'approved', is_active: true });
      ids.push(u!.id);
      if (i % 3 === 0) kritis.push(u!.id);
    }
    await db('media_lists').insert({ category: 'sports', media_id: ids[5] });
  });

  /** The candidates of sports as the server's order has them, straight from the database. */
  async function expected(only?: string[]): Promise<string[]> {
    let query = server.ctx
      .db('profiles')
      .where({ role: 'media', status: 'approved', is_active: true })
      .whereNotIn('user_id', server.ctx.db('media_lists').where('category', 'sports').select('media_id'));
    if (only) query = query.whereIn('user_id', only);
    return ((await query.orderBy('name').orderBy('user_id').select('user_id')) as { user_id: string }[]).map((r) => r.user_id);
  }

  async function allPages(query: string): Promise<Page[]> {
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const r: { status: number; body: Page } = await api<Page>('GET', `/admin/media-candidates?${query}${after ? `&after=${after}` : ''}`);
      expect(r.status).toBe(200);
      pages.push(r.body);
      after = r.body.nextCursor;
    } while (after && pages.length < 10);
    return pages;
  }

  it('gives 50 at a time, and the pages cover every candidate exactly once, in order', async () => {
    const pages = await allPages('category=sports');
    const want = await expected();
    // a, b, c of the first tests and 119 of the 120 (one is already in sports).
    expect(want).toHaveLength(122);
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 22]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.items.map((m) => m.user_id))).toEqual(want);
    expect(pages.flatMap((p) => p.items.map((m) => m.user_id))).not.toContain(ids[5]);
  });

  it('pages a search too, the search applying to every page', async () => {
    const pages = await allPages(`category=sports&q=${encodeURIComponent('κρητης')}`);
    const want = await expected(kritis);
    expect(want).toHaveLength(40);
    expect(pages.map((p) => p.items.length)).toEqual([40]);
    expect(pages[0]!.nextCursor).toBeNull();
    expect(pages[0]!.items.map((m) => m.user_id)).toEqual(want);
    // Exactly a page's worth: no next page.
    const fifty = await api<Page>('GET', `/admin/media-candidates?category=sports&q=${encodeURIComponent('ζ')}`);
    expect(fifty.body.items).toHaveLength(50);
    expect(fifty.body.nextCursor).not.toBeNull();
  });

  it('a page starts after the previous one ended, whatever was added meanwhile', async () => {
    const first = (await api<Page>('GET', '/admin/media-candidates?category=culture')).body;
    const second = (await api<Page>('GET', `/admin/media-candidates?category=culture&after=${first.nextCursor}`)).body;
    // Two of the first page join culture: the second page is still the same (offset paging would skip two).
    await api('POST', '/admin/media-lists/culture', { mediaIds: first.items.slice(0, 2).map((m) => m.user_id) });
    const again = (await api<Page>('GET', `/admin/media-candidates?category=culture&after=${first.nextCursor}`)).body;
    expect(again.items.map((m) => m.user_id)).toEqual(second.items.map((m) => m.user_id));
  });

  it('refuses a cursor it did not give with a 400 naming after', async () => {
    const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
    for (const after of [
      'zz',
      'abc',
      hex('not json'),
      hex('["Ζ 1"]'),
      hex('["Ζ 1", "not-a-uuid"]'),
      hex(`[1, "${ids[0]}"]`),
      hex(`["Ζ\\u0000", "${ids[0]}"]`),
      'ff'.repeat(3000),
    ]) {
      const r = await api('GET', `/admin/media-candidates?category=sports&after=${after}`);
      expect(r.status, after.slice(0, 40)).toBe(400);
      expect(r.body.error?.code).toBe('validation_failed');
      expect(r.body.error?.fields).toHaveProperty('after');
    }
    const twice = await api('GET', `/admin/media-candidates?category=sports&after=${hex(`["Ζ 1", "${ids[0]}"]`)}&after=00`);
    expect(twice.status).toBe(400);
    expect(twice.body.error?.fields).toHaveProperty('after');
    // A well-formed cursor of a name no one has is fine: the page starts where that name would be.
    const fine = await api<Page>('GET', `/admin/media-candidates?category=sports&after=${hex(`["Ζ 3", "${ids[0]}"]`)}`);
    expect(fine.status).toBe(200);
    expect(fine.body.items[0]!.name >= 'Ζ 3').toBe(true);
  });
});
