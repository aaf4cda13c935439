import { useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, ExternalLink, Link2, Plus, Trash2 } from 'lucide-react';
import { CATEGORY_LABELS } from '@shared/constants';
import { isCoverageUrl, type ReportSort } from '@shared/reports';
import type { ClientReport, ReportRow } from '@shared/schemas/reports';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { useCoverage, type ReportState } from './use-reports';

export const TABLE_STRINGS = {
  title: 'Τίτλος',
  category: 'Κατηγορία',
  opens: 'Μοναδικά ανοίγματα',
  clicks: 'Κλικ',
  coverage: 'Σύνδεσμοι κάλυψης',
  updated: 'Τελευταία ενημέρωση',
  page: (p: number, n: number) => `Σελίδα ${p} από ${n}`,
  previous: 'Προηγούμενη σελίδα',
  next: 'Επόμενη σελίδα',
  untitled: 'Χωρίς τίτλο',
  noCategory: '—',
  coverageOf: 'Σύνδεσμοι κάλυψης του δελτίου',
  coverageText: 'Σύνδεσμοι που πάτησαν οι παραλήπτες (http) και δημοσιεύσεις που προσθέσατε εσείς.',
  noCoverage: 'Δεν υπάρχουν ακόμη σύνδεσμοι κάλυψης.',
  manual: 'προστέθηκε από εσάς',
  clicked: 'από κλικ παραληπτών',
  addLabel: 'Νέος σύνδεσμος κάλυψης',
  addPlaceholder: 'https://…',
  add: 'Προσθήκη',
  remove: 'Αφαίρεση',
  invalidUrl: 'Εισάγετε έναν σύνδεσμο που αρχίζει με http:// ή https://',
  onlySent: 'Κάλυψη προστίθεται μόνο σε δελτία που έχουν σταλεί.',
  error: 'Σφάλμα',
  addError: 'Δεν ήταν δυνατή η προσθήκη του συνδέσμου κάλυψης',
  removeError: 'Δεν ήταν δυνατή η αφαίρεση του συνδέσμου κάλυψης',
  success: 'Επιτυχία',
  added: 'Ο σύνδεσμος κάλυψης προστέθηκε',
  removed: 'Ο σύνδεσμος κάλυψης αφαιρέθηκε',
};

const int = (n: number) => n.toLocaleString('el-GR');

function SortHead({
  label,
  short,
  column,
  state,
  onSort,
  className,
}: {
  label: string;
  /** A shorter label on narrow screens. */
  short?: string;
  column: ReportSort;
  state: ReportState;
  onSort: (c: ReportSort) => void;
  className?: string;
}) {
  const active = state.sort === column;
  const Icon = !active ? ArrowUpDown : state.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead className={className} aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="inline-flex items-center gap-1 font-medium hover:text-foreground" onClick={() => onSort(column)}>
        {short ? (
          <>
            <span className="sm:hidden" aria-hidden>
              {short}
            </span>
            <span className="sr-only sm:not-sr-only">{label}</span>
          </>
        ) : (
          label
        )}
        <Icon className={cn('h-3.5 w-3.5', !active && 'opacity-40')} aria-hidden />
      </button>
    </TableHead>
  );
}

function CoverageDialog({ row, onClose }: { row: ReportRow; onClose: () => void }) {
  const { add, remove } = useCoverage(row.id);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const manual = new Set(row.manualCoverage);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    if (!isCoverageUrl(value)) {
      setError(TABLE_STRINGS.invalidUrl);
      return;
    }
    setError(null);
    add.mutate(value, {
      onSuccess: () => {
        setUrl('');
        toast({ title: TABLE_STRINGS.success, description: TABLE_STRINGS.added, variant: 'success' });
      },
      onError: (err) => {
        console.error('Adding a coverage link failed', err);
        toast({ title: TABLE_STRINGS.error, description: TABLE_STRINGS.addError, variant: 'destructive' });
      },
    });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{TABLE_STRINGS.coverageOf}</DialogTitle>
          <DialogDescription>
            <span className="block font-medium text-foreground">{row.title || TABLE_STRINGS.untitled}</span>
            {TABLE_STRINGS.coverageText}
          </DialogDescription>
        </DialogHeader>
        {row.coverageLinks.length ? (
          <ul className="max-h-64 space-y-2 overflow-y-auto" data-testid="coverage-list">
            {row.coverageLinks.map((l) => (
              <li key={l} className="flex items-start gap-2 text-sm">
                <div className="min-w-0 flex-1">
                  <a href={l} target="_blank" rel="noopener noreferrer" className="inline-flex max-w-full items-center gap-1 text-blue-700 hover:underline">
                    <span className="truncate">{l}</span>
                    <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
                  </a>
                  <span className="block text-xs text-muted-foreground">{manual.has(l) ? TABLE_STRINGS.manual : TABLE_STRINGS.clicked}</span>
                </div>
                {manual.has(l) ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={`${TABLE_STRINGS.remove}: ${l}`}
                    onClick={() =>
                      remove.mutate(l, {
                        onSuccess: () => toast({ title: TABLE_STRINGS.success, description: TABLE_STRINGS.removed, variant: 'success' }),
                        onError: (err) => {
                          console.error('Removing a coverage link failed', err);
                          toast({ title: TABLE_STRINGS.error, description: TABLE_STRINGS.removeError, variant: 'destructive' });
                        },
                      })
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{TABLE_STRINGS.noCoverage}</p>
        )}
        {row.status === 'sent' ? (
          <form onSubmit={submit} className="space-y-1.5" noValidate>
            <label htmlFor="coverage-url" className="text-sm font-medium">
              {TABLE_STRINGS.addLabel}
            </label>
            <div className="flex gap-2">
              <Input
                id="coverage-url"
                type="url"
                inputMode="url"
                value={url}
                placeholder={TABLE_STRINGS.addPlaceholder}
                onChange={(e) => setUrl(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'coverage-url-error' : undefined}
              />
              <Button type="submit" disabled={add.isPending}>
                <Plus aria-hidden />
                {TABLE_STRINGS.add}
              </Button>
            </div>
            {error ? (
              <p id="coverage-url-error" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </form>
        ) : (
          <p className="text-xs text-muted-foreground">{TABLE_STRINGS.onlySent}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The detail table: sortable columns, pages of 10, coverage links per release. */
export function ReportTable({
  report,
  state,
  onSort,
  onPage,
  busy,
}: {
  report: ClientReport;
  state: ReportState;
  onSort: (c: ReportSort) => void;
  onPage: (p: number) => void;
  busy: boolean;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = report.rows.find((r) => r.id === openId) ?? null;
  const head = { state, onSort };
  return (
    <div className={cn('rounded-lg border bg-background', busy && 'opacity-80')}>
      <Table aria-busy={busy} data-testid="report-table">
        <TableHeader>
          <TableRow>
            <SortHead label={TABLE_STRINGS.title} column="title" {...head} />
            <SortHead label={TABLE_STRINGS.category} column="category" className="hidden md:table-cell" {...head} />
            <SortHead label={TABLE_STRINGS.opens} short="Ανοίγμ." column="opens" className="px-2 text-right sm:px-4" {...head} />
            <SortHead label={TABLE_STRINGS.clicks} column="clicks" className="px-2 text-right sm:px-4" {...head} />
            <SortHead label={TABLE_STRINGS.coverage} short="Κάλυψη" column="coverage" className="px-2 text-right sm:px-4" {...head} />
            <SortHead label={TABLE_STRINGS.updated} column="updated_at" className="hidden lg:table-cell" {...head} />
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map((r) => (
            <TableRow key={r.id} data-testid="report-row" data-release-id={r.id}>
              <TableCell className="max-w-[8rem] pr-2 sm:max-w-[14rem] sm:pr-4 xl:max-w-xs" data-col="title">
                <span className="block truncate font-medium" title={r.title}>
                  {r.title || TABLE_STRINGS.untitled}
                </span>
                <span className="block text-xs text-muted-foreground md:hidden">
                  {r.category ? CATEGORY_LABELS[r.category] : TABLE_STRINGS.noCategory} · {formatDate(r.updated_at)}
                </span>
              </TableCell>
              <TableCell className="hidden md:table-cell" data-col="category">
                {r.category ? CATEGORY_LABELS[r.category] : TABLE_STRINGS.noCategory}
              </TableCell>
              <TableCell className="px-2 text-right tabular-nums sm:px-4" data-col="opens">
                {int(r.opens)}
              </TableCell>
              <TableCell className="px-2 text-right tabular-nums sm:px-4" data-col="clicks">
                {int(r.clicks)}
              </TableCell>
              <TableCell className="px-1 text-right sm:px-4" data-col="coverage">
                <Button
                  variant="ghost"
                  size="sm"
                  className="tabular-nums"
                  aria-label={`${TABLE_STRINGS.coverage}: ${int(r.coverage)}`}
                  onClick={() => setOpenId(r.id)}
                >
                  <Link2 aria-hidden />
                  {int(r.coverage)}
                </Button>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap lg:table-cell" data-col="updated">
                {formatDate(r.updated_at)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex items-center justify-between gap-2 border-t px-4 py-3 text-sm">
        <span className="text-muted-foreground" data-testid="report-pager">
          {TABLE_STRINGS.page(report.page, report.pages)}
        </span>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={report.page <= 1} onClick={() => onPage(report.page - 1)} aria-label={TABLE_STRINGS.previous}>
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" size="sm" disabled={report.page >= report.pages} onClick={() => onPage(report.page + 1)} aria-label={TABLE_STRINGS.next}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      {open ? <CoverageDialog row={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}
