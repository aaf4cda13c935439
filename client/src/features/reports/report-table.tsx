import { lazy, Suspense, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Link2, MessageSquare } from 'lucide-react';
import { CATEGORY_LABELS } from '@shared/constants';
import type { ReportSort } from '@shared/reports';
import type { ClientReport } from '@shared/schemas/reports';
import { athensDateTime } from '@shared/embargo';
import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatDate } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import type { ReportState } from './use-reports';
import { count } from '@shared/plural';

export const TABLE_STRINGS = {
  title: 'Τίτλος',
  category: 'Κατηγορία',
  opens: 'Μοναδικά ανοίγματα',
  clicks: 'Κλικ',
  downloads: 'Λήψεις',
  downloadsTitle: 'Λήψεις συνημμένων από τους παραλήπτες',
  coverage: 'Σύνδεσμοι κάλυψης',
  newsroom: 'Προβολές στο newsroom',
  embargo: 'Εμβάργκο: πριν / μετά',
  embargoHead: 'Μοναδικά ανοίγματα πριν και μετά τη λήξη του εμβάργκο',
  embargoCell: (before: number, after: number) => `${int(before)} / ${int(after)}`,
  /** Under the title where the columns are hidden (below 1536 px). */
  downloadsShort: (n: number) => `Λήψεις ${int(n)}`,
  newsroomShort: (n: number) => `Προβολές newsroom ${int(n)}`,
  /** «3 σχόλια · 1 ανοιχτό»: the release's comment threads, and those still open. */
  commentsShort: (total: number, open: number) =>
    `${count(total, 'σχόλιο', 'σχόλια')}${open > 0 ? ` · ${count(open, 'ανοιχτό', 'ανοιχτά')}` : ''}`,
  embargoShort: (before: number, after: number) => `Εμβάργκο ${int(before)} / ${int(after)}`,
  /** «E-mail: 12 παραδόθηκαν · 2 επιστροφές (1 μόνιμη, 1 προσωρινή) · 1 καταγγελία · 1 αποκλεισμένη». */
  mailShort: (r: Pick<ClientReport['rows'][number], 'delivered' | 'bouncedHard' | 'bouncedSoft' | 'complained' | 'suppressed'>) => {
    const parts = [`E-mail: ${count(r.delivered, 'παραδόθηκε', 'παραδόθηκαν')}`];
    const bounced = r.bouncedHard + r.bouncedSoft;
    if (bounced > 0) {
      const split = [r.bouncedHard ? `${count(r.bouncedHard, 'μόνιμη', 'μόνιμες')}` : '', r.bouncedSoft ? `${count(r.bouncedSoft, 'προσωρινή', 'προσωρινές')}` : '']
        .filter(Boolean)
        .join(', ');
      parts.push(`${count(bounced, 'επιστροφή', 'επιστροφές')} (${split})`);
    }
    if (r.complained > 0) parts.push(count(r.complained, 'καταγγελία', 'καταγγελίες'));
    if (r.suppressed > 0) parts.push(count(r.suppressed, 'αποκλεισμένη', 'αποκλεισμένες'));
    return parts.join(' · ');
  },
  mailTitle: 'Τα e-mail του δελτίου: παραδόθηκαν, επιστράφηκαν, καταγγέλθηκαν ως ανεπιθύμητα ή δεν στάλθηκαν γιατί η διεύθυνση είναι αποκλεισμένη',
  embargoTitle: (until: string) => `Υπό εμβάργκο έως ${athensDateTime(until)}: μοναδικά ανοίγματα πριν και μετά τη λήξη του`,
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

function int(n: number): string {
  return n.toLocaleString('el-GR');
}

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

// The coverage links dialog (its form on the server's schema) loads when first opened.
const CoverageDialog = lazy(() => import('./coverage-dialog').then((m) => ({ default: m.CoverageDialog })));

/**
 * The figures of the columns a narrower screen hides (downloads below 768 px, newsroom views
 * and the embargo split below 1536 px), as one line under the title, where they are not zero.
 */
function HiddenFigures({ row }: { row: ClientReport['rows'][number] }) {
  const parts: { text: string; className: string; title?: string }[] = [];
  if (row.downloads > 0) parts.push({ text: TABLE_STRINGS.downloadsShort(row.downloads), className: 'md:hidden', title: TABLE_STRINGS.downloadsTitle });
  if (row.newsroomViews > 0) parts.push({ text: TABLE_STRINGS.newsroomShort(row.newsroomViews), className: '', title: TABLE_STRINGS.newsroom });
  if (row.embargoUntil && row.opensBeforeEmbargo !== null && row.opensAfterEmbargo !== null) {
    parts.push({ text: TABLE_STRINGS.embargoShort(row.opensBeforeEmbargo, row.opensAfterEmbargo), className: '', title: TABLE_STRINGS.embargoTitle(row.embargoUntil) });
  }
  if (parts.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground 2xl:hidden" data-testid="report-row-more">
      {parts.map((p) => (
        <span key={p.text} className={p.className} title={p.title}>
          {p.text}
        </span>
      ))}
    </span>
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
            <SortHead label={TABLE_STRINGS.downloads} column="downloads" className="hidden px-2 text-right md:table-cell md:px-4" {...head} />
            <SortHead label={TABLE_STRINGS.coverage} short="Κάλυψη" column="coverage" className="px-2 text-right sm:px-4" {...head} />
            <SortHead label={TABLE_STRINGS.newsroom} column="newsroom" className="hidden w-24 whitespace-normal text-right 2xl:table-cell" {...head} />
            <TableHead className="hidden w-24 whitespace-normal text-right font-medium leading-tight 2xl:table-cell" title={TABLE_STRINGS.embargoHead}>{TABLE_STRINGS.embargo}</TableHead>
            <SortHead label={TABLE_STRINGS.updated} column="updated_at" className="hidden lg:table-cell" {...head} />
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map((r) => (
            <TableRow key={r.id} data-testid="report-row" data-release-id={r.id}>
              <TableCell className="max-w-[8rem] pr-2 sm:max-w-[14rem] sm:pr-4 2xl:max-w-xs" data-col="title">
                <span className="block truncate font-medium" title={r.title}>
                  {r.title || TABLE_STRINGS.untitled}
                </span>
                <span className="block text-xs text-muted-foreground md:hidden">
                  {r.category ? CATEGORY_LABELS[r.category] : TABLE_STRINGS.noCategory} · {formatDate(r.updated_at)}
                </span>
                <HiddenFigures row={r} />
                {r.delivered + r.bouncedHard + r.bouncedSoft + r.complained + r.suppressed > 0 ? (
                  <span
                    className={cn('block text-xs', r.bouncedHard + r.bouncedSoft + r.complained > 0 ? 'text-amber-800' : 'text-muted-foreground')}
                    title={TABLE_STRINGS.mailTitle}
                    data-testid="report-row-mail"
                  >
                    {TABLE_STRINGS.mailShort(r)}
                  </span>
                ) : null}
                {r.comments > 0 ? (
                  <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground" data-testid="report-row-comments">
                    <MessageSquare className="h-3 w-3 shrink-0" aria-hidden />
                    <span className="truncate">{TABLE_STRINGS.commentsShort(r.comments, r.openComments)}</span>
                  </span>
                ) : null}
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
              <TableCell className="hidden px-2 text-right tabular-nums md:table-cell md:px-4" data-col="downloads" title={TABLE_STRINGS.downloadsTitle}>
                {int(r.downloads)}
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
              <TableCell className="hidden text-right tabular-nums 2xl:table-cell" data-col="newsroom">
                {int(r.newsroomViews)}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-right tabular-nums 2xl:table-cell" data-col="embargo">
                {r.embargoUntil && r.opensBeforeEmbargo !== null && r.opensAfterEmbargo !== null ? (
                  <span title={TABLE_STRINGS.embargoTitle(r.embargoUntil)}>{TABLE_STRINGS.embargoCell(r.opensBeforeEmbargo, r.opensAfterEmbargo)}</span>
                ) : (
                  TABLE_STRINGS.noCategory
                )}
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
      {open ? (
        <Suspense fallback={null}>
          <CoverageDialog row={open} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
