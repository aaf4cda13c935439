import type { AppContext } from '../../context';
import { deleteDocument, releaseDocName } from '../../collab/persistence';
import { athensDay } from '../../jobs/calendar';

const JOB = 'releases.drafts_cleanup';

/**
 * Opening "new release" creates a draft at once (the live editor needs a row). Drafts
 * left empty for a day — no title, no text, no category, no attachment — are deleted
 * with their live document.
 */
export async function deleteEmptyDrafts(ctx: AppContext, olderThanHours = 24): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    const rows = (await trx('press_releases as r')
      .where({ 'r.status': 'draft', 'r.title': '', 'r.content_text': '' })
      .whereNull('r.category')
      .where('r.created_at', '<', trx.raw(`now() - (? * interval '1 hour')`, [olderThanHours]))
      .where('r.updated_at', '<', trx.raw(`now() - (? * interval '1 hour')`, [olderThanHours]))
      .whereNotExists((q) => {
        void q.select(1).from('release_attachments as a').whereRaw('a.press_release_id = r.id');
      })
      .select('r.id')) as { id: string }[];
    for (const r of rows) await deleteDocument(trx, releaseDocName(r.id));
    if (rows.length) await trx('press_releases').whereIn('id', rows.map((r) => r.id)).delete();
    return rows.length;
  });
}

export function registerDraftsCleanup(ctx: AppContext): void {
  ctx.jobs.register(JOB, async () => {
    const n = await deleteEmptyDrafts(ctx);
    if (n) ctx.logger.info({ deleted: n }, 'releases: empty drafts deleted');
  });
  let last = 0;
  ctx.jobs.onTick(async () => {
    if (Date.now() - last < 10 * 60_000) return;
    last = Date.now();
    const hour = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000);
    await ctx.jobs.schedule(JOB, {}, { runAt: hour, dedupeKey: `${JOB}:${athensDay(hour)}T${hour.getUTCHours()}`, onConflict: 'ignore' });
  });
}
