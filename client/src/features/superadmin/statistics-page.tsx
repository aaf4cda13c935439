import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LineChart } from '@tremor/react';
import { Eye, MousePointerClick, Send, UserPlus } from 'lucide-react';
import { adminStatistics } from '@shared/schemas/admin';
import { api } from '@client/api/http';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { PageSpinner } from '@client/components/ui/spinner';
import { dayjs } from '@client/lib/dates';
import { numberFormat } from '@client/features/admin/charts';
import { StatCard } from '@client/features/admin/components';
import { ERR } from '@client/features/admin/strings';
import { useAdminLive } from '@client/features/admin/use-admin-live';
import { useErrorToast } from '@client/features/admin/use-error-toast';

const STATS_KEY = ['admin', 'statistics'] as const;
const PRESETS = [7, 30, 90] as const;
const today = () => dayjs().format('YYYY-MM-DD');
const daysAgo = (n: number) => dayjs().subtract(n - 1, 'day').format('YYYY-MM-DD');

export function StatisticsPage() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(today());
  const valid = from && to && from <= to && to <= today();
  const q = useQuery({
    queryKey: [...STATS_KEY, from, to],
    queryFn: () => api('GET', `/admin/statistics?from=${from}&to=${to}`, { schema: adminStatistics }),
    enabled: Boolean(valid),
    placeholderData: keepPreviousData,
  });
  useAdminLive(['admin:users_changed'], [STATS_KEY]);
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
          <Input id="stats-from" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="stats-to">Έως</Label>
          <Input id="stats-to" type="date" value={to} min={from} max={today()} onChange={(e) => setTo(e.target.value)} />
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
