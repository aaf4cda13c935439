import type { Knex } from 'knex';
import type { ApprovalStatus } from '../../../../shared/schemas/approvals';
import { ORGANISATION_ACTIONS } from '../../../../shared/organisation-roles';
import { openCommentsOf } from '../review/review-counts';

/** The roles that approve (and so are asked for approval): ORGANISATION_ACTIONS.approve. */
const APPROVER_ROLES = [...ORGANISATION_ACTIONS.approve];

type Q = Knex | Knex.Transaction;

export interface ApprovalRow {
  id: string;
  press_release_id: string;
  organisation_id: string;
  version_id: string;
  status: ApprovalStatus;
  stale: boolean;
  requested_by: string | null;
  requested_at: Date;
  note: string;
  decided_by: string | null;
  decided_at: Date | null;
  comment: string;
  sent_at: Date | null;
  /** The fingerprint of the embargo and attachments approved with the text (null: asked before it was kept). */
  scope_hash: string | null;
}

/** An approval with what its screens show: the release as it is now, the version, the people. */
export interface ApprovalView extends ApprovalRow {
  release_title: string;
  release_content: string;
  release_category: string | null;
  release_lists: string[] | null;
  release_render_error: string | null;
  /** The release's embargo and attachments as they are now (liveScope), hashed by scopeHash. */
  release_scope: string;
  workspace_name: string;
  version_seq: number;
  version_name: string | null;
  content_hash: string;
  requested_by_name: string | null;
  decided_by_name: string | null;
  /** The release's review as it is now (review/review-counts.ts). */
  open_comments: number | string;
  pending_suggestions: number;
}

export interface OrganisationOfRelease {
  id: string;
  name: string;
  approval_required: boolean;
}

/** The organisation that owns a release (its approval rule applies to every release of it, whoever wrote it). */
export async function organisationOfRelease(q: Q, r: { organisation_id: string }): Promise<OrganisationOfRelease | undefined> {
  return (await q('organisations').where('id', r.organisation_id).first('id', 'name', 'approval_required')) as OrganisationOfRelease | undefined;
}

/** Who approves in an organisation (the roles with 'approve'), with their addresses. */
export async function approversOf(q: Q, organisationId: string): Promise<{ user_id: string; email: string; name: string | null }[]> {
  return (await q('organisation_members as m')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.organisation_id', organisationId)
    .whereIn('m.role', APPROVER_ROLES)
    .select('m.user_id', 'p.email', 'p.name')) as { user_id: string; email: string; name: string | null }[];
}

/**
 * What an approval covers besides the text and the lists, as the release holds it now: the
 * embargo's end and the attachments (their content hashes and names), in a stable order.
 */
export function liveScope(q: Q, release: string, as: string): Knex.Raw {
  return q.raw(
    `concat_ws('|', coalesce(to_char(${release}.embargo_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI'), '-'),
       (select string_agg(coalesce(x.sha256, x.id::text) || ':' || x.file_name, ',' order by coalesce(x.sha256, x.id::text), x.file_name)
          from release_attachments x where x.press_release_id = ${release}.id)) as ??`,
    [as],
  );
}

function views(q: Q) {
  return q('release_approvals as a')
    .join('press_releases as r', 'r.id', 'a.press_release_id')
    .join('organisations as w', 'w.id', 'a.organisation_id')
    .join('release_versions as v', 'v.id', 'a.version_id')
    .leftJoin('profiles as rp', 'rp.user_id', 'a.requested_by')
    .leftJoin('profiles as dp', 'dp.user_id', 'a.decided_by')
    .select(
      'a.*',
      'r.title as release_title',
      'r.content as release_content',
      'r.category as release_category',
      'r.media_list_categories as release_lists',
      'r.render_error as release_render_error',
      liveScope(q, 'r', 'release_scope'),
      'r.pending_suggestions',
      openCommentsOf(q, 'r').as('open_comments'),
      'w.name as workspace_name',
      'v.seq as version_seq',
      'v.name as version_name',
      'v.content_hash',
      q.raw("coalesce(nullif(btrim(rp.name), ''), rp.email) as requested_by_name"),
      q.raw("coalesce(nullif(btrim(dp.name), ''), dp.email) as decided_by_name"),
    );
}

export async function findView(q: Q, id: string): Promise<ApprovalView | undefined> {
  return (await views(q).where('a.id', id).first()) as ApprovalView | undefined;
}

/** The release's latest request that still counts (not superseded), if any. */
export async function currentView(q: Q, releaseId: string): Promise<ApprovalView | undefined> {
  return (await views(q)
    .where('a.press_release_id', releaseId)
    .whereNot('a.status', 'superseded')
    .orderBy('a.requested_at', 'desc')
    .first()) as ApprovalView | undefined;
}

/** The pending or approved request of a release (at most one), locked. */
export async function lockActive(trx: Knex.Transaction, releaseId: string): Promise<ApprovalRow | undefined> {
  return (await trx('release_approvals').where('press_release_id', releaseId).whereIn('status', ['pending', 'approved']).forUpdate().first()) as
    | ApprovalRow
    | undefined;
}

export async function lockApproval(trx: Knex.Transaction, id: string): Promise<ApprovalRow | undefined> {
  return (await trx('release_approvals').where('id', id).forUpdate().first()) as ApprovalRow | undefined;
}

export async function update(trx: Knex.Transaction, id: string, values: Partial<ApprovalRow>): Promise<void> {
  await trx('release_approvals').where('id', id).update(values);
}

export async function insert(
  trx: Knex.Transaction,
  values: Pick<ApprovalRow, 'press_release_id' | 'organisation_id' | 'version_id' | 'requested_by' | 'note' | 'scope_hash'>,
): Promise<ApprovalRow> {
  const [row] = (await trx('release_approvals').insert(values).returning('*')) as ApprovalRow[];
  return row!;
}

/** The queue is one organisation's (the caller's active one); a user approves there when their role has 'approve'. */
export interface QueueScope {
  organisationId: string;
  userId: string;
  approves: boolean;
}

/**
 * Requests waiting for this user's decision, oldest first: pending, in the organisation where
 * they approve, and asked by someone else (one may not decide on one's own request; those
 * are listed among their own requests).
 */
export async function pendingFor(q: Q, s: QueueScope): Promise<ApprovalView[]> {
  if (!s.approves) return [];
  return (await views(q)
    .where({ 'a.status': 'pending', 'a.organisation_id': s.organisationId })
    .whereNot('a.requested_by', s.userId)
    .orderBy('a.requested_at', 'asc')
    .limit(200)) as ApprovalView[];
}

export async function countPendingFor(q: Q, s: QueueScope): Promise<number> {
  if (!s.approves) return 0;
  const [row] = (await q('release_approvals')
    .where({ status: 'pending', organisation_id: s.organisationId })
    .whereNot('requested_by', s.userId)
    .select(q.raw('count(*)::int as n'))) as { n: number }[];
  return Number(row?.n ?? 0);
}

/** Recently decided requests of the organisation, for those who approve there. */
export async function decidedFor(q: Q, s: QueueScope, limit = 20): Promise<ApprovalView[]> {
  if (!s.approves) return [];
  return (await views(q)
    .whereIn('a.status', ['approved', 'rejected', 'sent'])
    .where('a.organisation_id', s.organisationId)
    .orderBy('a.decided_at', 'desc')
    .limit(limit)) as ApprovalView[];
}

/** The user's own requests in the organisation. */
export async function requestedBy(q: Q, s: QueueScope, limit = 20): Promise<ApprovalView[]> {
  return (await views(q)
    .where({ 'a.requested_by': s.userId, 'a.organisation_id': s.organisationId })
    .whereNot('a.status', 'superseded')
    .orderBy('a.requested_at', 'desc')
    .limit(limit)) as ApprovalView[];
}
