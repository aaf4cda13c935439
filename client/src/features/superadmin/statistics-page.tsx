import { useState } from 'react';
import { LineChart, usePreloadCharts } from '@client/components/charts';
import { Eye, MousePointerClick, Send, UserPlus } from 'lucide-react';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { DateField } from '@client/components/ui/date-field';
import { Label } from '@client/components/ui/label';
import { PageSpinner } from '@client/components/ui/spinner';
import { dayjs } from '@client/lib/dates';
import { numberFormat } from '@client/features/admin/charts';
import { StatCard } from '@client/features/admin/components';
import { ERR } from '@client/features/admin/strings';
import { useErrorToast } from '@client/features/admin/use-error-toast';
import { useAdminStatistics } from '@client/features/admin/queries';

const PRESETS = [7, 30, 90] as const;
const today = () => dayjs().format('YYYY-MM-DD');
const daysAgo = (n: number) => dayjs().subtract(n - 1, 'day').format('YYYY-MM-DD');

export function StatisticsPage() {
  usePreloadCharts();
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(today());
  const valid = from && to && from <= to && to <= today();
  const q = useAdminStatistics(from, to, Boolean(valid));
  useErrorToast(q.error, ERR.overview);
  const s = q.data;
  const data = (s?.days ?? []).map((d) => ({
    day: dayjs(d.date).format('DD/MM'),
    Εγγραφές: d.signups,
    Αποστολές: d.sends,
    Ανοίγματα: d.opens,
    Κλικ: d.clicks,
  }));

  return (
    <>
      <PageHeader description="Εγγραφές, αποστολές, ανοίγματα και κλικ ανά ημέρα σε όλη την πλατφόρμα." />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="space-y-1.5">
          <Label htmlFor="stats-from">Από</Label>
          <DateField id="stats-from" value={from} max={to} onChange={setFrom} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="stats-to">Έως</Label>
          <DateField id="stats-to" value={to} min={from} max={today()} onChange={setTo} />
        </div>
        <div className="flex gap-2">
          {PRESETS.map((n) => (
            <Button
              key={n}
              variant={from === daysAgo(n) && to === today() ? 'default' : 'outline'}
              size="sm"
              onClick={() => {
                setFrom(daysAgo(n));
                setTo(today());
              }}
            >
              {n} ημέρες
            </Button>
          ))}
        </div>
      </div>
      {!valid ? (
        <p className="text-sm text-red-700">Η ημερομηνία «Έως» δεν μπορεί να είναι πριν από την «Από» ή στο μέλλον.</p>
      ) : q.isPending ? (
        <PageSpinner />
      ) : !s ? (
        <p className="text-sm text-muted-foreground">{ERR.overview}</p>
      ) : (
        <div className="space-y-6">
          <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Σύνολα">
            <StatCard label="Εγγραφές" value={numberFormat(s.totals.signups)} icon={<UserPlus />} />
            <StatCard label="Αποστολές" hint="e-mail δελτίων που στάλθηκαν" value={numberFormat(s.totals.sends)} icon={<Send />} />
            <StatCard label="Ανοίγματα" value={numberFormat(s.totals.opens)} icon={<Eye />} />
            <StatCard label="Κλικ" value={numberFormat(s.totals.clicks)} icon={<MousePointerClick />} />
          </section>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Ανά ημέρα</CardTitle>
            </CardHeader>
            <CardContent>
              <LineChart
                className="h-80"
                data={data}
                index="day"
                categories={['Εγγραφές', 'Αποστολές', 'Ανοίγματα', 'Κλικ']}
                colors={['blue', 'emerald', 'amber', 'rose']}
                valueFormatter={numberFormat}
                allowDecimals={false}
                noDataText="Δεν υπάρχουν δεδομένα"
              />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
