import { AreaChart, BarChart, DonutChart, Legend, usePreloadCharts } from '@client/components/charts';
import { Clock, FileText, Newspaper, UserPlus } from 'lucide-react';
import { CATEGORY_LABELS } from '@shared/constants';
import { PageHeader } from '@client/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { dayjs } from '@client/lib/dates';
import { numberFormat, PIE_PALETTE } from '@client/features/admin/charts';
import { StatCard } from '@client/features/admin/components';
import { HealthCard } from '@client/features/admin/health-card';
import { ERR, ROLE_LABELS } from '@client/features/admin/strings';
import { useErrorToast } from '@client/features/admin/use-error-toast';
import { useAdminOverview } from '@client/features/admin/queries';


export function OverviewPage() {
  usePreloadCharts();
  const q = useAdminOverview();
  useErrorToast(q.error, ERR.overview);
  const o = q.data;

  const signups = (o?.signups ?? []).map((d) => ({
    day: dayjs(d.date).format('dd DD/MM'),
    Πελάτες: d.client,
    Media: d.media,
  }));
  const roles = (o?.roles ?? []).map((r) => ({ name: ROLE_LABELS[r.role], value: r.count }));
  const categories = (o?.releasesByCategory ?? []).map((c) => ({ category: CATEGORY_LABELS[c.category], 'Δελτία τύπου': c.count }));

  return (
    <>
      <PageHeader description="Μετρητές του συστήματος, κατάσταση υγείας, νέες εγγραφές των τελευταίων 7 ημερών και κατανομή ρόλων και κατηγοριών." />
      {q.isPending ? (
        <PageSpinner />
      ) : q.isError || !o ? (
        <p className="text-sm text-muted-foreground">{ERR.overview}</p>
      ) : (
        <div className="space-y-6">
          <section aria-label="Μετρητές" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Νέοι πελάτες" hint="τελευταίες 30 ημέρες" value={<span data-testid="counter-clients">{numberFormat(o.counters.newClients)}</span>} icon={<UserPlus />} />
            <StatCard label="Νέα media" hint="τελευταίες 30 ημέρες" value={<span data-testid="counter-media">{numberFormat(o.counters.newMedia)}</span>} icon={<Newspaper />} />
            <StatCard label="Δελτία τύπου" hint="τελευταίες 30 ημέρες" value={<span data-testid="counter-releases">{numberFormat(o.counters.releases)}</span>} icon={<FileText />} />
            <StatCard label="Εκκρεμείς εγκρίσεις" hint="χρήστες σε αναμονή" value={<span data-testid="counter-pending">{numberFormat(o.counters.pending)}</span>} icon={<Clock />} />
          </section>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle className="text-base">Νέες εγγραφές ανά ημέρα (τελευταίες 7 ημέρες)</CardTitle>
              </CardHeader>
              <CardContent>
                <AreaChart
                  className="h-64"
                  data={signups}
                  index="day"
                  categories={['Πελάτες', 'Media']}
                  colors={['blue', 'emerald']}
                  valueFormatter={numberFormat}
                  allowDecimals={false}
                  noDataText="Δεν υπάρχουν δεδομένα"
                />
                <p className="sr-only" data-testid="signups-today">
                  {(o.signups.at(-1)?.client ?? 0) + (o.signups.at(-1)?.media ?? 0)}
                </p>
              </CardContent>
            </Card>
            <HealthCard />
          </div>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Κατανομή ρόλων</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col items-center gap-4">
                <DonutChart
                  className="h-48"
                  data={roles}
                  category="value"
                  index="name"
                  colors={[...PIE_PALETTE]}
                  valueFormatter={numberFormat}
                  noDataText="Δεν υπάρχουν δεδομένα"
                />
                <Legend categories={roles.map((r) => `${r.name} (${numberFormat(r.value)})`)} colors={[...PIE_PALETTE]} />
              </CardContent>
            </Card>
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle className="text-base">Δελτία τύπου ανά κατηγορία</CardTitle>
              </CardHeader>
              <CardContent>
                <BarChart
                  className="h-64"
                  data={categories}
                  index="category"
                  categories={['Δελτία τύπου']}
                  colors={['blue']}
                  valueFormatter={numberFormat}
                  allowDecimals={false}
                  noDataText="Δεν υπάρχουν δεδομένα"
                />
              </CardContent>
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
