import type { Knex } from 'knex';
import { assertRoleMay, type Membership, type OrganisationRole, type OrganisationStatus } from '../modules/organisations/access';
import { HttpError } from '../http/errors';
import type { Role, UserStatus } from '../../../shared/constants';
import { roleMay } from '../../../shared/organisation-roles';

export interface CollabRelease {
  id: string;
  organisation_id: string;
  status: string;
}

export interface CollabAccess {
  release: CollabRelease;
  membership: Membership;
  /** The role writes ('write'). */
  mayWrite: boolean;
  /**
   * What a connection of this role may change while the release is editable: everything
   * (`write`), only suggestions of its own (`suggest`: a role that comments but does not write,
   * the reviewer), or nothing (`read`).
   */
  mode: 'write' | 'suggest' | 'read';
}

type AccessRow = CollabRelease & { role: OrganisationRole | null; organisation_status: OrganisationStatus; name: string };
const ACCESS_COLUMNS = ['r.id', 'r.organisation_id', 'r.status', 'm.role', 'o.status as organisation_status', 'o.name'];

/** The rule of requireRelease (organisations/access.ts) for a client, on the row read with ACCESS_COLUMNS. */
function accessOf(row: AccessRow | undefined): CollabAccess | undefined {
  if (!row?.role) return undefined;
  const membership: Membership = { organisationId: row.organisation_id, role: row.role, status: row.organisation_status, name: row.name };
  try {
    assertRoleMay(membership, 'read');
  } catch (err) {
    if (err instanceof HttpError && err.status === 403) return undefined;
    throw err;
  }
  const mayWrite = roleMay(membership.role, 'write');
  return {
    release: { id: row.id, organisation_id: row.organisation_id, status: row.status },
    membership,
    mayWrite,
    mode: mayWrite ? 'write' : roleMay(membership.role, 'comment') ? 'suggest' : 'read',
  };
}

/**
 * Who may open a release's live document: a member of its organisation ('read'); only a role
 * that writes may change it. Undefined for anyone else (unknown and forbidden look alike).
 * The release and the user's membership of its organisation in one query.
 */
export async function collabAccess(q: Knex | Knex.Transaction, userId: string, releaseId: string): Promise<CollabAccess | undefined> {
  const row = (await q('press_releases as r')
    .leftJoin('organisation_members as m', (j) => j.on('m.organisation_id', 'r.organisation_id').andOn('m.user_id', q.raw('?', [userId])))
    .leftJoin('organisations as o', 'o.id', 'm.organisation_id')
    .where('r.id', releaseId)
    .first(...ACCESS_COLUMNS)) as AccessRow | undefined;
  return accessOf(row);
}

/**
 * A connection's session and its access to a release, in one query (it runs for every
 * connection): null when the session is revoked or unknown, or its user banned or deactivated
 * (the checks of actorFromToken, http/authenticate.ts); else the user's role and their access
 * (undefined: none).
 */
export async function sessionAccess(
  q: Knex,
  userId: string,
  sessionId: string,
  releaseId: string,
): Promise<SessionAccess> {
  const row = (await q('auth_sessions as s')
    .join('profiles as p', 'p.user_id', 's.user_id')
    .leftJoin('press_releases as r', (j) => j.on('r.id', q.raw('?', [releaseId])))
    .leftJoin('organisation_members as m', (j) => j.on('m.organisation_id', 'r.organisation_id').andOn('m.user_id', 's.user_id'))
    .leftJoin('organisations as o', 'o.id', 'm.organisation_id')
    .where({ 's.id': sessionId, 's.user_id': userId })
    .whereNull('s.revoked_at')
    .first('p.role as user_role', 'p.status as user_status', 'p.is_active', ...ACCESS_COLUMNS)) as SessionAccessRow | undefined;
  return sessionAccessOf(row);
}

export type SessionAccessRow = AccessRow & { user_role: Role; user_status: UserStatus; is_active: boolean };
/** What sessionAccess answers. */
export type SessionAccess = { role: Role; access: CollabAccess | undefined } | null;

function sessionAccessOf(row: SessionAccessRow | undefined): SessionAccess {
  if (!row || row.user_status === 'banned' || !row.is_active) return null;
  return { role: row.user_role, access: accessOf(row) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One check of a batch: a (session, user, release) to read. */
export interface SessionAccessAsk {
  userId: string;
  sessionId: string;
  releaseId: string;
}

/** sessionAccess for one ask waiting in a batch. */
interface Waiting extends SessionAccessAsk {
  key: string;
  resolve: (a: SessionAccess) => void;
  reject: (err: unknown) => void;
}

/**
 * The check of one connection, as a named statement: Postgres parses and plans it once per
 * pooled connection and reuses the plan (all index lookups by key), where the same join sent
 * through knex is planned again on every connection (about 0.5 ms of the database's time each,
 * more than the lookups themselves). The columns and rules of sessionAccess.
 */
const ONE_STATEMENT = 'collab_session_access';
const ONE_SQL = `select p.role as user_role, p.status as user_status, p.is_active,
       r.id, r.organisation_id, r.status, m.role, o.status as organisation_status, o.name
  from auth_sessions s
  join profiles p on p.user_id = s.user_id
  left join press_releases r on r.id = $3
  left join organisation_members m on m.organisation_id = r.organisation_id and m.user_id = s.user_id
  left join organisations o on o.id = m.organisation_id
 where s.id = $1 and s.user_id = $2 and s.revoked_at is null
 limit 1`;

/** The raw `pg` client knex's pool holds (Postgres only; PGlite has no named statements). */
interface PgConnection {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgPool {
  config: { client?: unknown };
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<void>;
}

/** Whether `q` talks to Postgres through `pg` (createDb's Postgres mode), whose connections keep named statements. */
function namedStatements(q: Knex): boolean {
  return (q.client as PgPool).config.client === 'pg';
}

/**
 * The rows of sessionAccess for `asks` (distinct; at least one), by position in `asks`. One ask
 * alone (a connection opening by itself) is a named statement on Postgres; several are one
 * query of a VALUES list joined to the same tables (planned for its length).
 */
export async function readSessionAccess(q: Knex, asks: SessionAccessAsk[]): Promise<(SessionAccessRow | undefined)[]> {
  if (asks.length === 1 && namedStatements(q)) {
    const { userId, sessionId, releaseId } = asks[0]!;
    const pool = q.client as PgPool;
    const conn = await pool.acquireConnection();
    try {
      const { rows } = await conn.query({ name: ONE_STATEMENT, text: ONE_SQL, values: [sessionId, userId, releaseId] });
      return [rows[0] as SessionAccessRow | undefined];
    } finally {
      await pool.releaseConnection(conn);
    }
  }
  const values = asks.map(() => '(?, cast(? as uuid), cast(? as uuid), cast(? as uuid))').join(', ');
  const bindings = asks.flatMap((w, i) => [i, w.sessionId, w.userId, w.releaseId]);
  const result = (await q.raw(
    `select k.i, p.role as user_role, p.status as user_status, p.is_active,
            r.id, r.organisation_id, r.status, m.role, o.status as organisation_status, o.name
       from (values ${values}) as k(i, sid, uid, rid)
       join auth_sessions s on s.id = k.sid and s.user_id = k.uid and s.revoked_at is null
       join profiles p on p.user_id = s.user_id
       left join press_releases r on r.id = k.rid
       left join organisation_members m on m.organisation_id = r.organisation_id and m.user_id = s.user_id
       left join organisations o on o.id = m.organisation_id`,
    bindings,
  )) as { rows: (SessionAccessRow & { i: number })[] };
  const byPosition: (SessionAccessRow | undefined)[] = asks.map(() => undefined);
  for (const row of result.rows) byPosition[Number(row.i)] ??= row;
  return byPosition;
}

/** How a batcher reads (readSessionAccess; tests wrap it to hold a read in flight or fail it). */
export type SessionAccessRead = (q: Knex, asks: SessionAccessAsk[]) => Promise<(SessionAccessRow | undefined)[]>;

/**
 * sessionAccess for many connections at once, with the same answers: the checks asked while a
 * read is under way wait for it to end, then go together in one query (200 editors opening a
 * document at once cost a few reads, not 200, and leave the pool to the document's own load).
 * Nothing is cached: every answer comes from a read that started after it was asked, so a
 * session revoked, a user banned or a member removed before a connection asks is refused as
 * by sessionAccess. A connection asking alone is read at once (readSessionAccess: a named
 * statement, planned once per pooled connection).
 */
export function sessionAccessBatcher(
  q: Knex,
  opts: { maxInFlight?: number; read?: SessionAccessRead } = {},
): (userId: string, sessionId: string, releaseId: string) => Promise<SessionAccess> {
  const { maxInFlight = 1, read = readSessionAccess } = opts;
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function readBatch(batch: Waiting[]): Promise<void> {
    // One read per distinct (session, user, release); the same check asked twice shares it.
    const keys = [...new Map(batch.map((w) => [w.key, w])).values()];
    const rows = await read(q, keys);
    const byKey = new Map(keys.map((w, i) => [w.key, rows[i]]));
    for (const w of batch) w.resolve(sessionAccessOf(byKey.get(w.key)));
  }

  function pump(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue;
      queue = [];
      inFlight++;
      readBatch(batch)
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  }

  return (userId, sessionId, releaseId) => {
    // Ids that are not UUIDs match nothing (and must not fail the others' query).
    if (!UUID.test(userId) || !UUID.test(sessionId) || !UUID.test(releaseId)) return Promise.resolve(null);
    return new Promise<SessionAccess>((resolve, reject) => {
      queue.push({ key: `${sessionId} ${userId} ${releaseId}`.toLowerCase(), userId, sessionId, releaseId, resolve, reject });
      // Checks asked in the same turn of the event loop go together even when no read is under way.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        queueMicrotask(pump);
      }
    });
  };
}
