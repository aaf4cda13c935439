import type { Knex } from 'knex';
import { CATEGORY_LABELS, PRODUCT_NAME, type Category, type DigestKind } from '../../../../shared/constants';
import { embargoBanner, isEmbargoed } from '../../../../shared/embargo';
import type { DigestPreview, DigestRunResult } from '../../../../shared/schemas/digests';
import type { AppContext } from '../../context';
import { athensDay, nextAt } from '../../jobs/calendar';
import type { JobRow } from '../../jobs/queue';
import { escapeHtml, layout, type RenderedMail } from '../../mail/templates';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import { siteUrl } from './distribution.service';
import { count } from '../../../../shared/plural';

export type { DigestKind };
const DIGEST_HOUR = 7; // Athens
const PERIOD_DAYS: Record<DigestKind, number> = { daily: 1, weekly: 7 };
const jobKind = (k: DigestKind) => `newsletter.${k}` as const;
/** Runs of one kind never overlap (scheduled, manual, on any process): a pair of advisory lock keys. */
const LOCK_KEYS: Record<DigestKind, [number, number]> = { daily: [2021, 1], weekly: [2021, 7] };
/** The preview lists at most this many recipients (the counts cover them all). */
const PREVIEW_RECIPIENTS = 200;

export interface DigestItem {
  release_id: string;
  title: string;
  category: Category | null;
  company: string;
  sent_at: Date;
  /** The embargo the release was sent under, if any. */
  embargo_until: Date | null;
  /** Arrived past the journalist's daily limit (no e-mail of its own). */
  held: boolean;
}

interface DigestRow extends Omit<DigestItem, 'held'> {
  user_id: string;
  email: string;
  name: string | null;
  digest_frequency: string;
  held_delivery_id: string | number | null;
}

export interface DigestRecipient {
  userId: string;
  email: string;
  name: string | null;
  frequency: string;
  items: DigestItem[];
  /** The held deliveries this digest lists (marked digested when it is sent). */
  heldDeliveryIds: number[];
}

export interface DigestPlan {
  kind: DigestKind;
  until: Date;
  recipients: DigestRecipient[];
  releases: number;
}

const dateFmt = new Intl.DateTimeFormat('el-GR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Athens' });

function intro(items: Pick<DigestItem, 'held'>[]): string[] {
  const held = items.filter((i) => i.held).length;
  const regular = items.length - held;
  const lines: string[] = [];
  if (regular) lines.push(`${count(regular, 'νέο δελτίο', 'νέα δελτία')} στις κατηγορίες που παρακολουθείτε.`);
  if (held === 1) lines.push('Ένα δελτίο τύπου ήρθε αφού είχατε φτάσει το ημερήσιο όριο που ορίσατε· δεν σας στάλθηκε χωριστά και το βρίσκετε εδώ.');
  if (held > 1) lines.push(`${held} δελτία τύπου ήρθαν αφού είχατε φτάσει το ημερήσιο όριο που ορίσατε· δεν σας στάλθηκαν χωριστά και τα βρίσκετε εδώ.`);
  return lines;
}

export function digestMail(
  kind: DigestKind,
  items: (Omit<DigestItem, 'held' | 'embargo_until'> & { held?: boolean; embargo_until?: Date | null })[],
  base: string,
  now = new Date(),
): RenderedMail {
  const heading = kind === 'daily' ? 'Τα δελτία τύπου της ημέρας' : 'Τα δελτία τύπου της εβδομάδας';
  // A release still under embargo says so (its banner's words), so the digest never invites publishing it early.
  const meta = (i: (typeof items)[number]) =>
    `${i.company}${i.category ? ` · ${CATEGORY_LABELS[i.category]}` : ''} · ${dateFmt.format(new Date(i.sent_at))}${
      isEmbargoed(i.embargo_until ?? null, now) ? ` · ${embargoBanner(i.embargo_until!)}` : ''
    }${i.held ? ' · πέρα από το ημερήσιο όριο' : ''}`;
  const list = items
    .map((i) => `<li style="margin:0 0 10px"><a href="${escapeHtml(`${base}/media/press-releases/${i.release_id}`)}">${escapeHtml(i.title)}</a><br><span style="color:#64748b;font-size:13px">${escapeHtml(meta(i))}</span></li>`)
    .join('');
  const paragraphs = intro(items.map((i) => ({ held: Boolean(i.held) })));
  const html = layout(heading, paragraphs, { label: 'Όλα τα δελτία', url: `${base}/media/press-releases` }, `<ul style="padding-left:20px;margin:0 0 16px">${list}</ul>`);
  const text = [
    heading,
    '',
    ...paragraphs,
    '',
    ...items.map((i) => `- ${i.title} — ${meta(i)}\n  ${base}/media/press-releases/${i.release_id}`),
    '',
    `Αλλάξτε τη συχνότητα: ${base}/media/newsletter`,
    PRODUCT_NAME,
  ].join('\n');
  return { subject: `${heading} · ${PRODUCT_NAME}`, html, text };
}

/** Unsubscribed from everything, or blocked the organisation that sent the release (since it arrived). */
const notUnsubscribed = (q: Knex.QueryBuilder) => {
  void q
    .select(1)
    .from('unsubscribes as u')
    .whereRaw("u.user_id = p.user_id and (u.scope = 'all' or (u.scope = 'sender' and u.sender_organisation_id = r.organisation_id))");
};

/**
 * What one run would send, read in `q` (the run's transaction, or the database for a preview):
 *  - each approved, active journalist who chose this frequency: what reached their inbox,
 *    in the categories they follow, since their last digest of this kind (at most one
 *    period back) and before `until`; a digest run early (by a superadmin) moves that
 *    mark, so the next scheduled run does not list the same releases again;
 *  - the daily run also lists, for every journalist whatever their frequency, the releases
 *    held back by their own daily limit and not yet listed by a digest;
 *  - never a release of an organisation the journalist has blocked meanwhile.
 */
export async function planDigest(q: Knex | Knex.Transaction, kind: DigestKind, until: Date): Promise<DigestPlan> {
  const since = new Date(until.getTime() - PERIOD_DAYS[kind] * 24 * 3600_000);
  const columns = [
    'p.user_id',
    'p.email',
    'p.name',
    'p.digest_frequency',
    'r.press_release_id as release_id',
    'r.title',
    'r.category',
    'r.sent_at',
    'r.sender_name as company',
    'r.embargo_until',
  ];
  const base = () =>
    q('deliveries as d')
      .join('profiles as p', 'p.user_id', 'd.recipient_user_id')
      // What was sent, as it was sent (the frozen version), named by its organisation as it was then.
      .join('release_sent_versions as r', 'r.press_release_id', 'd.press_release_id')
      .where({ 'p.role': 'media', 'p.status': 'approved', 'p.is_active': true })
      .whereNotExists(notUnsubscribed);
  const regular = (await base()
    .where('p.digest_frequency', kind)
    .whereRaw('r.sent_at >= greatest(?::timestamptz, coalesce(p.last_digest_at, ?::timestamptz))', [since, since])
    .where('r.sent_at', '<', until)
    .whereRaw('(cardinality(p.categories) = 0 or r.category = any(p.categories))')
    .select(...columns, q.raw('null as held_delivery_id'))) as DigestRow[];
  const held =
    kind === 'daily'
      ? ((await base()
          .whereNotNull('d.held_at')
          .whereNull('d.digested_at')
          .where('d.held_at', '<', until)
          .select(...columns, 'd.id as held_delivery_id')) as DigestRow[])
      : [];

  const byUser = new Map<string, DigestRecipient>();
  for (const row of [...held, ...regular]) {
    let r = byUser.get(row.user_id);
    if (!r) {
      r = { userId: row.user_id, email: row.email, name: row.name, frequency: row.digest_frequency, items: [], heldDeliveryIds: [] };
      byUser.set(row.user_id, r);
    }
    if (row.held_delivery_id !== null) r.heldDeliveryIds.push(Number(row.held_delivery_id));
    // A held release within the regular window is listed once, as held.
    if (r.items.some((i) => i.release_id === row.release_id)) continue;
    r.items.push({
      release_id: row.release_id,
      title: row.title,
      category: row.category,
      company: row.company,
      sent_at: row.sent_at,
      embargo_until: row.embargo_until,
      held: row.held_delivery_id !== null,
    });
  }
  const recipients = [...byUser.values()].sort((a, b) => a.email.localeCompare(b.email));
  for (const r of recipients) r.items.sort((a, b) => new Date(b.sent_at).getTime() - new Date(a.sent_at).getTime());
  const releases = new Set(recipients.flatMap((r) => r.items.map((i) => i.release_id))).size;
  return { kind, until, recipients, releases };
}

/**
 * One digest run, scheduled (07:00 Athens) or started by a superadmin: one e-mail per
 * recipient of the plan, the marks that keep the next run from listing the same releases,
 * and `newsletter.<kind>.run` in the audit log, in one transaction. Runs of a kind wait for
 * each other, so running again (or twice at once) sends nothing twice.
 */
export async function runDigest(ctx: AppContext, kind: DigestKind, until: Date, actor: AuditActor = null): Promise<DigestRunResult> {
  const base = siteUrl(ctx);
  const result = await ctx.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', LOCK_KEYS[kind]);
    const plan = await planDigest(trx, kind, until);
    const mails = plan.recipients.map((r) => ({ to: r.email, kind: 'newsletter' as const, purpose: 'digest' as const, ...digestMail(kind, r.items, base, until) }));
    await ctx.mailer.enqueueMany(mails, trx);
    const ofKind = plan.recipients.filter((r) => r.frequency === kind).map((r) => r.userId);
    if (ofKind.length) {
      await trx('profiles')
        .whereIn('user_id', ofKind)
        .update({ last_digest_at: trx.raw('greatest(coalesce(last_digest_at, ?::timestamptz), ?::timestamptz)', [until, until]) });
    }
    const heldIds = plan.recipients.flatMap((r) => r.heldDeliveryIds);
    if (heldIds.length) await trx('deliveries').whereIn('id', heldIds).update({ digested_at: trx.fn.now() });
    await writeAudit(trx, ctx.logger, actor, {
      action: kind === 'daily' ? 'newsletter.daily.run' : 'newsletter.weekly.run',
      entityType: 'newsletter',
      entityId: athensDay(until),
      metadata: { recipients: plan.recipients.length, releases: plan.releases, held: heldIds.length, until: until.toISOString(), manual: actor !== null },
    });
    return { recipients: plan.recipients.length, releases: plan.releases };
  });
  ctx.mailer.kick();
  return result;
}

/** When the scheduled run of a kind comes next: 07:00 Athens (on Monday for the weekly). */
export function nextDigestRun(kind: DigestKind, now: Date): Date {
  return nextAt(now, DIGEST_HOUR, kind === 'weekly' ? 1 : undefined);
}

/**
 * What a run now would send (nothing is written): the recipients with their counts, the
 * e-mail of one of them (`recipientId`, else the first) exactly as it would be rendered,
 * the last run and the next scheduled one.
 */
export async function previewDigest(ctx: AppContext, kind: DigestKind, now: Date, recipientId?: string): Promise<DigestPreview> {
  const plan = await planDigest(ctx.db, kind, now);
  const last = (await ctx.db('audit_logs')
    .where('action_type', kind === 'daily' ? 'newsletter.daily.run' : 'newsletter.weekly.run')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('created_at', 'actor_email', 'metadata')) as
    | { created_at: Date; actor_email: string | null; metadata: { recipients?: number; releases?: number } | null }
    | undefined;
  const chosen = plan.recipients.find((r) => r.userId === recipientId) ?? plan.recipients[0];
  return {
    kind,
    generatedAt: now.toISOString(),
    nextRunAt: nextDigestRun(kind, now).toISOString(),
    lastRun: last
      ? {
          at: new Date(last.created_at).toISOString(),
          by: last.actor_email,
          recipients: Number(last.metadata?.recipients ?? 0),
          releases: Number(last.metadata?.releases ?? 0),
        }
      : null,
    totals: {
      recipients: plan.recipients.length,
      releases: plan.releases,
      held: plan.recipients.reduce((n, r) => n + r.items.filter((i) => i.held).length, 0),
    },
    recipients: plan.recipients.slice(0, PREVIEW_RECIPIENTS).map((r) => ({
      userId: r.userId,
      email: r.email,
      name: r.name,
      frequency: r.frequency as DigestPreview['recipients'][number]['frequency'],
      releases: r.items.length,
      held: r.items.filter((i) => i.held).length,
    })),
    sample: chosen ? { userId: chosen.userId, to: chosen.email, ...digestMail(kind, chosen.items, siteUrl(ctx), now) } : null,
  };
}

/** Queues the next daily and weekly runs after `now` (once per day key, whichever process gets there first). */
async function ensureNextRuns(ctx: AppContext, now: Date): Promise<void> {
  for (const kind of ['daily', 'weekly'] as const) {
    const runAt = nextDigestRun(kind, now);
    await ctx.jobs.schedule(jobKind(kind), { until: runAt.toISOString() }, { runAt, dedupeKey: `${jobKind(kind)}:${athensDay(runAt)}`, onConflict: 'ignore' });
  }
}

export function registerDigestJobs(ctx: AppContext): void {
  for (const kind of ['daily', 'weekly'] as const) {
    ctx.jobs.register(jobKind(kind), async (job: JobRow) => {
      await runDigest(ctx, kind, new Date(String(job.payload.until)));
    });
  }
  // Looked at every ten minutes by the context's clock (a test that moves it past 07:00 gets the next day's run queued).
  let last: number | undefined;
  ctx.jobs.onTick(async () => {
    const now = ctx.clock.now();
    if (last !== undefined && Math.abs(now.getTime() - last) < 10 * 60_000) return;
    last = now.getTime();
    await ensureNextRuns(ctx, now);
  });
}
