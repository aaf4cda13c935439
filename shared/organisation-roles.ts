import type { ORGANISATION_ROLES } from './constants';

type Role = (typeof ORGANISATION_ROLES)[number];

const ALL = ['owner', 'admin', 'publisher', 'editor', 'reviewer'] as const satisfies readonly Role[];
const WRITERS = ['owner', 'admin', 'publisher', 'editor'] as const satisfies readonly Role[];
const PUBLISHERS = ['owner', 'admin', 'publisher'] as const satisfies readonly Role[];
const ADMINS = ['owner', 'admin'] as const satisfies readonly Role[];
const OWNERS = ['owner'] as const satisfies readonly Role[];

/**
 * Who may do what inside an organisation: the server checks every action against this table
 * (server/src/modules/organisations/access.ts) and the client greys out what a role lacks.
 */
export const ORGANISATION_ACTIONS = {
  /** See the organisation's releases, reports, tasks, members and newsroom settings. */
  read: ALL,
  /** Comment and suggest changes (the reviewer's part). */
  comment: ALL,
  /** Create, edit, duplicate, delete a draft, attach files, ask for approval. */
  write: WRITERS,
  /** Tasks of the organisation's board and the organisation's dictionary. */
  'tasks.write': WRITERS,
  'words.write': WRITERS,
  /** Approve or reject a release, send it, schedule and unschedule it. */
  approve: PUBLISHERS,
  send: PUBLISHERS,
  schedule: PUBLISHERS,
  /** Members, roles and invitations; the approval rule; company profile and newsroom. */
  'members.manage': ADMINS,
  'settings.update': ADMINS,
  'newsroom.update': ADMINS,
  /** Add, lift, import addresses of the organisation's suppression list (every member reads it). */
  'suppressions.manage': ADMINS,
  /** The organisation's sending domains (DKIM, DNS records); every member sees them ('read'). */
  'domains.manage': ADMINS,
  /** Plan and billing; give the owner role; delete the organisation. */
  billing: OWNERS,
  'owners.manage': OWNERS,
  'organisation.delete': OWNERS,
} as const satisfies Record<string, readonly Role[]>;

export type OrganisationAction = keyof typeof ORGANISATION_ACTIONS;

/**
 * What deleting a release of a status does, and so the action it needs: a draft goes for good
 * ('write'); a scheduled one goes with its send ('schedule', as unscheduling); a sent one is
 * archived and leaves the newsroom ('send').
 */
export const REMOVE_ACTION = { draft: 'write', scheduled: 'schedule', sent: 'send', archived: 'send' } as const satisfies Record<string, OrganisationAction>;

export function roleMay(role: Role | null | undefined, action: OrganisationAction): boolean {
  return !!role && (ORGANISATION_ACTIONS[action] as readonly Role[]).includes(role);
}

/** Greek names of the roles, for the members page and the reasons a button is disabled. */
export const ORGANISATION_ROLE_LABELS: Record<Role, string> = {
  owner: 'Ιδιοκτήτης',
  admin: 'Διαχειριστής',
  publisher: 'Εκδότης',
  editor: 'Συντάκτης',
  reviewer: 'Αναθεωρητής',
};
