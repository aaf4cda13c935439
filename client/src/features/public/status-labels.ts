import type { BadgeProps } from '@client/components/ui/badge';
import { SYSTEM_STATE_LABELS, type StatusComponent, type SystemState } from '@shared/constants';
import type { Incident, StatusResponse } from '@shared/schemas/public-site';

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

/**
 * What the page knows: the status, still loading it (a page rendered without it), or that
 * it could not be read (GET /api/status failed, or the live connection dropped and the
 * status could not be read again). Only a status read from the server shows a state: the
 * page never claims "all operational" without one.
 */
export type StatusView = { kind: 'ok'; status: StatusResponse } | { kind: 'loading' } | { kind: 'unavailable' };

export const STATUS_UNAVAILABLE = 'Η κατάσταση του συστήματος δεν είναι διαθέσιμη αυτή τη στιγμή';
export const UNAVAILABLE_TEXT = 'Δεν ήταν δυνατή η ανάγνωση της κατάστασης. Η σελίδα θα ενημερωθεί μόλις αποκατασταθεί η σύνδεση.';
export const LOADING_TEXT = 'Φόρτωση της κατάστασης του συστήματος…';
export const UNKNOWN_STATE = 'Άγνωστη';

export function viewOf(status: StatusResponse | null | undefined): StatusView {
  if (status === undefined) return { kind: 'loading' };
  return status === null ? { kind: 'unavailable' } : { kind: 'ok', status };
}
