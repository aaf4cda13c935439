/**
 * The migration that reads a received release's notice from its delivery
 * (20261207000000_release_notices_from_deliveries), run on a database the code before it built:
 * every notice keeps its read mark, none is lost or shown twice, and no id in the bell names
 * two rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listForUser, unreadCount } from '../modules/notifications/notifications.repo';
import { insertOrganisation, insertUser } from '../modules/distribution/org-fixtures';
import { createTestDb, type TestDb } from '../test/db';
import { migrateLatest, migrateUpTo } from './migrate';

const BEFORE = '20261206000200_notifications_organisation_index';
let t: TestDb;
let journalist: string;
const releases: Record<'read' | 'unread' | 'none' | 'twice', string> = { read: '', unread: '', none: '', twice: '' };
const readAt = new Date('2026-11-20T10:00:00Z');
let personalId: number;

beforeAll(async () => {
  t = await createTestDb({ migrate: false });
  await migrateUpTo(t.db, BEFORE);
  const db = t.db;
  journalist = await insertUser(db, 'old@notices.test', 'media');
  const org = await insertOrganisation(db, 'Παλιά Α.Ε.');
  const [p] = (await db('notifications').insert({ user_id: journalist, kind: 'account.notice', title: 'Προσωπική', data: '{}' }).returning('id')) as { id: string }[];
  personalId = Number(p!.id);
  for (const key of Object.keys(releases) as (keyof typeof releases)[]) {
    const [r] = (await db('press_releases')
      .insert({ title: key, content: '<p>x</p>', content_text: 'x', category: 'tech', organisation_id: org, status: 'sent', sent_at: new Date() })
      .returning('id')) as { id: string }[];
    releases[key] = r!.id;
    await db('release_sent_versions').insert({ press_release_id: r!.id, title: key, content: '<p>x</p>', content_text: 'x', category: 'tech', sender_name: 'Παλιά Α.Ε.', sent_at: new Date(), organisation_id: org });
    const [d] = (await db('deliveries').insert({ press_release_id: r!.id, recipient_user_id: journalist, email: 'old@notices.test', state: 'sent' }).returning('id')) as { id: string }[];
    const note = (read: Date | null) => ({
      user_id: journalist,
      kind: 'press_release.received',
      title: key,
      body: 'Νέο δελτίο τύπου από Παλιά Α.Ε.',
      link: `/media/press-releases/${r!.id}`,
      data: JSON.stringify({ press_release_id: r!.id, delivery_id: Number(d!.id), category: 'tech' }),
      read_at: read,
    });
    if (key === 'read') await db('notifications').insert(note(readAt));
    if (key === 'unread') await db('notifications').insert(note(null));
    if (key === 'twice') await db('notifications').insert([note(readAt), note(null)]);
  }
  // A notification of another kind whose id is a delivery's (the two tables had their own sequences).
  expect(await db('deliveries').where('id', personalId)).toHaveLength(1);
  await migrateLatest(db);
}, 60_000);
afterAll(async () => {
  await t?.destroy();
});

describe('the notices moved onto the deliveries', () => {
  it('keep their read marks: read, unread, unread while any copy was, and read when there was none', async () => {
    const marks = (await t.db('deliveries as d')
      .join('press_releases as r', 'r.id', 'd.press_release_id')
      .select('r.title', 'd.notice_read_at')) as { title: string; notice_read_at: Date | null }[];
    const of = (title: string) => marks.find((m) => m.title === title)!.notice_read_at;
    expect(of('read')).toEqual(readAt);
    expect(of('unread')).toBeNull();
    expect(of('twice')).toBeNull();
    expect(of('none')).not.toBeNull();
    expect(await t.db('notifications').where('kind', 'press_release.received')).toHaveLength(0);
  });

  it('show once each in the bell with the other notification, every id naming one row', async () => {
    const items = await listForUser(t.db, journalist, 30);
    expect(items.map((n) => n.title).sort()).toEqual(['none', 'read', 'twice', 'unread', 'Προσωπική']);
    const ids = items.map((n) => n.id);
    expect(new Set(ids).size).toBe(5);
    expect(await unreadCount(t.db, journalist)).toBe(3); // unread, twice, the personal one
    const personal = (await t.db('notifications').where('kind', 'account.notice').first('id')) as { id: string };
    expect(Number(personal.id)).not.toBe(personalId);
  });

  it('leave one sequence for both tables: a new delivery and a new notification never share an id', async () => {
    const [n] = (await t.db('notifications').insert({ user_id: journalist, kind: 'account.notice', title: 'Νέα', data: '{}' }).returning('id')) as { id: string }[];
    const [d] = (await t.db('deliveries').insert({ press_release_id: releases.none, recipient_user_id: await insertUser(t.db, 'new@notices.test', 'media'), email: 'new@notices.test' }).returning('id')) as { id: string }[];
    const taken = (await t.db.raw('select id from deliveries union all select id from notifications')) as { rows: { id: string }[] };
    expect(new Set(taken.rows.map((r) => r.id)).size).toBe(taken.rows.length);
    expect(Number(d!.id)).toBe(Number(n!.id) + 1);
  });
});
