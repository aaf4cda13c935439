import type { PushState, PushSubscribeBody } from '../../../../shared/schemas/push';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, conflict } from '../../http/errors';
import { vapidKeys, type VapidKeys } from './push.keys';
import { releasePayload } from './push.payload';
import * as repo from './push.repo';
import { judge, sendPush, type PushAnswer, type StoredSubscription } from './push.transport';

export const PUSH_RELEASE_JOB = 'push.release';
export const PUSH_RETRY_JOB = 'push.retry';
export const pushReleaseKey = (releaseId: string) => `push.release:${releaseId}`;
export const pushRetryKey = (releaseId: string, subscriptionId: number) => `push.retry:${releaseId}:${subscriptionId}`;

/** Pushes of one fan-out in flight at once. */
const CONCURRENCY = 8;
/** The first retry of a push refused with 429/5xx, unless the service said when (capped at an hour). */
const FIRST_RETRY_MS = 5_000;
const RETRY_ATTEMPTS = 6;

export const keysOf = (ctx: AppContext): Promise<VapidKeys | undefined> => vapidKeys(ctx.db, ctx.config, ctx.logger);

async function state(ctx: AppContext, userId: string): Promise<PushState> {
  const keys = await keysOf(ctx);
  const [devices, hasReceived] = await Promise.all([repo.countSubscriptions(ctx.db, userId), repo.hasReceived(ctx.db, userId)]);
  return { enabled: Boolean(keys), publicKey: keys?.publicKey ?? null, devices, hasReceived };
}

export const pushSettings = (ctx: AppContext, actor: Actor): Promise<PushState> => state(ctx, actor.userId);

/** Opt-in of one browser. In production its endpoint must be https (a push service, not a host of our network). */
export async function subscribe(ctx: AppContext, actor: Actor, body: PushSubscribeBody, userAgent: string | null): Promise<PushState> {
  if (!(await keysOf(ctx))) throw conflict('push_disabled', 'Push notifications are not configured on this server');
  if (ctx.config.isProduction && !body.endpoint.toLowerCase().startsWith('https://')) {
    throw badRequest('validation_failed', 'Invalid input', { endpoint: 'endpoint must be an https URL' });
  }
  await repo.upsertSubscription(ctx.db, actor, body, userAgent?.slice(0, 300) ?? null);
  return state(ctx, actor.userId);
}

export async function unsubscribe(ctx: AppContext, actor: Actor, endpoint: string): Promise<PushState> {
  await repo.removeSubscription(ctx.db, actor.userId, endpoint);
  return state(ctx, actor.userId);
}

/** After a send commits: one durable job per release writes its pushes, off the request. */
export async function queueReleasePushes(ctx: AppContext, releaseId: string): Promise<void> {
  await ctx.jobs.schedule(PUSH_RELEASE_JOB, { releaseId }, { dedupeKey: pushReleaseKey(releaseId), onConflict: 'ignore' });
}

/**
 * The pushes of a sent release: each owed subscription is claimed (never sent twice, even when
 * this job runs again) and pushed; 404/410 removes the subscription, 429/5xx/unreachable leaves a
 * retry job with back-off. Returns how each went, for the tests and the log.
 */
export async function pushRelease(ctx: AppContext, releaseId: string): Promise<Record<ReturnType<typeof judge>, number>> {
  const tally = { sent: 0, gone: 0, retry: 0, refused: 0 };
  const keys = await keysOf(ctx);
  if (!keys) return tally;
  const release = await repo.sentRelease(ctx.db, releaseId);
  if (!release) return tally;
  const owed = await repo.owedPushes(ctx.db, release);
  if (!owed.length) return tally;
  const payload = releasePayload(release);
  const queue = [...owed];
  const worker = async () => {
    for (let sub = queue.shift(); sub; sub = queue.shift()) {
      if (!(await repo.claimSend(ctx.db, releaseId, sub.id))) continue;
      const answer = await sendPush(sub, payload, keys);
      const outcome = await settle(ctx, releaseId, sub, answer);
      tally[outcome] += 1;
      if (outcome === 'retry') {
        const delay = Math.min(3600_000, answer.retryAfter ? answer.retryAfter * 1000 : FIRST_RETRY_MS);
        await ctx.jobs.schedule(
          PUSH_RETRY_JOB,
          { releaseId, subscriptionId: sub.id },
          { dedupeKey: pushRetryKey(releaseId, sub.id), onConflict: 'ignore', runAt: new Date(ctx.clock.now().getTime() + delay), maxAttempts: RETRY_ATTEMPTS },
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, owed.length) }, worker));
  ctx.logger.info({ releaseId, ...tally }, 'push: release pushed');
  return tally;
}

/** Acts on a push service's answer: delivered, subscription gone (removed), or to retry / refused (logged). */
async function settle(ctx: AppContext, releaseId: string, sub: StoredSubscription, answer: PushAnswer): Promise<ReturnType<typeof judge>> {
  const outcome = judge(answer);
  if (outcome === 'sent') await repo.markSent(ctx.db, sub.id);
  else if (outcome === 'gone') {
    await repo.deleteSubscription(ctx.db, sub.id);
    ctx.logger.info({ subscriptionId: sub.id, status: answer.status }, 'push: subscription expired, removed');
  } else {
    ctx.logger.warn({ releaseId, subscriptionId: sub.id, status: answer.status, error: answer.error }, `push: ${outcome === 'retry' ? 'will retry' : 'refused'}`);
  }
  return outcome;
}

/**
 * A retry of one push (the job queue backs off between attempts): still owed to that browser
 * (the journalist may have blocked the sender or turned push off since), pushed again; a 429/5xx
 * throws, so the queue tries again later.
 */
export async function retryPush(ctx: AppContext, releaseId: string, subscriptionId: number): Promise<ReturnType<typeof judge> | 'skipped'> {
  const keys = await keysOf(ctx);
  const release = await repo.sentRelease(ctx.db, releaseId);
  if (!keys || !release) return 'skipped';
  const [sub] = await repo.owedPushes(ctx.db, release, subscriptionId);
  if (!sub) return 'skipped';
  const answer = await sendPush(sub, releasePayload(release), keys);
  const outcome = await settle(ctx, releaseId, sub, answer);
  if (outcome === 'retry') throw new Error(`push service answered ${answer.status || 'nothing'}`);
  return outcome;
}
