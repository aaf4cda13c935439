import type { Knex } from 'knex';
import { isEmbargoed } from '../../../../shared/embargo';
import { rooms } from '../../../../shared/events';
import { isReservedNewsroomSlug, numberedSlug, NEWSROOM_SLUG, suggestNewsroomSlug } from '../../../../shared/slug';
import type { AppContext } from '../../context';
import type { SentVersion } from '../releases/sent-versions.repo';
import * as repo from './newsroom.repo';
import { reportChanged } from '../reports/report-events';

/**
 * A sent release in the public newsroom: it appears there at once, or when its embargo lifts.
 * Whether a release is public is decided by the clock at each request (newsroom.repo.ts
 * PUBLIC_RELEASE), so a page asked for one second after the embargo shows it whatever
 * happened to the job; the job (one per embargoed release, at the embargo's end) tells the
 * open pages and the journalists' inboxes, which then update themselves.
 */
export const EMBARGO_JOB = 'release.embargo';
export const embargoJobKey = (releaseId: string) => `release.embargo:${releaseId}`;

/** A free newsroom address for an organisation, from its company name (…-2, …-3 when taken). */
export async function freeNewsroomSlug(q: Knex | Knex.Transaction, name: string): Promise<string> {
  const base = suggestNewsroomSlug(name);
  const candidates = Array.from({ length: 20 }, (_, i) => numberedSlug(base, i + 1, NEWSROOM_SLUG.max));
  const taken = await repo.takenSlugs(q, candidates);
  const free = candidates.find((c) => !taken.has(c) && !isReservedNewsroomSlug(c));
  if (free) return free;
  return numberedSlug(base, 1000 + Math.floor(Math.random() * 9000), NEWSROOM_SLUG.max);
}

/**
 * In the send's transaction: the release's organisation gets a newsroom address if it has none
 * yet (every organisation has exactly one newsroom, on by default, whichever member sends), and
 * an embargoed release its job.
 */
export async function schedulePublication(ctx: AppContext, trx: Knex.Transaction, version: SentVersion): Promise<void> {
  const org = await repo.newsroomOf(trx, version.organisation_id);
  if (org && !org.newsroom_slug) {
    // The organisation's row is locked by the send (sent-versions.repo.ts), so this is its only writer now.
    await trx.raw('savepoint newsroom_slug');
    try {
      await repo.setSlugIfNone(trx, org.organisation_id, await freeNewsroomSlug(trx, org.name));
      await trx.raw('release savepoint newsroom_slug');
    } catch (err) {
      // Taken meanwhile by another organisation: an admin chooses one in settings instead.
      await trx.raw('rollback to savepoint newsroom_slug');
      ctx.logger.warn({ err, organisationId: org.organisation_id }, 'newsroom: no address given at send');
    }
  }
  if (version.embargo_until) {
    await ctx.jobs.schedule(
      EMBARGO_JOB,
      { releaseId: version.press_release_id },
      { runAt: new Date(version.embargo_until), dedupeKey: embargoJobKey(version.press_release_id), onConflict: 'replace' },
      trx,
    );
  }
}

/**
 * Open newsroom pages (the index and the organisation's page) refresh their lists, and the
 * organisation's own members' newsroom settings. Only those sockets: a send is not told to
 * every socket of the platform.
 */
export function newsroomChanged(ctx: AppContext, slug: string | null, organisationId: string | null): void {
  if (!slug) return;
  const to = [rooms.newsrooms(), rooms.newsroom(slug)];
  if (organisationId) to.push(rooms.organisation(organisationId));
  ctx.realtime.broadcast(to, 'newsroom:changed', { slug });
}

/** After the send commits: a release without an embargo is public now. */
export function announcePublication(ctx: AppContext, version: SentVersion): void {
  if (isEmbargoed(version.embargo_until)) return;
  void repo
    .sentRef(ctx.db, version.press_release_id)
    .then((ref) => newsroomChanged(ctx, ref?.newsroom_slug ?? null, ref?.organisation_id ?? null))
    .catch((err: unknown) => ctx.logger.warn({ err }, 'newsroom: change not announced'));
}

/** After an archive commits: the release leaves the newsroom. */
export async function announceWithdrawn(ctx: AppContext, releaseId: string): Promise<void> {
  const ref = await repo.sentRef(ctx.db, releaseId);
  newsroomChanged(ctx, ref?.newsroom_slug ?? null, ref?.organisation_id ?? null);
}

/**
 * The embargo has lifted: the release is public now. Open newsroom pages refresh their
 * lists and the journalists' inboxes drop the banner, live. Early (the clock of this process
 * behind the database's), it fails and the queue runs it again a little later.
 */
export async function liftEmbargo(ctx: AppContext, releaseId: string, now = ctx.clock.now()): Promise<boolean> {
  const ref = await repo.sentRef(ctx.db, releaseId);
  if (!ref?.embargo_until) return false;
  if (isEmbargoed(ref.embargo_until, new Date(now.getTime() + 1_000))) throw new Error('embargo not over yet');
  if (ref.status === 'sent') newsroomChanged(ctx, ref.newsroom_slug, ref.organisation_id);
  for (const userId of await repo.recipientsOf(ctx.db, releaseId)) {
    ctx.realtime.broadcast(rooms.user(userId), 'inbox:changed', { deliveryId: null, reason: 'embargo' });
  }
  reportChanged(ctx.realtime, { organisationId: ref.organisation_id }, { releaseId, kind: 'embargo' });
  ctx.logger.info({ releaseId }, 'newsroom: embargo lifted');
  return true;
}

export function registerEmbargoJob(ctx: AppContext): void {
  ctx.jobs.register(EMBARGO_JOB, async (job) => {
    await liftEmbargo(ctx, String(job.payload.releaseId));
  });
}
