import type { Knex } from 'knex';
import { auditActions, setAuditActions } from './lib/helpers';

const ACTION = 'approval.send_refused';

/** A send or schedule refused by the approval rule is audited, so the approval trail records every step. */
export async function up(knex: Knex): Promise<void> {
  await setAuditActions(knex, [...(await auditActions(knex)), ACTION]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').where('action_type', ACTION).delete();
  await setAuditActions(knex, (await auditActions(knex)).filter((a) => a !== ACTION));
}
