import { AUDIT_PAGE_SIZE, auditLogsQuery, type AuditLog } from '../../../../shared/schemas/admin';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { valid, validate } from '../../http/validate';
import { countAudit, listAudit, type AuditRow } from './audit.repo';

function present(r: AuditRow): AuditLog {
  const metadata = typeof r.metadata === 'string' ? (JSON.parse(r.metadata) as Record<string, unknown>) : r.metadata;
  return {
    id: Number(r.id),
    actor_user_id: r.actor_user_id,
    actor_email: r.actor_email,
    actor_role: r.actor_role,
    actor_name: r.actor_name ?? null,
    entity_label: r.entity_label ?? null,
    subject_name: r.subject_name ?? null,
    action_type: r.action_type as AuditLog['action_type'],
    entity_type: r.entity_type,
    entity_id: r.entity_id,
    metadata: metadata ?? {},
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** The audit log, superadmin only and read-only (there are no update or delete routes). */
export function auditRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/admin/audit-logs', ['superadmin'], validate('query', auditLogsQuery), async (_req, res) => {
    const query = valid(res, 'query', auditLogsQuery);
    const items = await listAudit(ctx.db, query, query.page, AUDIT_PAGE_SIZE);
    const total = await countAudit(ctx.db, query);
    res.json({ items: items.map(present), total, page: query.page, pageSize: AUDIT_PAGE_SIZE });
  });
}
