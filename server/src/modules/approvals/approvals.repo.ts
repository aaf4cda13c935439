import type { Knex } from 'knex';
import type { ApprovalStatus } from '../../../../shared/schemas/approvals';

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
}

/** An approval with what its screens show: the release as it is now, the version, the people. */
export interface ApprovalView extends ApprovalRow {
  release_title: string;
  release_content: string;
  release_category: string | null;
  release_lists: string[] | null;
  release_render_error: string | null;
  workspace_name: string;
  version_seq: number;
  version_name: string | null;
  content_hash: string;
  requested_by_name: string | null;
  decided_by_name: string | null;
}

export interface WorkspaceOfRelease {
  id: string;
  name: string;
  created_by: string;
  approval_required: boolean;
}

/** The workspace a release belongs to: its own, else the one its author owns. */
export async function workspaceOfRelease(q: Q, r: { organisation_id: string | null; client_id: string }): Promise<WorkspaceOfRelease | undefined> {
  const query = q('organisations').select('id', 'name', 'created_by', 'approval_required');
  if (r.organisation_id) query.where('id', r.organisation_id);
  else query.where('created_by', r.client_id);
  return (await query.first()) as WorkspaceOfRelease | undefined;
}

export async function memberRole(q: Q, workspaceId: string, userId: string): Promise<string | undefined> {
  const row = (await q('organisation_members').where({ organisation_id: workspaceId, user_id: userId }).first('role')) as { role: string } | undefined;
  return row?.role;
}

/** Who may approve in a workspace (approvers and the owner), with their addresses. */
export async function approversOf(q: Q, workspaceId: string): Promise<{ user_id: string; email: string; name: string | null }[]> {
  return (await q('organisation_members as m')
    .join('profiles as p', 'p.user_id', 'm.user_id')
    .where('m.organisation_id', workspaceId)
    .whereIn('m.role', ['approver', 'owner'])
    .select('m.user_id', 'p.email', 'p.name')) as { user_id: string; email: string; name: string | null }[];
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

export async function insert(trx: Knex.Transaction, values: Pick<ApprovalRow, 'press_release_id' | 'organisation_id' | 'version_id' | 'requested_by' | 'note'>): Promise<ApprovalRow> {
  const [row] = (await trx('release_approvals').insert(values).returning('*')) as ApprovalRow[];
  return row!;
}

const approverWorkspaces = (q: Q, userId: string) =>
  q('organisation_members').where('user_id', userId).whereIn('role', ['approver', 'owner']).select('organisation_id');

/**
 * Requests waiting for this user's decision, oldest first: pending, in the workspaces where
 * they approve, and asked by someone else (one may not decide on one's own request; those
 * are listed among their own requests).
 */
export async function pendingFor(q: Q, userId: string): Promise<ApprovalView[]> {
  return (await views(q)
    .where('a.status', 'pending')
    .whereIn('a.organisation_id', approverWorkspaces(q, userId))
    .whereNot('a.requested_by', userId)
    .orderBy('a.requested_at', 'asc')
    .limit(200)) as ApprovalView[];
}

export async function countPendingFor(q: Q, userId: string): Promise<number> {
  const [row] = (await q('release_approvals')
    .where('status', 'pending')
    .whereIn('organisation_id', approverWorkspaces(q, userId))
    .whereNot('requested_by', userId)
    .select(q.raw('count(*)::int as n'))) as { n: number }[];
  return Number(row?.n ?? 0);
}

/** Recently decided requests in the workspaces where the user approves. */
export async function decidedFor(q: Q, userId: string, limit = 20): Promise<ApprovalView[]> {
  return (await views(q)
    .whereIn('a.status', ['approved', 'rejected', 'sent'])
    .whereIn('a.organisation_id', approverWorkspaces(q, userId))
    .orderBy('a.decided_at', 'desc')
    .limit(limit)) as ApprovalView[];
}

export async function requestedBy(q: Q, userId: string, limit = 20): Promise<ApprovalView[]> {
  return (await views(q).where('a.requested_by', userId).whereNot('a.status', 'superseded').orderBy('a.requested_at', 'desc').limit(limit)) as ApprovalView[];
}

/** Whether the user approves in some workspace that sends only after approval. */
export async function isApproverAnywhere(q: Q, userId: string): Promise<boolean> {
  return Boolean(
    await q('organisation_members as m')
      .join('organisations as w', 'w.id', 'm.organisation_id')
      .where({ 'm.user_id': userId, 'w.approval_required': true })
      .whereIn('m.role', ['approver', 'owner'])
      .first('m.organisation_id'),
  );
}
