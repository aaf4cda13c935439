import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import {
  ArrowDownRight,
  ArrowUpRight,
  CalendarClock,
  Download,
  FilePlus2,
  FileText,
  ListChecks,
  MailOpen,
  Minus,
  MousePointerClick,
} from 'lucide-react';
import { CATEGORY_LABELS } from '@shared/constants';
import type { DashboardStat } from '@shared/schemas/dashboard';
import { useClientDashboard } from './queries';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { formatDate, formatDateTime } from '@client/lib/dates';
import { cn } from '@client/lib/utils';

const S = {
  description: 'Σύνοψη της δραστηριότητάς σας: στατιστικά αποστολών, πρόσφατα δελτία τύπου, γρήγορα στατιστικά και επερχόμενες ενέργειες.',
  newRelease: 'Νέο δελτίο τύπου',
  total: 'Σύνολο δελτίων τύπου',
  openRate: 'Ποσοστό ανοίγματος',
  ctr: 'CTR',
  downloads: 'Λήψεις συνημμένων',
  vsLastMonth: 'σε σχέση με τον προηγούμενο μήνα',
  recent: 'Πρόσφατα δελτία τύπου',
  recentText: 'Τα τελευταία δελτία τύπου που δημιουργήσατε.',
  seeAll: 'Όλα τα δελτία',
  noRecent: 'Δεν υπάρχουν ακόμη δελτία τύπου.',
  quick: 'Γρήγορα στατιστικά',
  quickText: 'Σε όλα τα απεσταλμένα δελτία σας.',
  clickRate: 'Ποσοστό κλικ',
  engagement: 'Αλληλεπίδραση',
  engagementHint: 'Παραλήπτες που έκαναν κλικ ή αποθήκευσαν το δελτίο',
  deliveries: (n: number, s: number) => `${n.toLocaleString('el-GR')} παραδόσεις σε ${s.toLocaleString('el-GR')} απεσταλμένα δελτία`,
  upcoming: 'Επερχόμενες ενέργειες',
  upcomingText: 'Προγραμματισμένες αποστολές και εργασίες με προθεσμία.',
  scheduledSend: 'Προγραμματισμένη αποστολή',
  taskDue: 'Προθεσμία εργασίας',
  overdue: 'Εκπρόθεσμη',
  noUpcoming: 'Δεν υπάρχουν επερχόμενες ενέργειες.',
  welcomeTitle: 'Ξεκινήστε με το πρώτο σας δελτίο τύπου',
  welcomeText:
    'Δεν έχετε ακόμη δελτία τύπου. Γράψτε το πρώτο σας με τη βοήθεια του AI, διαλέξτε κατηγορία και στείλτε το στα σωστά media — εδώ θα βλέπετε ανοίγματα, κλικ και επόμενα βήματα.',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των δεδομένων',
};

/** Dashboard labels for the recent list (spec: 'Στάλθηκε' / 'Προγραμματισμένο'). */
const RECENT_STATUS = {
  sent: { label: 'Στάλθηκε', variant: 'success' },
  scheduled: { label: 'Προγραμματισμένο', variant: 'info' },
  draft: { label: 'Πρόχειρο', variant: 'secondary' },
  archived: { label: 'Αρχειοθετημένο', variant: 'secondary' },
} as const;

const num = (n: number, digits = 0) => n.toLocaleString('el-GR', { minimumFractionDigits: digits, maximumFractionDigits: 1 });
const pct = (n: number) => `${num(n)}%`;

function Change({ stat, unit }: { stat: DashboardStat; unit: 'count' | 'points' }) {
  const c = stat.change;
  const Icon = c > 0 ? ArrowUpRight : c < 0 ? ArrowDownRight : Minus;
  const text = `${c > 0 ? '+' : c < 0 ? '−' : ''}${num(Math.abs(c))}${unit === 'points' ? ' μ.μ.' : ''}`;
  return (
    <p className="mt-1 text-xs text-muted-foreground">
      <span className={cn('mr-1 inline-flex items-center whitespace-nowrap font-semibold', c > 0 && 'text-green-700', c < 0 && 'text-red-700')}>
        <Icon className="h-3.5 w-3.5" aria-hidden />
        {text}
      </span>
      <span>{S.vsLastMonth}</span>
    </p>
  );
}

function StatCard({
  title,
  value,
  icon: Icon,
  children,
  testId,
}: {
  title: string;
  value: string;
  icon: typeof FileText;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="p-5">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <Icon className="h-4 w-4 text-slate-400" aria-hidden />
        </div>
        <p className="mt-2 text-3xl font-bold tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

function Meter({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="space-y-1.5" title={hint}>
      <div className="flex items-center justify-between text-sm">
        <span>{label}</span>
        <span className="font-semibold tabular-nums">{pct(value)}</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-200" role="presentation">
        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, value)}%` }} />
      </div>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

export function ClientDashboardPage() {
  const q = useClientDashboard();
  useEffect(() => {
    if (q.isError) {
      console.error('Dashboard failed to load', q.error);
      toast({ title: 'Σφάλμα', description: S.loadError, variant: 'destructive' });
    }
  }, [q.isError, q.error]);

  const header = (
    <PageHeader
      description={S.description}
      actions={
        <Button asChild>
          <Link to="/client/press-releases/new">
            <FilePlus2 aria-hidden />
            {S.newRelease}
          </Link>
        </Button>
      }
    />
  );
  if (q.isPending) {
    return (
      <>
        {header}
        <LoadingPanel />
      </>
    );
  }
  if (!q.data) {
    return (
      <>
        {header}
        <LoadErrorPanel message={S.loadError} onRetry={() => void q.refetch()} />
      </>
    );
  }
  const { stats, quick, recent, upcoming } = q.data;
  const upcomingItems = [
    ...upcoming.scheduled.map((s) => ({ key: `s-${s.id}`, at: s.scheduled_at, kind: 'scheduled' as const, s })),
    ...upcoming.tasks.map((t) => ({ key: `t-${t.id}`, at: t.due_date, kind: 'task' as const, t })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  return (
    <>
      {header}
      {stats.totalReleases.value === 0 ? (
        <Card className="mb-6 border-primary/30 bg-primary/5" data-testid="first-step">
          <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="space-y-1">
              <p className="font-semibold">{S.welcomeTitle}</p>
              <p className="max-w-2xl text-sm text-muted-foreground">{S.welcomeText}</p>
            </div>
            <Button asChild className="shrink-0">
              <Link to="/client/press-releases/new">
                <FilePlus2 aria-hidden />
                {S.newRelease}
              </Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard title={S.total} value={num(stats.totalReleases.value)} icon={FileText} testId="stat-total">
          <Change stat={stats.totalReleases} unit="count" />
        </StatCard>
        <StatCard title={S.openRate} value={pct(stats.openRate.value)} icon={MailOpen} testId="stat-open-rate">
          <Change stat={stats.openRate} unit="points" />
        </StatCard>
        <StatCard title={S.ctr} value={pct(stats.ctr.value)} icon={MousePointerClick} testId="stat-ctr">
          <Change stat={stats.ctr} unit="points" />
        </StatCard>
        <StatCard title={S.downloads} value={num(stats.downloads.value)} icon={Download} testId="stat-downloads">
          <Change stat={stats.downloads} unit="count" />
        </StatCard>
      </div>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0">
            <div className="space-y-1.5">
              <CardTitle className="text-lg">{S.recent}</CardTitle>
              <CardDescription>{S.recentText}</CardDescription>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link to="/client/press-releases">{S.seeAll}</Link>
            </Button>
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{S.noRecent}</p>
            ) : (
              <ul className="divide-y" data-testid="recent-releases">
                {recent.map((r) => (
                  <li key={r.id} className="flex items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <Link to="/client/press-releases/$id" params={{ id: r.id }} className="block truncate text-sm font-medium hover:underline">
                        {r.title || 'Χωρίς τίτλο'}
                      </Link>
                      <p className="text-xs text-muted-foreground">
                        {r.category ? `${CATEGORY_LABELS[r.category]} · ` : ''}
                        {formatDate(r.sent_at ?? r.scheduled_at ?? r.created_at)}
                      </p>
                    </div>
                    <Badge variant={RECENT_STATUS[r.status].variant} className="shrink-0">
                      {RECENT_STATUS[r.status].label}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{S.quick}</CardTitle>
            <CardDescription>{S.quickText}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4" data-testid="quick-stats">
            <Meter label={S.openRate} value={quick.openRate} />
            <Meter label={S.clickRate} value={quick.clickRate} />
            <Meter label={S.engagement} value={quick.engagement} hint={S.engagementHint} />
            <p className="text-xs text-muted-foreground">{S.deliveries(quick.deliveries, quick.sentReleases)}</p>
          </CardContent>
        </Card>

        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle className="text-lg">{S.upcoming}</CardTitle>
            <CardDescription>{S.upcomingText}</CardDescription>
          </CardHeader>
          <CardContent>
            {upcomingItems.length === 0 ? (
              <p className="py-4 text-center text-sm text-muted-foreground">{S.noUpcoming}</p>
            ) : (
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="upcoming-actions">
                {upcomingItems.map((u) =>
                  u.kind === 'scheduled' ? (
                    <li key={u.key} className="flex items-start gap-3 rounded-md border p-3">
                      <CalendarClock className="mt-0.5 h-4 w-4 text-blue-600" aria-hidden />
                      <div className="min-w-0">
                        <p className="text-xs text-muted-foreground">{S.scheduledSend}</p>
                        <Link to="/client/press-releases/$id" params={{ id: u.s.id }} className="block truncate text-sm font-medium hover:underline">
                          {u.s.title || 'Χωρίς τίτλο'}
                        </Link>
                        <p className="text-xs">{formatDateTime(u.s.scheduled_at)}</p>
                      </div>
                    </li>
                  ) : (
                    <li key={u.key} className="flex items-start gap-3 rounded-md border p-3">
                      <ListChecks className={cn('mt-0.5 h-4 w-4', u.t.overdue ? 'text-red-600' : 'text-amber-600')} aria-hidden />
                      <div className="min-w-0">
                        <p className="text-xs text-muted-foreground">{S.taskDue}</p>
                        <Link to="/client/tasks" className="block truncate text-sm font-medium hover:underline">
                          {u.t.title}
                        </Link>
                        <p className="flex items-center gap-2 text-xs">
                          {formatDate(u.t.due_date)}
                          {u.t.overdue ? <Badge variant="destructive">{S.overdue}</Badge> : null}
                        </p>
                      </div>
                    </li>
                  ),
                )}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
