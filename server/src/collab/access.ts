import type { Knex } from 'knex';
import type { Actor } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { requireRelease, type Membership } from '../modules/organisations/access';
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

/**
 * Who may open a release's live document: a member of its organisation ('read'); only a role
 * that writes may change it. Undefined for anyone else (unknown and forbidden look alike).
 * Collab tickets are minted for clients only, so the user is taken as a client here.
 */
export async function collabAccess(q: Knex | Knex.Transaction, userId: string, releaseId: string): Promise<CollabAccess | undefined> {
  const actor = { userId, role: 'client' } as Actor;
  try {
    const { release, membership } = await requireRelease<CollabRelease>(q, actor, releaseId, 'read', ['status']);
    const mayWrite = roleMay(membership.role, 'write');
    return { release, membership, mayWrite, mode: mayWrite ? 'write' : roleMay(membership.role, 'comment') ? 'suggest' : 'read' };
  } catch (err) {
    if (err instanceof HttpError && (err.status === 404 || err.status === 403)) return undefined;
    throw err;
  }
}
