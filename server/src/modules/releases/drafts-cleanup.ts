import { releaseDocName } from '../../collab/persistence';
import type { AppContext } from '../../context';
import { athensDay } from '../../jobs/calendar';
import { deleteUntouchedDrafts } from './releases.lifecycle';

const JOB = 'releases.drafts_cleanup';

/**
 * Opening "new release" creates a draft at once (the live editor needs a row). A draft
 * nobody wrote in (no title, no text, no file, never edited) is removed when its last
 * editor leaves it, and housekeeping deletes any left over after a day, whatever its
 * category. Until then no list, count, report or export shows it.
 */
export async function deleteEmptyDrafts(ctx: AppContext, olderThanHours = 24): Promise<number> {
  return (await deleteUntouchedDrafts(ctx, { olderThanHours })).length;
}

export function registerDraftsCleanup(ctx: AppContext): void {
  ctx.jobs.register(JOB, async () => {
    const n = await deleteEmptyDrafts(ctx);
    if (n) ctx.logger.info({ deleted: n }, 'releases: empty drafts deleted');
  });
  // The last editor left a new release untouched: remove it now.
  ctx.collab.onUnloaded(async (releaseId) => {
    if (ctx.collab.loadedDocuments().includes(releaseDocName(releaseId))) return; // reopened meanwhile
    const ids = await deleteUntouchedDrafts(ctx, { id: releaseId });
    if (ids.length) ctx.logger.debug({ releaseId }, 'releases: untouched draft removed');
  });
  let last = 0;
  ctx.jobs.onTick(async () => {
    if (Date.now() - last < 10 * 60_000) return;
    last = Date.now();
    const hour = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000);
    await ctx.jobs.schedule(JOB, {}, { runAt: hour, dedupeKey: `${JOB}:${athensDay(hour)}T${hour.getUTCHours()}`, onConflict: 'ignore' });
  });
}
