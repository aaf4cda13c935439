import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDashboard } from '../../../../shared/schemas/dashboard';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signUp, signUpAndIn } from '../../test/http';

let server: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const client = (email: string) => signUpAndIn(server.url, email);

describe('GET /client/dashboard', () => {
  it('is all zeros for a new client', async () => {
    const c = await client('new@dash.test');
    const r = await call<ClientDashboard>(server.url, 'GET', '/api/client/dashboard', { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body.stats.totalReleases).toEqual({ value: 0, current: 0, previous: 0, change: 0 });
    expect(r.body.stats.openRate.value).toBe(0);
    expect(r.body.stats.downloads).toMatchObject({ value: 0, current: 0, tracked: true });
    expect(r.body.recent).toEqual([]);
    expect(r.body.upcoming).toEqual({ scheduled: [], tasks: [] });
  });

  it('computes the numbers of the client’s organisation (a colleague’s release included, another organisation’s not)', async () => {
    const db = server.ctx.db;
    const c = await client('owner@dash.test');
    const other = await client('other@dash.test');
    const media = await Promise.all([1, 2, 3, 4].map((i) => signUp(server.url, `m${i}@dash.test`, 'media')));
    const now = Date.now();
    const orgOf = async (id: string) =>
      ((await db('organisation_members').where({ user_id: id, role: 'owner' }).first('organisation_id')) as { organisation_id: string }).organisation_id;
    const rel = async (clientId: string, title: string, values: Record<string, unknown>) => {
      const organisation_id = (values.organisation_id as string | undefined) ?? (await orgOf(clientId));
      const [row] = (await db('press_releases').insert({ title, author_id: clientId, category: 'tech', ...values, organisation_id }).returning('id')) as {
        id: string;
      }[];
      return row!.id;
    };
    // A colleague in c's organisation: what she writes is the organisation's, on c's dashboard too.
    const colleague = await client('colleague@dash.test');
    await db('organisation_members').insert({ organisation_id: await orgOf(c.id), user_id: colleague.id, role: 'editor' });
    // This month: sent to 4 (one bounced), 2 opened, 1 clicked twice.
    const sentNow = await rel(c.id, 'Τώρα', { status: 'sent', sent_at: new Date(now - 2 * DAY), created_at: new Date(now - 3 * DAY) });
    // Last month: sent to 2, both opened, none clicked.
    const sentBefore = await rel(c.id, 'Πριν', { status: 'sent', sent_at: new Date(now - 40 * DAY), created_at: new Date(now - 41 * DAY) });
    const scheduled = await rel(c.id, 'Προγραμματισμένο', { status: 'scheduled', scheduled_at: new Date(now + 2 * DAY) });
    await rel(colleague.id, 'Πρόχειρο', { status: 'draft', organisation_id: await orgOf(c.id) });
    const foreign = await rel(other.id, 'Ξένο', { status: 'sent', sent_at: new Date(now - DAY) });
    await db('deliveries').insert([
      ...media.map((m, i) => ({ press_release_id: sentNow, recipient_user_id: m.id, email: `m${i + 1}@dash.test`, state: i === 3 ? 'bounced' : 'sent' })),
      ...media.slice(0, 2).map((m, i) => ({ press_release_id: sentBefore, recipient_user_id: m.id, email: `m${i + 1}@dash.test`, state: 'sent', bookmarked_at: i === 0 ? new Date() : null })),
      ...media.map((m, i) => ({ press_release_id: foreign, recipient_user_id: m.id, email: `m${i + 1}@dash.test`, state: 'sent' })),
    ]);
    await db('reporting').insert([
      { press_release_id: sentNow, opened_by: [media[0]!.id, media[1]!.id], clicked_links: ['https://a.gr', 'https://b.gr'] },
      { press_release_id: sentBefore, opened_by: [media[0]!.id, media[1]!.id], clicked_links: [] },
      { press_release_id: foreign, opened_by: media.map((m) => m.id), clicked_links: [] },
    ]);
    await db('reporting_events').insert([
      { press_release_id: sentNow, recipient_user_id: media[0]!.id, kind: 'open', channel: 'email' },
      { press_release_id: sentNow, recipient_user_id: media[0]!.id, kind: 'click', channel: 'email', link: 'https://a.gr' },
      { press_release_id: sentNow, recipient_user_id: media[0]!.id, kind: 'click', channel: 'email', link: 'https://b.gr' },
      { press_release_id: foreign, recipient_user_id: media[0]!.id, kind: 'click', channel: 'email', link: 'https://x.gr' },
    ]);
    const ws = { id: await orgOf(c.id) };
    const today = new Date().toISOString().slice(0, 10);
    await db('tasks').insert([
      { organisation_id: ws.id, title: 'Κλείσιμο', due_date: '2020-01-01', status: 'open' },
      { organisation_id: ws.id, title: 'Σήμερα', due_date: today, status: 'in_progress' },
      { organisation_id: ws.id, title: 'Έγινε', due_date: today, status: 'done' },
      { organisation_id: ws.id, title: 'Χωρίς ημερομηνία', status: 'open' },
    ]);

    const r = await call<ClientDashboard>(server.url, 'GET', '/api/client/dashboard', { token: c.token });
    expect(r.status).toBe(200);
    const { stats, quick, recent, upcoming } = r.body;
    expect(stats.totalReleases).toEqual({ value: 4, current: 3, previous: 1, change: 2 });
    // Open rate: (2 + 2) openers / (3 + 2) delivered = 80 %; this month 2/3, last month 2/2.
    expect(stats.openRate).toEqual({ value: 80, current: 66.7, previous: 100, change: -33.3 });
    // CTR: 1 clicker / 4 openers = 25 %; this month 1/2.
    expect(stats.ctr).toEqual({ value: 25, current: 50, previous: 0, change: 50 });
    expect(quick).toEqual({ openRate: 80, clickRate: 20, engagement: 40, deliveries: 5, openers: 4, clickers: 1, sentReleases: 2 });
    expect(recent.map((x) => x.title).sort()).toEqual(['Πριν', 'Πρόχειρο', 'Προγραμματισμένο', 'Τώρα'].sort());
    expect(recent).toHaveLength(4);
    expect(recent.some((x) => x.title === 'Ξένο')).toBe(false);
    expect(upcoming.scheduled.map((s) => s.id)).toEqual([scheduled]);
    expect(upcoming.tasks.map((t) => [t.title, t.overdue])).toEqual([
      ['Κλείσιμο', true],
      ['Σήμερα', false],
    ]);
  });
});
