import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Download, Plus, Search, Undo2, Upload } from 'lucide-react';
import { SUPPRESSION_REASONS, type SuppressionReason } from '@shared/constants';
import {
  addSuppressionBody,
  type ImportSuppressionsResult,
  type SuppressionItem,
} from '@shared/schemas/suppressions';
import { ApiError } from '@client/api/http';
import { PageHeader } from '@client/components/page-header';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@client/components/ui/table';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/lib/dates';
import { useActiveOrganisation } from '@client/features/workspaces/use-workspaces';
import { useSuppressionActions, useSuppressions, type SuppressionScope } from './api';
import { IMPORT_ERRORS, REASON_LABELS, SOURCE_LABELS } from './labels';

const S = {
  orgDescription:
    'Διευθύνσεις στις οποίες δεν στέλνονται τα δελτία τύπου της εταιρείας σας: όσες προσθέσατε εσείς και όσες σημείωσαν τα e-mail σας ως ανεπιθύμητα.',
  globalDescription:
    'Διευθύνσεις που δεν λαμβάνουν κανένα e-mail της πλατφόρμας: μόνιμες επιστροφές, επανειλημμένες προσωρινές επιστροφές και καταγγελίες για e-mail της πλατφόρμας.',
  readOnly: 'Μόνο οι διαχειριστές της εταιρείας μπορούν να αλλάξουν τη λίστα.',
  add: 'Προσθήκη διεύθυνσης',
  import: 'Εισαγωγή CSV',
  export: 'Εξαγωγή CSV',
  search: 'Αναζήτηση διεύθυνσης',
  allReasons: 'Όλοι οι λόγοι',
  empty: 'Η λίστα είναι κενή',
  emptyFiltered: 'Καμία διεύθυνση δεν ταιριάζει στην αναζήτηση',
  loadError: 'Δεν ήταν δυνατή η φόρτωση της λίστας',
  lift: 'Άρση',
  complaintLocked: 'Μόνο ο παραλήπτης μπορεί να άρει μια καταγγελία, από τις ρυθμίσεις του.',
  liftTitle: 'Άρση αποκλεισμού',
  liftText: (email: string) =>
    `Η διεύθυνση ${email} θα λαμβάνει ξανά τα e-mail σας από την επόμενη αποστολή. Η ενέργεια καταγράφεται.`,
  lifted: 'Ο αποκλεισμός άρθηκε',
  added: 'Η διεύθυνση προστέθηκε στη λίστα',
  already: 'Η διεύθυνση ήταν ήδη στη λίστα',
  error: 'Σφάλμα',
  done: 'Έγινε',
  cancel: 'Ακύρωση',
  close: 'Κλείσιμο',
  email: 'Διεύθυνση e-mail',
  note: 'Σημείωση (προαιρετικά)',
  notePlaceholder: 'π.χ. ζήτησε να μη λαμβάνει δελτία',
  invalidEmail: 'Η διεύθυνση e-mail δεν είναι έγκυρη',
  importText:
    'Μία διεύθυνση ανά γραμμή, στην πρώτη στήλη· μια στήλη «note» γίνεται σημείωση. Δέχεται και το αρχείο της εξαγωγής. Οι γραμμές με λάθη αναφέρονται με τον αριθμό τους.',
  chooseFile: 'Επιλογή αρχείου',
  importRun: 'Εισαγωγή',
  summary: (r: ImportSuppressionsResult) =>
    `Προστέθηκαν ${r.added} από ${r.total} διευθύνσεις· ${r.existing} υπήρχαν ήδη.`,
  problems: 'Γραμμές που δεν εισήχθησαν',
  line: 'Γραμμή',
};

const cols = {
  email: 'Διεύθυνση',
  reason: 'Λόγος',
  detail: 'Λεπτομέρειες',
  date: 'Ημερομηνία',
  by: 'Από',
};

function errorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 403) return S.readOnly;
  if (err instanceof ApiError && err.code === 'complaint_by_recipient') return S.complaintLocked;
  if (err instanceof ApiError && err.fields?.email) return S.invalidEmail;
  return S.loadError;
}

function fail(err: unknown) {
  console.warn('suppressions', err);
  toast({ title: S.error, description: errorText(err), variant: 'destructive' });
}

/** The list of one level with its search, reason filter, paging, and (for those who may) add, lift, import, export. */
function SuppressionsView({
  scope,
  description,
}: {
  scope: SuppressionScope | null;
  description: string;
}) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [reason, setReason] = useState<SuppressionReason | 'all'>('all');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [lifting, setLifting] = useState<SuppressionItem | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => setPage(1), [q, reason]);

  const list = useSuppressions(scope, q, reason, page);
  const actions = useSuppressionActions(scope);
  const canEdit = list.data?.canEdit ?? false;
  const orgLevel = scope?.kind === 'organisation';
  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <>
      <PageHeader
        description={description}
        actions={
          <>
            {canEdit ? (
              <>
                <Button onClick={() => setAdding(true)}>
                  <Plus aria-hidden /> {S.add}
                </Button>
                <Button variant="outline" onClick={() => setImporting(true)}>
                  <Upload aria-hidden /> {S.import}
                </Button>
              </>
            ) : null}
            <Button
              variant="outline"
              disabled={!scope || actions.exportCsv.isPending}
              onClick={() => actions.exportCsv.mutate(undefined, { onError: fail })}
            >
              <Download aria-hidden /> {S.export}
            </Button>
          </>
        }
      />
      {list.data && !canEdit ? (
        <p className="mb-4 text-sm text-muted-foreground">{S.readOnly}</p>
      ) : null}
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative w-full sm:max-w-sm">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={S.search}
            aria-label={S.search}
            className="pl-9"
          />
        </div>
        <Select value={reason} onValueChange={(v) => setReason(v as SuppressionReason | 'all')}>
          <SelectTrigger className="w-full sm:w-72" aria-label="Λόγος">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">{S.allReasons}</SelectItem>
            {SUPPRESSION_REASONS.map((r) => (
              <SelectItem key={r} value={r}>
                {REASON_LABELS[r]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="rounded-lg border bg-card">
        <Table data-testid="suppressions-table">
          <TableHeader>
            <TableRow>
              <TableHead>{cols.email}</TableHead>
              <TableHead className="hidden sm:table-cell">{cols.reason}</TableHead>
              <TableHead className="hidden md:table-cell">{cols.detail}</TableHead>
              <TableHead className="hidden sm:table-cell">{cols.date}</TableHead>
              <TableHead className="w-24">
                <span className="sr-only">{S.lift}</span>
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
                  {list.isError
                    ? errorText(list.error)
                    : q || reason !== 'all'
                      ? S.emptyFiltered
                      : S.empty}
                </TableCell>
              </TableRow>
            ) : (
              items.map((s) => {
                const locked = orgLevel && s.reason === 'complaint';
                return (
                  <TableRow key={s.id} data-email={s.email}>
                    <TableCell className="break-all sm:min-w-[12rem]">
                      <div className="font-medium">{s.email}</div>
                      {/* Below 640 px the reason and the date sit under the address. */}
                      <div className="mt-1 space-y-1 sm:hidden">
                        <Badge variant={s.reason === 'complaint' || s.reason === 'hard_bounce' ? 'destructive' : 'secondary'}>
                          {REASON_LABELS[s.reason]}
                        </Badge>
                        <div className="text-xs text-muted-foreground">{formatDateTime(s.createdAt)}</div>
                      </div>
                    </TableCell>
                    <TableCell className="hidden min-w-[10rem] sm:table-cell">
                      <Badge
                        variant={
                          s.reason === 'complaint' || s.reason === 'hard_bounce'
                            ? 'destructive'
                            : 'secondary'
                        }
                      >
                        {REASON_LABELS[s.reason]}
                      </Badge>
                      <div className="mt-1 text-xs text-muted-foreground">
                        {SOURCE_LABELS[s.source]}
                      </div>
                    </TableCell>
                    <TableCell className="hidden max-w-xs text-xs text-muted-foreground md:table-cell">
                      <span className="line-clamp-3 break-words" title={s.detail ?? undefined}>
                        {s.detail ?? '—'}
                      </span>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-sm sm:table-cell">
                      {formatDateTime(s.createdAt)}
                      {s.createdByName ? (
                        <div className="text-xs text-muted-foreground">{s.createdByName}</div>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {canEdit ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={locked}
                          title={locked ? S.complaintLocked : undefined}
                          aria-label={`${S.lift} ${s.email}`}
                          onClick={() => setLifting(s)}
                        >
                          <Undo2 aria-hidden /> {S.lift}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      {list.data ? (
        <div
          className="flex items-center justify-between gap-3 pt-4 text-sm text-muted-foreground"
          data-testid="suppressions-pager"
        >
          <span>
            {list.data.total === 1
              ? '1 διεύθυνση'
              : `${list.data.total.toLocaleString('el-GR')} διευθύνσεις`}
          </span>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon-sm"
              aria-label="Προηγούμενη σελίδα"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              <ChevronLeft />
            </Button>
            <span aria-live="polite">
              Σελίδα {Math.min(page, pages)} από {pages}
            </span>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label="Επόμενη σελίδα"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              <ChevronRight />
            </Button>
          </div>
        </div>
      ) : null}

      <AddDialog open={adding} onOpenChange={setAdding} scope={scope} />
      <ImportDialog open={importing} onOpenChange={setImporting} scope={scope} />
      <Dialog open={lifting !== null} onOpenChange={(o) => !o && setLifting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{S.liftTitle}</DialogTitle>
            <DialogDescription>{lifting ? S.liftText(lifting.email) : ''}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setLifting(null)}>
              {S.cancel}
            </Button>
            <Button
              disabled={actions.lift.isPending}
              onClick={() =>
                lifting &&
                actions.lift.mutate(lifting.id, {
                  onSuccess: () => {
                    toast({ title: S.done, description: S.lifted, variant: 'success' });
                    setLifting(null);
                  },
                  onError: fail,
                })
              }
            >
              {S.lift}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function AddDialog({
  open,
  onOpenChange,
  scope,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  scope: SuppressionScope | null;
}) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { add } = useSuppressionActions(scope);
  useEffect(() => {
    if (open) {
      setEmail('');
      setNote('');
      setProblem(null);
    }
  }, [open]);
  const submit = () => {
    // The server's schema checks the address first (the same message as its answer).
    const checked = addSuppressionBody.safeParse({ email, note: note.trim() || undefined });
    if (!checked.success) {
      setProblem(S.invalidEmail);
      return;
    }
    setProblem(null);
    add.mutate(checked.data, {
      onSuccess: (r) => {
        toast({ title: S.done, description: r.created ? S.added : S.already, variant: 'success' });
        onOpenChange(false);
      },
      onError: (err) =>
        err instanceof ApiError && err.fields?.email ? setProblem(S.invalidEmail) : fail(err),
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{S.add}</DialogTitle>
          <DialogDescription>
            Η διεύθυνση δεν θα λαμβάνει πια τα e-mail σας. Η ενέργεια καταγράφεται.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="space-y-2">
            <Label htmlFor="suppression-email">{S.email}</Label>
            <Input
              id="suppression-email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'suppression-email-error' : undefined}
            />
            {problem ? (
              <p id="suppression-email-error" className="text-sm text-red-700">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="space-y-2">
            <Label htmlFor="suppression-note">{S.note}</Label>
            <Input
              id="suppression-note"
              value={note}
              maxLength={500}
              placeholder={S.notePlaceholder}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {S.cancel}
            </Button>
            <Button type="submit" disabled={!email.trim() || add.isPending}>
              {S.add}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ImportDialog({
  open,
  onOpenChange,
  scope,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  scope: SuppressionScope | null;
}) {
  const [text, setText] = useState('');
  const [summary, setSummary] = useState<ImportSuppressionsResult | null>(null);
  const { importCsv } = useSuppressionActions(scope);
  useEffect(() => {
    if (open) {
      setText('');
      setSummary(null);
    }
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl grid-cols-[minmax(0,1fr)]">
        <DialogHeader>
          <DialogTitle>{S.import}</DialogTitle>
          <DialogDescription>{S.importText}</DialogDescription>
        </DialogHeader>
        {summary ? (
          <div className="space-y-3" data-testid="suppression-import-summary">
            <p className="text-sm">{S.summary(summary)}</p>
            {summary.problems.length ? (
              <div>
                <p className="text-sm font-medium">{S.problems}</p>
                <ul className="max-h-40 overflow-y-auto text-xs text-muted-foreground">
                  {summary.problems.map((p) => (
                    <li key={p.line} className="break-all">
                      {S.line} {p.line}: {IMPORT_ERRORS[p.error] ?? p.error} — <code>{p.text}</code>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>{S.close}</Button>
            </DialogFooter>
          </div>
        ) : (
          <>
            <div className="space-y-2">
              <Label htmlFor="suppression-import">CSV</Label>
              <Textarea
                id="suppression-import"
                rows={8}
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={'email,note\nonoma@example.gr,ζήτησε να μη λαμβάνει'}
              />
              <Input
                type="file"
                accept=".csv,text/csv,text/plain"
                aria-label={S.chooseFile}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void file.text().then(setText);
                }}
              />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {S.cancel}
              </Button>
              <Button
                disabled={!text.trim() || importCsv.isPending}
                onClick={() => importCsv.mutate(text, { onSuccess: setSummary, onError: fail })}
              >
                {S.importRun}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** /client/suppressions: the active organisation's list. */
export function ClientSuppressionsPage() {
  const { organisation } = useActiveOrganisation();
  return (
    <SuppressionsView
      scope={organisation ? { kind: 'organisation', organisationId: organisation.id } : null}
      description={S.orgDescription}
    />
  );
}

/** /superadmin/suppressions: the global list. */
export function AdminSuppressionsPage() {
  return <SuppressionsView scope={{ kind: 'global' }} description={S.globalDescription} />;
}
