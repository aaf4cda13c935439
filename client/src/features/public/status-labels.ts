import type { BadgeProps } from '@client/components/ui/badge';
import { SYSTEM_STATE_LABELS, type StatusComponent, type SystemState } from '@shared/constants';
import type { Incident } from '@shared/schemas/public-site';

export { SYSTEM_STATE_LABELS };

export const COMPONENT_LABELS: Record<StatusComponent, string> = {
  api: 'API',
  app: 'Εφαρμογή',
  database: 'Βάση δεδομένων',
  emails: 'Αποστολή email',
  newsletters: 'Newsletters',
};

export const STATE_BADGE: Record<SystemState, NonNullable<BadgeProps['variant']>> = {
  operational: 'success',
  degraded: 'warning',
  outage: 'destructive',
};

export const INCIDENT_STATUS_LABELS: Record<Incident['status'], string> = {
  investigating: 'Διερεύνηση',
  identified: 'Εντοπίστηκε η αιτία',
  monitoring: 'Παρακολούθηση',
  resolved: 'Επιλύθηκε',
};

export const INCIDENT_IMPACT_LABELS: Record<Incident['impact'], string> = {
  none: 'Χωρίς επίπτωση',
  minor: 'Μικρή επίπτωση',
  major: 'Σημαντική επίπτωση',
  critical: 'Κρίσιμη επίπτωση',
};

/** Only a resolved incident shows as a positive badge. */
export function incidentStatusVariant(
  status: Incident['status'],
): NonNullable<BadgeProps['variant']> {
  return status === 'resolved' ? 'success' : 'warning';
}

export function impactVariant(impact: Incident['impact']): NonNullable<BadgeProps['variant']> {
  if (impact === 'critical' || impact === 'major') return 'destructive';
  if (impact === 'minor') return 'warning';
  return 'secondary';
}
