import type { WorkspaceRole } from '../../../../shared/schemas/workspaces';
import { notFound } from '../../http/errors';

/**
 * For other modules' membership checks: a client outside an organisation gets a 404 (never a
 * hint that it exists). What a member may do there is decided by modules/organisations/access.ts.
 */
export function assertMember(role: WorkspaceRole | undefined): asserts role is WorkspaceRole {
  if (!role) throw notFound('Workspace not found');
}
