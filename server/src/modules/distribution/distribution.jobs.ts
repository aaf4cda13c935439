import type { AppContext } from '../../context';
import { createNotifications, publishNotifications } from '../notifications/notifications.service';
import { distribute, EMAIL_JOB, SEND_JOB, writeReleaseEmails } from './distribution.service';
import { missingFields } from './distribution.policy';
import type { SendableRelease } from './distribution.repo';

interface SendPayload {
  releaseId: string;
  baseUrl: string;
}

/**
 * The scheduled send: fires at its time in whichever process claims it. A release that
 * was unscheduled or already sent is left alone; one that can no longer be sent
 * (emptied, author no longer approved) goes back to draft and the author is told.
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
    if (before.scheduled_at && new Date(before.scheduled_at).getTime() > Date.now() + 5_000) throw new Error('not due yet');
    await ctx.collab.flushRelease(releaseId);
    const row = (await ctx.db('press_releases').where('id', releaseId).first()) as SendableRelease | undefined;
    if (!row || row.status !== 'scheduled') return;
    const author = (await ctx.db('profiles').where('user_id', row.client_id).first('status', 'is_active')) as
      | { status: string; is_active: boolean }
      | undefined;
    const problem = missingFields(row)
      ? 'λείπουν υποχρεωτικά πεδία (τίτλος, περιεχόμενο ή κατηγορία)'
      : author?.status !== 'approved' || !author.is_active
        ? 'ο λογαριασμός δεν είναι εγκεκριμένος'
        : null;
    if (problem) {
      await abandon(ctx, row, problem);
      return;
    }
    await distribute(ctx, releaseId, { actor: null, baseUrl, fromScheduled: true });
  });
}

async function abandon(ctx: AppContext, row: SendableRelease, reason: string): Promise<void> {
  const notes = await ctx.db.transaction(async (trx) => {
    const n = await trx('press_releases').where({ id: row.id, status: 'scheduled' }).update({ status: 'draft', scheduled_at: null });
    if (!n) return [];
    return createNotifications(trx, [
      {
        userId: row.client_id,
        kind: 'press_release.schedule_failed',
        title: 'Η προγραμματισμένη αποστολή δεν έγινε',
        body: `«${row.title || 'Χωρίς τίτλο'}»: ${reason}. Το δελτίο επέστρεψε στα πρόχειρα.`,
        link: `/client/press-releases/${row.id}`,
        data: { press_release_id: row.id },
      },
    ]);
  });
  publishNotifications(ctx.realtime, notes);
  ctx.logger.warn({ releaseId: row.id, reason }, 'distribution: scheduled send abandoned');
}
