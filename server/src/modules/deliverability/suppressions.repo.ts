import type { Knex } from 'knex';
import type { MailPurpose, SuppressionReason, SuppressionSource } from '../../../../shared/constants';

/**
 * The suppression list, in one place. A send leaves out an address suppressed globally
 * (organisation_id null) or by the sending organisation; the mailer checks once more right
 * before the wire (a suppression added after the fan-out). Account mail (password reset,
 * confirmation) is held back only by an address that cannot take mail at all.
 */
export const UNDELIVERABLE_REASONS: readonly SuppressionReason[] = ['hard_bounce', 'soft_bounce_limit'];

export interface SuppressionRow {
  id: string;
  email_lc: string;
  organisation_id: string | null;
  reason: SuppressionReason;
  source: SuppressionSource;
  detail: string | null;
  bounce_event_id: number | null;
  created_by: string | null;
  created_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * SQL: whether the address in `emailSql` is suppressed for a send of organisation `?` (its one
 * bind). For the recipient queries (deliveries, counts, the send confirmation).
 */
export function suppressedSql(emailSql: string): string {
  return `exists (select 1 from suppressions x where x.email_lc = lower(${emailSql}) and x.removed_at is null
      and (x.organisation_id is null or x.organisation_id = ?))`;
}

/** SQL: the reason of that suppression (global first), or null; one bind, the organisation. */
export function suppressionReasonSql(emailSql: string): string {
  return `(select x.reason from suppressions x where x.email_lc = lower(${emailSql}) and x.removed_at is null
      and (x.organisation_id is null or x.organisation_id = ?) order by x.organisation_id nulls first, x.created_at limit 1)`;
}

/** The suppression that stops this e-mail now, or undefined. */
export async function activeSuppression(
  q: Knex | Knex.Transaction,
  email: string,
  organisationId: string | null,
  purpose: MailPurpose,
): Promise<SuppressionRow | undefined> {
  const query = q<SuppressionRow>('suppressions').where('email_lc', normaliseEmail(email)).whereNull('removed_at');
  if (purpose === 'account') void query.whereNull('organisation_id').whereIn('reason', UNDELIVERABLE_REASONS);
  else
    void query.where((w) => {
      void w.whereNull('organisation_id');
      if (organisationId) void w.orWhere('organisation_id', organisationId);
    });
  return query.orderByRaw('organisation_id nulls first').first();
}

export interface NewSuppression {
  email: string;
  organisationId: string | null;
  reason: SuppressionReason;
  source: SuppressionSource;
  detail?: string | null;
  bounceEventId?: number | null;
  createdBy?: string | null;
}

/** Adds a suppression unless the address is already suppressed at that level; returns the active row and whether it is new. */
export async function addSuppression(q: Knex | Knex.Transaction, s: NewSuppression): Promise<{ row: SuppressionRow; created: boolean }> {
  const email = normaliseEmail(s.email);
  const inserted = (await q.raw(
    `insert into suppressions (email_lc, organisation_id, reason, source, detail, bounce_event_id, created_by)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (email_lc, coalesce(organisation_id::text, '')) where removed_at is null do nothing
     returning *`,
    [email, s.organisationId, s.reason, s.source, s.detail?.slice(0, 2000) ?? null, s.bounceEventId ?? null, s.createdBy ?? null],
  )) as { rows: SuppressionRow[] };
  if (inserted.rows[0]) return { row: inserted.rows[0], created: true };
  const existing = (await q<SuppressionRow>('suppressions')
    .where('email_lc', email)
    .whereNull('removed_at')
    .where((w) => (s.organisationId ? void w.where('organisation_id', s.organisationId) : void w.whereNull('organisation_id')))
    .first())!;
  return { row: existing, created: false };
}

/** Lifts a suppression (kept as the trail); false when it was not active at that level. */
export async function removeSuppression(
  q: Knex | Knex.Transaction,
  id: string,
  organisationId: string | null,
  by: string | null,
  now: Date,
): Promise<SuppressionRow | undefined> {
  const [row] = (await q('suppressions')
    .where('id', id)
    .whereNull('removed_at')
    .where((w) => (organisationId ? void w.where('organisation_id', organisationId) : void w.whereNull('organisation_id')))
    .update({ removed_at: now, removed_by: by })
    .returning('*')) as SuppressionRow[];
  return row;
}

export interface SuppressionQuery {
  organisationId: string | null;
  search?: string;
  reason?: SuppressionReason;
  limit: number;
  offset: number;
}

/** The active suppressions of one level (global, or an organisation's), newest first. */
export async function listSuppressions(q: Knex, o: SuppressionQuery): Promise<{ rows: SuppressionRow[]; total: number }> {
  const base = q<SuppressionRow>('suppressions')
    .whereNull('removed_at')
    .where((w) => (o.organisationId ? void w.where('organisation_id', o.organisationId) : void w.whereNull('organisation_id')));
  if (o.search) void base.where('email_lc', 'like', `%${o.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (o.reason) void base.where('reason', o.reason);
  const [{ n }] = (await base.clone().count<{ n: string }[]>({ n: '*' })) as { n: string }[] as [{ n: string }];
  const rows = await base.orderBy('created_at', 'desc').orderBy('id').limit(o.limit).offset(o.offset);
  return { rows, total: Number(n) };
}

/** Every active suppression of one level, newest first (the CSV export). */
export async function allSuppressions(q: Knex, organisationId: string | null): Promise<SuppressionRow[]> {
  return q<SuppressionRow>('suppressions')
    .whereNull('removed_at')
    .where((w) => (organisationId ? void w.where('organisation_id', organisationId) : void w.whereNull('organisation_id')))
    .orderBy('created_at', 'desc')
    .orderBy('id');
}

/** The active complaint suppressions of one address (any organisation's, or the platform's), with the organisation's name. */
export async function complaintsOf(q: Knex, email: string): Promise<(SuppressionRow & { organisation_name: string | null })[]> {
  return (await q('suppressions as s')
    .leftJoin('organisations as o', 'o.id', 's.organisation_id')
    .where('s.email_lc', normaliseEmail(email))
    .where('s.reason', 'complaint')
    .whereNull('s.removed_at')
    .orderBy('s.created_at', 'desc')
    .select('s.*', 'o.name as organisation_name')) as (SuppressionRow & { organisation_name: string | null })[];
}

/** Lifts one active complaint suppression of this address (the journalist's own); the row, or undefined. */
export async function liftComplaint(q: Knex | Knex.Transaction, id: string, email: string, by: string, now: Date): Promise<SuppressionRow | undefined> {
  const [row] = (await q('suppressions')
    .where({ id, email_lc: normaliseEmail(email), reason: 'complaint' })
    .whereNull('removed_at')
    .update({ removed_at: now, removed_by: by })
    .returning('*')) as SuppressionRow[];
  return row;
}
