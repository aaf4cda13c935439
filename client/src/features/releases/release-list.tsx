import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from '@tanstack/react-router';
import { Archive, ChevronLeft, ChevronRight, Copy, Eye, FileText, Link2, MoreHorizontal, Pencil, Plus, Search, Trash2, UserRound } from 'lucide-react';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  RELEASE_STATUSES,
  RELEASE_STATUS_LABELS,
  type ReleaseStatus,
} from '@shared/constants';
import type { ReleaseListItem, ReleaseListRow } from '@shared/schemas/releases';
import { REMOVE_ACTION, roleMay } from '@shared/organisation-roles';
import { useActiveOrganisation } from '@client/features/workspaces/use-workspaces';
import { ReviewCountBadge } from '@client/features/comments/review-count';
import { FilterSelect } from '@client/components/filter-select';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { LoadErrorPanel, LoadingPanel } from '@client/components/load-state';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { formatDate, formatDateTime } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { useDeleteRelease, useDuplicateRelease, useReleaseList, type ReleaseFilters } from './use-releases';
import { count } from '@shared/plural';

export const RELEASE_STRINGS = {
  searchPlaceholder: 'Αναζήτηση σε τίτλο και περιεχόμενο...',
  search: 'Αναζήτηση δελτίων τύπου',
  category: 'Κατηγορία',
  status: 'Κατάσταση',
  allCategories: 'Όλες οι κατηγορίες',
  allStatuses: 'Όλες οι καταστάσεις',
  title: 'Τίτλος',
  author: 'Δημιουργός',
  coEditors: 'Συνεργάτες',
  unknownAuthor: 'Πρώην μέλος',
  mine: 'Μόνο δικά μου',
  mineHint: 'Μόνο όσα δημιούργησα ή επεξεργάστηκα',
  created: 'Ημερομηνία δημιουργίας',
  schedule: 'Προγραμματισμός',
  actions: 'Ενέργειες',
  untitled: 'Χωρίς τίτλο',
  noCategory: '—',
  view: 'Προβολή',
  edit: 'Επεξεργασία',
  duplicate: 'Αντιγραφή',
  delete: 'Διαγραφή',
  coverage: 'Σύνδεσμοι κάλυψης',
  rowMenu: (title: string) => `Ενέργειες για «${title}»`,
  page: (x: number, y: number) => `Σελίδα ${x} από ${y}`,
  previous: 'Προηγούμενη',
  next: 'Επόμενη',
  total: (n: number) => (count(n, 'δελτίο τύπου', 'δελτία τύπου')),
  create: 'Νέο δελτίο τύπου',
  createFirst: 'Δημιουργήστε το πρώτο σας δελτίο τύπου',
  emptyFiltered: 'Δεν βρέθηκαν δελτία τύπου που να ταιριάζουν με τα κριτήρια αναζήτησης',
  emptyNone: 'Δεν έχετε ακόμη δελτία τύπου — ξεκινήστε με ένα νέο',
  emptyMine: 'Δεν έχετε δημιουργήσει ή επεξεργαστεί ακόμη δελτία τύπου σε αυτόν τον οργανισμό',
  clearFilters: 'Καθαρισμός φίλτρων',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των δελτίων τύπου',
  duplicated: 'Το δελτίο τύπου αντιγράφηκε επιτυχώς',
  duplicateError: 'Δεν ήταν δυνατή η αντιγραφή του δελτίου τύπου',
  confirmTitle: 'Διαγραφή δελτίου τύπου',
  confirmText: 'Είστε σίγουροι ότι θέλετε να διαγράψετε αυτό το δελτίο τύπου;',
  cancel: 'Ακύρωση',
  deleted: 'Το δελτίο τύπου διαγράφηκε επιτυχώς',
  archiveTitle: 'Αρχειοθέτηση δελτίου τύπου',
  archiveText:
    'Το δελτίο τύπου έχει ήδη σταλεί, οπότε δεν θα διαγραφεί: θα αρχειοθετηθεί. Θα μείνει στις αναφορές σας και οι δημοσιογράφοι που το έλαβαν θα μπορούν ακόμη να το διαβάζουν.',
  archive: 'Αρχειοθέτηση',
  archived: 'Το δελτίο τύπου αρχειοθετήθηκε',
  deleteError: 'Δεν ήταν δυνατή η διαγραφή του δελτίου τύπου',
  success: 'Επιτυχία',
  error: 'Σφάλμα',
};
const S = RELEASE_STRINGS;

export const STATUS_BADGE: Record<ReleaseStatus, 'secondary' | 'info' | 'success' | 'outline'> = {
  draft: 'secondary',
  scheduled: 'info',
  sent: 'success',
  archived: 'outline',
};

// A sent release's coverage links (the reports' dialog), loaded when first asked for.
const ReleaseCoverageDialog = lazy(() => import('@client/features/reports/release-coverage').then((m) => ({ default: m.ReleaseCoverageDialog })));

function RowMenu({ release, onDelete, onCoverage }: { release: ReleaseListItem; onDelete: () => void; onCoverage: () => void }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateRelease();
  // A reviewer reads and comments: copying and deleting are a writer's (the server checks too).
  const role = useActiveOrganisation().organisation?.role;
  const mayWrite = roleMay(role, 'write');
  // Deleting a scheduled release cancels its send, and a sent one is archived: those are a publisher's.
  const mayDelete = roleMay(role, REMOVE_ACTION[release.status]);
  const title = release.title || S.untitled;
  const open = () => void navigate({ to: '/client/press-releases/$id', params: { id: release.id } });
  const itemClass =
    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={S.rowMenu(title)}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" className="z-50 min-w-40 rounded-md border bg-background p-1 shadow-md">
          <DropdownMenu.Item className={itemClass} onSelect={open}>
            <Eye className="h-4 w-4" aria-hidden />
            {S.view}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={open}>
            <Pencil className="h-4 w-4" aria-hidden />
            {S.edit}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            disabled={duplicate.isPending || !mayWrite}
            onSelect={() =>
              duplicate.mutate(release.id, {
                onSuccess: () => toast({ title: S.success, description: S.duplicated, variant: 'success' }),
                onError: (err) => {
                  console.error('Duplicate failed', err);
                  toast({ title: S.error, description: S.duplicateError, variant: 'destructive' });
                },
              })
            }
          >
            <Copy className="h-4 w-4" aria-hidden />
            {S.duplicate}
          </DropdownMenu.Item>
          {release.status === 'sent' || release.status === 'archived' ? (
            <DropdownMenu.Item className={itemClass} onSelect={onCoverage}>
              <Link2 className="h-4 w-4" aria-hidden />
              {S.coverage}
            </DropdownMenu.Item>
          ) : null}
          {release.status === 'archived' || !mayDelete ? null : (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item className={cn(itemClass, 'text-red-700')} onSelect={onDelete}>
                <Trash2 className="h-4 w-4" aria-hidden />
                {S.delete}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function DeleteDialog({ release, onClose }: { release: ReleaseListItem | null; onClose: () => void }) {
  const del = useDeleteRelease();
  // A sent release is archived, not deleted (the server decides; this says so beforehand).
  const archives = release?.status === 'sent';
  return (
    <Dialog open={release !== null} onOpenChange={(o) => !o && !del.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{archives ? S.archiveTitle : S.confirmTitle}</DialogTitle>
          <DialogDescription>{archives ? S.archiveText : S.confirmText}</DialogDescription>
        </DialogHeader>
        {release ? <p className="text-sm font-medium">{release.title || S.untitled}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={del.isPending}>
            {S.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={del.isPending}
            onClick={() =>
              release &&
              del.mutate(release.id, {
                onSuccess: ({ outcome }) => {
                  toast({ title: S.success, description: outcome === 'archived' ? S.archived : S.deleted, variant: 'success' });
                  onClose();
                },
                onError: (err) => {
                  console.error('Delete failed', err);
                  toast({ title: S.error, description: S.deleteError, variant: 'destructive' });
                  onClose();
                },
              })
            }
          >
            {del.isPending ? <Spinner size="sm" /> : archives ? <Archive aria-hidden /> : <Trash2 aria-hidden />}
            {archives ? S.archive : S.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const authorName = (r: ReleaseListRow) => r.author?.name ?? S.unknownAuthor;
const coEditorNames = (r: ReleaseListRow) => r.co_editors.map((c) => c.name).join(', ');

const NO_FILTERS: ReleaseFilters = { q: '', category: 'all', status: 'all', page: 1, mine: false };

/**
 * The organisation's press releases (everyone's, with author and co-editors; «Μόνο δικά μου»
 * keeps mine): server-side search, filters and pages of 10, with the row menu.
 */
export function ReleaseList() {
  const [input, setInput] = useState('');
  const [filters, setFilters] = useState<ReleaseFilters>(NO_FILTERS);
  const [toDelete, setToDelete] = useState<ReleaseListItem | null>(null);
  const [coverageOf, setCoverageOf] = useState<string | null>(null);
  const closeCoverage = useCallback(() => setCoverageOf(null), []);

  // Search as you type, after a short pause.
  useEffect(() => {
    const t = setTimeout(() => setFilters((f) => (f.q === input.trim() ? f : { ...f, q: input.trim(), page: 1 })), 300);
    return () => clearTimeout(t);
  }, [input]);

  const list = useReleaseList(filters);
  useEffect(() => {
    if (list.isError) {
      console.error('Press-release list failed to load', list.error);
      toast({ title: S.error, description: S.loadError, variant: 'destructive' });
    }
  }, [list.isError, list.error]);

  // The server answers with the last page when the asked one no longer exists.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && list.data.page !== filters.page) {
      const page = list.data.page;
      setFilters((f) => ({ ...f, page }));
    }
  }, [list.data, list.isPlaceholderData, filters.page]);

  const data = list.data;
  const filtered = filters.q !== '' || filters.category !== 'all' || filters.status !== 'all';

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-lg border bg-background p-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            placeholder={S.searchPlaceholder}
            aria-label={S.search}
            className="pl-9"
          />
        </div>
        <FilterSelect
          className="sm:w-52"
          value={filters.category}
          onChange={(category) => setFilters((f) => ({ ...f, category, page: 1 }))}
          options={CATEGORIES}
          labels={CATEGORY_LABELS}
          allLabel={S.allCategories}
          ariaLabel={S.category}
        />
        <FilterSelect
          className="sm:w-52"
          value={filters.status}
          onChange={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
          options={RELEASE_STATUSES}
          labels={RELEASE_STATUS_LABELS}
          allLabel={S.allStatuses}
          ariaLabel={S.status}
        />
        <Button
          type="button"
          variant={filters.mine ? 'default' : 'outline'}
          aria-pressed={filters.mine}
          title={S.mineHint}
          className="shrink-0"
          onClick={() => setFilters((f) => ({ ...f, mine: !f.mine, page: 1 }))}
          data-testid="releases-mine"
        >
          <UserRound aria-hidden />
          {S.mine}
        </Button>
      </div>

      {list.isPending ? (
        <LoadingPanel framed />
      ) : !data ? (
        <LoadErrorPanel message={S.loadError} onRetry={() => void list.refetch()} />
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed bg-background px-6 py-14 text-center" data-testid="releases-empty">
          <FileText className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="max-w-md text-sm font-medium text-slate-700">{filtered ? S.emptyFiltered : filters.mine ? S.emptyMine : S.emptyNone}</p>
          {filtered ? (
            <Button
              variant="outline"
              onClick={() => {
                setInput('');
                setFilters((f) => ({ ...NO_FILTERS, mine: f.mine }));
              }}
            >
              {S.clearFilters}
            </Button>
          ) : (
            <Button asChild>
              <Link to="/client/press-releases/new">
                <Plus aria-hidden />
                {S.createFirst}
              </Link>
            </Button>
          )}
        </div>
      ) : (
        <div className={cn('rounded-lg border bg-background', list.isFetching && 'opacity-80')}>
          <Table aria-busy={list.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead>{S.title}</TableHead>
                <TableHead className="hidden md:table-cell">{S.author}</TableHead>
                <TableHead className="hidden xl:table-cell">{S.coEditors}</TableHead>
                <TableHead className="hidden md:table-cell">{S.category}</TableHead>
                <TableHead className="hidden w-28 whitespace-normal leading-tight lg:table-cell">{S.created}</TableHead>
                <TableHead className="hidden lg:table-cell">{S.schedule}</TableHead>
                <TableHead className="hidden sm:table-cell">{S.status}</TableHead>
                <TableHead className="sticky right-0 w-12 bg-muted text-right">
                  <span className="sr-only">{S.actions}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((r) => (
                <TableRow key={r.id} data-testid="release-row">
                  <TableCell className="max-w-[15rem] sm:max-w-xs 2xl:max-w-md">
                    <Link
                      to="/client/press-releases/$id"
                      params={{ id: r.id }}
                      className="block truncate font-medium hover:underline"
                    >
                      {r.title || S.untitled}
                    </Link>
                    <span className="block truncate text-xs text-muted-foreground md:hidden">
                      {authorName(r)} · {r.category ? CATEGORY_LABELS[r.category] : S.noCategory} · {formatDate(r.created_at)}
                    </span>
                    <span className="mt-1 flex flex-wrap items-center gap-1 sm:hidden">
                      <Badge variant={STATUS_BADGE[r.status]}>{RELEASE_STATUS_LABELS[r.status]}</Badge>
                      <ReviewCountBadge counts={r} />
                    </span>
                  </TableCell>
                  <TableCell className="hidden max-w-[10rem] md:table-cell" data-testid="release-author">
                    <span className="block truncate">{authorName(r)}</span>
                    {r.co_editors.length ? (
                      <span className="block truncate text-xs text-muted-foreground xl:hidden" title={coEditorNames(r)}>
                        + {coEditorNames(r)}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden max-w-[12rem] xl:table-cell" data-testid="release-co-editors">
                    <span className="block truncate" title={coEditorNames(r) || undefined}>
                      {coEditorNames(r) || '—'}
                    </span>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{r.category ? CATEGORY_LABELS[r.category] : S.noCategory}</TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">{formatDate(r.created_at)}</TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">{r.scheduled_at ? formatDateTime(r.scheduled_at) : '—'}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <span className="flex flex-wrap items-center gap-1">
                      <Badge variant={STATUS_BADGE[r.status]}>{RELEASE_STATUS_LABELS[r.status]}</Badge>
                      <ReviewCountBadge counts={r} />
                    </span>
                  </TableCell>
                  <TableCell className="sticky right-0 bg-background text-right">
                    <RowMenu release={r} onDelete={() => setToDelete(r)} onCoverage={() => setCoverageOf(r.id)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t px-3 py-2 text-sm">
            <span className="text-muted-foreground">{S.total(data.total)}</span>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={data.page <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
                aria-label={S.previous}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <span data-testid="pager">{S.page(data.page, data.pageCount)}</span>
              <Button
                variant="outline"
                size="sm"
                disabled={data.page >= data.pageCount}
                onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
                aria-label={S.next}
              >
                <ChevronRight aria-hidden />
              </Button>
            </div>
          </div>
        </div>
      )}
      <DeleteDialog release={toDelete} onClose={() => setToDelete(null)} />
      {coverageOf ? (
        <Suspense fallback={null}>
          <ReleaseCoverageDialog releaseId={coverageOf} onClose={closeCoverage} />
        </Suspense>
      ) : null}
    </div>
  );
}
