import type { AppContext } from '../../context';
import { onAccountErased } from '../data-rights/erasure.registry';
import * as repo from './push.repo';
import { keysOf, PUSH_RELEASE_JOB, PUSH_RETRY_JOB, pushRelease, queueReleasePushes, retryPush } from './push.service';

interface ReleasePayload {
  releaseId: string;
}
interface RetryPayload extends ReleasePayload {
  subscriptionId: number;
}

/**
 * Web Push to journalists: a sent release (the lifecycle's `release.sent`, after its transaction
 * commits) queues one durable job that pushes it to the recipients' browsers; failed pushes retry
 * on their own jobs. The VAPID keys are resolved at start, so production says at once whether
 * push is on.
 */
export function registerPush(ctx: AppContext): void {
  ctx.jobs.register(PUSH_RELEASE_JOB, async (job) => {
    await pushRelease(ctx, (job.payload as unknown as ReleasePayload).releaseId);
  });
  ctx.jobs.register(PUSH_RETRY_JOB, async (job) => {
    const { releaseId, subscriptionId } = job.payload as unknown as RetryPayload;
    await retryPush(ctx, releaseId, subscriptionId);
  });
  ctx.events.on('release.sent', ({ releaseId }) => queueReleasePushes(ctx, releaseId));
  // A signed-out device shows no more releases: the browsers opted in during an ended session are forgotten.
  ctx.realtime.onSessionsEnded((sessionIds) => {
    repo.removeSessionSubscriptions(ctx.db, sessionIds).catch((err: unknown) => ctx.logger.error({ err }, 'push: subscriptions of ended sessions not removed'));
  });
  // An erased account's browsers are forgotten with it (issue 33: data rights).
  onAccountErased('push-subscriptions', async (trx, { userId }) => {
    await trx('web_push_subscriptions').where('user_id', userId).delete();
  });
}

/**
 * Loads (in development: generates and stores) the VAPID keys, so a production server without
 * keys says at start that push is off. Called once the server listens: started before, it was a
 * query in flight when a busy port made the process close its pool (a stack on stderr).
 */
export function warmPush(ctx: AppContext): void {
  keysOf(ctx).catch((err: unknown) => ctx.logger.warn({ err }, 'push: VAPID keys not loaded yet'));
}
