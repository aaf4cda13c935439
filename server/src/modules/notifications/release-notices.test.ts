import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient } from 'socket.io-client';
import { rooms } from '../../../../shared/events';
import type { NotificationList } from '../../../../shared/schemas/notifications';
import { startTestServer, type TestServer } from '../../test/app';
import { call } from '../../test/http';
import { sendRelease } from '../releases/releases.lifecycle';
import { insertMember, insertOrganisation, insertUser, tokenOf } from '../distribution/org-fixtures';

/**
 * A received release's notice in the journalist's bell is its delivery (release-notices.ts),
 * not a notification row of its own: a send writes one row per recipient. The bell still
 * lists it with the journalist's other notifications, newest first, counts it unread, marks it
 * read alone, with «Όλες ως αναγνωσμένες» or by opening the release, and tells the other tabs.
 */
let server: TestServer;
let sender: { org: string; id: string };
let journalist: { id: string; token: string };
let otherId: string;

const api = <T>(method: string, path: string, body?: unknown) => call<T>(server.url, method, `/api${path}`, { token: journalist.token, body });
const bell = async () => (await api<NotificationList>('GET', '/notifications')).body;

async function send(title: string): Promise<string> {
  const [r] = (await server.ctx.db('press_releases')
    .insert({ title, content: '<p>Κείμενο</p>', content_text: 'Κείμενο', category: 'tech', organisation_id: sender.org, author_id: sender.id, media_list_categories: ['tech'] })
    .returning('id')) as { id: string }[];
  await sendRelease(server.ctx, r!.id, { actor: null, baseUrl: 'https://deltio.example', fromScheduled: false });
  return r!.id;
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://deltio.example' });
  const org = await insertOrganisation(server.ctx.db, 'Ειδοποιήσεις Α.Ε.');
  sender = { org, id: await insertMember(server.ctx.db, org, 'sender@notices.test', 'owner') };
  const id = await insertUser(server.ctx.db, 'reader@notices.test', 'media');
  await server.ctx.db('profiles').where('user_id', id).update({ status: 'approved', categories: ['tech'] });
  await server.ctx.db('media_lists').insert({ category: 'tech', media_id: id });
  journalist = { id, token: await tokenOf(server.url, 'reader@notices.test') };
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('a received release in the bell', () => {
  let first: string;
  let second: string;

  it('is the delivery: the send writes no notification, and the bell lists the notice with the other notifications, newest first', async () => {
    first = await send('Πρώτο δελτίο');
    await server.ctx.db('notifications').insert({ user_id: journalist.id, kind: 'account.notice', title: 'Προσωπική ειδοποίηση', data: '{}' });
    second = await send('Δεύτερο δελτίο');
    expect(await server.ctx.db('notifications').where({ user_id: journalist.id, kind: 'press_release.received' })).toHaveLength(0);

    const b = await bell();
    expect(b.items.map((n) => n.title)).toEqual(['Δεύτερο δελτίο', 'Προσωπική ειδοποίηση', 'Πρώτο δελτίο']);
    expect(b.unreadCount).toBe(3);
    const delivery = (await server.ctx.db('deliveries').where({ recipient_user_id: journalist.id, press_release_id: second }).first('id')) as { id: string };
    expect(b.items[0]).toMatchObject({
      id: Number(delivery.id),
      kind: 'press_release.received',
      body: 'Νέο δελτίο τύπου από Ειδοποιήσεις Α.Ε.',
      link: `/media/press-releases/${second}`,
      data: { press_release_id: second, delivery_id: Number(delivery.id), category: 'tech', organisation_id: sender.org },
      organisationId: null,
      readAt: null,
    });
    // One id sequence for both: no notification shares an id with a delivery.
    const ids = b.items.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is read alone by its id, by opening the release, or with all the others; the other tabs are told', async () => {
    const before = await bell();
    const [secondNotice, , firstNotice] = before.items;
    const socket = ioClient(server.url, { transports: ['websocket'], auth: { token: journalist.token } });
    await new Promise((r) => socket.on('session:ready', r));
    const told: unknown[] = [];
    socket.on('notification:read', (p: unknown) => told.push(p));

    const one = await api<{ notification: { id: number; readAt: string | null }; unreadCount: number }>('POST', `/notifications/${secondNotice!.id}/read`);
    expect(one.status).toBe(200);
    expect(one.body.notification).toMatchObject({ id: secondNotice!.id });
    expect(one.body.notification.readAt).not.toBeNull();
    expect(one.body.unreadCount).toBe(2);
    // Read again: still read, the same time.
    const again = await api<{ notification: { readAt: string } }>('POST', `/notifications/${secondNotice!.id}/read`);
    expect(again.body.notification.readAt).toBe(one.body.notification.readAt);

    // Opening the first release in the inbox settles its notice.
    expect((await api('POST', `/media/inbox/${first}/read`)).status).toBe(200);
    expect((await bell()).items.find((n) => n.id === firstNotice!.id)!.readAt).not.toBeNull();

    expect((await api<{ updated: number }>('POST', '/notifications/read-all')).body.updated).toBe(1);
    expect((await bell()).unreadCount).toBe(0);
    await socket.emitWithAck('ping');
    socket.close();
    expect(told).toEqual([{ ids: [secondNotice!.id] }, { ids: [secondNotice!.id] }, { ids: [firstNotice!.id] }, { ids: 'all' }]);
  });

  it('is nobody else’s: another user’s notice id is not found and stays unread', async () => {
    otherId = await insertUser(server.ctx.db, 'other@notices.test', 'media');
    await server.ctx.db('profiles').where('user_id', otherId).update({ status: 'approved' });
    await server.ctx.db('media_lists').insert({ category: 'tech', media_id: otherId });
    const third = await send('Τρίτο δελτίο');
    const theirs = (await server.ctx.db('deliveries').where({ recipient_user_id: otherId, press_release_id: third }).first('id')) as { id: string };
    const r = await api<{ error: { code: string } }>('POST', `/notifications/${theirs.id}/read`);
    expect(r.status).toBe(404);
    expect(await server.ctx.db('deliveries').where('id', theirs.id).first('notice_read_at')).toEqual({ notice_read_at: null });
  });

  it('is not shown for a delivery held by the daily limit (the digest lists it)', async () => {
    await server.ctx.db('profiles').where('user_id', journalist.id).update({ daily_release_limit: 1 });
    const held = await send('Κρατημένο δελτίο');
    expect(await server.ctx.db('deliveries').where({ recipient_user_id: journalist.id, press_release_id: held }).whereNotNull('held_at')).toHaveLength(1);
    const b = await bell();
    expect(b.items.map((n) => n.title)).not.toContain('Κρατημένο δελτίο');
    expect(b.unreadCount).toBe(1); // the third release's notice, sent before the limit was set
  });

  it('reaches every recipient with one message, encoded once; a held one gets their inbox entry alone', async () => {
    const rt = server.ctx.realtime;
    const calls: { rooms: unknown; event: string }[] = [];
    const [broadcast, broadcastMany] = [rt.broadcast.bind(rt), rt.broadcastMany.bind(rt)];
    rt.broadcast = ((room: string | string[], event: string, ...args: unknown[]) => {
      calls.push({ rooms: room, event });
      (broadcast as (...a: unknown[]) => void)(room, event, ...args);
    }) as typeof rt.broadcast;
    rt.broadcastMany = (pushes) => {
      for (const p of pushes) calls.push({ rooms: p.room, event: p.event });
      broadcastMany(pushes);
    };
    try {
      await send('Τέταρτο δελτίο');
    } finally {
      rt.broadcast = broadcast;
      rt.broadcastMany = broadcastMany;
    }
    expect(calls.filter((c) => c.event === 'notification:new' || c.event === 'inbox:new')).toEqual([
      { rooms: [rooms.user(otherId)], event: 'notification:new' },
      { rooms: rooms.user(journalist.id), event: 'inbox:new' },
    ]);
  });
});
