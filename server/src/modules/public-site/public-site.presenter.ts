import { STATUS_COMPONENTS } from '../../../../shared/constants';
import type {
  ComponentsMap,
  DemoRequest,
  Incident,
  IncidentUpdate,
  Lead,
  Plan,
  PlanFeatureValue,
} from '../../../../shared/schemas/public-site';
import type { DemoRequestRow, IncidentRow, LeadRow, PlanRow, StatusRow } from './public-site.repo';

const iso = (d: Date | string) => new Date(d).toISOString();
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Cents in the database, euros on the wire. */
export const euros = (cents: number | null) => (cents === null ? null : cents / 100);

export function presentPlan(row: PlanRow): Plan {
  const raw = json<Record<string, unknown>>(row.features as Record<string, unknown> | string) ?? {};
  const features: Record<string, PlanFeatureValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'boolean') features[key] = value;
    else if (Array.isArray(value)) features[key] = value.map(String);
    else if (typeof value === 'number') features[key] = String(value);
  }
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    monthly_price: euros(row.monthly_price),
    yearly_price: euros(row.yearly_price),
    features,
  };
}

export function presentLead(row: LeadRow): Lead {
  return { ...row, created_at: iso(row.created_at) };
}

export function presentDemoRequest(row: DemoRequestRow): DemoRequest {
  return { ...row, created_at: iso(row.created_at) };
}

export function presentIncident(row: IncidentRow): Incident {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    impact: row.impact,
    started_at: iso(row.started_at),
    resolved_at: row.resolved_at ? iso(row.resolved_at) : null,
    updates: json<IncidentUpdate[]>(row.updates) ?? [],
  };
}

/** Every component, operational unless the row says otherwise. */
export function presentComponents(row: StatusRow | undefined): ComponentsMap {
  const stored = row ? json<Partial<ComponentsMap>>(row.components) : {};
  return Object.fromEntries(
    STATUS_COMPONENTS.map((c) => [c, stored?.[c] ?? 'operational']),
  ) as ComponentsMap;
}
