import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxList, InboxRelease, MediaOverview, MediaPreferences } from '../../../../shared/schemas/media';
import { toSearchText } from '../../../../shared/search-text';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { freezeAsSent, insertMember, insertOrganisation, insertUser, tokenOf } from '../distribution/org-fixtures';
import { startOfWeek } from './media-inbox.service';

let server: TestServer;
const DAY = 86_400_000;
let journalist: { id: string; token: string };
let colleague: { id: string; token: string };
/** A member of the sending organisation (who pressed send). */
let sender: { id: string; token: string };
/** The senders journalists see and block: organisations. */
let aegean: string;
let olympic: string;
let olympicMember: string;
const ids: Record<string, string> = {};

async function user(email: string, role: 'client' | 'media', organisationId?: string) {
  const id = organisationId ? await insertMember(server.ctx.db, organisationId, email, 'publisher') : await insertUser(server.ctx.db, email, role);
  return { id, token: await tokenOf(server.url, email) };
}

async function release(key: string, organisationId: string, authorId: string, values: { title: string; text: string; category: string; status?: string; sentDaysAgo?: number; html?: string }) {
  const sentAt = new Date(Date.now() - (values.sentDaysAgo ?? 0) * DAY - 60_000);
  const [row] = (await server.ctx.db('press_releases')
    .insert({
      title: values.title,
      content: values.html ?? `<p>${values.text}</p>`,
      content_text: values.text,
      search_text: toSearchText(values.title, values.text),
      category: values.category,
      status: values.status ?? 'sent',
      sent_at: values.status && values.status !== 'sent' ? null : sentAt,
      organisation_id: organisationId,
      author_id: authorId,
    })
    .returning('id')) as { id: string }[];
  ids[key] = row!.id;
  return { id: row!.id, sentAt };
}

async function deliver(key: string, recipient: { id: string }, values: Record<string, unknown> = {}) {
  const r = await server.ctx.db('press_releases').where('id', ids[key]).first<{ sent_at: Date | null }>('sent_at');
  await server.ctx.db('deliveries').insert({
    press_release_id: ids[key],
    recipient_user_id: recipient.id,
    email: 'x@media.test',
    state: 'sent',
    created_at: r?.sent_at ?? new Date(),
    ...values,
  });
}

const get = <T>(path: string, token = journalist.token) => call<T>(server.url, 'GET', `/api${path}`, { token });

beforeAll(async () => {
  server = await startTestServer();
  journalist = await user('reporter@inbox.test', 'media');
  colleague = await user('colleague@inbox.test', 'media');
  aegean = await insertOrganisation(server.ctx.db, 'Αιγαίο Τεχνολογίες Α.Ε.');
  olympic = await insertOrganisation(server.ctx.db, 'Ολυμπιακή Ενέργεια', { logo_url: '/uploads/logos/olympic.png' });
  sender = await user('sender@inbox.test', 'client', aegean);
  olympicMember = (await user('other@inbox.test', 'client', olympic)).id;

  await release('tech', aegean, sender.id, {
    title: 'Νέα Τεχνολογία για την ενέργεια',
    text: 'Η εταιρεία παρουσιάζει καινοτόμο λύση.',
    category: 'tech',
    html: '<p>Δείτε <a href="https://example.gr/launch?a=1&amp;b=2">την παρουσίαση</a> και <a href="mailto:press@example.gr">γράψτε μας</a>.</p>',
  });
  await release('economy', aegean, sender.id, { title: 'Οικονομικά αποτελέσματα', text: 'Αύξηση κερδών 20%.', category: 'economy', sentDaysAgo: 20 });
  await release('sports', olympic, olympicMember, { title: 'Χορηγία μαραθωνίου', text: 'Στηρίζουμε τον αθλητισμό.', category: 'sports', sentDaysAgo: 3 });
  await release('foreign', aegean, sender.id, { title: 'Μόνο για τον συνάδελφο', text: 'Άλλος παραλήπτης.', category: 'tech' });
  await release('draft', aegean, sender.id, { title: 'Πρόχειρο', text: 'Δεν στάλθηκε.', category: 'tech', status: 'draft' });

  await deliver('tech', journalist);
  await deliver('economy', journalist, { read_at: new Date(Date.now() - 19 * DAY), bookmarked_at: new Date(Date.now() - 19 * DAY) });
  await deliver('sports', journalist);
  await deliver('foreign', colleague);
  await deliver('draft', journalist);
  await deliver('tech', colleague);

  await server.ctx.db('reporting').insert({ press_release_id: ids.tech, opened_by: [colleague.id], clicked_links: [] });
  await server.ctx.db('release_attachments').insert([
    { press_release_id: ids.tech, file_name: 'Φωτογραφία.png', mime_type: 'image/png', size_bytes: 1200, storage_key: 'missing/a', created_at: new Date(Date.now() - 2000) },
    { press_release_id: ids.tech, file_name: 'Δελτίο.pdf', mime_type: 'application/pdf', size_bytes: 3400, storage_key: 'missing/b', created_at: new Date(Date.now() - 1000) },
  ]);
  await server.ctx.db('profiles').where('user_id', journalist.id).update({ categories: ['tech', 'economy', 'sports'] });
  await freezeAsSent(server.ctx.db, [ids.tech!, ids.economy!, ids.sports!, ids.foreign!]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('the inbox', () => {
  it('lists only the caller’s own deliveries of sent releases, newest first, with sender, views and attachments', async () => {
    const r = await get<InboxList>('/media/inbox');
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.title)).toEqual(['Νέα Τεχνολογία για την ενέργεια', 'Χορηγία μαραθωνίου', 'Οικονομικά αποτελέσματα']);
    expect(r.body.total).toBe(3);
    expect(r.body.hasMore).toBe(false);
    const tech = r.body.items[0]!;
    expect(tech).toMatchObject({
      releaseId: ids.tech,
      category: 'tech',
      senderId: aegean,
      senderCompany: 'Αιγαίο Τεχνολογίες Α.Ε.',
      senderLogoUrl: null,
      views: 1,
      attachmentCount: 2,
      readAt: null,
      bookmarked: false,
    });
    expect(r.body.items[1]).toMatchObject({ senderId: olympic, senderCompany: 'Ολυμπιακή Ενέργεια', senderLogoUrl: '/uploads/logos/olympic.png', views: 0, attachmentCount: 0 });
    expect(r.body.items[2]).toMatchObject({ bookmarked: true });
    expect(r.body.items[2]!.readAt).not.toBeNull();

    const theirs = await get<InboxList>('/media/inbox', colleague.token);
    expect(theirs.body.items.map((i) => i.releaseId).sort()).toEqual([ids.tech, ids.foreign].sort());
  });

  it('filters by category, read state and bookmarks, pages with offset, and searches without accents', async () => {
    expect((await get<InboxList>('/media/inbox?category=economy')).body.items.map((i) => i.releaseId)).toEqual([ids.economy]);
    expect((await get<InboxList>('/media/inbox?read=unread')).body.items.map((i) => i.releaseId)).toEqual([ids.tech, ids.sports]);
    expect((await get<InboxList>('/media/inbox?read=read')).body.items.map((i) => i.releaseId)).toEqual([ids.economy]);
    expect((await get<InboxList>('/media/inbox?bookmarked=true')).body.items.map((i) => i.releaseId)).toEqual([ids.economy]);
    const page = await get<InboxList>('/media/inbox?limit=2&offset=0');
    expect(page.body).toMatchObject({ total: 3, hasMore: true });
    expect(page.body.items).toHaveLength(2);
    const rest = await get<InboxList>('/media/inbox?limit=2&offset=2');
    expect(rest.body).toMatchObject({ total: 3, hasMore: false });
    expect(rest.body.items.map((i) => i.releaseId)).toEqual([ids.economy]);
    // "τεχνολογια" (no accent, lower case) finds "Τεχνολογία"; content text is searched too.
    expect((await get<InboxList>(`/media/inbox?q=${encodeURIComponent('ΤΕΧΝΟΛΟΓΙΑ')}`)).body.items.map((i) => i.releaseId)).toEqual([ids.tech]);
    expect((await get<InboxList>(`/media/inbox?q=${encodeURIComponent('κερδων')}`)).body.items.map((i) => i.releaseId)).toEqual([ids.economy]);
    expect((await get<InboxList>(`/media/inbox?q=${encodeURIComponent('100%')}`)).body.items).toEqual([]);
    // Another user's release is never found by searching for it.
    expect((await get<InboxList>(`/media/inbox?q=${encodeURIComponent('συναδελφο')}`)).body.items).toEqual([]);
  });

  it('pages by keyset: the next page starts after the last one shown, even when newer releases arrive in between', async () => {
    const reader = await user('keyset@inbox.test', 'media');
    for (const key of ['tech', 'economy', 'sports']) await deliver(key, reader);
    const first = await get<InboxList>('/media/inbox?limit=2', reader.token);
    expect(first.body.items.map((i) => i.releaseId)).toEqual([ids.tech, ids.sports]);
    expect(first.body).toMatchObject({ total: 3, hasMore: true });
    expect(first.body.nextCursor).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_\d+$/);
    // A newer release reaches the reader between the two pages: offsets would shift by one.
    await release('late', olympic, olympicMember, { title: 'Νεότερο δελτίο', text: 'Ήρθε μετά.', category: 'sports' });
    await freezeAsSent(server.ctx.db, [ids.late!]);
    await deliver('late', reader);
    const next = await get<InboxList>(`/media/inbox?limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`, reader.token);
    expect(next.body.items.map((i) => i.releaseId)).toEqual([ids.economy]);
    expect(next.body).toMatchObject({ total: 4, hasMore: false, nextCursor: null });
    // Bookmarks page by their own time; a filtered page by the filter's order.
    const sportsOnly = await get<InboxList>('/media/inbox?limit=1&category=sports', reader.token);
    expect(sportsOnly.body.items.map((i) => i.releaseId)).toEqual([ids.late]);
    const sportsNext = await get<InboxList>(`/media/inbox?limit=1&category=sports&cursor=${encodeURIComponent(sportsOnly.body.nextCursor!)}`, reader.token);
    expect(sportsNext.body.items.map((i) => i.releaseId)).toEqual([ids.sports]);
    expect(sportsNext.body).toMatchObject({ total: 2, hasMore: false });
  });

  it('keeps the per-journalist counters equal to a recount through sends, reads, bookmarks and deletion', async () => {
    const reader = await user('counted@inbox.test', 'media');
    const recount = async () =>
      (await server.ctx.db('deliveries').where('recipient_user_id', reader.id).whereNotNull('release_sent_at').first(
        server.ctx.db.raw('count(*)::int as total'),
        server.ctx.db.raw('(count(*) filter (where read_at is null))::int as unread'),
        server.ctx.db.raw('(count(*) filter (where bookmarked_at is not null))::int as bookmarked'),
      )) as { total: number; unread: number; bookmarked: number };
    const stored = async () =>
      (await server.ctx.db('inbox_counters').where('user_id', reader.id).first(
        server.ctx.db.raw('coalesce(sum(total), 0)::int as total'),
        server.ctx.db.raw('coalesce(sum(unread), 0)::int as unread'),
        server.ctx.db.raw('coalesce(sum(bookmarked), 0)::int as bookmarked'),
      )) as { total: number; unread: number; bookmarked: number };
    // One statement for several deliveries (as fan-out writes them), one of them not sent (never in the inbox).
    await server.ctx.db('deliveries').insert(
      ['tech', 'economy', 'sports', 'draft'].map((k) => ({ press_release_id: ids[k], recipient_user_id: reader.id, email: 'c@media.test', state: 'queued' })),
    );
    expect(await stored()).toEqual({ total: 3, unread: 3, bookmarked: 0 });
    // Read twice (as markRead writes it: the first read time stays), without an open of the release (the other tests count its views).
    for (let i = 0; i < 2; i++)
      await server.ctx.db('deliveries').where({ recipient_user_id: reader.id, press_release_id: ids.tech }).whereNull('read_at').update({ read_at: new Date() });
    await call(server.url, 'PUT', `/api/media/inbox/${ids.economy}/bookmark`, { token: reader.token });
    await server.ctx.db('deliveries').where('recipient_user_id', reader.id).update({ state: 'sent', sent_at: new Date() });
    expect(await stored()).toEqual({ total: 3, unread: 2, bookmarked: 1 });
    expect(await stored()).toEqual(await recount());
    expect((await get<MediaOverview>('/media/overview', reader.token)).body.counters).toMatchObject({ unread: 2, bookmarked: 1 });
    expect((await get<InboxList>('/media/inbox?read=read', reader.token)).body.total).toBe(1);
    expect((await get<InboxList>('/media/inbox?bookmarked=true&read=unread', reader.token)).body.total).toBe(1);
    expect((await get<InboxList>('/media/inbox?category=tech&read=unread', reader.token)).body.total).toBe(0);
    await call(server.url, 'DELETE', `/api/media/inbox/${ids.tech}/read`, { token: reader.token });
    await server.ctx.db('deliveries').where({ recipient_user_id: reader.id, press_release_id: ids.sports }).delete();
    expect(await stored()).toEqual({ total: 2, unread: 2, bookmarked: 1 });
    // The account's removal takes its deliveries and counters with it.
    await server.ctx.db('users').where('id', reader.id).delete();
    expect(await server.ctx.db('inbox_counters').where('user_id', reader.id).first()).toBeUndefined();
  });

  it('rejects bad filters with a 400 that names the field', async () => {
    for (const [query, field] of [
      ['category=weather', 'category'],
      ['read=maybe', 'read'],
      ['limit=500', 'limit'],
      ['offset=-1', 'offset'],
      ['bookmarked=yes', 'bookmarked'],
      ['cursor=yesterday', 'cursor'],
      ['cursor=2026-11-27T05:00:00.000000Z_1%3Bdrop', 'cursor'],
    ] as const) {
      const r = await get<{ error: { code: string; fields: Record<string, string> } }>(`/media/inbox?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error.code).toBe('validation_failed');
      expect(Object.keys(r.body.error.fields)).toContain(field);
    }
    const badId = await get<{ error: { fields: Record<string, string> } }>('/media/inbox/not-a-uuid');
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields).toHaveProperty('releaseId');
  });

  it('opens a release delivered to the caller with tracked links and recipient attachment links; 404 otherwise', async () => {
    const r = await get<InboxRelease>(`/media/inbox/${ids.tech}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'Νέα Τεχνολογία για την ενέργεια', senderCompany: 'Αιγαίο Τεχνολογίες Α.Ε.', category: 'tech' });
    // The http link goes through the in-app click tracker; mailto stays as it is.
    expect(r.body.html).not.toContain('href="https://example.gr');
    expect(r.body.html).toMatch(/href="\/api\/t\/c\/[^"]+"/);
    expect(r.body.html).toContain('href="mailto:press@example.gr"');
    expect(r.body.attachments.map((a) => [a.filename, a.size])).toEqual([
      ['Φωτογραφία.png', 1200],
      ['Δελτίο.pdf', 3400],
    ]);
    expect(r.body.attachments[0]!.url).toMatch(/^\/api\/attachments\/[0-9a-f-]+\/file\?token=/);

    expect((await get(`/media/inbox/${ids.foreign}`)).status).toBe(404);
    expect((await get(`/media/inbox/${ids.draft}`)).status).toBe(404);
    expect((await get(`/media/inbox/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });
});

describe('reading and bookmarking', () => {
  it('reading sets read_at once, records one unique in-app open, and tells the user’s other tabs', async () => {
    const socket = connect(server.url, { transports: ['websocket'], auth: { token: journalist.token } });
    await new Promise((r) => socket.on('session:ready', r));
    const told = new Promise<{ deliveryId: number | null; reason: string }>((r) => socket.on('inbox:changed', r));

    const first = await call<{ readAt: string | null }>(server.url, 'POST', `/api/media/inbox/${ids.tech}/read`, { token: journalist.token });
    expect(first.status).toBe(200);
    expect(first.body.readAt).not.toBeNull();
    const event = await told;
    expect(event.reason).toBe('read');
    socket.close();

    const again = await call<{ readAt: string }>(server.url, 'POST', `/api/media/inbox/${ids.tech}/read`, { token: journalist.token });
    expect(again.body.readAt).toBe(first.body.readAt);
    const reporting = await server.ctx.db('reporting').where('press_release_id', ids.tech).first<{ opened_by: string[] }>('opened_by');
    expect(reporting.opened_by.filter((id) => id === journalist.id)).toHaveLength(1);
    expect(reporting.opened_by).toContain(colleague.id);
    const events = await server.ctx.db('reporting_events').where({ press_release_id: ids.tech, recipient_user_id: journalist.id, kind: 'open', channel: 'in_app' });
    expect(events).toHaveLength(2);
    expect((await get<InboxList>('/media/inbox')).body.items[0]).toMatchObject({ releaseId: ids.tech, views: 2 });

    // Marking it unread again clears read_at but not the counted open.
    const unread = await call<{ readAt: string | null }>(server.url, 'DELETE', `/api/media/inbox/${ids.tech}/read`, { token: journalist.token });
    expect(unread.body.readAt).toBeNull();
    expect((await get<InboxList>('/media/inbox?read=unread')).body.items.map((i) => i.releaseId)).toContain(ids.tech);

    // Someone else's release cannot be marked read.
    expect((await call(server.url, 'POST', `/api/media/inbox/${ids.foreign}/read`, { token: journalist.token })).status).toBe(404);
    const foreignReporting = await server.ctx.db('reporting').where('press_release_id', ids.foreign).first();
    expect(foreignReporting).toBeUndefined();
  });

  it('bookmarks and un-bookmarks, and the bookmarks filter and counters follow', async () => {
    const on = await call<{ bookmarked: boolean }>(server.url, 'PUT', `/api/media/inbox/${ids.sports}/bookmark`, { token: journalist.token });
    expect(on.body.bookmarked).toBe(true);
    const row = await server.ctx.db('deliveries').where({ press_release_id: ids.sports, recipient_user_id: journalist.id }).first<{ bookmarked_at: Date | null }>('bookmarked_at');
    expect(row.bookmarked_at).not.toBeNull();
    expect((await get<InboxList>('/media/inbox?bookmarked=true')).body.items.map((i) => i.releaseId)).toEqual([ids.sports, ids.economy]);
    expect((await get<MediaOverview>('/media/overview')).body.counters.bookmarked).toBe(2);

    const off = await call<{ bookmarked: boolean }>(server.url, 'DELETE', `/api/media/inbox/${ids.sports}/bookmark`, { token: journalist.token });
    expect(off.body.bookmarked).toBe(false);
    expect((await get<InboxList>('/media/inbox?bookmarked=true')).body.items.map((i) => i.releaseId)).toEqual([ids.economy]);
    expect((await call(server.url, 'PUT', `/api/media/inbox/${ids.foreign}/bookmark`, { token: journalist.token })).status).toBe(404);
  });

  it('counts received this week (since Monday, Greek time), unread, bookmarked and followed categories', async () => {
    const now = new Date();
    const weekStart = startOfWeek(now);
    const expectedThisWeek = [0, 3, 20].filter((days) => now.getTime() - days * DAY - 60_000 >= weekStart.getTime()).length;
    const r = await get<MediaOverview>('/media/overview');
    expect(r.body).toEqual({
      status: 'approved',
      counters: { receivedThisWeek: expectedThisWeek, unread: 2, bookmarked: 1, categoriesFollowed: 3 },
      mediaLists: [],
      unsubscribedAll: false,
    });
  });

  it('reading a release (from the inbox or a notification) marks its notification read, and the bell in the other tabs drops at once', async () => {
    // A received release's notice is its delivery (release-notices.ts): its id is the delivery's.
    const delivery = async (releaseId: string) =>
      (await server.ctx.db('deliveries').where({ recipient_user_id: journalist.id, press_release_id: releaseId }).first('id')) as { id: number };
    await server.ctx.db('deliveries').where('recipient_user_id', journalist.id).update({ notice_read_at: null });
    const mine = await delivery(ids.sports!);
    const other = await delivery(ids.economy!);
    const bell = async () => (await get<{ unreadCount: number; items: { id: number; readAt: string | null }[] }>('/notifications')).body;
    const before = await bell();
    const socket = connect(server.url, { transports: ['websocket'], auth: { token: journalist.token } });
    await new Promise((r) => socket.on('session:ready', r));
    const told = new Promise<{ ids: number[] | 'all' }>((r) => socket.on('notification:read', r));

    expect((await call(server.url, 'POST', `/api/media/inbox/${ids.sports}/read`, { token: journalist.token })).status).toBe(200);
    expect((await told).ids).toEqual([Number(mine!.id)]);
    socket.close();
    const after = await bell();
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect(after.items.find((n) => n.id === Number(mine!.id))!.readAt).not.toBeNull();
    expect(after.items.find((n) => n.id === Number(other!.id))!.readAt).toBeNull(); // another release's stays unread
  });
});

describe('startOfWeek', () => {
  it('is Monday 00:00 in Athens', () => {
    // Wednesday 2025-03-05 10:00 UTC -> Monday 2025-03-03 00:00 Athens (UTC+2) = Sunday 22:00 UTC.
    expect(startOfWeek(new Date('2025-03-05T10:00:00Z')).toISOString()).toBe('2025-03-02T22:00:00.000Z');
    // Summer time (UTC+3): Monday 2025-07-07 00:00 Athens = Sunday 21:00 UTC.
    expect(startOfWeek(new Date('2025-07-09T12:00:00Z')).toISOString()).toBe('2025-07-06T21:00:00.000Z');
    // Sunday late evening UTC that is already Monday in Athens.
    expect(startOfWeek(new Date('2025-03-09T22:30:00Z')).toISOString()).toBe('2025-03-09T22:00:00.000Z');
    // Across the change to summer time (Sunday 2025-03-30): Monday 2025-03-24 00:00 was UTC+2.
    expect(startOfWeek(new Date('2025-03-30T12:00:00Z')).toISOString()).toBe('2025-03-23T22:00:00.000Z');
  });
});

describe('preferences', () => {
  it('shows categories, digest, senders to block and the media lists the journalist is on', async () => {
    await server.ctx.db('media_lists').insert([
      { category: 'tech', media_id: journalist.id },
      { category: 'sports', media_id: journalist.id },
    ]);
    const r = await get<MediaPreferences>('/media/preferences');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'approved',
      categories: ['economy', 'tech', 'sports'],
      digest: 'none',
      dailyLimit: null,
      blockedSenders: [],
      mediaLists: ['tech', 'sports'],
      unsubscribedAll: false,
    });
    expect(r.body.knownSenders).toEqual([
      { id: aegean, company: 'Αιγαίο Τεχνολογίες Α.Ε.', logoUrl: null },
      { id: olympic, company: 'Ολυμπιακή Ενέργεια', logoUrl: '/uploads/logos/olympic.png' },
    ]);
  });

  it('ticked categories are stored and the unticked ones become category unsubscribes, in one go', async () => {
    const r = await call<MediaPreferences>(server.url, 'PUT', '/api/media/preferences/categories', {
      token: journalist.token,
      body: { categories: ['tech', 'politics'] },
    });
    expect(r.status).toBe(200);
    expect(r.body.categories).toEqual(['politics', 'tech']);
    const unsub = async () =>
      ((await server.ctx.db('unsubscribes').where({ user_id: journalist.id, scope: 'category' }).select('category')) as { category: string }[])
        .map((u) => u.category)
        .sort();
    expect(await unsub()).toEqual(['culture', 'economy', 'lifestyle', 'sports']);
    await call(server.url, 'PUT', '/api/media/preferences/categories', { token: journalist.token, body: { categories: ['sports'] } });
    expect(await unsub()).toEqual(['culture', 'economy', 'lifestyle', 'politics', 'tech']);
    expect((await get<MediaOverview>('/media/overview')).body.counters.categoriesFollowed).toBe(1);
    // The colleague's settings are untouched.
    expect(await server.ctx.db('unsubscribes').where('user_id', colleague.id)).toEqual([]);

    for (const [body, field] of [
      [{ categories: ['weather'] }, 'categories.0'],
      [{ categories: 'tech' }, 'categories'],
      [{ categories: ['tech', 'tech'] }, 'categories'],
      [{}, 'categories'],
    ] as const) {
      const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'PUT', '/api/media/preferences/categories', { token: journalist.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.body.error.fields)).toContain(field);
    }
    expect(await unsub()).toEqual(['culture', 'economy', 'lifestyle', 'politics', 'tech']);
  });

  it('stores the digest choice', async () => {
    const r = await call<MediaPreferences>(server.url, 'PUT', '/api/media/preferences/digest', { token: journalist.token, body: { digest: 'weekly' } });
    expect(r.body.digest).toBe('weekly');
    const p = await server.ctx.db('profiles').where('user_id', journalist.id).first<{ digest_frequency: string }>('digest_frequency');
    expect(p.digest_frequency).toBe('weekly');
    const bad = await call<{ error: { fields: Record<string, string> } }>(server.url, 'PUT', '/api/media/preferences/digest', { token: journalist.token, body: { digest: 'hourly' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('digest');
  });

  it("blocks and unblocks a sending organisation as a sender unsubscribe; a person's id or an unknown id is a 400", async () => {
    const r = await call<MediaPreferences>(server.url, 'POST', '/api/media/blocked-senders', { token: journalist.token, body: { senderId: aegean } });
    expect(r.status).toBe(200);
    expect(r.body.blockedSenders).toEqual([{ id: aegean, company: 'Αιγαίο Τεχνολογίες Α.Ε.', logoUrl: null }]);
    // Blocking twice keeps one row.
    await call(server.url, 'POST', '/api/media/blocked-senders', { token: journalist.token, body: { senderId: aegean } });
    const rows = await server.ctx.db('unsubscribes').where({ user_id: journalist.id, scope: 'sender' });
    expect(rows.map((u: { sender_organisation_id: string }) => u.sender_organisation_id)).toEqual([aegean]);
    // The person who sent is not a sender: the organisation is.
    const person = await call<{ error: { code: string } }>(server.url, 'POST', '/api/media/blocked-senders', { token: journalist.token, body: { senderId: sender.id } });
    expect(person.status).toBe(400);

    const unknown = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', '/api/media/blocked-senders', {
      token: journalist.token,
      body: { senderId: colleague.id },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty('senderId');
    const malformed = await call<{ error: { fields: Record<string, string> } }>(server.url, 'POST', '/api/media/blocked-senders', {
      token: journalist.token,
      body: { senderId: 'nope' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toHaveProperty('senderId');

    const un = await call<MediaPreferences>(server.url, 'DELETE', `/api/media/blocked-senders/${aegean}`, { token: journalist.token });
    expect(un.body.blockedSenders).toEqual([]);
    expect(await server.ctx.db('unsubscribes').where({ user_id: journalist.id, scope: 'sender' })).toEqual([]);
  });

  it('shows and undoes a global unsubscribe', async () => {
    await server.ctx.db('unsubscribes').insert({ user_id: journalist.id, scope: 'all' });
    expect((await get<MediaPreferences>('/media/preferences')).body.unsubscribedAll).toBe(true);
    const r = await call<MediaPreferences>(server.url, 'DELETE', '/api/media/preferences/unsubscribe-all', { token: journalist.token });
    expect(r.body.unsubscribedAll).toBe(false);
    expect(await server.ctx.db('unsubscribes').where({ user_id: journalist.id, scope: 'all' })).toEqual([]);
  });

  it('a pending journalist sees their status and an empty inbox', async () => {
    const id = await insertUser(server.ctx.db, 'new@inbox.test', 'media', { status: 'pending' });
    const token = await tokenOf(server.url, 'new@inbox.test');
    const o = await get<MediaOverview>('/media/overview', token);
    expect(o.body).toEqual({
      status: 'pending',
      counters: { receivedThisWeek: 0, unread: 0, bookmarked: 0, categoriesFollowed: 0 },
      mediaLists: [],
      unsubscribedAll: false,
    });
    expect((await get<InboxList>('/media/inbox', token)).body).toEqual({ items: [], total: 0, totalCapped: false, hasMore: false, nextCursor: null });
    expect(id).toBeTruthy();
  });

  it('is for media only', async () => {
    expect((await get('/media/inbox', sender.token)).status).toBe(403);
    expect((await get('/media/preferences', sender.token)).status).toBe(403);
    expect((await call(server.url, 'GET', '/api/media/overview')).status).toBe(401);
  });
});
