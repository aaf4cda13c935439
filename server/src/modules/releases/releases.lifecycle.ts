import type { Knex } from 'knex';
import type { ReleaseStatus } from '../../../../shared/constants';
import { EMBARGO_MESSAGES } from '../../../../shared/embargo';
import { rooms } from '../../../../shared/events';
import type { ReleaseState } from '../../../../shared/schemas/editor';
import { deleteDocument, releaseDocName } from '../../collab/persistence';
import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import { announceDelivered, fanOut, SEND_JOB, sendJobKey } from '../distribution/distribution.service';
import { countRecipients, type SendableRelease } from '../distribution/distribution.repo';
import { missingFields } from '../distribution/distribution.policy';
import { announcePublication, announceWithdrawn, schedulePublication } from '../newsroom/newsroom.publication';
import { createNotifications, publishNotifications } from '../notifications/notifications.service';
import { announceApprovalSent, approvalGate, markApprovalSent } from '../approvals/approvals.service';
import { announceVersion, saveSendVersion } from '../versions/versions.service';
import { presentState } from './releases.presenter';
import { assertMaySend, type RecipientsCheck } from '../plans/plans.service';
import { insertSentVersion, storedDocState } from './sent-versions.repo';

/**
 * The one owner of `press_releases.status` (and of scheduled_at and sent_at). Every status
 * change is one function here: one transaction with the row locked, its audit row, and its
 * broadcast after commit. No other module writes these columns.
 *
 *   draft ──schedule──▶ scheduled ──send (job)──▶ sent ──archive──▶ archived
 *     │   ◀─unschedule──    │ ◀─schedule (again)
 *     │   ◀─scheduleFailed─ ┘
 *     └────────────send now────────────────▶ sent
 *   draft (or scheduled, never sent) ──remove──▶ deleted for good
 */
export const TRANSITIONS = {
  schedule: { from: ['draft', 'scheduled'], to: 'scheduled' },
  unschedule: { from: ['scheduled'], to: 'draft' },
  scheduleFailed: { from: ['scheduled'], to: 'draft' },
  send: { from: ['draft', 'scheduled'], to: 'sent' },
  archive: { from: ['sent'], to: 'archived' },
  remove: { from: ['draft', 'scheduled'], to: null },
} as const satisfies Record<string, { from: readonly ReleaseStatus[]; to: ReleaseStatus | null }>;
export type Transition = keyof typeof TRANSITIONS;

export function canTransition(status: ReleaseStatus, t: Transition): boolean {
  return (TRANSITIONS[t].from as readonly ReleaseStatus[]).includes(status);
}

/** The 409 of an illegal transition, with the Greek message the editors see. */
function illegal(status: ReleaseStatus, t: Transition): HttpError {
  if (status === 'sent') return new HttpError(409, 'already_sent', 'Το δελτίο τύπου έχει ήδη σταλεί και δεν αλλάζει πλέον');
  if (status === 'archived') return new HttpError(409, 'archived', 'Το δελτίο τύπου είναι αρχειοθετημένο');
  if (t === 'unschedule') return new HttpError(409, 'not_scheduled', 'Το δελτίο τύπου δεν είναι προγραμματισμένο');
  return new HttpError(409, 'illegal_transition', 'Η ενέργεια δεν επιτρέπεται στην τρέχουσα κατάσταση του δελτίου τύπου');
}

export const UNRENDERABLE_MESSAGE = 'Το κείμενο δεν αποθηκεύτηκε, οπότε δεν μπορεί να σταλεί. Διορθώστε το και δοκιμάστε ξανά.';

function assertTransition(row: SendableRelease, t: Transition): void {
  if (!canTransition(row.status, t)) throw illegal(row.status, t);
}

/** A release may go out (now or at its time) only with what its editors see saved. */
function assertSendable(row: SendableRelease): void {
  if (row.render_error) throw new HttpError(422, 'not_rendered', UNRENDERABLE_MESSAGE, { content: row.render_error });
  const missing = missingFields(row);
  if (missing) throw badRequest('missing_fields', 'Title, content and category are required', missing);
}

/** The row of a release as the lifecycle reads it: owned by its organisation, with its author (or null). */
type LifecycleRow = SendableRelease & { organisation_id: string; author_id: string | null };

/** The plan of the release's organisation allows it to go out at `at`, judged at `now` (trial, releases per month); returns its check of the recipients. */
async function assertPlanAllows(trx: Knex.Transaction, row: LifecycleRow, at: Date, now: Date): Promise<RecipientsCheck> {
  return assertMaySend(trx, { release: { id: row.id, organisation_id: row.organisation_id }, at, now });
}

/**
 * An embargo must end after the release goes out (`sendAt`: now, or the scheduled time):
 * one that has passed, or that ends before a scheduled send, protects nothing. 422 in Greek.
 */
function assertEmbargo(row: SendableRelease, sendAt: Date, now: Date): void {
  if (!row.embargo_until) return;
  const until = new Date(row.embargo_until).getTime();
  if (until <= now.getTime()) throw new HttpError(422, 'embargo_past', EMBARGO_MESSAGES.past, { embargo: 'must be in the future' });
  if (until <= sendAt.getTime()) {
    throw new HttpError(422, 'embargo_before_schedule', EMBARGO_MESSAGES.beforeSchedule, { embargo: 'must end after the scheduled send' });
  }
}

const LIFECYCLE_MARK = "set_config('deltio.lifecycle', 'on', true)";

/**
 * Locks the release's row, and marks the transaction as the lifecycle's in the same statement
 * (asLifecycle: a round trip fewer before the status change that follows).
 */
async function lock(trx: Knex.Transaction, id: string): Promise<LifecycleRow> {
  const row = (await trx('press_releases')
    .where('id', id)
    .forUpdate()
    .first('press_releases.*', trx.raw(`${LIFECYCLE_MARK} as lifecycle_mark`))) as (LifecycleRow & { lifecycle_mark?: string }) | undefined;
  if (!row) throw notFound('Press release not found');
  delete row.lifecycle_mark;
  return row;
}

/** Marks the transaction as the lifecycle's: the database refuses status changes from anywhere else. */
export async function asLifecycle(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`select ${LIFECYCLE_MARK}`);
}

/** Changes the row in a transaction marked as the lifecycle's (by lock(), or asLifecycle()). */
async function setStatus(trx: Knex.Transaction, id: string, values: Record<string, unknown>): Promise<LifecycleRow> {
  const [row] = (await trx('press_releases').where('id', id).update(values).returning('*')) as LifecycleRow[];
  return row!;
}

/** After commit: co-editors see the new state, the organisation's lists refetch. */
function announce(ctx: AppContext, row: LifecycleRow, reason?: 'archived' | 'deleted'): ReleaseState {
  const state = presentState(row);
  ctx.realtime.broadcast(rooms.organisation(row.organisation_id), 'release:state', state);
  ctx.realtime.broadcast(rooms.organisation(row.organisation_id), 'releases:changed', { releaseId: row.id, reason: reason ?? 'state' });
  return state;
}

const entity = (id: string) => ({ entityType: 'press_release', entityId: id });

/**
 * A send or schedule that the approval rule refused is a step of the approval trail too: it
 * is audited (its own transaction was rolled back and wrote nothing), with the reason code.
 */
async function auditApprovalRefusal(ctx: AppContext, actor: AuditActor, id: string, err: unknown, attempt: 'send' | 'schedule'): Promise<void> {
  if (!(err instanceof HttpError) || !(err.code.startsWith('approval_') || err.code === 'review_open')) return;
  const row = (await ctx.db('press_releases').where('id', id).first('title')) as { title: string } | undefined;
  await ctx.db.transaction((trx) =>
    writeAudit(trx, ctx.logger, actor, {
      ...entity(id),
      action: 'approval.send_refused',
      metadata: { title: row?.title ?? '', reason: err.code, attempt, ...(err.code === 'review_open' ? { ...err.details } : {}) },
    }),
  );
}

export async function scheduleRelease(ctx: AppContext, actor: AuditActor, id: string, at: Date, baseUrl: string): Promise<ReleaseState> {
  const row = await ctx.db.transaction(async (trx) => {
    const current = await lock(trx, id);
    assertTransition(current, 'schedule');
    assertSendable(current);
    const now = ctx.clock.now();
    const withinPlan = await assertPlanAllows(trx, current, at, now);
    // The recipients are the organisation's (its blocks apply): distribution.repo's rule.
    withinPlan?.(await countRecipients(trx, current));
    // A workspace that sends only after approval schedules only the approved text (checked again at the send).
    await approvalGate(trx, current);
    assertEmbargo(current, at, now);
    const updated = await setStatus(trx, id, { status: 'scheduled', scheduled_at: at });
    await ctx.jobs.schedule(SEND_JOB, { releaseId: id, baseUrl }, { runAt: at, dedupeKey: sendJobKey(id), onConflict: 'replace' }, trx);
    await writeAudit(trx, ctx.logger, actor, { ...entity(id), action: 'press_release.scheduled', metadata: { title: updated.title, scheduledAt: at.toISOString() } });
    return updated;
  }).catch(async (err: unknown) => {
    await auditApprovalRefusal(ctx, actor, id, err, 'schedule');
    throw err;
  });
  ctx.jobs.kick();
  return announce(ctx, row);
}

export async function unscheduleRelease(ctx: AppContext, actor: AuditActor, id: string): Promise<ReleaseState> {
  const row = await ctx.db.transaction(async (trx) => {
    const current = await lock(trx, id);
    assertTransition(current, 'unschedule');
    const updated = await setStatus(trx, id, { status: 'draft', scheduled_at: null });
    await ctx.jobs.cancel(sendJobKey(id), trx);
    await writeAudit(trx, ctx.logger, actor, { ...entity(id), action: 'press_release.unscheduled', metadata: { title: updated.title } });
    return updated;
  });
  return announce(ctx, row);
}

/** A scheduled send that could not go out: back to draft, and its author (while still a member) is told why. */
export async function failScheduledSend(ctx: AppContext, id: string, reason: string): Promise<void> {
  const done = await ctx.db.transaction(async (trx) => {
    const current = await lock(trx, id);
    if (!canTransition(current.status, 'scheduleFailed')) return null;
    const updated = await setStatus(trx, id, { status: 'draft', scheduled_at: null });
    await writeAudit(trx, ctx.logger, null, { ...entity(id), action: 'press_release.schedule_failed', metadata: { title: updated.title, reason } });
    const authorId = updated.author_id;
    const stillMember = authorId
      ? Boolean(await trx('organisation_members').where({ organisation_id: updated.organisation_id, user_id: authorId }).first('user_id'))
      : false;
    const notes = await createNotifications(
      trx,
      authorId && stillMember
        ? [
            {
              userId: authorId,
              kind: 'press_release.schedule_failed',
              title: 'Η προγραμματισμένη αποστολή δεν έγινε',
              body: `«${updated.title || 'Χωρίς τίτλο'}»: ${reason}. Το δελτίο επέστρεψε στα πρόχειρα.`,
              link: `/client/press-releases/${id}`,
              data: { press_release_id: id },
              organisationId: updated.organisation_id,
            },
          ]
        : [],
    );
    return { updated, notes };
  });
  if (!done) return;
  publishNotifications(ctx.realtime, done.notes);
  announce(ctx, done.updated);
  ctx.logger.warn({ releaseId: id, reason }, 'releases: scheduled send abandoned');
}

export interface SendOptions {
  /** Who sent it; null for a scheduled send (the system). */
  actor: AuditActor;
  /** Absolute base of the links in the e-mails. */
  baseUrl: string;
  /** A scheduled send fires only while the release is still scheduled and due. */
  fromScheduled: boolean;
}

export interface SendResult {
  state: ReleaseState;
  recipients: number;
}

/**
 * Sends a release. The live document is frozen first (every later change is refused) and
 * what its editors typed is stored and rendered; then, in one transaction, the release is
 * marked sent, what is sent is frozen as its sent version, and it is delivered to every
 * recipient. Returns null when a scheduled send finds the release no longer scheduled or
 * not due: nothing is sent twice. A send that fails lifts the freeze again.
 */
export async function sendRelease(ctx: AppContext, id: string, o: SendOptions): Promise<SendResult | null> {
  const thaw = await ctx.collab.freezeRelease(id);
  let sent = false;
  try {
    const done = await ctx.db.transaction(async (trx) => {
      const current = await lock(trx, id);
      const now = ctx.clock.now();
      if (o.fromScheduled) {
        if (current.status !== 'scheduled') return null;
        if (current.scheduled_at && new Date(current.scheduled_at).getTime() > now.getTime() + 5_000) return null;
      } else {
        assertTransition(current, 'send');
      }
      assertSendable(current);
      const withinPlan = await assertPlanAllows(trx, current, now, now);
      // With "send only after approval": exactly the approved version goes out, else a 409 (nothing is sent).
      const approval = await approvalGate(trx, current);
      assertEmbargo(current, now, now);
      const updated = await setStatus(trx, id, { status: 'sent', sent_at: trx.fn.now() });
      // Sent now while scheduled: its scheduled send is cancelled (a draft has none).
      if (!o.fromScheduled && current.status === 'scheduled') await ctx.jobs.cancel(sendJobKey(id), trx);
      // Frozen as the organisation's, with the member who sent it (null for a scheduled send).
      // The document as Postgres holds it (frozen), read and encoded once for both versions below.
      const stored = await storedDocState(trx, id);
      const version = await insertSentVersion(trx, updated, ctx.files, approval?.id ?? null, o.actor?.userId ?? null, stored);
      // Every send is also a version of the release's history (its Yjs state, who sent it).
      const sendVersion = await saveSendVersion(trx, id, o.actor?.userId ?? null, stored.state);
      const spent = approval ? await markApprovalSent(trx, approval.id) : null;
      const fan = await fanOut(ctx, trx, updated, version, { baseUrl: o.baseUrl });
      // The plan's limit on recipients, on the deliveries just written (counted once, by their
      // insert): past it, the send is refused and this transaction rolls them back.
      withinPlan?.(fan.recipients.length);
      await schedulePublication(ctx, trx, version);
      await writeAudit(trx, ctx.logger, o.actor, {
        ...entity(id),
        action: 'press_release.sent',
        metadata: {
          title: version.title,
          category: version.category,
          mediaLists: version.media_list_categories,
          recipients: fan.recipients.length,
          scheduled: o.fromScheduled,
          versionId: sendVersion.id,
          approvalId: approval?.id ?? null,
          approvedVersionId: approval?.version_id ?? null,
          ...(version.embargo_until ? { embargoUntil: new Date(version.embargo_until).toISOString() } : {}),
        },
      });
      return { updated, version, fan, sendVersion, spent };
    }).catch(async (err: unknown) => {
      // A scheduled send refused is audited as press_release.schedule_failed by its job.
      if (!o.fromScheduled) await auditApprovalRefusal(ctx, o.actor, id, err, 'send');
      throw err;
    });
    if (!done) return null;
    sent = true;
    announceDelivered(ctx, done.updated, done.version, done.fan);
    announceVersion(ctx, done.updated, done.sendVersion);
    if (done.spent) announceApprovalSent(ctx, done.spent);
    announcePublication(ctx, done.version);
    ctx.events.publish('release.sent', { releaseId: id, organisationId: done.updated.organisation_id });
    ctx.logger.info({ releaseId: id, recipients: done.fan.recipients.length, scheduled: o.fromScheduled }, 'releases: sent');
    return { state: announce(ctx, done.updated), recipients: done.fan.recipients.length };
  } finally {
    if (!sent) thaw();
  }
}

/**
 * "Delete" from the organisation's list: a draft (or a scheduled release, never sent) is deleted
 * for good with its live document; a sent release is archived, keeping its tracking and
 * reports and staying readable by those who received it. Who may do it is the caller's
 * check (releases.service: requireRelease 'write'); `allowed` may refuse the row again inside
 * the transaction.
 */
export async function removeRelease(
  ctx: AppContext,
  actor: AuditActor & { userId: string },
  id: string,
  allowed: (row: LifecycleRow) => boolean = () => true,
): Promise<'deleted' | 'archived'> {
  const done = await ctx.db.transaction(async (trx) => {
    const current = (await trx('press_releases').where('id', id).forUpdate().first()) as LifecycleRow | undefined;
    if (!current || !allowed(current)) throw notFound('Press release not found');
    if (canTransition(current.status, 'archive')) {
      await asLifecycle(trx);
      const updated = await setStatus(trx, id, { status: 'archived' });
      await writeAudit(trx, ctx.logger, actor, { ...entity(id), action: 'press_release.archived', metadata: { title: updated.title } });
      return { row: updated, outcome: 'archived' as const };
    }
    assertTransition(current, 'remove');
    await ctx.jobs.cancel(sendJobKey(id), trx);
    await trx('press_releases').where('id', id).delete();
    await deleteDocument(trx, releaseDocName(id));
    await writeAudit(trx, ctx.logger, actor, { ...entity(id), action: 'press_release.deleted', metadata: { title: current.title, status: current.status } });
    return { row: current, outcome: 'deleted' as const };
  });
  if (done.outcome === 'deleted') ctx.collab.closeDocument(id);
  announce(ctx, done.row, done.outcome);
  if (done.outcome === 'archived') await announceWithdrawn(ctx, id).catch((err: unknown) => ctx.logger.warn({ err }, 'newsroom: change not announced'));
  return done.outcome;
}

/** Where an untouched empty draft is: never edited (no title, no text), no file. */
export function whereUntouchedDraft(q: Knex.QueryBuilder, alias = 'press_releases'): Knex.QueryBuilder {
  return q
    .where(`${alias}.status`, 'draft')
    .whereNull(`${alias}.edited_at`)
    .where(`${alias}.title`, '')
    .where(`${alias}.content_text`, '')
    .whereNotExists((s) => {
      void s.select(1).from('release_attachments as ua').whereRaw(`ua.press_release_id = ${alias}.id`);
    });
}

/** SQL of the same rule, for raw queries over `press_releases` aliased `alias`. */
export const touchedSql = (alias: string) =>
  `not (${alias}.status = 'draft' and ${alias}.edited_at is null and ${alias}.title = '' and ${alias}.content_text = '')`;

/**
 * Deletes untouched empty drafts (with their live documents): one release when its last
 * editor leaves it untouched, or all older than `olderThanHours` (housekeeping).
 */
export async function deleteUntouchedDrafts(ctx: AppContext, o: { id?: string; olderThanHours?: number }): Promise<string[]> {
  return ctx.db.transaction(async (trx) => {
    const q = whereUntouchedDraft(trx('press_releases')).forUpdate().select('id');
    if (o.id) q.where('id', o.id);
    if (o.olderThanHours !== undefined) q.where('created_at', '<', trx.raw(`now() - (? * interval '1 hour')`, [o.olderThanHours]));
    const ids = ((await q) as { id: string }[]).map((r) => r.id);
    if (!ids.length) return [];
    await trx('press_releases').whereIn('id', ids).delete();
    for (const id of ids) await deleteDocument(trx, releaseDocName(id));
    return ids;
  });
}
