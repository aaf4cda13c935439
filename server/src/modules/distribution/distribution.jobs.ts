import { PLAN_SCHEDULE_REASONS, isPlanError } from '../../../../shared/plans';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { failScheduledSend, sendRelease } from '../releases/releases.lifecycle';
import { EMAIL_JOB, SEND_JOB, writeReleaseEmails } from './distribution.service';
import { missingFields } from './distribution.policy';
import { GATE_REASONS } from '../approvals/approvals.policy';
import { openReviewClause } from '../../../../shared/schemas/approvals';
import type { SendableRelease } from './distribution.repo';

interface SendPayload {
  releaseId: string;
  baseUrl: string;
}

/**
 * The scheduled send: fires at its time in whichever process claims it. A release that
 * was unscheduled or already sent is left alone; one that can no longer be sent
 * (emptied, unrenderable, its organisation no longer approved, the plan's trial over or a limit
 * reached) goes back to draft and the author is told.
 */
export function registerSendJob(ctx: AppContext): void {
  ctx.jobs.register(EMAIL_JOB, async (job) => {
    const { releaseId, baseUrl } = job.payload as unknown as SendPayload;
    await writeReleaseEmails(ctx, releaseId, baseUrl);
  });
  ctx.jobs.register(SEND_JOB, async (job) => {
    const { releaseId, baseUrl } = job.payload as unknown as SendPayload;
    const before = (await ctx.db('press_releases').where('id', releaseId).first('status', 'scheduled_at')) as
      | Pick<SendableRelease, 'status' | 'scheduled_at'>
      | undefined;
    if (!before || before.status !== 'scheduled') return;
    if (before.scheduled_at && new Date(before.scheduled_at).getTime() > ctx.clock.now().getTime() + 5_000) throw new Error('not due yet');
    await ctx.collab.flushRelease(releaseId);
    const row = (await ctx.db('press_releases').where('id', releaseId).first()) as SendableRelease | undefined;
    if (!row || row.status !== 'scheduled') return;
    // The organisation sends (its author may have left it): it must still be approved.
    const owner = (await ctx.db('organisations').where('id', row.organisation_id).first('status')) as { status: string } | undefined;
    const problem = row.render_error
      ? `το κείμενο δεν αποθηκεύτηκε (${row.render_error})`
      : missingFields(row)
        ? 'λείπουν υποχρεωτικά πεδία (τίτλος, περιεχόμενο ή κατηγορία)'
        : owner?.status !== 'approved'
          ? 'ο οργανισμός δεν είναι εγκεκριμένος'
          : null;
    if (problem) return failScheduledSend(ctx, releaseId, problem);
    try {
      await sendRelease(ctx, releaseId, { actor: null, baseUrl, fromScheduled: true });
    } catch (err) {
      // Changed between the check and the send (emptied, unrenderable): not a retry, a failure to report.
      if (err instanceof HttpError && err.status < 500) {
        const reason =
          err.code === 'not_rendered'
            ? `το κείμενο δεν αποθηκεύτηκε (${err.fields?.content ?? ''})`
            : err.code === 'review_open' && err.details
              ? openReviewClause(err.details as { openComments: number; pendingSuggestions: number })
              : err.code in GATE_REASONS
                ? GATE_REASONS[err.code as keyof typeof GATE_REASONS]
                : isPlanError(err.code)
                  ? PLAN_SCHEDULE_REASONS[err.code]
                  : err.code === 'embargo_past'
                    ? 'η λήξη του εμβάργκο είχε ήδη περάσει'
                    : 'λείπουν υποχρεωτικά πεδία (τίτλος, περιεχόμενο ή κατηγορία)';
        return failScheduledSend(ctx, releaseId, reason);
      }
      throw err;
    }
  });
}
