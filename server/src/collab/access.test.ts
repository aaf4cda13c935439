import crypto from 'node:crypto';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/db';
import { insertRelease, newOrganisation, type OrganisationRole } from '../test/releases';
import { readSessionAccess, sessionAccess, sessionAccessBatcher, type SessionAccess } from './access';

let t: TestDb;
let orgId: string;
let otherOrgId: string;
let releaseId: string;
let otherReleaseId: string;

/** A client user (approved) with one open session, member of `orgId` with `role` unless null. */
async function user(email: string, role: OrganisationRole | null, profile: Record<string, unknown> = {}): Promise<{ userId: string; sessionId: string }> {
  const [u] = (await t.db('users').insert({ email, encrypted_password: 'x' }).returning('id')) as { id: string }[];
  await t.db('profiles').insert({ user_id: u!.id, email, name: email, role: 'client', status: 'approved', ...profile });
  if (role) await t.db('organisation_members').insert({ organisation_id: orgId, user_id: u!.id, role });
  const [s] = (await t.db('auth_sessions').insert({ user_id: u!.id }).returning('id')) as { id: string }[];
  return { userId: u!.id, sessionId: s!.id };
}

/** Counts the queries `db` sends while `run` runs. */
async function countQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const on = () => void queries++;
  t.db.on('query', on);
  try {
    return { result: await run(), queries };
  } finally {
    t.db.off('query', on);
  }
}

beforeAll(async () => {
  t = await createTestDb();
  orgId = await newOrganisation(t.db);
  otherOrgId = await newOrganisation(t.db, { name: 'Άλλος οργανισμός' });
  const [author] = (await t.db('users').insert({ email: 'author@access.test', encrypted_password: 'x' }).returning('id')) as { id: string }[];
  await t.db('profiles').insert({ user_id: author!.id, email: 'author@access.test', name: 'author', role: 'client', status: 'approved' });
  releaseId = await insertRelease(t.db, orgId, author!.id);
  otherReleaseId = await insertRelease(t.db, otherOrgId, author!.id);
}, 60_000);

afterAll(async () => {
  await t?.destroy();
});

describe('sessionAccessBatcher: the checks of connections arriving together in one read', () => {
  it('answers each connection as sessionAccess does, in one query for all of them', async () => {
    const editor = await user('editor@access.test', 'editor');
    const reviewer = await user('reviewer@access.test', 'reviewer');
    const outsider = await user('outsider@access.test', null);
    const banned = await user('banned@access.test', 'editor', { status: 'banned' });
    const deactivated = await user('inactive@access.test', 'editor', { is_active: false });
    const revoked = await user('revoked@access.test', 'editor');
    await t.db('auth_sessions').where('id', revoked.sessionId).update({ revoked_at: new Date() });
    const asks: [string, string, string][] = [
      [editor.userId, editor.sessionId, releaseId],
      [editor.userId, editor.sessionId, releaseId], // the same check twice
      [editor.userId, editor.sessionId, otherReleaseId], // a release of another organisation
      [editor.userId, editor.sessionId, crypto.randomUUID()], // no such release
      [reviewer.userId, reviewer.sessionId, releaseId],
      [outsider.userId, outsider.sessionId, releaseId],
      [banned.userId, banned.sessionId, releaseId],
      [deactivated.userId, deactivated.sessionId, releaseId],
      [revoked.userId, revoked.sessionId, releaseId],
      [reviewer.userId, editor.sessionId, releaseId], // another user's session
      [editor.userId, 'not-a-uuid', releaseId], // matches nothing, fails nobody else's read
    ];
    const expected = await Promise.all(asks.map(([u, s, r]) => (s === 'not-a-uuid' ? Promise.resolve(null) : sessionAccess(t.db, u, s, r))));
    const lookup = sessionAccessBatcher(t.db);
    const { result, queries } = await countQueries(() => Promise.all(asks.map(([u, s, r]) => lookup(u, s, r))));
    expect(result).toEqual(expected);
    expect(queries).toBe(1);
    // What the rules give (so the comparison above is not between two wrong answers).
    expect(result.map((a) => (a ? (a.access?.mode ?? 'none') : 'refused'))).toEqual([
      'write',
      'write',
      'none',
      'none',
      'suggest',
      'none',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
  });

  it('answers a connection asking alone (a named statement on Postgres) as sessionAccess does, and reads it again each time', async () => {
    const editor = await user('alone-editor@access.test', 'editor');
    const reviewer = await user('alone-reviewer@access.test', 'reviewer');
    const outsider = await user('alone-outsider@access.test', null);
    const banned = await user('alone-banned@access.test', 'editor', { status: 'banned' });
    const deactivated = await user('alone-inactive@access.test', 'editor', { is_active: false });
    const revoked = await user('alone-revoked@access.test', 'editor');
    await t.db('auth_sessions').where('id', revoked.sessionId).update({ revoked_at: new Date() });
    const asks: [string, string, string][] = [
      [editor.userId, editor.sessionId, releaseId],
      [editor.userId, editor.sessionId, otherReleaseId],
      [editor.userId, editor.sessionId, crypto.randomUUID()],
      [reviewer.userId, reviewer.sessionId, releaseId],
      [outsider.userId, outsider.sessionId, releaseId],
      [banned.userId, banned.sessionId, releaseId],
      [deactivated.userId, deactivated.sessionId, releaseId],
      [revoked.userId, revoked.sessionId, releaseId],
      [reviewer.userId, editor.sessionId, releaseId],
    ];
    const lookup = sessionAccessBatcher(t.db);
    const alone: unknown[] = [];
    for (const [u, s, r] of asks) alone.push(await lookup(u, s, r)); // one at a time: each read alone
    expect(alone).toEqual(await Promise.all(asks.map(([u, s, r]) => sessionAccess(t.db, u, s, r))));
    expect(alone.map((a) => (a ? ((a as SessionAccess)?.access?.mode ?? 'none') : 'refused'))).toEqual([
      'write',
      'none',
      'none',
      'suggest',
      'none',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    // The organisation's status as it is now, not as the statement's first run saw it.
    await t.db('organisations').where('id', orgId).update({ status: 'rejected' });
    try {
      expect((await lookup(editor.userId, editor.sessionId, releaseId))?.access?.membership.status).toBe('rejected');
    } finally {
      await t.db('organisations').where('id', orgId).update({ status: 'approved' });
    }
    expect((await lookup(editor.userId, editor.sessionId, releaseId))?.access?.membership.status).toBe('approved');
  });

  it.runIf(process.env.DATABASE_URL)('on Postgres, a connection asking alone is a statement prepared once per pooled connection, not planned per read', async () => {
    const editor = await user('prepared@access.test', 'editor');
    // One pooled connection, so every read and the look at its prepared statements share it.
    const one = knexFactory({ client: 'pg', connection: t.databaseUrl, pool: { min: 0, max: 1 } });
    try {
      const lookup = sessionAccessBatcher(one);
      for (let i = 0; i < 8; i++) expect((await lookup(editor.userId, editor.sessionId, releaseId))?.access?.mode).toBe('write');
      const prepared = (await one.raw('select name, generic_plans + custom_plans as runs from pg_prepared_statements')) as { rows: { name: string; runs: number }[] };
      expect(prepared.rows).toEqual([{ name: 'collab_session_access', runs: 8 }]);
    } finally {
      await one.destroy();
    }
  });

  it('asked while a read is under way, waits for the next read: a session revoked meanwhile is refused right after a success', async () => {
    const editor = await user('revoked-later@access.test', 'editor');
    // The first read has its answer from Postgres, but is held (in flight) until `release`.
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    let answered = () => undefined as void;
    const firstAnswered = new Promise<void>((r) => (answered = r));
    let reads = 0;
    const lookup = sessionAccessBatcher(t.db, {
      read: (q, asks) => {
        const p = readSessionAccess(q, asks);
        return ++reads === 1 ? p.then(async (r) => (answered(), await held, r)) : p;
      },
    });
    const first = lookup(editor.userId, editor.sessionId, releaseId);
    await firstAnswered;
    await t.db('auth_sessions').where('id', editor.sessionId).update({ revoked_at: new Date() });
    const second = lookup(editor.userId, editor.sessionId, releaseId); // asked while the first read is in flight
    release();
    expect((await first)?.access?.mode).toBe('write');
    expect(await second).toBeNull();
    expect(reads).toBe(2);
  });

  it('refuses a member removed and a user banned since an earlier success of the same batcher', async () => {
    const removed = await user('removed@access.test', 'editor');
    const banned = await user('banned-later@access.test', 'editor');
    const lookup = sessionAccessBatcher(t.db);
    expect((await lookup(removed.userId, removed.sessionId, releaseId))?.access?.mode).toBe('write');
    expect((await lookup(banned.userId, banned.sessionId, releaseId))?.access?.mode).toBe('write');
    await t.db('organisation_members').where({ organisation_id: orgId, user_id: removed.userId }).delete();
    await t.db('profiles').where('user_id', banned.userId).update({ status: 'banned' });
    const [a, b] = await Promise.all([lookup(removed.userId, removed.sessionId, releaseId), lookup(banned.userId, banned.sessionId, releaseId)]);
    expect(a).toEqual({ role: 'client', access: undefined });
    expect(b).toBeNull();
  });

  it('a failed read fails only the checks waiting on it; the next ones read again', async () => {
    const editor = await user('failing@access.test', 'editor');
    const lookup = sessionAccessBatcher(t.db, { read: () => Promise.reject(new Error('database away')) });
    await expect(lookup(editor.userId, editor.sessionId, releaseId)).rejects.toThrow('database away');
    const working = sessionAccessBatcher(t.db);
    expect((await working(editor.userId, editor.sessionId, releaseId))?.access?.mode).toBe('write');
  });
});
