import { CATEGORY_LABELS, PRODUCT_NAME, type Category } from '../../../../shared/constants';
import { embargoBanner, isEmbargoed } from '../../../../shared/embargo';
import type { AppContext } from '../../context';
import { athensDay, nextAt } from '../../jobs/calendar';
import type { JobRow } from '../../jobs/queue';
import { escapeHtml, layout, type RenderedMail } from '../../mail/templates';
import { writeAudit } from '../audit/audit.service';
import { siteUrl } from './distribution.service';

export type DigestKind = 'daily' | 'weekly';
const DIGEST_HOUR = 7; // Athens
const PERIOD_DAYS: Record<DigestKind, number> = { daily: 1, weekly: 7 };
const jobKind = (k: DigestKind) => `newsletter.${k}` as const;

interface DigestItem {
  user_id: string;
  email: string;
  release_id: string;
  title: string;
  category: Category | null;
  company: string;
  sent_at: Date;
  embargo_until: Date | null;
}

const dateFmt = new Intl.DateTimeFormat('el-GR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Athens' });

export function digestMail(
  kind: DigestKind,
  items: (Pick<DigestItem, 'release_id' | 'title' | 'category' | 'company' | 'sent_at'> & { embargo_until?: Date | null })[],
  base: string,
  now = new Date(),
): RenderedMail {
  const heading = kind === 'daily' ? 'Τα δελτία τύπου της ημέρας' : 'Τα δελτία τύπου της εβδομάδας';
  // A release still under embargo says so (its banner's words), so the digest never invites publishing it early.
  const line = (i: (typeof items)[number]) =>
    `${i.title} — ${i.company}${i.category ? ` · ${CATEGORY_LABELS[i.category]}` : ''} · ${dateFmt.format(new Date(i.sent_at))}${
      isEmbargoed(i.embargo_until, now) ? ` · ${embargoBanner(i.embargo_until!)}` : ''
    }`;
  const list = items
    .map((i) => `<li style="margin:0 0 10px"><a href="${escapeHtml(`${base}/media/press-releases/${i.release_id}`)}">${escapeHtml(i.title)}</a><br><span style="color:#64748b;font-size:13px">${escapeHtml(line(i).slice(i.title.length + 3))}</span></li>`)
    .join('');
  const intro = `${items.length} ${items.length === 1 ? 'νέο δελτίο' : 'νέα δελτία'} στις κατηγορίες που παρακολουθείτε.`;
  const html = layout(heading, [intro], { label: 'Όλα τα δελτία', url: `${base}/media/press-releases` }, `<ul style="padding-left:20px;margin:0 0 16px">${list}</ul>`);
  const text = [heading, '', intro, '', ...items.map((i) => `- ${line(i)}\n  ${base}/media/press-releases/${i.release_id}`), '', `Αλλάξτε τη συχνότητα: ${base}/media/newsletter`, PRODUCT_NAME].join('\n');
  return { subject: `${heading} · ${PRODUCT_NAME}`, html, text };
}

/**
 * One digest run: each approved, active journalist who chose this frequency gets one
 * e-mail listing what reached their inbox in the period, in the categories they follow
 * (nothing new, no e-mail). The run writes `newsletter.<kind>.run` to the audit log.
 */
export async function runDigest(ctx: AppContext, kind: DigestKind, until: Date): Promise<{ recipients: number; releases: number }> {
  const since = new Date(until.getTime() - PERIOD_DAYS[kind] * 24 * 3600_000);
  const rows = (await ctx.db('deliveries as d')
    .join('profiles as p', 'p.user_id', 'd.recipient_user_id')
    // What was sent, as it was sent (the frozen version), from its sender as they were then.
    .join('release_sent_versions as r', 'r.press_release_id', 'd.press_release_id')
    .where({ 'p.role': 'media', 'p.status': 'approved', 'p.is_active': true, 'p.digest_frequency': kind })
    .where('r.sent_at', '>=', since)
    .where('r.sent_at', '<', until)
    .whereRaw('(cardinality(p.categories) = 0 or r.category = any(p.categories))')
    .whereNotExists((q) => {
      void q.select(1).from('unsubscribes as u').whereRaw("u.user_id = p.user_id and u.scope = 'all'");
    })
    .orderBy([{ column: 'p.user_id' }, { column: 'r.sent_at', order: 'desc' }])
    .select(
      'p.user_id',
      'p.email',
      'r.press_release_id as release_id',
      'r.title',
      'r.category',
      'r.sent_at',
      'r.sender_name as company',
      'r.embargo_until',
    )) as DigestItem[];
  const byUser = new Map<string, DigestItem[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const base = siteUrl(ctx);
  await ctx.db.transaction(async (trx) => {
    const mails = [...byUser.values()].map((items) => ({ to: items[0]!.email, kind: 'newsletter' as const, ...digestMail(kind, items, base, until) }));
    await ctx.mailer.enqueueMany(mails, trx);
    if (byUser.size) await trx('profiles').whereIn('user_id', [...byUser.keys()]).update({ last_digest_at: until });
    await writeAudit(trx, ctx.logger, null, {
      action: kind === 'daily' ? 'newsletter.daily.run' : 'newsletter.weekly.run',
      entityType: 'newsletter',
      entityId: athensDay(until),
      metadata: { recipients: byUser.size, releases: new Set(rows.map((r) => r.release_id)).size, since: since.toISOString(), until: until.toISOString() },
    });
  });
  ctx.mailer.kick();
  return { recipients: byUser.size, releases: new Set(rows.map((r) => r.release_id)).size };
}

/** Queues the next daily and weekly runs (once per day key, whichever process gets there first). */
async function ensureNextRuns(ctx: AppContext): Promise<void> {
  const now = new Date();
  for (const kind of ['daily', 'weekly'] as const) {
    const runAt = nextAt(now, DIGEST_HOUR, kind === 'weekly' ? 1 : undefined);
    await ctx.jobs.schedule(jobKind(kind), { until: runAt.toISOString() }, { runAt, dedupeKey: `${jobKind(kind)}:${athensDay(runAt)}`, onConflict: 'ignore' });
  }
}

export function registerDigestJobs(ctx: AppContext): void {
  for (const kind of ['daily', 'weekly'] as const) {
    ctx.jobs.register(jobKind(kind), async (job: JobRow) => {
      await runDigest(ctx, kind, new Date(String(job.payload.until)));
    });
  }
  let last = 0;
  ctx.jobs.onTick(async () => {
    if (Date.now() - last < 10 * 60_000) return;
    last = Date.now();
    await ensureNextRuns(ctx);
  });
}
