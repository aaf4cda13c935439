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
): Promise<{ role: Role; access: CollabAccess | undefined } | null> {
  const row = (await q('auth_sessions as s')
    .join('profiles as p', 'p.user_id', 's.user_id')
    .leftJoin('press_releases as r', (j) => j.on('r.id', q.raw('?', [releaseId])))
    .leftJoin('organisation_members as m', (j) => j.on('m.organisation_id', 'r.organisation_id').andOn('m.user_id', 's.user_id'))
    .leftJoin('organisations as o', 'o.id', 'm.organisation_id')
    .where({ 's.id': sessionId, 's.user_id': userId })
    .whereNull('s.revoked_at')
    .first('p.role as user_role', 'p.status as user_status', 'p.is_active', ...ACCESS_COLUMNS)) as
    | (AccessRow & { user_role: Role; user_status: UserStatus; is_active: boolean })
    | undefined;
  if (!row || row.user_status === 'banned' || !row.is_active) return null;
  return { role: row.user_role, access: accessOf(row) };
}
