import type { Actor } from '../../http/authenticate';
import type { ReleaseRow } from './releases.repo';

/** Reading a release: its owner, or a member of the owner's workspace. */
export function canRead(actor: Actor, release: ReleaseRow, isMember: boolean): boolean {
  return release.client_id === actor.userId || isMember;
}

/** Duplicating and deleting: only the owner. */
export function canManage(actor: Actor, release: Pick<ReleaseRow, 'client_id'>): boolean {
  return release.client_id === actor.userId;
}
