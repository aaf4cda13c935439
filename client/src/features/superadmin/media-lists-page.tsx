import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Plus, Search, Trash2, Upload } from 'lucide-react';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@shared/constants';
import type { MediaListMember } from '@shared/schemas/admin';
import { queryKeys } from '@client/api/query-keys';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { formatDate } from '@client/lib/dates';
import { cn } from '@client/lib/utils';
import { Pager, UserStatusBadge } from '@client/features/admin/components';
import { AddMediaDialog, ImportMediaDialog } from '@client/features/admin/media-dialogs';
import { ERR, MEDIA_REMOVED, OK_TITLE } from '@client/features/admin/strings';
import { errorToast, useErrorToast } from '@client/features/admin/use-error-toast';
import { adminCalls, useMediaList, useMediaListCounts } from '@client/features/admin/queries';
import { refreshQueries } from '@client/lib/refresh';


export function MediaListsPage() {
  const qc = useQueryClient();
  const [category, setCategory] = useState<Category>('politics');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<MediaListMember | null>(null);

  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => setPage(1), [q, category]);

  const counts = useMediaListCounts();
  const list = useMediaList(category, q, page);
  useErrorToast(list.error ?? counts.error, ERR.media);

  const remove = useMutation({
    mutationFn: (m: MediaListMember) => adminCalls.removeMedia(m.category, m.media_id),
    onSuccess: () => {
      toast({ title: OK_TITLE, description: MEDIA_REMOVED, variant: 'success' });
      setRemoving(null);
      void refreshQueries(qc, queryKeys.adminMedia);
    },
    onError: (err) => errorToast(ERR.removeMedia, undefined, err),
  });
  const exportCsv = useMutation({
    mutationFn: () => adminCalls.exportMediaList(category),
    onError: (err) => errorToast(ERR.media, undefined, err),
  });

  const items = list.data?.items ?? [];
  return (
    <>
      <PageHeader description="Ποια media ανήκουν σε κάθε κατηγορία: προσθήκη, μαζική εισαγωγή από e-mail, αφαίρεση και εξαγωγή CSV." />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Κατηγορίες" className="flex gap-2 overflow-x-auto md:flex-col md:overflow-visible">
          {CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              onClick={() => setCategory(c)}
              aria-current={c === category ? 'true' : undefined}
              className={cn(
                'flex shrink-0 items-center justify-between gap-3 rounded-md border px-3 py-2 text-left text-sm transition-colors',
                c === category ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
              )}
            >
              <span>{CATEGORY_LABELS[c]}</span>
              <span className={cn('tabular-nums text-xs', c === category ? 'opacity-90' : 'text-muted-foreground')}>
                {counts.data?.counts[c] ?? '…'}
              </span>
            </button>
          ))}
        </nav>

        <section aria-label={CATEGORY_LABELS[category]} className="min-w-0">
          <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <h2 className="text-lg font-semibold">{CATEGORY_LABELS[category]}</h2>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setAdding(true)}>
                <Plus /> Προσθήκη media
              </Button>
              <Button variant="outline" onClick={() => setImporting(true)}>
                <Upload /> Μαζική εισαγωγή
              </Button>
              <Button variant="outline" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
                <Download /> Εξαγωγή CSV
              </Button>
            </div>
          </div>
          <div className="relative mb-4 max-w-sm">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Αναζήτηση στην κατηγορία"
              aria-label="Αναζήτηση στην κατηγορία"
              className="pl-9"
            />
          </div>
          <div className="rounded-lg border bg-card">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Media</TableHead>
                  <TableHead>Οργανισμός</TableHead>
                  <TableHead>Κατάσταση</TableHead>
                  <TableHead>Προστέθηκε</TableHead>
                  <TableHead className="w-12">
                    <span className="sr-only">Αφαίρεση</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.isPending ? (
                  <TableRow>
                    <TableCell colSpan={5} className="py-10 text-center">
                      <Spinner />
                    </TableCell>
                  </TableRow>
                ) : items.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                      {list.isError ? ERR.media : 'Δεν υπάρχουν media σε αυτή την κατηγορία'}
                    </TableCell>
                  </TableRow>
                ) : (
                  items.map((m) => (
                    <TableRow key={m.id} data-email={m.profile.email}>
                      <TableCell className="min-w-[12rem]">
                        <div className="font-medium">{m.profile.name || '—'}</div>
                        <div className="text-xs text-muted-foreground">{m.profile.email}</div>
                      </TableCell>
                      <TableCell>{m.profile.organization ?? '—'}</TableCell>
                      <TableCell>
                        <UserStatusBadge status={m.profile.status} isActive={m.profile.is_active} />
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{formatDate(m.created_at)}</TableCell>
                      <TableCell>
                        <Button variant="ghost" size="icon-sm" aria-label={`Αφαίρεση ${m.profile.email}`} onClick={() => setRemoving(m)}>
                          <Trash2 />
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
          {list.data ? <Pager page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} /> : null}
        </section>
      </div>

      <AddMediaDialog category={category} open={adding} onOpenChange={setAdding} />
      <ImportMediaDialog category={category} open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={removing !== null}
        title="Αφαίρεση media"
        description={`Να αφαιρεθεί το ${removing?.profile.name || removing?.profile.email || ''} από την κατηγορία ${removing ? CATEGORY_LABELS[removing.category] : ''};`}
        confirmLabel="Αφαίρεση"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
