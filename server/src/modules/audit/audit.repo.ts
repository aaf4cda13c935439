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
  /** The actor's name now (null: the system, or an account since erased). */
  actor_name: string | null;
  /** What the entry is about, by its current name: a user's name, a release's title, … */
  entity_label: string | null;
  /** The member an organisation entry names in its metadata (userId), by name. */
  subject_name: string | null;
}

/** entity_id as a uuid when it is one (other entries hold a category or a number there). */
const UUID_OF = (col: string) => `(case when ${col} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (${col})::uuid end)`;
const PERSON = (uuid: string) => `(select coalesce(nullif(trim(p.name), ''), p.email) from profiles p where p.user_id = ${uuid})`;

/**
 * The names an entry speaks of, read at display time (one indexed lookup each, for a page of
 * 20): the log keeps ids, so a renamed release or user reads under its current name.
 */
const LABELS = `
  ${PERSON('audit_logs.actor_user_id')} as actor_name,
  case audit_logs.entity_type
    when 'user' then ${PERSON(UUID_OF('audit_logs.entity_id'))}
    when 'profile' then ${PERSON(UUID_OF('audit_logs.entity_id'))}
    when 'press_release' then (select r.title from press_releases r where r.id = ${UUID_OF('audit_logs.entity_id')})
    when 'organisation' then (select o.name from organisations o where o.id = ${UUID_OF('audit_logs.entity_id')})
    when 'workspace' then (select o.name from organisations o where o.id = ${UUID_OF('audit_logs.entity_id')})
    when 'task' then (select t.title from tasks t where t.id = ${UUID_OF('audit_logs.entity_id')})
    when 'sending_domain' then (select d.domain from sending_domains d where d.id = ${UUID_OF('audit_logs.entity_id')})
  end as entity_label,
  ${PERSON(UUID_OF("audit_logs.metadata->>'userId'"))} as subject_name`;

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
    .select('audit_logs.*', q.raw(LABELS))
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
