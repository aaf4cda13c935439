import type { Knex } from 'knex';
import type { AuditAction } from '../../../../shared/constants';
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

/**
 * Writes an audit row inside the caller's transaction, so it commits with the change.
 * It runs under a savepoint: if the audit insert fails, the failure is logged and the
 * action itself still goes through (the spec: an audit failure never breaks the action).
 * (A caller whose row the database cannot refuse may insert auditRow with its own statement.)
 */
export async function writeAudit(
  trx: Knex.Transaction,
  logger: Logger,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  try {
    await trx.transaction(async (sp) => {
      await sp('audit_logs').insert(auditRow(actor, entry));
    });
  } catch (err) {
    logger.error({ err, action: entry.action, entityId: entry.entityId }, 'audit write failed');
  }
}
