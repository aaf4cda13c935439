/**
 * The inbox's search (issue 32, point 1): a rare term is read through the sent versions'
 * trigram index and probed in the journalist's deliveries; a common one is looked for in the
 * deliveries newest first, its total counted up to a cap. Both ways must give the same pages,
 * in the same order, as a plain reading of the data, with every filter and across cursors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSearchText } from '../../../../shared/search-text';
import { createTestDb, type TestDb } from '../../test/db';
import { freezeAsSent, insertOrganisation, insertUser } from '../distribution/org-fixtures';
import { listInbox, type InboxCursor, type InboxFilter, type SearchLimits } from './media-inbox.repo';

let testDb: TestDb;
let journalist: string;
interface Fixture {
  id: string;
  text: string;
  sentAt: number;
  category: string;
  read: boolean;
  bookmarkedAt: number | null;
  mine: boolean;
}
const releases: Fixture[] = [];
const CATEGORIES = ['economy', 'tech', 'sports'];
const BASE = Date.UTC(2026, 10, 1, 9);

beforeAll(async () => {
  testDb = await createTestDb();
  const db = testDb.db;
  const org = await insertOrganisation(db, 'Αιγαίο Α.Ε.');
  const author = await insertUser(db, 'author@search.test', 'client');
  journalist = await insertUser(db, 'reporter@search.test', 'media');
  const other = await insertUser(db, 'other@search.test', 'media');
  for (let i = 0; i < 36; i++) {
    const words = ['Δελτίο', String(i)];
    if (i % 3 === 0) words.push('Ενέργεια'); // 12 releases
    if (i % 10 === 0) words.push('σπάνιο'); // 4
    if (i % 17 === 5) words.push('μυστικό'); // 2, neither to the journalist
    if (i % 6 === 1) words.push('αλλού'); // 6, one of them (i = 1) to the journalist
    // Two releases share a sending time: the delivery id breaks the tie.
    const sentAt = BASE + (i === 7 ? 6 : i) * 3_600_000;
    const f: Fixture = {
      id: '',
      text: words.join(' '),
      sentAt,
      category: CATEGORIES[i % 3]!,
      read: i % 4 === 0,
      bookmarkedAt: i % 5 === 0 ? BASE + (100 - i) * 60_000 : null,
      mine: i % 17 !== 5 && (i % 6 !== 1 || i === 1),
    };
    const [row] = (await db('press_releases')
      .insert({
        title: f.text,
        content: `<p>${f.text}</p>`,
        content_text: f.text,
        search_text: toSearchText(f.text, f.text),
        category: f.category,
        status: 'sent',
        sent_at: new Date(sentAt),
        organisation_id: org,
        author_id: author,
      })
      .returning('id')) as { id: string }[];
    f.id = row!.id;
    await freezeAsSent(db, [f.id]);
    await db('release_sent_versions').where('press_release_id', f.id).update({ sent_at: new Date(sentAt) });
    for (const who of f.mine ? [journalist, other] : [other]) {
      await db('deliveries').insert({
        press_release_id: f.id,
        recipient_user_id: who,
        email: 'x@media.test',
        state: 'sent',
        created_at: new Date(sentAt),
        read_at: who === journalist && f.read ? new Date(sentAt + 60_000) : null,
        bookmarked_at: who === journalist && f.bookmarkedAt ? new Date(f.bookmarkedAt) : null,
      });
    }
    releases.push(f);
  }
}, 60_000);

afterAll(async () => {
  await testDb?.destroy();
});

/** What the journalist should see: their deliveries matching the filter, in the list's order. */
function expected(f: Omit<InboxFilter, 'userId'>): string[] {
  const matches = releases.filter(
    (r) =>
      r.mine &&
      (!f.search || toSearchText(r.text, r.text).includes(f.search)) &&
      (!f.category || r.category === f.category) &&
      (f.read === 'all' || (f.read === 'read') === r.read) &&
      (!f.bookmarked || r.bookmarkedAt !== null),
  );
  const key = (r: Fixture) => (f.bookmarked ? r.bookmarkedAt! : r.sentAt);
  // Ties of time go to the later delivery (the later insert here).
  return matches.sort((a, b) => key(b) - key(a) || releases.indexOf(b) - releases.indexOf(a)).map((r) => r.id);
}

/** Every page of the list, followed by its cursor. */
async function readAll(f: Omit<InboxFilter, 'userId'>, limits: SearchLimits) {
  const seen: string[] = [];
  let cursor: InboxCursor | null = null;
  let first: { total: number; totalCapped: boolean } | undefined;
  for (let guard = 0; guard < 20; guard++) {
    const page = await listInbox(testDb.db, { ...f, userId: journalist }, 4, { cursor, offset: 0 }, limits);
    first ??= { total: page.total, totalCapped: page.totalCapped };
    // Every page, past a cursor too, tells the list's whole total (the count does not follow the cursor).
    expect({ total: page.total, totalCapped: page.totalCapped }).toEqual(first);
    seen.push(...page.rows.map((r) => r.release_id));
    const last = page.rows[page.rows.length - 1];
    if (!page.hasMore || !last) break;
    cursor = { at: last.sort_key, id: String(last.delivery_id) };
  }
  return { ids: seen, ...first! };
}

const RARE: SearchLimits = { candidates: 1000, count: 1000 };
const COMMON: SearchLimits = { candidates: 0, count: 1000 };

describe('inbox search', () => {
  const filters: Omit<InboxFilter, 'userId' | 'search'>[] = [
    { category: null, read: 'all', bookmarked: false },
    { category: null, read: 'unread', bookmarked: false },
    { category: null, read: 'read', bookmarked: false },
    { category: 'economy', read: 'all', bookmarked: false },
    { category: null, read: 'all', bookmarked: true },
    { category: 'tech', read: 'unread', bookmarked: true },
  ];

  it('gives the same pages, order and exact total through the trigram path and the ordered scan', async () => {
    for (const search of ['ενεργεια', 'σπανιο', 'μυστικο', 'δελτιο', 'ζζζ']) {
      for (const filter of filters) {
        const f = { ...filter, search };
        const want = expected(f);
        for (const limits of [RARE, COMMON]) {
          const got = await readAll(f, limits);
          expect({ search, filter, limits, ids: got.ids }).toEqual({ search, filter, limits, ids: want });
          expect({ search, filter, limits, total: got.total, capped: got.totalCapped }).toEqual({ search, filter, limits, total: want.length, capped: false });
        }
      }
    }
  });

  it('a term that matches more than the candidates limit counts up to the cap and says so', async () => {
    const f = { search: 'δελτιο', category: null, read: 'all' as const, bookmarked: false };
    const all = expected(f);
    expect(all.length).toBeGreaterThan(5);
    const capped = await readAll(f, { candidates: 0, count: 5 });
    expect(capped).toMatchObject({ total: 5, totalCapped: true });
    // The pages are all there: only the count stopped.
    expect(capped.ids).toEqual(all);
    // At the cap exactly: not "more than".
    const exact = await readAll({ ...f, search: 'ενεργεια' }, { candidates: 0, count: expected({ ...f, search: 'ενεργεια' }).length });
    expect(exact.totalCapped).toBe(false);
    // Past the candidates limit by one, the same term goes the ordered way and still counts exactly under the cap.
    const candidates = releases.filter((r) => toSearchText(r.text, r.text).includes('σπανιο')).length;
    const scanned = await readAll({ ...f, search: 'σπανιο' }, { candidates: candidates - 1, count: 1000 });
    expect(scanned).toMatchObject({ ids: expected({ ...f, search: 'σπανιο' }), total: expected({ ...f, search: 'σπανιο' }).length, totalCapped: false });
  });

  it('pages by offset give the same list, and a page past the end is empty but still has the total', async () => {
    for (const search of ['ενεργεια', 'σπανιο', 'ζζζ']) {
      for (const filter of filters) {
        const f = { ...filter, search };
        const want = expected(f);
        for (const limits of [RARE, COMMON]) {
          const seen: string[] = [];
          for (let offset = 0; offset <= want.length + 4; offset += 4) {
            const page = await listInbox(testDb.db, { ...f, userId: journalist }, 4, { cursor: null, offset }, limits);
            expect({ search, filter, limits, offset, total: page.total, hasMore: page.hasMore }).toEqual({
              search,
              filter,
              limits,
              offset,
              total: want.length,
              hasMore: offset + 4 < want.length,
            });
            seen.push(...page.rows.map((r) => r.release_id));
          }
          expect({ search, filter, limits, ids: seen }).toEqual({ search, filter, limits, ids: want });
        }
        // After the last row, by cursor: nothing more, the same total.
        const all = await listInbox(testDb.db, { ...f, userId: journalist }, 100, { cursor: null, offset: 0 }, RARE);
        const last = all.rows[all.rows.length - 1];
        if (!last) continue;
        const after = await listInbox(testDb.db, { ...f, userId: journalist }, 4, { cursor: { at: last.sort_key, id: String(last.delivery_id) }, offset: 0 }, RARE);
        expect({ search, filter, rows: after.rows, total: after.total, hasMore: after.hasMore }).toEqual({ search, filter, rows: [], total: want.length, hasMore: false });
      }
    }
  });

  it('a rare term is counted and paged in one statement, a common one gates the deliveries off in its first', async () => {
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    testDb.db.on('query', listen);
    try {
      const f = { search: 'σπανιο', category: null, read: 'all' as const, bookmarked: false, userId: journalist };
      const rare = await listInbox(testDb.db, f, 2, { cursor: null, offset: 0 }, RARE);
      expect(rare).toMatchObject({ total: expected(f).length, hasMore: true });
      expect(sent).toHaveLength(1);
      sent.length = 0;
      // Past the candidates limit: the first statement finds it common, then the capped count and the page.
      const common = await listInbox(testDb.db, f, 2, { cursor: null, offset: 0 }, COMMON);
      expect(common.rows.map((r) => r.release_id)).toEqual(rare.rows.map((r) => r.release_id));
      expect(sent).toHaveLength(3);
    } finally {
      testDb.db.removeListener('query', listen);
    }
  });

  it('a term common elsewhere but rare in this inbox takes the rare path: one statement, exact total', async () => {
    const sent: string[] = [];
    const listen = (q: { sql: string }) => sent.push(q.sql);
    const f = { search: 'αλλου', category: null, read: 'all' as const, bookmarked: false, userId: journalist };
    const onPlatform = releases.filter((r) => toSearchText(r.text, r.text).includes('αλλου')).length;
    expect(onPlatform).toBe(6);
    expect(expected(f)).toHaveLength(1);
    testDb.db.on('query', listen);
    try {
      // More sent versions match than the path reads (6 > 2), but only one went to this journalist.
      const got = await listInbox(testDb.db, f, 4, { cursor: null, offset: 0 }, { candidates: 2, count: 1000 });
      expect({ ids: got.rows.map((r) => r.release_id), total: got.total, capped: got.totalCapped }).toEqual({ ids: expected(f), total: 1, capped: false });
      expect(sent).toHaveLength(1);
    } finally {
      testDb.db.removeListener('query', listen);
    }
  });

  it('a sent version written after its deliveries carries their recipients, so the search finds it', async () => {
    const db = testDb.db;
    const org = await insertOrganisation(db, 'Ύστερο Α.Ε.');
    const author = await insertUser(db, 'late-author@search.test', 'client');
    const [row] = (await db('press_releases')
      .insert({
        title: 'Καθυστερημένο ξωτικό',
        content: '<p>Καθυστερημένο ξωτικό</p>',
        content_text: 'Καθυστερημένο ξωτικό',
        search_text: toSearchText('Καθυστερημένο ξωτικό', 'Καθυστερημένο ξωτικό'),
        category: 'tech',
        status: 'sent',
        sent_at: new Date(BASE),
        organisation_id: org,
        author_id: author,
      })
      .returning('id')) as { id: string }[];
    await db('deliveries').insert({ press_release_id: row!.id, recipient_user_id: journalist, email: 'x@media.test', state: 'sent', created_at: new Date(BASE) });
    await freezeAsSent(db, [row!.id]);
    const recipients = (await db('release_sent_versions').where('press_release_id', row!.id).first('recipient_ids')) as { recipient_ids: string[] };
    expect(recipients.recipient_ids).toEqual([journalist]);
    const got = await listInbox(db, { search: 'ξωτικο', category: null, read: 'all', bookmarked: false, userId: journalist }, 4, { cursor: null, offset: 0 }, RARE);
    expect(got.rows.map((r) => r.release_id)).toEqual([row!.id]);
    await db('deliveries').where('press_release_id', row!.id).delete();
    await db('release_sent_versions').where('press_release_id', row!.id).delete();
    await db('press_releases').where('id', row!.id).delete();
  });

  it('a term shorter than a trigram is looked for the ordered way and found', async () => {
    const f = { search: '12', category: null, read: 'all' as const, bookmarked: false };
    const got = await readAll(f, RARE);
    expect(got.ids).toEqual(expected(f));
    expect(got.ids.length).toBeGreaterThan(0);
  });

  it('another journalist’s release is not found through the sent versions', async () => {
    const got = await readAll({ search: 'μυστικο', category: null, read: 'all', bookmarked: false }, RARE);
    expect(got).toMatchObject({ ids: [], total: 0, totalCapped: false });
  });
});
