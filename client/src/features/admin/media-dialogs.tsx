import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { CATEGORY_LABELS, type Category } from '@shared/constants';
import { importMediaBody, parseImportEmails, type ImportMediaResult } from '@shared/schemas/admin';
import { queryKeys } from '@client/api/query-keys';
import { adminCalls, useMediaCandidates } from './queries';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { Checkbox } from './components';
import { ALL_ALREADY_IN, ERR, mediaAdded, NO_MEDIA_FOUND, OK_TITLE, WARN_TITLE } from './strings';
import { errorToast, useErrorToast } from './use-error-toast';
import { refreshQueries } from '@client/lib/refresh';
import { useSchemaForm } from '@client/lib/schema-form';

const refreshLists = (qc: ReturnType<typeof useQueryClient>) => void refreshQueries(qc, queryKeys.adminMedia);

/** The app's "load more" label (the inbox's too). */
const LOAD_MORE = 'Φόρτωση περισσότερων';

/**
 * Checkboxes of active, approved media not yet in the category (spec 5), a page at a time with
 * "load more"; the search is the server's. What is ticked stays ticked across pages and
 * searches, and the add button counts all of it.
 */
export function AddMediaDialog({ category, open, onOpenChange }: { category: Category; open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (open) {
      setPicked(new Set());
      setSearch('');
    }
  }, [open]);
  const candidates = useMediaCandidates(category, search.trim(), open);
  useErrorToast(candidates.error, ERR.media);
  const add = useMutation({
    mutationFn: (mediaIds: string[]) => adminCalls.addMedia(category, mediaIds),
    onSuccess: (r) => {
      if (r.added === 0) toast({ title: WARN_TITLE, description: ALL_ALREADY_IN, variant: 'destructive' });
      else toast({ title: OK_TITLE, description: mediaAdded(r.added), variant: 'success' });
      refreshLists(qc);
      onOpenChange(false);
    },
    onError: (err) => errorToast(ERR.addMedia, undefined, err),
  });
  const items = candidates.data?.pages.flatMap((p) => p.items) ?? [];
  const list = useRef<HTMLUListElement>(null);
  /** Where the focus goes once the next page shows: its first media (the button may be gone). */
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || items.length <= at) return;
    focusAt.current = null;
    list.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[at]?.focus();
  }, [items.length]);
  const loadMore = () => {
    focusAt.current = items.length;
    void candidates.fetchNextPage();
  };
  const toggle = (id: string) =>
    setPicked((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Προσθήκη media στην κατηγορία {CATEGORY_LABELS[category]}</DialogTitle>
          <DialogDescription>Εμφανίζονται μόνο ενεργά, εγκεκριμένα media που δεν είναι ήδη στην κατηγορία.</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input value={search} onChange={(e) => {
              focusAt.current = null;
              setSearch(e.target.value);
            }} placeholder="Αναζήτηση media" aria-label="Αναζήτηση media" className="pl-9" />
        </div>
        <div className="max-h-72 overflow-y-auto rounded-md border">
          {candidates.isPending ? (
            <div className="flex justify-center p-6">
              <Spinner />
            </div>
          ) : items.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">Δεν υπάρχουν διαθέσιμα media</p>
          ) : (
            <ul ref={list} className="divide-y" aria-busy={candidates.isFetching} data-testid="media-candidates">
              {items.map((m) => (
                <li key={m.user_id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted/40">
                    <Checkbox checked={picked.has(m.user_id)} onChange={() => toggle(m.user_id)} aria-label={m.email} />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium">{m.name || m.email}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {m.email}
                        {m.organization ? ` · ${m.organization}` : ''}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
              {candidates.hasNextPage ? (
                <li className="flex justify-center p-2">
                  <Button variant="outline" size="sm" disabled={candidates.isFetchingNextPage} onClick={loadMore}>
                    {candidates.isFetchingNextPage ? <Spinner size="sm" /> : null}
                    {LOAD_MORE}
                  </Button>
                </li>
              ) : null}
            </ul>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Ακύρωση
          </Button>
          <Button disabled={picked.size === 0 || add.isPending} onClick={() => add.mutate([...picked])}>
            Προσθήκη{picked.size ? ` (${picked.size})` : ''}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Bulk import by e-mail: split on commas or new lines; shows the summary afterwards. */
export function ImportMediaDialog({ category, open, onOpenChange }: { category: Category; open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  // The server's body schema (importMediaBody) and its parser of the pasted text.
  const { form, onSubmit } = useSchemaForm(importMediaBody, { text: '' });
  const [summary, setSummary] = useState<ImportMediaResult | null>(null);
  useEffect(() => {
    if (open) {
      form.reset({ text: '' });
      setSummary(null);
    }
  }, [open, form]);
  const count = parseImportEmails(form.watch('text')).length;
  const run = useMutation({
    mutationFn: (text: string) => adminCalls.importMedia(category, text),
    onSuccess: (r) => {
      setSummary(r);
      if (r.found === 0) toast({ title: WARN_TITLE, description: NO_MEDIA_FOUND, variant: 'destructive' });
      else toast({ title: OK_TITLE, description: mediaAdded(r.added), variant: 'success' });
      refreshLists(qc);
    },
    onError: (err) => errorToast(ERR.bulkImport, undefined, err),
  });
  const submit = onSubmit(({ text }) => run.mutate(text));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Μαζική εισαγωγή στην κατηγορία {CATEGORY_LABELS[category]}</DialogTitle>
          <DialogDescription>Επικολλήστε e-mail χωρισμένα με κόμμα ή νέα γραμμή.</DialogDescription>
        </DialogHeader>
        {summary ? (
          <div className="space-y-3" data-testid="import-summary">
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
              {(
                [
                  ['Σύνολο e-mail', summary.total],
                  ['Βρέθηκαν', summary.found],
                  ['Προστέθηκαν', summary.added],
                  ['Υπήρχαν ήδη', summary.existing],
                  ['Δεν βρέθηκαν', summary.notFound.length],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="rounded-md border p-2">
                  <dt className="text-xs text-muted-foreground">{k}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{v}</dd>
                </div>
              ))}
            </dl>
            {summary.notFound.length ? (
              <div>
                <p className="text-sm font-medium">Δεν βρέθηκαν:</p>
                <p className="max-h-32 overflow-y-auto break-all text-xs text-muted-foreground">{summary.notFound.join(', ')}</p>
              </div>
            ) : null}
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Κλείσιμο</Button>
            </DialogFooter>
          </div>
        ) : (
          <>
            <div className="space-y-2">
              <Label htmlFor="import-emails">E-mail</Label>
              <Textarea
                id="import-emails"
                rows={8}
                {...form.register('text')}
                placeholder={'media1@example.gr, media2@example.gr\nmedia3@example.gr'}
              />
              <p className="text-xs text-muted-foreground">{count} e-mail</p>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Ακύρωση
              </Button>
              <Button disabled={count === 0 || run.isPending} onClick={() => void submit()}>
                Εισαγωγή
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
