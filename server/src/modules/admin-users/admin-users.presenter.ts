import { csvLine } from '../../http/csv';
import type { AdminUser } from '../../../../shared/schemas/admin';
import type { AdminUserRow } from './admin-users.repo';

export function presentUser(row: AdminUserRow): AdminUser {
  return {
    user_id: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    organization: row.organization,
    status: row.status,
    is_active: row.is_active,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const CSV_HEADER = ['user_id', 'name', 'email', 'role', 'organization', 'status', 'is_active', 'created_at'];

export function usersCsv(rows: AdminUserRow[]): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const r of rows) {
    const u = presentUser(r);
    lines.push(csvLine([u.user_id, u.name, u.email, u.role, u.organization, u.status, u.is_active, u.created_at]));
  }
  // BOM so that spreadsheet programs read the Greek text as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
