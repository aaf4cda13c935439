import type { Knex } from 'knex';
import type { ComponentsMap, IncidentUpdate } from '../../../../shared/schemas/public-site';

type Q = Knex | Knex.Transaction;

export interface PlanRow {
  id: string;
  code: 'starter' | 'pro' | 'enterprise';
  name: string;
  description: string | null;
  monthly_price: number | null;
  yearly_price: number | null;
  features: Record<string, unknown>;
}

export interface LeadRow {
  id: string;
  full_name: string;
  email: string;
  company: string | null;
  message: string | null;
  source: 'pricing' | 'contact';
  created_at: Date;
}

export interface DemoRequestRow {
  id: string;
  full_name: string;
  email: string;
  company: string;
  role: 'client' | 'media';
  preferred_date: string | null;
  preferred_time: 'morning' | 'afternoon' | 'evening' | null;
  notes: string | null;
  status: 'new' | 'contacted' | 'scheduled' | 'done' | 'cancelled';
  created_at: Date;
}

export interface StatusRow {
  id: string;
  overall: 'operational' | 'degraded' | 'outage';
  components: Partial<ComponentsMap> | string;
  updated_at: Date;
}

export interface IncidentRow {
  id: string;
  title: string;
  status: 'investigating' | 'identified' | 'monitoring' | 'resolved';
  impact: 'none' | 'minor' | 'major' | 'critical';
  started_at: Date;
  resolved_at: Date | null;
  updates: IncidentUpdate[] | string;
}

const INCIDENT_COLUMNS = [
  'id',
  'title',
  'status',
  'impact',
  'started_at',
  'resolved_at',
  'updates',
];

export function activePlans(db: Q): Promise<PlanRow[]> {
  return db('plans')
    .where('is_active', true)
    .orderByRaw('monthly_price asc nulls last, code asc')
    .select<PlanRow[]>(
      'id',
      'code',
      'name',
      'description',
      'monthly_price',
      'yearly_price',
      'features',
    );
}

export async function insertLead(
  trx: Q,
  lead: Pick<LeadRow, 'full_name' | 'email' | 'company' | 'message' | 'source'>,
): Promise<LeadRow> {
  const rows = (await trx('leads')
    .insert(lead)
    .returning([
      'id',
      'full_name',
      'email',
      'company',
      'message',
      'source',
      'created_at',
    ])) as LeadRow[];
  return rows[0]!;
}

export async function insertDemoRequest(
  trx: Q,
  req: Omit<DemoRequestRow, 'id' | 'status' | 'created_at'>,
): Promise<DemoRequestRow> {
  const [inserted] = (await trx('demo_requests')
    .insert({ ...req, status: 'new' })
    .returning('id')) as { id: string }[];
  // preferred_date as text: a `date` comes back as a local-midnight Date otherwise.
  return trx('demo_requests')
    .where('id', inserted!.id)
    .first<DemoRequestRow>(
      'id',
      'full_name',
      'email',
      'company',
      'role',
      trx.raw("to_char(preferred_date, 'YYYY-MM-DD') as preferred_date"),
      'preferred_time',
      'notes',
      'status',
      'created_at',
    );
}

export function latestStatus(db: Q): Promise<StatusRow | undefined> {
  return db('status_pages')
    .orderBy('updated_at', 'desc')
    .first<StatusRow | undefined>('id', 'overall', 'components', 'updated_at');
}

export async function insertStatus(
  trx: Q,
  overall: StatusRow['overall'],
  components: ComponentsMap,
): Promise<void> {
  await trx('status_pages').insert({
    overall,
    components: JSON.stringify(components),
    updated_at: trx.fn.now(),
  });
}

export function recentIncidents(db: Q, days: number): Promise<IncidentRow[]> {
  return db('incidents')
    .where('started_at', '>=', db.raw(`now() - make_interval(days => ?)`, [days]))
    .orderBy('started_at', 'desc')
    .select<IncidentRow[]>(INCIDENT_COLUMNS);
}

export function incidentById(
  trx: Q,
  id: string,
  forUpdate = false,
): Promise<IncidentRow | undefined> {
  const q = trx('incidents').where('id', id).first<IncidentRow | undefined>(INCIDENT_COLUMNS);
  return forUpdate ? q.forUpdate() : q;
}

export async function insertIncident(
  trx: Q,
  row: Pick<IncidentRow, 'title' | 'status' | 'impact'> & {
    updates: IncidentUpdate[];
    resolved_at: Date | null;
  },
): Promise<IncidentRow> {
  const rows = (await trx('incidents')
    .insert({ ...row, updates: JSON.stringify(row.updates) })
    .returning(INCIDENT_COLUMNS)) as IncidentRow[];
  return rows[0]!;
}

export async function updateIncident(
  trx: Q,
  id: string,
  patch: Partial<Pick<IncidentRow, 'status' | 'impact' | 'resolved_at'>> & {
    updates: IncidentUpdate[];
  },
): Promise<IncidentRow> {
  const rows = (await trx('incidents')
    .where('id', id)
    .update({ ...patch, updates: JSON.stringify(patch.updates) })
    .returning(INCIDENT_COLUMNS)) as IncidentRow[];
  return rows[0]!;
}

export async function upsertCookieConsent(
  trx: Q,
  userId: string,
  c: { version: string; functional: boolean; performance: boolean; marketing: boolean },
): Promise<{
  version: string;
  necessary: boolean;
  functional: boolean;
  performance: boolean;
  marketing: boolean;
  updated_at: Date;
}> {
  const rows = (await trx('cookie_consents')
    .insert({ user_id: userId, necessary: true, ...c })
    .onConflict('user_id')
    .merge(['version', 'necessary', 'functional', 'performance', 'marketing'])
    .returning([
      'version',
      'necessary',
      'functional',
      'performance',
      'marketing',
      'updated_at',
    ])) as {
    version: string;
    necessary: boolean;
    functional: boolean;
    performance: boolean;
    marketing: boolean;
    updated_at: Date;
  }[];
  return rows[0]!;
}

export async function readSetting(db: Q, key: string): Promise<unknown> {
  const row = await db('platform_settings')
    .where('key', key)
    .first<{ value: unknown } | undefined>('value');
  return row?.value;
}

export async function writeSetting(trx: Q, key: string, value: unknown): Promise<void> {
  await trx('platform_settings')
    .insert({ key, value: JSON.stringify(value) })
    .onConflict('key')
    .merge({ value: JSON.stringify(value), updated_at: trx.fn.now() });
}
