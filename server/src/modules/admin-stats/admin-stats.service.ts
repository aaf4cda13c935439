import { CATEGORIES, HEALTH_THRESHOLDS, MAIL_RATE_THRESHOLDS, ROLES } from '../../../../shared/constants';
import {
  healthBadge,
  healthLevel,
  rateLevel,
  type AdminHealth,
  type AdminOverview,
  type AdminStatistics,
} from '../../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import { pingDb } from '../../db/knex';
import * as repo from './admin-stats.repo';

/** The days from `from` to `to` inclusive, as YYYY-MM-DD. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function shiftDay(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);
}

export async function overview(ctx: AppContext): Promise<AdminOverview> {
  const { db } = ctx;
  const recent = await repo.countProfilesSince(db, 30);
  const releases = await repo.countReleasesSince(db, 30);
  const pending = await repo.countPending(db);
  const to = await repo.today(db);
  const from = shiftDay(to, -6);
  const signupRows = await repo.perDay(db, 'profiles', 'created_at', from, to, undefined, 'role');
  const roles = await repo.roleCounts(db);
  const cats = await repo.releasesByCategory(db);
  const get = (role: string) => recent.find((r) => r.role === role)?.n ?? 0;
  return {
    counters: { newClients: Number(get('client')), newMedia: Number(get('media')), releases, pending },
    signups: daysBetween(from, to).map((date) => ({
      date,
      client: Number(signupRows.find((r) => r.d === date && r.g === 'client')?.n ?? 0),
      media: Number(signupRows.find((r) => r.d === date && r.g === 'media')?.n ?? 0),
    })),
    roles: ROLES.map((role) => ({ role, count: Number(roles.find((r) => r.role === role)?.n ?? 0) })),
    releasesByCategory: CATEGORIES.map((category) => ({
      category,
      count: Number(cats.find((c) => c.category === category)?.n ?? 0),
    })),
  };
}

/** Real measurements for the health card; a failed measurement is unknown, never an error. */
export async function health(ctx: AppContext): Promise<AdminHealth> {
  let latency: number | null = null;
  try {
    latency = Math.round((await pingDb(ctx.db)) * 10) / 10;
  } catch (err) {
    ctx.logger.warn({ err }, 'health: database ping failed');
  }
  let queues: { email: number; newsletter: number } | null = null;
  try {
    queues = await ctx.mailer.queueSizes();
  } catch (err) {
    ctx.logger.warn({ err }, 'health: queue sizes failed');
  }
  const db = { value: latency, level: healthLevel(latency, HEALTH_THRESHOLDS.dbLatencyMs) };
  const email = queues?.email ?? null;
  const newsletter = queues?.newsletter ?? null;
  const emailQueue = { value: email, level: healthLevel(email, HEALTH_THRESHOLDS.emailQueue) };
  const newsletterQueue = { value: newsletter, level: healthLevel(newsletter, HEALTH_THRESHOLDS.newsletterQueue) };
  let mail: repo.MailOutcomes | null = null;
  try {
    mail = await repo.mailOutcomesSince(ctx.db, new Date(ctx.clock.now().getTime() - MAIL_RATE_THRESHOLDS.windowDays * 86_400_000));
  } catch (err) {
    ctx.logger.warn({ err }, 'health: mail outcomes failed');
  }
  // The level is judged on the exact rate (0.1001 % is over 0.1 %); the figure shown is rounded.
  const exact = (n: number | undefined) => (mail && mail.attempted > 0 && n !== undefined ? (n / mail.attempted) * 100 : null);
  const shown = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  const attempted = mail ? mail.attempted : null;
  const bounces = exact(mail?.bounced);
  const complaints = exact(mail?.complaints);
  const bounceRate = { value: shown(bounces), level: rateLevel(bounces, MAIL_RATE_THRESHOLDS.bounceRate, attempted) };
  const complaintRate = { value: shown(complaints), level: rateLevel(complaints, MAIL_RATE_THRESHOLDS.complaintRate, attempted) };
  return {
    db,
    emailQueue,
    newsletterQueue,
    bounceRate,
    complaintRate,
    mail,
    badge: healthBadge([db.level, emailQueue.level, newsletterQueue.level, bounceRate.level, complaintRate.level]),
    checkedAt: new Date().toISOString(),
  };
}

/** Sign-ups, sends, opens and clicks per day across the platform. */
export async function statistics(ctx: AppContext, from: string, to: string): Promise<AdminStatistics> {
  const { db } = ctx;
  const signups = await repo.perDay(db, 'profiles', 'created_at', from, to);
  const sends = await repo.perDay(db, 'deliveries', 'sent_at', from, to);
  const events = await repo.perDay(db, 'reporting_events', 'created_at', from, to, undefined, 'kind');
  const n = (rows: { d: string; g?: string; n: number }[], d: string, g?: string) =>
    Number(rows.find((r) => r.d === d && (g === undefined || r.g === g))?.n ?? 0);
  const days = daysBetween(from, to).map((date) => ({
    date,
    signups: n(signups, date),
    sends: n(sends, date),
    opens: n(events, date, 'open'),
    clicks: n(events, date, 'click'),
  }));
  const sum = (k: 'signups' | 'sends' | 'opens' | 'clicks') => days.reduce((a, d) => a + d[k], 0);
  return { from, to, days, totals: { signups: sum('signups'), sends: sum('sends'), opens: sum('opens'), clicks: sum('clicks') } };
}
