import type { Knex } from 'knex';
import type { AuditLogsQuery } from '../../../../shared/schemas/admin';
import type { Db } from '../../db/knex';
import { whereFoldedContains } from '../../db/search';

type Q = Db | Knex.Transaction;
const TZ = 'Europe/Athens';

export interface AuditRow {
  id: number | string;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_role: string;
  action_type: string;
  entity_type: string | null;
  entity_id: string | null;
  metadata: Record<string, unknown> | string | null;
  created_at: Date | string;
}

type Filters = Omit<AuditLogsQuery, 'page'>;

function filtered(q: Q, f: Filters): Knex.QueryBuilder {
  let query = q('audit_logs');
  if (f.action !== 'all') query = query.where('action_type', f.action);
  if (f.actor) query = whereFoldedContains(query, ['actor_email'], f.actor);
  // Dates are whole days in the platform's time zone; the "to" day is included.
  if (f.from) query = query.where('created_at', '>=', q.raw(`(?::date)::timestamp at time zone '${TZ}'`, [f.from]));
  if (f.to) query = query.where('created_at', '<', q.raw(`((?::date) + 1)::timestamp at time zone '${TZ}'`, [f.to]));
  return query;
}

/** Read-only: the log is never updated or deleted through the API. */
export async function listAudit(q: Q, f: Filters, page: number, pageSize: number): Promise<AuditRow[]> {
  return (await filtered(q, f)
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as AuditRow[];
}

export async function countAudit(q: Q, f: Filters): Promise<number> {
  const row = (await filtered(q, f).first(q.raw('count(*)::int as n'))) as { n: number } | undefined;
  return Number(row?.n ?? 0);
}
