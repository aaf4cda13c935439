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
