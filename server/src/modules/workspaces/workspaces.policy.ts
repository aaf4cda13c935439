import type { WorkspaceRole } from '../../../../shared/schemas/workspaces';
import { forbidden, notFound } from '../../http/errors';

/**
 * Pure decisions over a caller's membership. A client outside a workspace gets a 404
 * (never a hint that it exists); a member asking for an owner's action gets a 403.
 */
export function assertMember(role: WorkspaceRole | undefined): asserts role is WorkspaceRole {
  if (!role) throw notFound('Workspace not found');
}

export function assertOwner(role: WorkspaceRole | undefined): asserts role is 'owner' {
  assertMember(role);
  if (role !== 'owner') throw forbidden('Only the owner of the workspace may do this');
}

/** The owner removes anyone but themselves; a member may only leave (remove themselves). */
export function canRemoveMember(
  actorRole: WorkspaceRole,
  actorId: string,
  targetId: string,
): 'ok' | 'forbidden' | 'owner' {
  if (actorRole === 'owner') return targetId === actorId ? 'owner' : 'ok';
  return targetId === actorId ? 'ok' : 'forbidden';
}
