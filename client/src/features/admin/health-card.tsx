import { Activity } from 'lucide-react';
import { MAIL_RATE_THRESHOLDS } from '@shared/constants';
import { type HealthBadge, type HealthLevel } from '@shared/schemas/admin';
import { useAdminHealth } from './queries';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { formatDateTime } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { count } from '@shared/plural';

const BADGE: Record<HealthBadge, { label: string; variant: 'success' | 'warning' | 'destructive' | 'secondary' }> = {
  healthy: { label: 'Υγιές', variant: 'success' },
  warning: { label: 'Προειδοποίηση', variant: 'warning' },
  error: { label: 'Σφάλμα', variant: 'destructive' },
  unknown: { label: 'Άγνωστο', variant: 'secondary' },
};
const BADGE_TEXT: Record<HealthBadge, string> = {
  healthy: 'Όλα λειτουργούν κανονικά',
  warning: 'Κάποια μέτρηση πλησιάζει το όριο',
  error: 'Κάποια μέτρηση ξεπέρασε το όριο',
  unknown: 'Κάποια μέτρηση δεν ήταν δυνατή',
};
const DOT: Record<HealthLevel, string> = {
  green: 'bg-green-500',
  yellow: 'bg-amber-400',
  red: 'bg-red-500',
  unknown: 'bg-slate-300',
};
const TEXT: Record<HealthLevel, string> = {
  green: 'text-green-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
  unknown: 'text-muted-foreground',
};

const pct = (n: number) => n.toLocaleString('el-GR', { maximumFractionDigits: 2 });

function Row({
  label,
  value,
  level,
  unit,
  title,
  testId,
}: {
  label: string;
  value: number | null;
  level: HealthLevel;
  unit?: string;
  title?: string;
  testId?: string;
}) {
  return (
    <li className="flex items-center justify-between gap-3 py-2" title={title} data-testid={testId}>
      <span className="flex items-center gap-2 text-sm">
        <span className={cn('h-2.5 w-2.5 rounded-full', DOT[level])} aria-hidden />
        {label}
      </span>
      <span className={cn('text-sm font-semibold tabular-nums', TEXT[level])} data-level={level}>
        {value === null ? '—' : `${unit === ' %' ? pct(value) : value}${unit ?? ''}`}
      </span>
    </li>
  );
}

/** Real measurements, refreshed every 15 s: database round trip, e-mail and newsletter queues, bounce and complaint rates over 7 days. */
export function HealthCard() {
  const q = useAdminHealth();
  const h = q.data;
  const badge = h?.badge ?? (q.isError ? 'unknown' : undefined);
  return (
    <Card data-testid="health-card">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Activity className="h-4 w-4 text-primary" aria-hidden />
          Υγεία συστήματος
        </CardTitle>
        {badge ? (
          <Badge variant={BADGE[badge].variant} title={BADGE_TEXT[badge]} data-testid="health-badge">
            {BADGE[badge].label}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : (
          <>
            <ul className="divide-y">
              <Row label="Καθυστέρηση βάσης δεδομένων" value={h?.db.value ?? null} level={h?.db.level ?? 'unknown'} unit=" ms" />
              <Row label="Ουρά e-mail" value={h?.emailQueue.value ?? null} level={h?.emailQueue.level ?? 'unknown'} />
              <Row label="Ουρά newsletter" value={h?.newsletterQueue.value ?? null} level={h?.newsletterQueue.level ?? 'unknown'} />
              <Row
                label="Επιστροφές e-mail (7 ημέρες)"
                value={h?.bounceRate.value ?? null}
                level={h?.bounceRate.level ?? 'unknown'}
                unit=" %"
                title={`Προειδοποίηση πάνω από ${pct(MAIL_RATE_THRESHOLDS.bounceRate.warn)} %`}
                testId="health-bounce-rate"
              />
              <Row
                label="Καταγγελίες ως ανεπιθύμητα (7 ημέρες)"
                value={h?.complaintRate.value ?? null}
                level={h?.complaintRate.level ?? 'unknown'}
                unit=" %"
                title={`Προειδοποίηση πάνω από ${pct(MAIL_RATE_THRESHOLDS.complaintRate.warn)} %`}
                testId="health-complaint-rate"
              />
            </ul>
            {h?.mail ? (
              <p className="mt-1 text-xs text-muted-foreground" data-testid="health-mail-counts">
                {`${h.mail.attempted.toLocaleString('el-GR')} e-mail · ${count(h.mail.bounced, 'επιστροφή', 'επιστροφές')} · ${count(h.mail.complaints, 'καταγγελία', 'καταγγελίες')}`}
              </p>
            ) : null}
            <p className="mt-2 text-xs text-muted-foreground">
              {badge ? BADGE_TEXT[badge] : ''}
              {h ? ` · ${formatDateTime(h.checkedAt)}` : ''}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
