import type { Knex } from 'knex';
import { releaseEditorPath } from '../../../../shared/routes';
import { roleMay, type OrganisationAction } from '../../../../shared/organisation-roles';
import {
  REVIEW_TEXT,
  type Comment,
  type CommentEventReason,
  type CommentList,
  type CommentThread,
  type CreateCommentBody,
} from '../../../../shared/schemas/review';
import { loadDocument, releaseDocName } from '../../collab/persistence';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { HttpError, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { mailOnBehalfBlock } from '../auth/mail-on-behalf';
import { createNotifications, publishNotifications, type NotificationRow } from '../notifications/notifications.service';
import { requireRelease } from '../organisations/access';
import { namesOf } from '../versions/versions.repo';
import { releaseRoom } from '../versions/versions.service';
import { checkAnchor, decodeAnchor, isDetached } from './comments.anchors';
import { mentionMail } from './comments.mail';
import { groupThreads, peopleOf, presentComment, presentThread } from './comments.presenter';
import * as repo from './comments.repo';
import { reviewCountOf } from '../review/review-counts';

interface CommentRelease {
  id: string;
  organisation_id: string;
  status: string;
  title: string;
}

/** Comments change only while the release can still change: a draft or a scheduled one. */
const editable = (status: string | undefined) => status === 'draft' || status === 'scheduled';
const locked = () => new HttpError(409, 'release_locked', REVIEW_TEXT.releaseLocked);
const commentNotFound = () => notFound('Comment not found');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

type Body = { body: string; mentions?: string[] };

/** A release of one of the caller's organisations whose role may do `action`: 404 outside them, 403 `role_forbidden`. */
async function accessible(q: Knex | Knex.Transaction, actor: Actor, releaseId: string, action: OrganisationAction) {
  return requireRelease<CommentRelease>(q, actor, releaseId, action, ['status', 'title']);
}

/**
 * A comment (not deleted) and its release, for a caller allowed to do `action` there; 404 for
 * a comment that does not exist, is deleted, or lies outside the caller's organisations.
 */
async function accessibleComment(ctx: AppContext, actor: Actor, commentId: string, action: OrganisationAction) {
  const comment = await repo.findComment(ctx.db, commentId);
  if (!comment || comment.deleted_at) throw commentNotFound();
  const { release, membership } = await accessible(ctx.db, actor, comment.press_release_id, action).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 404 ? commentNotFound() : err;
  });
  return { comment, release, membership };
}

function assertAuthor(actor: Actor, c: repo.CommentRow): void {
  if (c.author_id !== actor.userId) throw new HttpError(403, 'not_author', REVIEW_TEXT.notAuthor);
}

/** The release's live document as Postgres holds it (the caller destroys it). */
async function storedDoc(ctx: AppContext, releaseId: string) {
  return (await loadDocument(ctx.db, releaseDocName(releaseId))).doc;
}

interface Announce {
  release: Pick<CommentRelease, 'id' | 'organisation_id'>;
  threadId: string;
  reason: CommentEventReason;
  /** The open count after the change, when it changed. */
  review?: { openComments: number; pendingSuggestions: number };
  notes?: NotificationRow[];
  mailed?: boolean;
}

/** After commit: the bells, the outbox, and the release's co-editors (its organisation's room). */
function announce(ctx: AppContext, a: Announce): void {
  if (a.mailed) ctx.mailer.kick();
  if (a.notes?.length) publishNotifications(ctx.realtime, a.notes);
  const room = releaseRoom(a.release);
  ctx.realtime.broadcast(room, 'release:comments', { releaseId: a.release.id, threadId: a.threadId, reason: a.reason });
  if (a.review) ctx.realtime.broadcast(room, 'release:review', { releaseId: a.release.id, ...a.review });
}

/**
 * Members named with @: those of the release's organisation are kept (others dropped silently);
 * each of them but the author (and but those already told, on an edit) gets a notification in
 * the bell and, while the platform may mail on the author's behalf, an e-mail through the outbox,
 * both inside the comment's transaction.
 */
async function mentionMembers(
  ctx: AppContext,
  trx: Knex.Transaction,
  actor: Actor,
  release: CommentRelease,
  o: { ids: string[]; alreadyTold?: string[]; threadId: string; quote: string; body: string },
): Promise<{ mentions: string[]; notes: NotificationRow[]; mailed: boolean }> {
  const members = await repo.membersAmong(trx, release.organisation_id, o.ids);
  const kept = new Set(members.map((m) => m.user_id));
  const mentions = [...new Set(o.ids)].filter((id) => kept.has(id));
  const told = new Set([actor.userId, ...(o.alreadyTold ?? [])]);
  const targets = members.filter((m) => !told.has(m.user_id));
  if (!targets.length) return { mentions, notes: [], mailed: false };
  const author = actor.name?.trim() || actor.email;
  const link = `${releaseEditorPath(release.id)}?comment=${o.threadId}`;
  const notes = await createNotifications(
    trx,
    targets.map((m) => ({
      userId: m.user_id,
      kind: 'comment.mentioned',
      title: `Ο/Η ${author} σας ανέφερε σε σχόλιο`,
      body: `«${clip(o.quote, 120)}»: ${clip(o.body, 240)}`,
      link,
      data: { releaseId: release.id, threadId: o.threadId },
      organisationId: release.organisation_id,
    })),
  );
  // The e-mail speaks for the author: not while their address is unconfirmed or their organisation unapproved.
  const block = await mailOnBehalfBlock(trx, actor.userId, release.organisation_id);
  if (block) return { mentions, notes, mailed: false };
  const url = `${ctx.config.publicUrl}${link}`;
  for (const m of targets) {
    await ctx.mailer.enqueue({ to: m.email, ...mentionMail({ author, releaseTitle: release.title, quote: clip(o.quote, 300), body: o.body, url }) }, trx);
  }
  return { mentions, notes, mailed: true };
}

/** One thread as the API shows it, read afresh (its detached state as last recorded). */
async function threadOf(q: Knex | Knex.Transaction, rootId: string): Promise<CommentThread> {
  const rows = (await q('release_comments')
    .where('id', rootId)
    .orWhere('thread_id', rootId)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select('*')) as repo.CommentRow[];
  const [group] = groupThreads(rows);
  const names = await namesOf(q, peopleOf(rows));
  return presentThread(group!.root, group!.replies, names, Boolean(group!.root.detached_at))!;
}

/**
 * A release's threads, with each one's detached state computed against the live document (one
 * load for the whole list). A thread whose state flipped is recorded (detached_at, which counts
 * and reports read) and announced.
 */
/**
 * Resolves the anchors of the live threads against the stored document, records the threads
 * whose state flipped (detached_at, which counts and reports read) and tells the release's
 * members. Returns every thread's detached state.
 */
async function recheckDetached(ctx: AppContext, release: Pick<CommentRelease, 'id' | 'organisation_id'>, live: ReturnType<typeof groupThreads>): Promise<Map<string, boolean>> {
  const detached = new Map<string, boolean>(live.map((g) => [g.root.id, Boolean(g.root.detached_at)]));
  if (!live.length) return detached;
  const doc = await storedDoc(ctx, release.id);
  try {
    for (const { root } of live) detached.set(root.id, isDetached(doc, root.field, new Uint8Array(root.anchor_start), new Uint8Array(root.anchor_end)));
  } finally {
    doc.destroy();
  }
  const nowDetached = live.filter((g) => detached.get(g.root.id) && !g.root.detached_at).map((g) => g.root.id);
  const nowAttached = live.filter((g) => !detached.get(g.root.id) && g.root.detached_at).map((g) => g.root.id);
  if (nowDetached.length || nowAttached.length) {
    const flipped = await repo.setDetached(ctx.db, nowDetached, nowAttached);
    for (const threadId of flipped) announce(ctx, { release, threadId, reason: 'detached' });
  }
  return detached;
}

/**
 * After every derive of a release (its text stored), its threads whose words were deleted turn
 * detached (and back, on undo) for everyone at once, not only at the next read.
 */
export function registerCommentHooks(ctx: AppContext): void {
  ctx.collab.onDerived(async (releaseId) => {
    const live = groupThreads(await repo.listForRelease(ctx.db, releaseId)).filter((g) => !g.root.deleted_at);
    if (!live.length) return;
    const release = (await ctx.db('press_releases').where('id', releaseId).first('id', 'organisation_id')) as Pick<CommentRelease, 'id' | 'organisation_id'> | undefined;
    if (release) await recheckDetached(ctx, release, live);
  });
}

export async function listComments(ctx: AppContext, actor: Actor, releaseId: string): Promise<CommentList> {
  const { release, membership } = await accessible(ctx.db, actor, releaseId, 'read');
  const rows = await repo.listForRelease(ctx.db, releaseId);
  const groups = groupThreads(rows);
  const live = groups.filter((g) => !g.root.deleted_at);
  const detached = await recheckDetached(ctx, release, live);
  const names = await namesOf(ctx.db, peopleOf(rows));
  const threads = groups.map((g) => presentThread(g.root, g.replies, names, detached.get(g.root.id) ?? false)).filter((t): t is CommentThread => t !== null);
  return {
    threads,
    openCount: live.filter((g) => !g.root.resolved_at).length,
    mayComment: editable(release.status) && roleMay(membership.role, 'comment'),
  };
}

/**
 * A new thread on the selected words. Its anchors must resolve, in the live document (what the
 * editors typed is stored first), to words of the named field; 422 `anchor_invalid` otherwise.
 */
export async function createThread(ctx: AppContext, actor: Actor, releaseId: string, body: CreateCommentBody): Promise<CommentThread> {
  const { release } = await accessible(ctx.db, actor, releaseId, 'comment');
  if (!editable(release.status)) throw locked();
  const start = decodeAnchor(body.anchorStart);
  const end = decodeAnchor(body.anchorEnd);
  await ctx.collab.flushRelease(releaseId);
  const doc = await storedDoc(ctx, releaseId);
  let check: ReturnType<typeof checkAnchor>;
  try {
    check = checkAnchor(doc, body.field, start, end);
  } finally {
    doc.destroy();
  }
  if (check !== 'ok') {
    throw new HttpError(422, 'anchor_invalid', REVIEW_TEXT.anchorInvalid, { [check === 'end' ? 'anchorEnd' : 'anchorStart']: REVIEW_TEXT.anchorInvalid });
  }
  const done = await ctx.db.transaction(async (trx) => {
    if (!editable(await repo.lockReleaseStatus(trx, releaseId))) throw locked();
    const row = await repo.insertComment(trx, {
      press_release_id: releaseId,
      organisation_id: release.organisation_id,
      thread_id: null,
      author_id: actor.userId,
      body: body.body,
      mentions: [],
      field: body.field,
      anchor_start: toBuffer(start),
      anchor_end: toBuffer(end),
      quote: body.quote,
    });
    const m = await mentionMembers(ctx, trx, actor, release, { ids: body.mentions ?? [], threadId: row.id, quote: body.quote, body: body.body });
    if (m.mentions.length) await trx('release_comments').where('id', row.id).update({ mentions: m.mentions });
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: releaseId,
      action: 'comment.created',
      metadata: { releaseId, threadId: row.id, field: body.field, mentions: m.mentions },
    });
    return { thread: await threadOf(trx, row.id), m, review: await reviewCountOf(trx, releaseId) };
  });
  announce(ctx, { release, threadId: done.thread.id, reason: 'created', review: done.review, notes: done.m.notes, mailed: done.m.mailed });
  return done.thread;
}

/** A reply in a thread (to its root or to one of its replies), while the thread is still shown. */
export async function reply(ctx: AppContext, actor: Actor, commentId: string, body: Body): Promise<Comment> {
  const target = await repo.findComment(ctx.db, commentId);
  if (!target) throw commentNotFound();
  const { release } = await accessible(ctx.db, actor, target.press_release_id, 'comment').catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 404 ? commentNotFound() : err;
  });
  const rootId = target.thread_id ?? target.id;
  if (!editable(release.status)) throw locked();
  const done = await ctx.db.transaction(async (trx) => {
    if (!editable(await repo.lockReleaseStatus(trx, release.id))) throw locked();
    const root = (await repo.lockComment(trx, rootId)) as repo.RootRow | undefined;
    // A deleted comment takes replies only while its thread is still shown (other replies live).
    if (!root || (target.deleted_at && target.id !== rootId) || (root.deleted_at && !(await repo.hasLiveReplies(trx, rootId)))) throw commentNotFound();
    const row = await repo.insertComment(trx, {
      press_release_id: release.id,
      organisation_id: release.organisation_id,
      thread_id: rootId,
      author_id: actor.userId,
      body: body.body,
      mentions: [],
    });
    const m = await mentionMembers(ctx, trx, actor, release, { ids: body.mentions ?? [], threadId: rootId, quote: root.quote, body: body.body });
    const saved = m.mentions.length ? await repo.updateComment(trx, row.id, { mentions: m.mentions }) : row;
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: release.id,
      action: 'comment.replied',
      metadata: { releaseId: release.id, threadId: rootId, commentId: row.id, mentions: m.mentions },
    });
    return { saved, m };
  });
  announce(ctx, { release, threadId: rootId, reason: 'replied', notes: done.m.notes, mailed: done.m.mailed });
  return presentComment(done.saved, await namesOf(ctx.db, peopleOf([done.saved])));
}

/** The author changes their comment's text; members newly named with @ are told. */
export async function editComment(ctx: AppContext, actor: Actor, commentId: string, body: Body): Promise<Comment> {
  const { comment, release } = await accessibleComment(ctx, actor, commentId, 'comment');
  assertAuthor(actor, comment);
  if (!editable(release.status)) throw locked();
  const threadId = comment.thread_id ?? comment.id;
  const done = await ctx.db.transaction(async (trx) => {
    if (!editable(await repo.lockReleaseStatus(trx, release.id))) throw locked();
    const current = await repo.lockComment(trx, commentId);
    if (!current || current.deleted_at) throw commentNotFound();
    const quote = current.quote ?? ((await repo.findComment(trx, threadId))?.quote || '');
    const m = await mentionMembers(ctx, trx, actor, release, { ids: body.mentions ?? [], alreadyTold: current.mentions, threadId, quote, body: body.body });
    const saved = await repo.updateComment(trx, commentId, { body: body.body, mentions: m.mentions, edited_at: new Date() });
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: release.id,
      action: 'comment.edited',
      metadata: { releaseId: release.id, threadId, commentId, mentions: m.mentions },
    });
    return { saved, m };
  });
  announce(ctx, { release, threadId, reason: 'edited', notes: done.m.notes, mailed: done.m.mailed });
  return presentComment(done.saved, await namesOf(ctx.db, peopleOf([done.saved])));
}

/**
 * The author deletes their comment (soft: counts and the audit trail remain). A root with live
 * replies stays as «Το σχόλιο διαγράφηκε»; a thread with nothing left leaves the list. A deleted
 * root no longer counts as open.
 */
export async function deleteComment(ctx: AppContext, actor: Actor, commentId: string): Promise<void> {
  const { comment, release } = await accessibleComment(ctx, actor, commentId, 'comment');
  assertAuthor(actor, comment);
  if (!editable(release.status)) throw locked();
  const threadId = comment.thread_id ?? comment.id;
  const review = await ctx.db.transaction(async (trx) => {
    if (!editable(await repo.lockReleaseStatus(trx, release.id))) throw locked();
    const current = await repo.lockComment(trx, commentId);
    if (!current || current.deleted_at) throw commentNotFound();
    await repo.updateComment(trx, commentId, { deleted_at: new Date() });
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: release.id,
      action: 'comment.deleted',
      metadata: { releaseId: release.id, threadId, commentId, root: repo.isRoot(current) },
    });
    return repo.isRoot(current) && !current.resolved_at ? reviewCountOf(trx, release.id) : undefined;
  });
  announce(ctx, { release, threadId, reason: 'deleted', review });
}

/** Resolves or reopens a thread (its root); doing what is already done changes nothing. */
export async function setResolved(ctx: AppContext, actor: Actor, commentId: string, resolved: boolean): Promise<CommentThread> {
  const { comment, release } = await accessibleComment(ctx, actor, commentId, 'comment');
  if (!repo.isRoot(comment)) throw new HttpError(400, 'not_a_thread', 'Only a thread (its first comment) is resolved or reopened');
  if (!editable(release.status)) throw locked();
  const done = await ctx.db.transaction(async (trx) => {
    if (!editable(await repo.lockReleaseStatus(trx, release.id))) throw locked();
    const current = await repo.lockComment(trx, commentId);
    if (!current || current.deleted_at) throw commentNotFound();
    if (Boolean(current.resolved_at) === resolved) return { thread: await threadOf(trx, commentId), review: undefined };
    await repo.updateComment(trx, commentId, resolved ? { resolved_at: new Date(), resolved_by: actor.userId } : { resolved_at: null, resolved_by: null });
    await writeAudit(trx, ctx.logger, actor, {
      entityType: 'press_release',
      entityId: release.id,
      action: resolved ? 'comment.resolved' : 'comment.reopened',
      metadata: { releaseId: release.id, threadId: commentId },
    });
    return { thread: await threadOf(trx, commentId), review: await reviewCountOf(trx, release.id) };
  });
  if (done.review) announce(ctx, { release, threadId: commentId, reason: resolved ? 'resolved' : 'reopened', review: done.review });
  return done.thread;
}

