import type { WorkspaceRole } from '../../../../shared/schemas/workspaces';
import { badRequest } from '../../http/errors';

/**
 * Every member (owner or member) reads and changes every task of their workspace;
 * membership itself is checked through the workspaces service (404 outside).
 */
export function canEditTasks(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'member';
}

/** An assignee must be a member of the task's workspace. */
export function assertAssignable(assigneeRole: WorkspaceRole | undefined): void {
  if (!assigneeRole) {
    throw badRequest('assignee_not_member', 'The assignee must be a member of the workspace', {
      assignee_user_id: 'is not a member of this workspace',
    });
  }
}

export function assertReleaseLinkable(found: boolean): void {
  if (!found) {
    throw badRequest('press_release_not_found', 'The press release does not belong to this workspace', {
      press_release_id: 'not found in this workspace',
    });
  }
}
