import type { ORGANISATION_ROLES } from '@shared/constants';
import { ORGANISATION_ROLE_LABELS, roleMay } from '@shared/organisation-roles';

type Role = (typeof ORGANISATION_ROLES)[number];

export interface RoleActions {
  /** The role edits the text (a reviewer reads it only). */
  write: boolean;
  send: boolean;
  schedule: boolean;
  /** Why Send now / Schedule are disabled for this role (null when they are not). */
  sendReason: string | null;
}

/**
 * What the editor lets the caller do with their role in the release's organisation
 * (shared/organisation-roles.ts; the server refuses the rest with 403 role_forbidden), and the
 * reason shown beside the disabled send buttons. `approvalRequired`: the organisation sends
 * only after approval (an editor is then pointed to the approval request).
 */
export function roleActions(role: Role | null | undefined, approvalRequired: boolean): RoleActions {
  const write = roleMay(role, 'write');
  const send = roleMay(role, 'send');
  const schedule = roleMay(role, 'schedule');
  let sendReason: string | null = null;
  if (role && (!send || !schedule)) {
    const as = `Ως ${ORGANISATION_ROLE_LABELS[role]}`;
    if (!write) sendReason = `${as} μπορείτε να διαβάσετε το δελτίο, όχι να το αλλάξετε ή να το στείλετε.`;
    else if (approvalRequired) sendReason = `${as} δεν μπορείτε να στείλετε· ζητήστε έγκριση.`;
    else sendReason = `${as} δεν μπορείτε να στείλετε· ζητήστε από έναν Εκδότη ή Διαχειριστή να το στείλει.`;
  }
  return { write, send, schedule, sendReason };
}
