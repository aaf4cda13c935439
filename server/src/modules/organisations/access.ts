import type { Knex } from 'knex';
import type { ORGANISATION_ROLES, ORGANISATION_STATUSES } from '../../../../shared/constants';
import { ORGANISATION_ACTIONS, type OrganisationAction } from '../../../../shared/organisation-roles';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';

export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/** A user's place in one organisation. */
export interface Membership {
  organisationId: string;
  role: OrganisationRole;
  /** The organisation's approval by the superadmin (a pending company cannot mail yet). */
  status: OrganisationStatus;
  name: string;
}

type Q = Knex | Knex.Transaction;

/**
 * The one place where "may this member do this here?" is decided: ORGANISATION_ACTIONS
 * (shared/organisation-roles.ts) lists the roles of every action. A caller who is not a member
 * gets 404 (never a hint that the organisation or its release exists); a member whose role
 * lacks the action gets 403 `role_forbidden`, naming the action.
 */
export function assertRoleMay(m: Membership, action: OrganisationAction): void {
  if (!(ORGANISATION_ACTIONS[action] as readonly string[]).includes(m.role)) {
    throw new HttpError(403, 'role_forbidden', `The role '${m.role}' may not ${action}`, { role: m.role, action });
  }
}

export async function membershipOf(q: Q, userId: string, organisationId: string): Promise<Membership | undefined> {
  const row = (await q('organisation_members as m')
    .join('organisations as o', 'o.id', 'm.organisation_id')
    .where({ 'm.user_id': userId, 'm.organisation_id': organisationId })
    .first('m.organisation_id', 'm.role', 'o.status', 'o.name')) as
    | { organisation_id: string; role: OrganisationRole; status: OrganisationStatus; name: string }
    | undefined;
  return row && { organisationId: row.organisation_id, role: row.role, status: row.status, name: row.name };
}

/** The caller's membership of an organisation allowed to do `action`: 404 outside it, 403 for a role without it. */
export async function requireOrganisation(q: Q, actor: Actor, organisationId: string, action: OrganisationAction): Promise<Membership> {
  const m = actor.role === 'client' ? await membershipOf(q, actor.userId, organisationId) : undefined;
  if (!m) throw notFound('Organisation not found');
  assertRoleMay(m, action);
  return m;
}

/**
 * The release and the caller's membership of the organisation that owns it. Any organisation
 * the caller belongs to (a link from an e-mail opens in its own organisation), 404 otherwise.
 */
export async function requireRelease<T extends object = { id: string; organisation_id: string }>(
  q: Q,
  actor: Actor,
  releaseId: string,
  action: OrganisationAction,
  columns: string[] = [],
): Promise<{ release: T & { id: string; organisation_id: string }; membership: Membership }> {
  const release = (await q('press_releases').where('id', releaseId).first('id', 'organisation_id', ...columns)) as
    | (T & { id: string; organisation_id: string })
    | undefined;
  const m = release && actor.role === 'client' ? await membershipOf(q, actor.userId, release.organisation_id) : undefined;
  if (!release || !m) throw notFound('Press release not found');
  assertRoleMay(m, action);
  return { release, membership: m };
}

/**
 * The organisation the caller works in now: the one they chose last (profiles.active_organisation_id)
 * while they still belong to it, else their oldest membership (owner first). Cached on the actor
 * for the request. 404 `no_organisation` for a client who belongs to none (removed from their last one).
 */
export async function activeMembership(q: Q, actor: Actor): Promise<Membership> {
  const cached = (actor as Actor & { membership?: Membership }).membership;
  if (cached) return cached;
  const rows = (await q('organisation_members as m')
    .join('organisations as o', 'o.id', 'm.organisation_id')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.user_id', actor.userId)
    .orderByRaw('(m.organisation_id = p.active_organisation_id) desc nulls last')
    .orderByRaw("(m.role = 'owner') desc")
    .orderBy('m.created_at')
    .limit(1)
    .select('m.organisation_id', 'm.role', 'o.status', 'o.name')) as {
    organisation_id: string;
    role: OrganisationRole;
    status: OrganisationStatus;
    name: string;
  }[];
  const row = rows[0];
  if (!row || actor.role !== 'client') throw new HttpError(404, 'no_organisation', 'You do not belong to any organisation');
  const m: Membership = { organisationId: row.organisation_id, role: row.role, status: row.status, name: row.name };
  (actor as Actor & { membership?: Membership }).membership = m;
  return m;
}

/** activeMembership, allowed to do `action` there. */
export async function requireActive(q: Q, actor: Actor, action: OrganisationAction): Promise<Membership> {
  const m = await activeMembership(q, actor);
  assertRoleMay(m, action);
  return m;
}
