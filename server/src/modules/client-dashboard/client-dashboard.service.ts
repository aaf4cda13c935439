import type { ClientDashboard, DashboardStat } from '../../../../shared/schemas/dashboard';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { requireActive } from '../organisations/access';
import * as repo from './client-dashboard.repo';

const DAY = 24 * 60 * 60 * 1000;
export const PERIOD_DAYS = 30;

/** Percentage with one decimal; 0 when there is nothing to divide by. */
export function rate(part: number, whole: number): number {
  if (!whole) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

function statOf(value: number, current: number, previous: number): DashboardStat {
  return { value, current, previous, change: Math.round((current - previous) * 10) / 10 };
}

/**
 * Definitions (all over the sent releases of the organisation the client works in now):
 *  open rate  = unique openers (reporting.opened_by) / delivered e-mails (deliveries.state = 'sent') × 100
 *  CTR        = unique clickers (reporting_events kind 'click', per release and recipient) / unique openers × 100
 *  click rate = unique clickers / delivered × 100
 *  engagement = delivered recipients who clicked or bookmarked the release / delivered × 100
 *  downloads  = attachment downloads by recipients (reporting_events kind 'download')
 * "Change" compares the last 30 days with the 30 days before them (by sent_at, or created_at for counts).
 */
export async function clientDashboard(ctx: AppContext, actor: Actor, now = new Date()): Promise<ClientDashboard> {
  const { db } = ctx;
  // The organisation's dashboard: all its releases and tasks, whoever wrote them.
  const { organisationId: id } = await requireActive(db, actor, 'read');
  const currentFrom = new Date(now.getTime() - PERIOD_DAYS * DAY);
  const previousFrom = new Date(now.getTime() - 2 * PERIOD_DAYS * DAY);
  const all: repo.Window = { from: null, to: null };
  const cur: repo.Window = { from: currentFrom, to: null };
  const prev: repo.Window = { from: previousFrom, to: currentFrom };

  const total = await repo.releasesCreated(db, id, all);
  const createdCur = await repo.releasesCreated(db, id, cur);
  const createdPrev = await repo.releasesCreated(db, id, prev);
  const eAll = await repo.engagement(db, id, all);
  const eCur = await repo.engagement(db, id, cur);
  const ePrev = await repo.engagement(db, id, prev);

  const [dlAll, dlCur, dlPrev] = [await repo.downloads(db, id, all), await repo.downloads(db, id, cur), await repo.downloads(db, id, prev)];

  const recent = await repo.recentReleases(db, id, 5);
  const scheduled = await repo.scheduledReleases(db, id, 5);
  const tasks = await repo.dueTasks(db, id, 5);

  return {
    stats: {
      totalReleases: statOf(total, createdCur, createdPrev),
      openRate: statOf(rate(eAll.openers, eAll.deliveries), rate(eCur.openers, eCur.deliveries), rate(ePrev.openers, ePrev.deliveries)),
      ctr: statOf(rate(eAll.clickers, eAll.openers), rate(eCur.clickers, eCur.openers), rate(ePrev.clickers, ePrev.openers)),
      // Downloads of attachments by recipients (signed recipient links record them).
      downloads: { ...statOf(dlAll, dlCur, dlPrev), tracked: true },
    },
    quick: {
      openRate: rate(eAll.openers, eAll.deliveries),
      clickRate: rate(eAll.clickers, eAll.deliveries),
      engagement: rate(eAll.engaged, eAll.deliveries),
      deliveries: eAll.deliveries,
      openers: eAll.openers,
      clickers: eAll.clickers,
      sentReleases: eAll.sentReleases,
    },
    recent: recent.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      status: r.status,
      created_at: new Date(r.created_at).toISOString(),
      scheduled_at: r.scheduled_at ? new Date(r.scheduled_at).toISOString() : null,
      sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
    })),
    upcoming: {
      scheduled: scheduled.map((s) => ({ ...s, scheduled_at: new Date(s.scheduled_at).toISOString() })),
      tasks: tasks.map((t) => ({ ...t, overdue: Boolean(t.overdue) })),
    },
  };
}
