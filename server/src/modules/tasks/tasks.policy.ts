import { roleMay } from '../../../../shared/organisation-roles';
import type { OrganisationRole } from '../organisations/access';
import { badRequest } from '../../http/errors';

/**
 * Who may change the board is the organisation's access table ('tasks.write'; every member
 * reads it): the server checks it through organisations/access.ts, this says it to the screen.
 */
export function canEditTasks(role: OrganisationRole | null | undefined): boolean {
  return roleMay(role, 'tasks.write');
}

/** An assignee must be a member of the task's organisation. */
export function assertAssignable(isMember: boolean): void {
  if (!isMember) {
    throw badRequest('assignee_not_member', 'The assignee must be a member of the organisation', {
      assignee_user_id: 'is not a member of this organisation',
    });
  }
}

/** A task links only to a release of its own organisation. */
export function assertReleaseLinkable(found: boolean): void {
  if (!found) {
    throw badRequest('press_release_not_found', 'The press release does not belong to this organisation', {
      press_release_id: 'not found in this organisation',
    });
  }
}
