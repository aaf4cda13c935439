import type { Knex } from 'knex';
import { rooms } from '../../../../shared/events';
import {
  APPROVAL_ERRORS,
  DEFAULT_APPROVAL_VERSION_NAME,
  type Approval,
  type ApprovalDecisionBody,
  type ApprovalQueue,
  type ApprovalRequestBody,
  type ReleaseApproval,
  reviewOpenMessage,
} from '../../../../shared/schemas/approvals';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { assertMayMailOnBehalf } from '../auth/mail-on-behalf';
import { createNotifications, publishNotifications } from '../notifications/notifications.service';
import { activeMembership, requireRelease, type Membership } from '../organisations/access';
import { roleMay, type OrganisationAction } from '../../../../shared/organisation-roles';
import { reviewCountOf } from '../review/review-counts';
import { rowHash, scopeHash } from '../versions/versions.content';
import { announceVersion, versionFromStore } from '../versions/versions.service';
import { approvalDecisionMail, approvalRequestMail, approvalStaleMail } from './approvals.mail';
import { gate, scopeChanged } from './approvals.policy';
import * as repo from './approvals.repo';

interface ReleaseRef {
  id: string;
  status: string;
  title: string;
  content: string;
  category: string | null;
  media_list_categories: string[] | null;
  render_error: string | null;
  organisation_id: string;
}

const editable = (status: string) => status === 'draft' || status === 'scheduled';
const conflict409 = (code: keyof typeof APPROVAL_ERRORS) => new HttpError(409, code, APPROVAL_ERRORS[code]!);
/** «Έκδοση 3 «Τελική»»; in the genitive («της Έκδοσης 3») after a noun such as «την έγκριση». */
const versionLabel = (v: { version_seq: number; version_name: string | null }, genitive = false) =>
  `${genitive ? 'Έκδοσης' : 'Έκδοση'} ${v.version_seq}${v.version_name ? ` «${v.version_name}»` : ''}`;

/** Whether the live release no longer says what the approval's version says. */
function isStale(v: repo.ApprovalView): boolean {
  if (v.status !== 'pending' && v.status !== 'approved') return false;
  if (v.release_render_error) return true;
  if (scopeChanged(v, scopeHash(v.release_scope))) return true;
  return rowHash({ title: v.release_title, content: v.release_content, category: v.release_category, media_list_categories: v.release_lists }) !== v.content_hash;
}

export function presentApproval(v: repo.ApprovalView): Approval {
  return {
    id: v.id,
    releaseId: v.press_release_id,
    releaseTitle: v.release_title,
    workspaceId: v.organisation_id,
    workspaceName: v.workspace_name,
    versionId: v.version_id,
    versionSeq: v.version_seq,
    versionName: v.version_name,
    status: v.status,
    stale: isStale(v),
    requestedBy: { id: v.requested_by ?? '', name: v.requested_by_name ?? 'Χρήστης' },
    requestedAt: new Date(v.requested_at).toISOString(),
    note: v.note,
    decidedBy: v.decided_by ? { id: v.decided_by, name: v.decided_by_name ?? 'Χρήστης' } : null,
    decidedAt: v.decided_at ? new Date(v.decided_at).toISOString() : null,
    comment: v.comment,
    openComments: Number(v.open_comments ?? 0),
    pendingSuggestions: Number(v.pending_suggestions ?? 0),
  };
}

/** After commit: the organisation's members refetch (the queue, its badge, the editor's card). */
function announce(ctx: AppContext, a: Pick<repo.ApprovalRow, 'id' | 'press_release_id' | 'organisation_id' | 'status'>, stale = false): void {
  ctx.realtime.broadcast(rooms.organisation(a.organisation_id), 'approvals:changed', {
    releaseId: a.press_release_id,
    workspaceId: a.organisation_id,
    approvalId: a.id,
    status: a.status,
    stale,
  });
}

/**
 * The approval rule of a send (called by the releases lifecycle inside the send's or the
 * schedule's transaction, with the release row locked and derived from the frozen document).
 * When the release's organisation sends only after approval (whoever wrote the release), the release may go out only while
 * its current request is approved and the release says exactly what the approved version says;
 * otherwise a 409 with the Greek reason. Returns the approval it goes out under, or null when
 * no approval is needed.
 */
export async function approvalGate(trx: Knex.Transaction, release: ReleaseRef): Promise<{ id: string; version_id: string } | null> {
  const org = await repo.organisationOfRelease(trx, release);
  if (!org?.approval_required) return null;
  await reviewGate(trx, release, org);
  const current = await repo.currentView(trx, release.id);
  const outcome = gate(current && current.status !== 'sent' ? current : undefined, rowHash(release), current ? scopeHash(current.release_scope) : undefined);
  if (outcome !== 'ok') throw conflict409(outcome);
  return { id: current!.id, version_id: current!.version_id };
}

/**
 * Under the organisation's approval rule, a release is approved or sent only once its review is
 * closed: no suggested change pending, no comment thread open. Otherwise a 409 `review_open`
 * whose Greek message names how many of each, with both counts in `details`.
 */
export async function reviewGate(trx: Knex.Transaction, release: Pick<ReleaseRef, 'id' | 'organisation_id'>, org?: repo.OrganisationOfRelease): Promise<void> {
  const rule = org ?? (await repo.organisationOfRelease(trx, release));
  if (!rule?.approval_required) return;
  const counts = await reviewCountOf(trx, release.id);
  if (counts.openComments > 0 || counts.pendingSuggestions > 0) {
    throw new HttpError(409, 'review_open', reviewOpenMessage(counts), undefined, { ...counts });
  }
}

/** The approved version went out (inside the send's transaction): the approval is spent. */
export async function markApprovalSent(trx: Knex.Transaction, approvalId: string): Promise<repo.ApprovalRow> {
  await repo.update(trx, approvalId, { status: 'sent', sent_at: trx.fn.now() as unknown as Date });
  return (await repo.lockApproval(trx, approvalId))!;
}

export function announceApprovalSent(ctx: AppContext, a: repo.ApprovalRow): void {
  announce(ctx, a);
}

const REF_COLUMNS = ['status', 'title', 'content', 'category', 'media_list_categories', 'render_error'];

/** A release of the caller's organisation whose role may do `action` (404 outside it, 403 `role_forbidden`). */
async function accessible(ctx: AppContext, actor: Actor, releaseId: string, action: OrganisationAction): Promise<{ release: ReleaseRef; membership: Membership }> {
  return requireRelease<ReleaseRef>(ctx.db, actor, releaseId, action, REF_COLUMNS);
}

/** What the editor shows: whether approval is needed, whether the caller approves, the current request. */
export async function releaseApproval(ctx: AppContext, actor: Actor, releaseId: string): Promise<ReleaseApproval> {
  const { release, membership } = await accessible(ctx, actor, releaseId, 'read');
  const org = await repo.organisationOfRelease(ctx.db, release);
  const current = await repo.currentView(ctx.db, releaseId);
  return { required: Boolean(org?.approval_required), canApprove: roleMay(membership.role, 'approve'), approval: current ? presentApproval(current) : null };
}

/**
 * A member asks for approval of the release as it is now: what the editors typed is stored,
 * kept as a named version, and the request binds that version. An earlier request of the
 * release still open (pending or approved) is superseded. The approvers are told in the app
 * and by e-mail.
 */
export async function requestApproval(ctx: AppContext, actor: Actor, releaseId: string, body: ApprovalRequestBody): Promise<Approval> {
  const { release } = await accessible(ctx, actor, releaseId, 'write');
  if (!editable(release.status)) throw conflict409('read_only');
  const ws = await repo.organisationOfRelease(ctx.db, release);
  if (!ws?.approval_required) throw conflict409('approval_off');
  await assertMayMailOnBehalf(ctx.db, actor.userId, release.organisation_id); // the approvers are mailed the request and its note
  await ctx.collab.flushRelease(releaseId);
  const requester = actor.name?.trim() || actor.email;
  const done = await ctx.db.transaction(async (trx) => {
    const previous = await repo.lockActive(trx, releaseId);
    if (previous) await repo.update(trx, previous.id, { status: 'superseded' });
    const version = (await versionFromStore(trx, releaseId, {
      kind: 'named',
      name: body.name || DEFAULT_APPROVAL_VERSION_NAME,
      createdBy: actor.userId,
      authors: [actor.userId],
    }))!;
    // The embargo and the attachments are approved with the text: changing either makes it stale.
    const scope = (await trx('press_releases as r').where('r.id', releaseId).first(repo.liveScope(trx, 'r', 'scope'))) as { scope: string };
    const row = await repo.insert(trx, {
      press_release_id: releaseId,
      organisation_id: ws.id,
      version_id: version.id,
      requested_by: actor.userId,
      note: body.note ?? '',
      scope_hash: scopeHash(scope.scope),
    });
    const view = (await repo.findView(trx, row.id))!;
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: releaseId,
      action: 'approval.requested',
      metadata: { approvalId: row.id, versionId: version.id, seq: version.seq, supersedes: previous?.id ?? null },
    });
    const approvers = (await repo.approversOf(trx, ws.id)).filter((a) => a.user_id !== actor.userId);
    const title = view.release_title || 'Χωρίς τίτλο';
    const notes = await createNotifications(
      trx,
      approvers.map((a) => ({
        userId: a.user_id,
        kind: 'approval.requested',
        title: 'Νέο αίτημα έγκρισης',
        body: `${requester} ζητά έγκριση για το «${title}» (${versionLabel(view)}).`,
        link: '/client/approvals',
        data: { approvalId: row.id, releaseId },
        organisationId: ws.id,
      })),
    );
    const url = `${ctx.config.publicUrl}/client/approvals`;
    for (const a of approvers) {
      await ctx.mailer.enqueue({ to: a.email, ...approvalRequestMail({ requester, releaseTitle: title, versionLabel: versionLabel(view), note: view.note, url }) }, trx);
    }
    return { row, view, version, previous, notes };
  });
  ctx.mailer.kick();
  publishNotifications(ctx.realtime, done.notes);
  announceVersion(ctx, release, done.version);
  if (done.previous) announce(ctx, { ...done.previous, status: 'superseded' });
  announce(ctx, done.row);
  return presentApproval(done.view);
}

/**
 * An approver approves or rejects exactly the version the request is for (the body names it:
 * a decision on anything else is refused). One may not decide on one's own request.
 */
export async function decideApproval(ctx: AppContext, actor: Actor, approvalId: string, body: ApprovalDecisionBody): Promise<Approval> {
  const approver = actor.name?.trim() || actor.email;
  const done = await ctx.db.transaction(async (trx) => {
    const a = await repo.lockApproval(trx, approvalId);
    if (!a) throw notFound('Approval not found');
    // A member of the release's organisation whose role approves (404 for anyone else, 403 `role_forbidden`).
    const { release } = await requireRelease(trx, actor, a.press_release_id, 'approve').catch((err: unknown) => {
      throw err instanceof HttpError && err.status === 404 ? notFound('Approval not found') : err;
    });
    await assertMayMailOnBehalf(trx, actor.userId, release.organisation_id); // the requester is mailed the decision and its comment
    if (a.status !== 'pending') throw conflict409('approval_not_pending');
    if (a.version_id !== body.versionId) throw conflict409('approval_version_mismatch');
    if (a.requested_by === actor.userId) throw new HttpError(403, 'self_approval', APPROVAL_ERRORS.self_approval!);
    const approved = body.decision === 'approve';
    // Nothing is approved while suggestions wait or comments are open (a rejection always goes through).
    if (approved) await reviewGate(trx, release);
    await repo.update(trx, a.id, { status: approved ? 'approved' : 'rejected', decided_by: actor.userId, decided_at: new Date(), comment: body.comment });
    const view = (await repo.findView(trx, a.id))!;
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: a.press_release_id,
      action: approved ? 'approval.approved' : 'approval.rejected',
      metadata: { approvalId: a.id, versionId: a.version_id, seq: view.version_seq, comment: body.comment, stale: isStale(view) },
    });
    const title = view.release_title || 'Χωρίς τίτλο';
    const notes = a.requested_by
      ? await createNotifications(trx, [
          {
            userId: a.requested_by,
            kind: approved ? 'approval.approved' : 'approval.rejected',
            title: approved ? 'Η έκδοση εγκρίθηκε' : 'Η έκδοση απορρίφθηκε',
            body: `${approver}: «${title}» (${versionLabel(view)})${body.comment ? ` — ${body.comment}` : ''}`,
            link: `/client/press-releases/${a.press_release_id}`,
            data: { approvalId: a.id, releaseId: a.press_release_id },
            organisationId: a.organisation_id,
          },
        ])
      : [];
    const requester = a.requested_by ? ((await trx('profiles').where('user_id', a.requested_by).first('email')) as { email: string } | undefined) : undefined;
    if (requester) {
      const url = `${ctx.config.publicUrl}/client/press-releases/${a.press_release_id}`;
      await ctx.mailer.enqueue({ to: requester.email, ...approvalDecisionMail({ approved, approver, releaseTitle: title, versionLabel: versionLabel(view), comment: body.comment, url }) }, trx);
    }
    return { view, notes };
  });
  ctx.mailer.kick();
  publishNotifications(ctx.realtime, done.notes);
  const out = presentApproval(done.view);
  announce(ctx, done.view, out.stale);
  return out;
}

/** The queue's organisation: the caller's active one (null for a client who belongs to none). */
async function queueScope(ctx: AppContext, actor: Actor): Promise<(repo.QueueScope & { approvalRequired: boolean }) | null> {
  const m = await activeMembership(ctx.db, actor).catch((err: unknown) => {
    if (err instanceof HttpError && err.code === 'no_organisation') return null;
    throw err;
  });
  if (!m) return null;
  const org = await repo.organisationOfRelease(ctx.db, { organisation_id: m.organisationId });
  return { organisationId: m.organisationId, userId: actor.userId, approves: roleMay(m.role, 'approve'), approvalRequired: Boolean(org?.approval_required) };
}

/** The approvals screen of the active organisation: what waits for the caller, their own requests, recent decisions. */
export async function approvalQueue(ctx: AppContext, actor: Actor): Promise<ApprovalQueue> {
  const scope = await queueScope(ctx, actor);
  if (!scope) return { isApprover: false, pending: [], mine: [], decided: [] };
  const [pending, mine, decided] = await Promise.all([repo.pendingFor(ctx.db, scope), repo.requestedBy(ctx.db, scope), repo.decidedFor(ctx.db, scope)]);
  return {
    isApprover: (scope.approves && scope.approvalRequired) || pending.length > 0,
    pending: pending.map(presentApproval),
    mine: mine.map(presentApproval),
    decided: decided.map(presentApproval),
  };
}

export async function pendingCount(ctx: AppContext, actor: Actor): Promise<{ pending: number }> {
  const scope = await queueScope(ctx, actor);
  return { pending: scope ? await repo.countPendingFor(ctx.db, scope) : 0 };
}

/**
 * After the release row was derived from its live document: when its open request went stale
 * (an edit after it) or fresh again (the edit undone, the version restored), everyone of the
 * workspace is told at once. One indexed look-up when the release has no open request.
 */
export async function noticeEdit(ctx: AppContext, releaseId: string): Promise<void> {
  const active = (await ctx.db('release_approvals').where('press_release_id', releaseId).whereIn('status', ['pending', 'approved']).first('id')) as
    | { id: string }
    | undefined;
  if (!active) return;
  const view = await repo.findView(ctx.db, active.id);
  if (!view) return;
  const stale = isStale(view);
  if (stale === view.stale) return;
  const done = await ctx.db.transaction(async (trx) => {
    const n = await trx('release_approvals').where({ id: view.id, stale: view.stale }).update({ stale });
    if (!n) return null; // another process noticed it first
    // An approved text that changed is a step of its own: audited, and its approver and requester are told.
    if (!stale || view.status !== 'approved') return [];
    await writeAudit(trx, ctx.logger, null, {
      entityType: 'press_release',
      entityId: releaseId,
      action: 'approval.stale',
      metadata: { approvalId: view.id, versionId: view.version_id, seq: view.version_seq },
    });
    const people = [...new Set([view.decided_by, view.requested_by].filter((id): id is string => Boolean(id)))];
    const title = view.release_title || 'Χωρίς τίτλο';
    const notes = await createNotifications(
      trx,
      people.map((userId) => ({
        userId,
        kind: 'approval.stale',
        title: 'Το εγκεκριμένο κείμενο άλλαξε',
        body: `«${title}» άλλαξε μετά την έγκριση της ${versionLabel(view, true)}· χρειάζεται νέα έγκριση για να σταλεί.`,
        link: `/client/press-releases/${releaseId}`,
        data: { approvalId: view.id, releaseId },
        organisationId: view.organisation_id,
      })),
    );
    const emails = (await trx('profiles').whereIn('user_id', people).select('email')) as { email: string }[];
    const url = `${ctx.config.publicUrl}/client/press-releases/${releaseId}`;
    for (const { email } of emails) await ctx.mailer.enqueue({ to: email, ...approvalStaleMail({ releaseTitle: title, versionLabel: versionLabel(view, true), url }) }, trx);
    return notes;
  });
  if (done === null) return;
  if (done.length) {
    ctx.mailer.kick();
    publishNotifications(ctx.realtime, done);
  }
  announce(ctx, view, stale);
}

export function registerApprovalHooks(ctx: AppContext): void {
  ctx.collab.onDerived((releaseId) => noticeEdit(ctx, releaseId));
  // The attachments are approved with the text: adding or removing one makes the approval stale.
  ctx.events.on('release.attachments_changed', ({ releaseId }) => noticeEdit(ctx, releaseId));
}


