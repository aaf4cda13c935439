import { useEffect, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BarChart3, Download, FileSpreadsheet, FileText, RotateCcw } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, RELEASE_STATUSES, RELEASE_STATUS_LABELS } from '@shared/constants';
import type { ReportSort } from '@shared/reports';
import { reportSummaryText } from '@shared/report-texts';
import { usePreloadCharts } from '@client/components/charts';
import { PageHeader } from '@client/components/page-header';
import { FilterSelect } from '@client/components/filter-select';
import { Button } from '@client/components/ui/button';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { Card, CardContent } from '@client/components/ui/card';
import { DateField } from '@client/components/ui/date-field';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { ReportCharts } from '@client/features/reports/report-charts';
import { ReportTable } from '@client/features/reports/report-table';
import {
  defaultReportState,
  exportReport,
  reportToday,
  useClientReport,
  type ReportState,
} from '@client/features/reports/use-reports';

const S = {
  description: 'Ανοίγματα, κλικ και αναφορές ανά κατηγορία και περίοδο, με διαγράμματα και αναλυτικό πίνακα αποτελεσμάτων.',
  from: 'Από',
  to: 'Έως',
  category: 'Κατηγορία',
  status: 'Κατάσταση',
  allCategories: 'Όλες οι κατηγορίες',
  allStatuses: 'Όλες οι καταστάσεις',
  future: 'Δεν επιτρέπονται μελλοντικές ημερομηνίες',
  toBeforeFrom: 'Η ημερομηνία «Έως» δεν μπορεί να είναι πριν από την «Από»',
  export: 'Εξαγωγή',
  exportCsv: 'Πίνακας (CSV)',
  exportPdf: 'Αναφορά (PDF)',
  exportError: 'Δεν ήταν δυνατή η εξαγωγή της αναφοράς',
  error: 'Σφάλμα',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των αναφορών',
  empty: 'Δεν βρέθηκαν δελτία τύπου για τα φίλτρα που επιλέξατε',
  emptyText: (from: string, to: string) => `Περίοδος ${formatDate(from)} – ${formatDate(to)}.`,
  reset: 'Επαναφορά φίλτρων',
};

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 [&_svg]:size-4';

function ExportMenu({ state, disabled }: { state: ReportState; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = (kind: 'csv' | 'pdf') => {
    setBusy(true);
    exportReport(state, kind)
      .catch((err: unknown) => {
        console.error('Report export failed', err);
        toast({ title: S.error, description: S.exportError, variant: 'destructive' });
      })
      .finally(() => setBusy(false));
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" disabled={disabled || busy}>
          {busy ? <Spinner size="sm" /> : <Download aria-hidden />}
          {S.export}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" className="z-50 min-w-44 rounded-md border bg-background p-1 shadow-md">
          <DropdownMenu.Item className={itemClass} onSelect={() => run('csv')}>
            <FileSpreadsheet aria-hidden />
            {S.exportCsv}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => run('pdf')}>
            <FileText aria-hidden />
            {S.exportPdf}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** From/To pickers: no future dates, To not before From. A refused value is not applied and is explained. */
function DateFilters({ state, onChange }: { state: ReportState; onChange: (range: { from: string; to: string }) => void }) {
  const today = reportToday();
  const [error, setError] = useState<{ field: 'from' | 'to'; text: string } | null>(null);
  const pick = (field: 'from' | 'to', value: string) => {
    if (!value) return; // cleared: keep the current range
    if (value > today) return setError({ field, text: S.future });
    const next = { from: state.from, to: state.to, [field]: value };
    if (next.to < next.from) return setError({ field, text: S.toBeforeFrom });
    setError(null);
    onChange(next);
  };
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor="report-from">{S.from}</Label>
        <DateField
          id="report-from"
          value={state.from}
          max={state.to}
          onChange={(v) => pick('from', v)}
          aria-invalid={error?.field === 'from' || undefined}
          aria-describedby={error ? 'report-date-error' : undefined}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="report-to">{S.to}</Label>
        <DateField
          id="report-to"
          value={state.to}
          min={state.from}
          max={today}
          onChange={(v) => pick('to', v)}
          aria-invalid={error?.field === 'to' || undefined}
          aria-describedby={error ? 'report-date-error' : undefined}
        />
      </div>
      {error ? (
        <p id="report-date-error" role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">
          {error.text}
        </p>
      ) : null}
    </>
  );
}

export function ReportsPage() {
  usePreloadCharts();
  const [state, setState] = useState<ReportState>(defaultReportState);
  const [pickerKey, setPickerKey] = useState(0);
  const report = useClientReport(state);
  const data = report.data;

  useEffect(() => {
    if (report.isError) {
      console.error('Reports failed to load', report.error);
      toast({ title: S.error, description: S.loadError, variant: 'destructive' });
    }
  }, [report.isError, report.error]);

  const set = (patch: Partial<ReportState>) => setState((s) => ({ ...s, page: 1, ...patch }));
  const reset = () => {
    setState(defaultReportState());
    setPickerKey((k) => k + 1); // also clears a picker's refusal message
  };
  const sortBy = (column: ReportSort) =>
    setState((s) => ({ ...s, page: 1, sort: column, dir: s.sort === column && s.dir === 'desc' ? 'asc' : 'desc' }));

  return (
    <>
      <PageHeader description={S.description} actions={<ExportMenu state={state} disabled={!data || data.total === 0} />} />
      <div className="space-y-6">
        <Card>
          <CardContent className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="report-filters">
            <DateFilters key={pickerKey} state={state} onChange={(r) => set(r)} />
            <div className="space-y-1.5">
              <Label htmlFor="report-category">{S.category}</Label>
              <FilterSelect
                id="report-category"
                value={state.category}
                onChange={(category) => set({ category })}
                options={CATEGORIES}
                labels={CATEGORY_LABELS}
                allLabel={S.allCategories}
                ariaLabel={S.category}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="report-status">{S.status}</Label>
              <FilterSelect
                id="report-status"
                value={state.status}
                onChange={(status) => set({ status })}
                options={RELEASE_STATUSES}
                labels={RELEASE_STATUS_LABELS}
                allLabel={S.allStatuses}
                ariaLabel={S.status}
              />
            </div>
          </CardContent>
        </Card>

        {report.isPending ? (
          <LoadingPanel framed />
        ) : !data ? (
          <LoadErrorPanel message={S.loadError} onRetry={() => void report.refetch()} testId="report-error" />
        ) : data.total === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed bg-background px-6 py-14 text-center" data-testid="report-empty">
            <BarChart3 className="h-10 w-10 text-slate-300" aria-hidden />
            <div className="space-y-1">
              <p className="max-w-md text-sm font-medium text-slate-700">{S.empty}</p>
              <p className="text-sm text-muted-foreground">{S.emptyText(data.range.from, data.range.to)}</p>
            </div>
            <Button variant="outline" onClick={reset}>
              <RotateCcw aria-hidden />
              {S.reset}
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="report-totals">
              {reportSummaryText(data.range, data.totals)}
            </p>
            <ReportCharts report={data} />
            <ReportTable report={data} state={state} onSort={sortBy} onPage={(page) => setState((s) => ({ ...s, page }))} busy={report.isFetching} />
          </>
        )}
      </div>
    </>
  );
}
