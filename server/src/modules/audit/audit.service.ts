import type { Knex } from 'knex';
import { AUDIT_ACTIONS, type AuditAction } from '../../../../shared/constants';
import type { Actor } from '../../http/authenticate';
import type { Logger } from '../../logger';

export interface AuditEntry {
  action: AuditAction;
  entityType: string;
  entityId: string | number | null;
  metadata?: Record<string, unknown>;
}

/** Who did it; `null` for the system (scheduled jobs). */
export type AuditActor = Pick<Actor, 'userId' | 'email' | 'role'> | null;

/** The audit_logs row of an entry (its column values, metadata as JSON text). */
export function auditRow(actor: AuditActor, entry: AuditEntry) {
  return {
    actor_user_id: actor?.userId ?? null,
    actor_email: actor?.email ?? null,
    actor_role: actor?.role ?? (actor ? 'unknown' : 'system'),
    action_type: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    metadata: JSON.stringify(entry.metadata ?? {}),
  };
}

const AUDIT_ACTION_SET: ReadonlySet<string> = new Set(AUDIT_ACTIONS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** In JSON text: a NUL or a surrogate written as an escape, which jsonb may refuse (a lone one). */
const JSONB_DOUBTFUL = /\\u(0000|d[89a-f])/i;

/**
 * Whether Postgres certainly accepts the row: a known action (the column's check), the actor's
 * id a UUID, no NUL in the text columns, and metadata whose JSON holds no escape that jsonb
 * might refuse. Anything else is left to the savepoint, which catches what the database refuses.
 */
function certainlyAccepted(row: ReturnType<typeof auditRow>): boolean {
  if (!AUDIT_ACTION_SET.has(row.action_type)) return false;
  if (row.actor_user_id !== null && !UUID.test(row.actor_user_id)) return false;
  for (const text of [row.actor_email, row.actor_role, row.entity_type, row.entity_id]) if (text?.includes('\0')) return false;
  return !JSONB_DOUBTFUL.test(row.metadata);
}

/**
 * Writes an audit row inside the caller's transaction, so it commits with the change. An audit
 * failure never breaks the action (the spec): a row the database certainly accepts is inserted
 * with one statement; any other runs under a savepoint (two more round trips), and if its insert
 * fails, the failure is logged and the action itself still goes through.
 * (A caller whose row the database cannot refuse may insert auditRow with its own statement.)
 */
export async function writeAudit(
  trx: Knex.Transaction,
  logger: Logger,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  let row: ReturnType<typeof auditRow>;
  try {
    row = auditRow(actor, entry);
  } catch (err) {
    logger.error({ err, action: entry.action, entityId: entry.entityId }, 'audit write failed');
    return;
  }
  if (certainlyAccepted(row)) {
    await trx('audit_logs').insert(row);
    return;
  }
  try {
    await trx.transaction(async (sp) => {
      await sp('audit_logs').insert(row);
    });
  } catch (err) {
    logger.error({ err, action: entry.action, entityId: entry.entityId }, 'audit write failed');
  }
}
