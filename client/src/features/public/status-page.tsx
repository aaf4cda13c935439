import { lazy, Suspense, useEffect, useState } from 'react';
import { AlertTriangle, CheckCircle2, HelpCircle, Loader2, XCircle } from 'lucide-react';
import { STATUS_COMPONENTS, type SystemState } from '@shared/constants';
import type { Incident } from '@shared/schemas/public-site';
import { PublicPage } from '@client/components/public-page';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { athensDateTime, athensLongDate } from '@client/lib/athens-time';
import { cn } from '@client/lib/utils';
import { usePageData } from './page-data';
import {
  COMPONENT_LABELS,
  LOADING_TEXT,
  STATUS_UNAVAILABLE,
  UNAVAILABLE_TEXT,
  UNKNOWN_STATE,
  viewOf,
  type StatusView,
  INCIDENT_IMPACT_LABELS,
  INCIDENT_STATUS_LABELS,
  STATE_BADGE,
  SYSTEM_STATE_LABELS,
  impactVariant,
  incidentStatusVariant,
} from './status-labels';

const OVERALL_TEXT: Record<SystemState, string> = {
  operational: 'Όλα τα συστήματα λειτουργούν κανονικά',
  degraded: 'Ορισμένες υπηρεσίες λειτουργούν με καθυστερήσεις',
  outage: 'Υπάρχει διακοπή λειτουργίας',
};

function StateIcon({ state, className }: { state: SystemState; className?: string }) {
  const Icon =
    state === 'operational' ? CheckCircle2 : state === 'degraded' ? AlertTriangle : XCircle;
  const color =
    state === 'operational'
      ? 'text-green-700'
      : state === 'degraded'
        ? 'text-amber-700'
        : 'text-red-700';
  return <Icon className={cn(color, className)} aria-hidden />;
}

const percent = new Intl.NumberFormat('el-GR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

function IncidentCard({ incident }: { incident: Incident }) {
  return (
    <li className="rounded-lg border p-5" data-testid="incident">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">{incident.title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            <time dateTime={incident.started_at}>{athensLongDate(incident.started_at)}</time>
            {incident.resolved_at ? (
              <>
                {' · επιλύθηκε '}
                <time dateTime={incident.resolved_at}>{athensDateTime(incident.resolved_at)}</time>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant={incidentStatusVariant(incident.status)}>
            {INCIDENT_STATUS_LABELS[incident.status]}
          </Badge>
          <Badge variant={impactVariant(incident.impact)}>
            {INCIDENT_IMPACT_LABELS[incident.impact]}
          </Badge>
        </div>
      </div>
      {incident.updates.length ? (
        <ol className="mt-4 space-y-3 border-l-2 border-slate-200 pl-4">
          {[...incident.updates].reverse().map((u, i) => (
            <li key={`${u.ts}-${i}`} className="text-sm">
              <time dateTime={u.ts} className="block text-xs font-medium text-muted-foreground">
                {athensDateTime(u.ts)}
              </time>
              <p className="mt-0.5">{u.message}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

const StatusFeed = lazy(() => import('./status-feed').then((m) => ({ default: m.StatusFeed })));

/**
 * The status comes with the page when the server rendered it (page-data.tsx), else the
 * defaults show until it loads. Once the page is live, status-feed.tsx (the query cache,
 * the schema, Socket.IO) loads it again and keeps it current: a change pushed by the
 * server shows without a reload.
 */
/** The overall banner: the state read from the server, or a plain "loading" / "unavailable". */
function OverallBanner({ view }: { view: StatusView }) {
  if (view.kind !== 'ok') {
    const loading = view.kind === 'loading';
    const Icon = loading ? Loader2 : HelpCircle;
    return (
      <div
        className="flex items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 p-5"
        data-testid="overall"
        data-state={view.kind}
        role={loading ? undefined : 'alert'}
      >
        <Icon className={cn('h-7 w-7 shrink-0 text-slate-600', loading && 'animate-spin')} aria-hidden />
        <div>
          <h2 className="text-lg font-semibold">{loading ? LOADING_TEXT : STATUS_UNAVAILABLE}</h2>
          {loading ? null : <p className="text-sm text-slate-700">{UNAVAILABLE_TEXT}</p>}
        </div>
      </div>
    );
  }
  const { status } = view;
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-lg border p-5',
        status.overall === 'operational' && 'border-green-200 bg-green-50',
        status.overall === 'degraded' && 'border-amber-200 bg-amber-50',
        status.overall === 'outage' && 'border-red-200 bg-red-50',
      )}
      data-testid="overall"
      data-state={status.overall}
    >
      <StateIcon state={status.overall} className="h-7 w-7 shrink-0" />
      <div>
        <h2 className="text-lg font-semibold">{OVERALL_TEXT[status.overall]}</h2>
        <p className="text-sm text-slate-700">
          Συνολική κατάσταση: {SYSTEM_STATE_LABELS[status.overall]}
          {status.updated_at ? ` · τελευταία ενημέρωση ${athensDateTime(status.updated_at)}` : ''}
        </p>
      </div>
    </div>
  );
}

/**
 * The status comes with the page when the server rendered it (page-data.tsx: the status, or
 * null when the server could not read it); a page rendered without it shows "loading" until
 * it loads. Once the page is live, status-feed.tsx (the query cache, the schema, Socket.IO)
 * loads it again and keeps it current: a change pushed by the server shows without a
 * reload, and a failed read shows the "unavailable" state.
 */
export function StatusPage() {
  const seed = usePageData().status;
  const [view, setView] = useState<StatusView>(() => viewOf(seed));
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const status = view.kind === 'ok' ? view.status : null;

  return (
    <PublicPage
      lead="Η τρέχουσα κατάσταση της πλατφόρμας και των υπηρεσιών της, οι χρόνοι διαθεσιμότητας και τα συμβάντα των τελευταίων 90 ημερών."
      description="Κατάσταση συστήματος Deltio: λειτουργία API, εφαρμογής, βάσης δεδομένων, email και newsletters, διαθεσιμότητα και συμβάντα των τελευταίων 90 ημερών."
    >
      {live ? (
        <Suspense fallback={null}>
          <StatusFeed onChange={setView} />
        </Suspense>
      ) : null}
      <OverallBanner view={view} />

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Υπηρεσίες</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y" aria-label="Υπηρεσίες">
              {STATUS_COMPONENTS.map((c) => {
                const state = status?.components[c];
                return (
                  <li
                    key={c}
                    className="flex items-center justify-between gap-3 py-3"
                    data-testid={`component-${c}`}
                    data-state={state ?? view.kind}
                  >
                    <span className="flex items-center gap-2 font-medium">
                      {state ? <StateIcon state={state} className="h-4 w-4" /> : <HelpCircle className="h-4 w-4 text-slate-500" aria-hidden />}
                      {COMPONENT_LABELS[c]}
                    </span>
                    {state ? (
                      <Badge variant={STATE_BADGE[state]}>{SYSTEM_STATE_LABELS[state]}</Badge>
                    ) : (
                      <Badge variant="outline">{view.kind === 'loading' ? '…' : UNKNOWN_STATE}</Badge>
                    )}
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Διαθεσιμότητα</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 text-center">
              <div className="flex flex-col-reverse rounded-md bg-slate-50 p-4">
                <dt className="mt-1 text-xs text-muted-foreground">τελευταίες 30 ημέρες</dt>
                <dd className={cn('text-2xl font-bold', status ? 'text-green-700' : 'text-slate-500')} data-testid="uptime-30">
                  {status ? `${percent.format(status.uptime.days30)}%` : '—'}
                </dd>
              </div>
              <div className="flex flex-col-reverse rounded-md bg-slate-50 p-4">
                <dt className="mt-1 text-xs text-muted-foreground">τελευταίες 90 ημέρες</dt>
                <dd className={cn('text-2xl font-bold', status ? 'text-green-700' : 'text-slate-500')} data-testid="uptime-90">
                  {status ? `${percent.format(status.uptime.days90)}%` : '—'}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>

      <section className="mt-10" aria-labelledby="incidents-heading">
        <h2 id="incidents-heading" className="text-xl font-semibold">
          Συμβάντα των τελευταίων 90 ημερών
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Οι ώρες είναι ώρες Ελλάδας.</p>
        {!status ? (
          <p className="mt-4 rounded-lg border border-dashed p-6 text-center text-muted-foreground" data-testid="incidents-unknown">
            {view.kind === 'loading' ? LOADING_TEXT : 'Τα συμβάντα δεν είναι διαθέσιμα αυτή τη στιγμή.'}
          </p>
        ) : status.incidents.length ? (
          <ul className="mt-4 space-y-4">
            {status.incidents.map((i) => (
              <IncidentCard key={i.id} incident={i} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-lg border border-dashed p-6 text-center text-muted-foreground">
            Δεν έχουν αναφερθεί συμβάντα τις τελευταίες 90 ημέρες
          </p>
        )}
      </section>
    </PublicPage>
  );
}
