import { csvLine } from '../../http/csv';
import { ORGANISATION_ROLE_LABELS } from '../../../../shared/organisation-roles';
import { planStateOf } from '../../../../shared/plans';
import type { AdminUser } from '../../../../shared/schemas/admin';
import type { AdminUserRow } from './admin-users.repo';
import { planInForce } from './admin-users.policy';

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
    plan_code: row.plan_code ?? null,
    // The plan chosen stays shown; its state only while it is in force (none for a pending or rejected account).
    plan_state: planInForce(row) ? planStateOf(row) : null,
    trial_started_at: iso(row.trial_started_at),
    trial_ends_at: iso(row.trial_ends_at),
    plan_activated_at: iso(row.plan_activated_at),
    organisation_id: row.organisation_id ?? null,
    organisations: (row.organisations ?? []).map((o) => ({
      id: o.id,
      name: o.name,
      role: o.role as AdminUser['organisations'][number]['role'],
      status: o.status as AdminUser['organisations'][number]['status'],
    })),
  };
}

/** "Aigaio Technologies (Ιδιοκτήτης); Agency (Συντάκτης)": a user's organisations for the CSV. */
const organisationsText = (u: AdminUser) => u.organisations.map((o) => `${o.name} (${ORGANISATION_ROLE_LABELS[o.role]})`).join('; ');

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

const CSV_HEADER = [
  'user_id',
  'name',
  'email',
  'role',
  'organization',
  'organisations',
  'status',
  'is_active',
  'created_at',
  'plan_code',
  'plan_state',
  'trial_started_at',
  'trial_ends_at',
  'plan_activated_at',
];

export function usersCsv(rows: AdminUserRow[]): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const r of rows) {
    const u = presentUser(r);
    lines.push(
      csvLine([
        u.user_id,
        u.name,
        u.email,
        u.role,
        u.organization,
        organisationsText(u),
        u.status,
        u.is_active,
        u.created_at,
        u.plan_code,
        u.plan_state,
        u.trial_started_at,
        u.trial_ends_at,
        u.plan_activated_at,
      ]),
    );
  }
  // BOM so that spreadsheet programs read the Greek text as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
