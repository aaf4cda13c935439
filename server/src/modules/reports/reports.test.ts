import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, addDays, weekStarts } from '../../../../shared/reports';
import type { ClientReport, CoverageResult } from '../../../../shared/schemas/reports';
import { athensDateTime } from '../../../../shared/embargo';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signUp, signUpAndIn } from '../../test/http';
import { pdfText } from '../../test/pdf-text';

let server: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  // The CPU pool's thread starts (seconds: it reads the speller's dictionary) before any test is timed.
  await server.ctx.cpu.warm();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const client = (email: string) => signUpAndIn(server.url, email);

type Values = Record<string, unknown>;
/** The organisation a client signed up with (they own it). */
async function orgOf(userId: string): Promise<string> {
  return ((await server.ctx.db('organisation_members').where({ user_id: userId, role: 'owner' }).first('organisation_id')) as { organisation_id: string })
    .organisation_id;
}

/** A release written by `clientId`, in their own organisation unless `values` names another. */
async function release(clientId: string, title: string, values: Values): Promise<string> {
  const organisation_id = (values.organisation_id as string | undefined) ?? (await orgOf(clientId));
  const [row] = (await server.ctx.db('press_releases').insert({ title, author_id: clientId, ...values, organisation_id }).returning('id')) as {
    id: string;
  }[];
  return row!.id;
}

const report = (token: string, qs = '') => call<ClientReport>(server.url, 'GET', `/api/client/reports${qs}`, { token });

describe('GET /client/reports', () => {
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let colleague: { id: string; token: string };
  let media: { id: string }[];
  const ids = {} as Record<'tech' | 'politics' | 'draft' | 'old' | 'foreign' | 'colleague', string>;

  beforeAll(async () => {
    const db = server.ctx.db;
    a = await client('a@reports.test');
    b = await client('b@reports.test');
    media = await Promise.all([1, 2, 3, 4].map((i) => signUp(server.url, `m${i}@reports.test`, 'media')));
    const now = Date.now();
    ids.tech = await release(a.id, 'Τεχνολογία Α', { category: 'tech', status: 'sent', created_at: new Date(now - 3 * DAY), sent_at: new Date(now - 3 * DAY) });
    ids.politics = await release(a.id, 'Πολιτική Α', { category: 'politics', status: 'sent', created_at: new Date(now - 10 * DAY), sent_at: new Date(now - 10 * DAY) });
    ids.draft = await release(a.id, 'Πρόχειρο Α', { category: 'tech', status: 'draft', created_at: new Date(now - DAY) });
    ids.old = await release(a.id, 'Παλιό Α', { category: 'economy', status: 'sent', created_at: new Date(now - 45 * DAY), sent_at: new Date(now - 45 * DAY) });
    // Another client, in the same period and categories, with big figures: must never show up.
    ids.foreign = await release(b.id, 'Ξένο Β', { category: 'tech', status: 'sent', created_at: new Date(now - 2 * DAY), sent_at: new Date(now - 2 * DAY) });
    // A colleague's release in A's organisation is the organisation's: A's reports include it
    // (written 60 days ago: outside the default range, so the figures below are A's own).
    colleague = await client('colleague@reports.test');
    await db('organisation_members').insert({ organisation_id: await orgOf(a.id), user_id: colleague.id, role: 'editor' });
    await db('profiles').where('user_id', colleague.id).update({ active_organisation_id: await orgOf(a.id) });
    ids.colleague = await release(colleague.id, 'Συνάδελφος', {
      category: 'tech',
      status: 'sent',
      organisation_id: await orgOf(a.id),
      created_at: new Date(now - 60 * DAY),
      sent_at: new Date(now - 60 * DAY),
    });

    const deliver = (rel: string, n: number) =>
      media.slice(0, n).map((m, i) => ({ press_release_id: rel, recipient_user_id: m.id, email: `m${i + 1}@reports.test`, state: 'sent' }));
    await db('deliveries').insert([...deliver(ids.tech, 4), ...deliver(ids.politics, 2), ...deliver(ids.old, 3), ...deliver(ids.foreign, 4)]);
    await db('reporting').insert([
      { press_release_id: ids.tech, opened_by: [media[0]!.id, media[1]!.id, media[2]!.id], clicked_links: ['https://a.gr/1', 'https://a.gr/1', 'mailto:x@a.gr'], coverage_links: ['https://news.gr/tech'] },
      { press_release_id: ids.politics, opened_by: [media[0]!.id], clicked_links: ['https://a.gr/2', 'https://a.gr/3'] },
      { press_release_id: ids.old, opened_by: [media[0]!.id, media[1]!.id, media[2]!.id], clicked_links: [] },
      { press_release_id: ids.foreign, opened_by: media.map((m) => m.id), clicked_links: Array(50).fill('https://b.gr'), coverage_links: ['https://b.gr/cov'] },
      { press_release_id: ids.colleague, opened_by: media.map((m) => m.id), clicked_links: ['https://b.gr/c'] },
    ]);
    // Attachment downloads: two by readers, one by a mail scanner (not counted), and the other client's.
    const download = (rel: string, m: number, isProxy = false) => ({ press_release_id: rel, recipient_user_id: media[m]!.id, kind: 'download', channel: 'email', link: 'a.pdf', is_proxy: isProxy });
    await db('reporting_events').insert([download(ids.tech, 0), download(ids.tech, 1), download(ids.tech, 2, true), download(ids.foreign, 0)]);
  });

  it('shows only the client’s own releases of the last 30 days, newest first, with their figures', async () => {
    const r = await report(a.token);
    expect(r.status).toBe(200);
    const today = dayIn(new Date());
    expect(r.body.range).toEqual({ from: addDays(today, -29), to: today });
    expect(r.body.rows.map((x) => x.title)).toEqual(['Πρόχειρο Α', 'Τεχνολογία Α', 'Πολιτική Α']);
    const tech = r.body.rows.find((x) => x.id === ids.tech)!;
    expect(tech).toMatchObject({ opens: 3, clicks: 3, downloads: 2, coverage: 2, coverageLinks: ['https://a.gr/1', 'https://news.gr/tech'], manualCoverage: ['https://news.gr/tech'] });
    expect(r.body.rows.find((x) => x.id === ids.draft)).toMatchObject({ opens: 0, clicks: 0, coverage: 0, coverageLinks: [] });
    expect(r.body.totals).toEqual({ releases: 3, opens: 4, clicks: 5, downloads: 2, newsroomViews: 0 });
    // Pie: releases per category; bar: CTR = clicks / unique opens.
    expect(r.body.byCategory).toEqual([
      { category: 'politics', releases: 1, opens: 1, clicks: 2, ctr: 200 },
      { category: 'tech', releases: 2, opens: 3, clicks: 3, ctr: 100 },
    ]);
    // Weekly: 8 weeks to today; the 45-day-old release sits in the first weeks only if within 8 weeks.
    expect(r.body.weekly.map((w) => w.weekStart)).toEqual(weekStarts(today));
    const charted = r.body.weekly.filter((w) => w.openRate !== null);
    const delivered = charted.reduce((n, w) => n + w.delivered, 0);
    const openers = charted.reduce((n, w) => n + w.openers, 0);
    expect(delivered).toBe(4 + 2 + 3);
    expect(openers).toBe(3 + 1 + 3);
  });

  it('never returns another client’s releases or figures, whatever the filters', async () => {
    const all = [
      '',
      '?category=tech',
      '?status=sent',
      `?from=${addDays(dayIn(new Date()), -365)}`,
      '?sort=opens&dir=desc',
      '?sort=coverage&dir=desc&pageSize=100',
    ];
    for (const qs of all) {
      const r = await report(a.token, qs);
      expect(r.status).toBe(200);
      const seen = r.body.rows.map((x) => x.id);
      expect(seen).not.toContain(ids.foreign);
      expect(r.body.totals.clicks).toBeLessThan(50);
    }
    const other = await report(b.token, `?pageSize=100&from=${addDays(dayIn(new Date()), -365)}`);
    expect(other.body.rows.map((x) => x.title)).toEqual(['Ξένο Β']);
    expect(other.body.rows.some((x) => x.title.endsWith(' Α'))).toBe(false);
  });

  it('filters by category, status and dates (To includes its whole day)', async () => {
    const tech = await report(a.token, '?category=tech');
    expect(tech.body.rows.map((x) => x.title)).toEqual(['Πρόχειρο Α', 'Τεχνολογία Α']);
    const drafts = await report(a.token, '?status=draft');
    expect(drafts.body.rows.map((x) => x.title)).toEqual(['Πρόχειρο Α']);
    expect(drafts.body.weekly.every((w) => w.openRate === null)).toBe(true);
    const today = dayIn(new Date());
    const longer = await report(a.token, `?from=${addDays(today, -60)}&to=${today}`);
    expect(longer.body.rows.map((x) => x.title)).toContain('Παλιό Α');
    const created = dayIn(new Date(Date.now() - 3 * DAY));
    const oneDay = await report(a.token, `?from=${created}&to=${created}`);
    expect(oneDay.body.rows.map((x) => x.title)).toEqual(['Τεχνολογία Α']);
  });

  it('sorts and pages the table', async () => {
    const r = await report(a.token, '?sort=clicks&dir=asc&pageSize=2&page=2');
    expect(r.body).toMatchObject({ total: 3, page: 2, pages: 2, pageSize: 2 });
    expect(r.body.rows.map((x) => x.title)).toEqual(['Τεχνολογία Α']);
  });

  it('refuses future dates and To before From with a named field', async () => {
    const today = dayIn(new Date());
    const future = await call<{ error: { code: string; fields: Record<string, string> } }>(
      server.url,
      'GET',
      `/api/client/reports?to=${addDays(today, 1)}`,
      { token: a.token },
    );
    expect(future.status).toBe(400);
    expect(future.body.error.fields.to).toMatch(/future/);
    const reversed = await call<{ error: { fields: Record<string, string> } }>(
      server.url,
      'GET',
      `/api/client/reports?from=${today}&to=${addDays(today, -2)}`,
      { token: a.token },
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields.to).toMatch(/before/);
    const bad = await call(server.url, 'GET', '/api/client/reports?from=2026-02-30&category=music', { token: a.token });
    expect(bad.status).toBe(400);
  });

  it('exports the table as CSV (UTF-8 with BOM, named with the date) in the table’s order', async () => {
    const res = await fetch(`${server.url}/api/client/reports/export.csv?sort=title&dir=asc&tz=UTC`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reports-${dayIn(new Date())}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Τίτλος,Κατηγορία,Μοναδικά ανοίγματα,Κλικ,Λήψεις συνημμένων,Σύνδεσμοι κάλυψης,Τελευταία ενημέρωση,Προβολές στο newsroom,Εμβάργκο έως,' +
        'Ανοίγματα πριν από τη λήξη του εμβάργκο,Ανοίγματα μετά τη λήξη του εμβάργκο,Σύνδεσμοι,' +
        'Παραδόθηκαν,Επιστράφηκαν μόνιμα,Επιστράφηκαν προσωρινά,Καταγγελίες,Αποκλεισμένες',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Πολιτική Α', 'Πρόχειρο Α', 'Τεχνολογία Α']);
    expect(lines[3]).toMatch(/^Τεχνολογία Α,Τεχνολογία,3,3,2,2,\d{2}\/\d{2}\/\d{4},0,,,,https:\/\/a\.gr\/1 https:\/\/news\.gr\/tech,4,0,0,0,0$/);
  });

  it('exports a PDF report, laid out on the CPU pool', async () => {
    const before = server.ctx.cpu.stats().done;
    const res = await fetch(`${server.url}/api/client/reports/export.pdf`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(buf.length).toBeGreaterThan(5000);
    expect(server.ctx.cpu.stats().done).toBe(before + 1);
  });

  it('adds and removes coverage links by hand on own sent releases only', async () => {
    const path = (id: string) => `/api/client/reports/${id}/coverage`;
    // The politics release has no hand-added link yet; the draft cannot have coverage.
    const added = await call<CoverageResult>(server.url, 'POST', path(ids.politics), { token: a.token, body: { url: 'https://efimerida.gr/arthro' } });
    expect(added.status).toBe(201);
    expect(added.body.manualCoverage).toEqual(['https://efimerida.gr/arthro']);
    expect(added.body.coverageLinks).toEqual(['https://a.gr/2', 'https://a.gr/3', 'https://efimerida.gr/arthro']);
    const again = await call<CoverageResult>(server.url, 'POST', path(ids.politics), { token: a.token, body: { url: 'https://efimerida.gr/arthro' } });
    expect(again.body.manualCoverage).toEqual(['https://efimerida.gr/arthro']);
    expect((await call(server.url, 'POST', path(ids.politics), { token: a.token, body: { url: 'javascript:alert(1)' } })).status).toBe(400);
    expect((await call(server.url, 'POST', path(ids.draft), { token: a.token, body: { url: 'https://x.gr' } })).status).toBe(409);
    expect((await call(server.url, 'POST', path(ids.foreign), { token: a.token, body: { url: 'https://x.gr' } })).status).toBe(404);
    expect((await call(server.url, 'DELETE', `${path(ids.tech)}?url=${encodeURIComponent('https://news.gr/tech')}`, { token: b.token })).status).toBe(404);

    // A sent release without any reporting row gets one.
    const bare = await release(a.id, 'Χωρίς αναφορά', { category: 'culture', status: 'sent', sent_at: new Date() });
    expect((await call(server.url, 'POST', path(bare), { token: a.token, body: { url: 'http://radio.gr/ekpompi' } })).status).toBe(201);
    const row = (await report(a.token)).body.rows.find((x) => x.id === bare)!;
    expect(row).toMatchObject({ coverage: 1, coverageLinks: ['http://radio.gr/ekpompi'] });

    const removed = await call<CoverageResult>(server.url, 'DELETE', `${path(ids.politics)}?url=${encodeURIComponent('https://efimerida.gr/arthro')}`, { token: a.token });
    expect(removed.status).toBe(200);
    expect(removed.body.manualCoverage).toEqual([]);
    expect((await call(server.url, 'DELETE', `${path(ids.politics)}?url=${encodeURIComponent('https://efimerida.gr/arthro')}`, { token: a.token })).status).toBe(404);
  });

  it('shows one release’s coverage (for the release list and the sent release’s page), own releases only', async () => {
    const path = (id: string) => `/api/client/reports/${id}/coverage`;
    const tech = await call<{ title: string; status: string; coverageLinks: string[]; manualCoverage: string[] }>(server.url, 'GET', path(ids.tech), { token: a.token });
    expect(tech.status).toBe(200);
    expect(tech.body).toEqual({
      releaseId: ids.tech,
      title: 'Τεχνολογία Α',
      status: 'sent',
      coverageLinks: ['https://a.gr/1', 'https://news.gr/tech'],
      manualCoverage: ['https://news.gr/tech'],
    });
    expect((await call<{ status: string; coverageLinks: string[] }>(server.url, 'GET', path(ids.draft), { token: a.token })).body).toMatchObject({ status: 'draft', coverageLinks: [] });
    expect((await call(server.url, 'GET', path(ids.foreign), { token: a.token })).status).toBe(404);
    // A colleague's release is the organisation's: readable by every member; another organisation's member gets 404.
    expect((await call(server.url, 'GET', path(ids.colleague), { token: a.token })).status).toBe(200);
    expect((await call(server.url, 'GET', path(ids.colleague), { token: b.token })).status).toBe(404);
    expect((await call(server.url, 'GET', '/api/client/reports/not-a-uuid/coverage', { token: a.token })).status).toBe(400);
  });

  it('is the organisation’s: a colleague’s release is in every member’s report and export, whoever wrote it', async () => {
    const year = `?pageSize=100&from=${addDays(dayIn(new Date()), -365)}`;
    const mine = await report(a.token, year);
    expect(mine.body.rows.map((x) => x.id)).toContain(ids.colleague);
    expect(mine.body.rows.map((x) => x.id)).not.toContain(ids.foreign);
    // The colleague, working in A's organisation, sees the same report, A's releases included.
    const hers = await report(colleague.token, year);
    expect(hers.body.rows.map((x) => x.id).sort()).toEqual(mine.body.rows.map((x) => x.id).sort());
    expect(hers.body.totals).toEqual(mine.body.totals);
    const csv = await fetch(`${server.url}/api/client/reports/export.csv${year}`, { headers: { authorization: `Bearer ${a.token}` } });
    const text = await csv.text();
    expect(text).toContain('Συνάδελφος');
    expect(text).not.toContain('Ξένο Β');
    // Coverage is added by the organisation's writers (an editor too).
    const added = await call(server.url, 'POST', `/api/client/reports/${ids.colleague}/coverage`, { token: colleague.token, body: { url: 'https://news.gr/synadelfos' } });
    expect(added.status).toBe(201);
    // A member of another organisation: 404 on the colleague's release.
    expect((await call(server.url, 'POST', `/api/client/reports/${ids.colleague}/coverage`, { token: b.token, body: { url: 'https://x.gr' } })).status).toBe(404);
  });
});

describe('the category chart and the summary', () => {
  it('count the same releases: each once, under the category it is reported with, or with none', async () => {
    const c = await client('categories@reports.test');
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY);
    // Sent as economy; its draft was moved to tech afterwards. The report shows the category it was sent with.
    const moved = await release(c.id, 'Στάλθηκε ως Οικονομία', { category: 'tech', status: 'sent', created_at: at(4), sent_at: at(4) });
    await server.ctx.db('release_sent_versions').insert({
      press_release_id: moved,
      organisation_id: await orgOf(c.id),
      title: 'Στάλθηκε ως Οικονομία',
      content: '<p>Κείμενο</p>',
      content_text: 'Κείμενο',
      category: 'economy',
      sender_name: 'Δοκιμή',
      sent_at: at(4),
    });
    await release(c.id, 'Πολιτική', { category: 'politics', status: 'sent', created_at: at(3), sent_at: at(3) });
    await release(c.id, 'Τεχνολογία', { category: 'tech', status: 'draft', created_at: at(2) });
    // A draft without a category yet: counted in the summary, so in the chart too (as "no category").
    await release(c.id, 'Χωρίς κατηγορία', { category: null, status: 'draft', created_at: at(1) });

    const all = await report(c.token);
    expect(all.status).toBe(200);
    expect(all.body.totals.releases).toBe(4);
    expect(all.body.byCategory.map((s) => [s.category, s.releases])).toEqual([
      ['politics', 1],
      ['economy', 1],
      ['tech', 1],
      [null, 1],
    ]);

    for (const qs of ['', '?category=tech', '?category=economy', '?category=politics', '?status=draft', '?status=sent', '?category=tech&status=draft']) {
      const r = await report(c.token, `${qs}${qs ? '&' : '?'}pageSize=100`);
      expect(r.status).toBe(200);
      const charted = r.body.byCategory.reduce((n, s) => n + s.releases, 0);
      expect(charted, qs).toBe(r.body.totals.releases);
      expect(r.body.total, qs).toBe(r.body.totals.releases);
      // The chart's slices are the rows' categories, and a category filter keeps only its own.
      const perRow = new Map<string | null, number>();
      for (const row of r.body.rows) perRow.set(row.category, (perRow.get(row.category) ?? 0) + 1);
      expect(new Map(r.body.byCategory.map((s) => [s.category, s.releases])), qs).toEqual(perRow);
      const filter = new URLSearchParams(qs).get('category');
      if (filter) expect(r.body.rows.every((row) => row.category === filter), qs).toBe(true);
    }
    // The filter reads the category the row shows: the release sent as economy is an economy release.
    expect((await report(c.token, '?category=economy')).body.rows.map((r) => r.id)).toEqual([moved]);
    expect((await report(c.token, '?category=tech')).body.rows.map((r) => r.title)).toEqual(['Τεχνολογία']);
  });
});

describe('the PDF report', () => {
  it('carries the figures the screen shows: the summary, the newsroom views and each release’s embargo split', async () => {
    const c = await client('pdf@reports.test');
    const org = await orgOf(c.id);
    const readers = await Promise.all([1, 2, 3].map((i) => signUp(server.url, `pdf-m${i}@reports.test`, 'media')));
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY);
    const embargoed = await release(c.id, 'Υπό εμβάργκο Ε', { category: 'culture', status: 'sent', created_at: at(3), sent_at: at(3) });
    const until = at(2);
    await server.ctx.db('release_sent_versions').insert({
      press_release_id: embargoed,
      organisation_id: org,
      title: 'Υπό εμβάργκο Ε',
      content: '<p>Κείμενο</p>',
      content_text: 'Κείμενο',
      category: 'culture',
      sender_name: 'Δοκιμή',
      sent_at: at(3),
      embargo_until: until,
    });
    await release(c.id, 'Χωρίς εμβάργκο', { category: 'culture', status: 'draft', created_at: at(1) });
    // One reader opened before the embargo ended, two after (a click counts as their first open).
    const event = (m: number, kind: string, days: number) => ({
      press_release_id: embargoed,
      organisation_id: org,
      recipient_user_id: readers[m]!.id,
      kind,
      channel: 'email',
      created_at: at(days),
    });
    await server.ctx.db('reporting_events').insert([event(0, 'open', 2.5), event(1, 'open', 1), event(2, 'click', 1)]);
    // Seven views of the newsroom (five of the release's page), and a crawler's, which is not counted.
    const view = (releaseId: string | null, isProxy = false) => ({ press_release_id: releaseId, organisation_id: org, kind: 'view', channel: 'newsroom', is_proxy: isProxy, created_at: at(1) });
    await server.ctx.db('reporting_events').insert([...Array(5).fill(view(embargoed)), view(null), view(null), view(embargoed, true)]);

    const screen = (await report(c.token)).body;
    expect(screen.totals.newsroomViews).toBe(7);
    expect(screen.rows.find((r) => r.id === embargoed)).toMatchObject({ newsroomViews: 5, opensBeforeEmbargo: 1, opensAfterEmbargo: 2 });

    const res = await fetch(`${server.url}/api/client/reports/export.pdf?tz=Europe/Athens`, { headers: { authorization: `Bearer ${c.token}` } });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    const lines = text.split('\n');
    // The summary, as on the screen: releases, opens, clicks, downloads, and the newsroom's views.
    expect(text).toContain('2 δελτία τύπου');
    expect(text).toContain('Προβολές στο newsroom');
    expect(text).toContain('7 προβολές των δημόσιων σελίδων σας');
    // Per release: its newsroom views, its embargo and the unique opens before / after it.
    const row = lines.find((l) => l.startsWith('Υπό εμβάργκο Ε') && l.includes(' / '));
    expect(row, text).toBeDefined();
    expect(row).toContain(athensDateTime(until));
    expect(row).toMatch(/^Υπό εμβάργκο Ε5.*1 \/ 2$/);
  });
});
