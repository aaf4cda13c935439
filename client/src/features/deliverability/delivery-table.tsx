import { useState } from 'react';
import { ChevronLeft, ChevronRight, Mail, Table2 } from 'lucide-react';
import type { DeliveryState } from '@shared/constants';
import type { DeliveryCounts, DeliveryRow } from '@shared/schemas/suppressions';
import { ApiError } from '@client/api/http';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
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
import { formatDateTime } from '@client/lib/dates';
import { useDeliveries } from './api';
import { DELIVERY_FILTERS, deliveryStateLabel } from './labels';

const S = {
  title: 'Παράδοση e-mail',
  open: 'Πίνακας παράδοσης',
  dialogText:
    'Κάθε παραλήπτης του δελτίου και τι απάντησε ο διακομιστής του. Ο πίνακας ενημερώνεται μόλις φτάσει μια επιστροφή ή καταγγελία.',
  loadError: 'Δεν ήταν δυνατή η φόρτωση του πίνακα παράδοσης',
  empty: 'Δεν υπάρχουν παραλήπτες σε αυτή την κατάσταση',
  filter: 'Κατάσταση',
};

const n = (v: number) => v.toLocaleString('el-GR');

function variantOf(
  r: Pick<DeliveryRow, 'state' | 'bounceType'>,
): 'success' | 'destructive' | 'warning' | 'secondary' | 'info' {
  switch (r.state) {
    case 'sent':
      return 'success';
    case 'bounced':
      return r.bounceType === 'soft' ? 'warning' : 'destructive';
    case 'complained':
    case 'failed':
      return 'destructive';
    case 'suppressed':
      return 'secondary';
    case 'queued':
      return 'info';
  }
}

/** The counts as a short list: delivered, bounced (hard/soft), complaints, suppressed, waiting, failed. */
function Counts({ c }: { c: DeliveryCounts }) {
  const rows: [string, number, string][] = [
    ['Παραδόθηκαν', c.sent, 'sent'],
    ['Επιστράφηκαν μόνιμα', c.bouncedHard, 'bounced-hard'],
    ['Επιστράφηκαν προσωρινά', c.bouncedSoft, 'bounced-soft'],
    ['Καταγγελίες', c.complained, 'complained'],
    ['Αποκλεισμένες', c.suppressed, 'suppressed'],
    ['Σε αναμονή', c.queued, 'queued'],
    ['Απέτυχαν', c.failed, 'failed'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm" data-testid="delivery-counts">
      {rows
        .filter(([, v, key]) => v > 0 || key === 'sent')
        .map(([label, v, key]) => (
          <div key={key} className="contents" data-count={key}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-semibold tabular-nums">{n(v)}</dd>
          </div>
        ))}
    </dl>
  );
}

function StateBadge({ r }: { r: DeliveryRow }) {
  return <Badge variant={variantOf(r)}>{deliveryStateLabel(r.state, r.bounceType)}</Badge>;
}

/** When something happened to the copy: bounced, complained, else sent. */
function when(r: DeliveryRow): string {
  const at = r.complainedAt ?? r.bouncedAt ?? r.sentAt;
  return at ? formatDateTime(at) : '—';
}

function DeliveryDialog({
  releaseId,
  open,
  onOpenChange,
}: {
  releaseId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [state, setState] = useState<DeliveryState | 'all'>('all');
  const [page, setPage] = useState(1);
  const q = useDeliveries(releaseId, page, state);
  const items = q.data?.items ?? [];
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.pageSize)) : 1;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90dvh] max-w-5xl grid-cols-[minmax(0,1fr)] overflow-y-auto"
        data-testid="delivery-dialog"
      >
        <DialogHeader>
          <DialogTitle>{S.title}</DialogTitle>
          <DialogDescription>{S.dialogText}</DialogDescription>
        </DialogHeader>
        <Select
          value={state}
          onValueChange={(v) => {
            setState(v as DeliveryState | 'all');
            setPage(1);
          }}
        >
          <SelectTrigger className="w-full sm:w-64" aria-label={S.filter}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DELIVERY_FILTERS.map((f) => (
              <SelectItem key={f.value} value={f.value}>
                {f.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <div className="rounded-lg border">
          <Table data-testid="delivery-table">
            <TableHeader>
              <TableRow>
                <TableHead>Παραλήπτης</TableHead>
                <TableHead>Κατάσταση</TableHead>
                <TableHead className="hidden md:table-cell">Απάντηση διακομιστή</TableHead>
                <TableHead>Πότε</TableHead>
                <TableHead>Άνοιγμα</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {q.isPending ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center">
                    <Spinner />
                  </TableCell>
                </TableRow>
              ) : items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                    {q.isError ? S.loadError : S.empty}
                  </TableCell>
                </TableRow>
              ) : (
                items.map((r) => (
                  <TableRow key={r.id} data-email={r.email} data-state={r.state}>
                    <TableCell className="min-w-[12rem]">
                      <div className="font-medium">{r.name ?? r.email}</div>
                      <div className="break-all text-xs text-muted-foreground">
                        {r.outlet ? `${r.outlet} · ` : ''}
                        {r.email}
                      </div>
                    </TableCell>
                    <TableCell className="min-w-[9rem]">
                      <StateBadge r={r} />
                      {r.error ? (
                        <div className="mt-1 line-clamp-2 break-words text-xs text-muted-foreground md:hidden">
                          {r.error}
                        </div>
                      ) : null}
                    </TableCell>
                    <TableCell className="hidden max-w-sm text-xs text-muted-foreground md:table-cell">
                      <span className="line-clamp-3 break-words" title={r.error ?? undefined}>
                        {r.error ?? '—'}
                      </span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-sm">{when(r)}</TableCell>
                    <TableCell className="text-sm">{r.opened ? 'Ναι' : 'Όχι'}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
        {q.data && pages > 1 ? (
          <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
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
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * On a sent release's page: what became of its e-mails (counts) and the per-recipient table in a
 * wide dialog. Both follow report:changed, so a bounce or complaint shows up as it arrives.
 */
export function DeliveryCard({ releaseId }: { releaseId: string }) {
  const q = useDeliveries(releaseId, 1, 'all');
  const [open, setOpen] = useState(false);
  if (q.error instanceof ApiError && q.error.status === 404) return null;
  return (
    <Card data-testid="delivery-card">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Mail className="h-4 w-4 text-primary" aria-hidden />
          {S.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {q.isError ? (
          <p className="text-sm text-red-700">{S.loadError}</p>
        ) : q.data ? (
          <Counts c={q.data.counts} />
        ) : (
          <Spinner />
        )}
        <Button
          variant="outline"
          className="w-full"
          disabled={!q.data}
          onClick={() => setOpen(true)}
        >
          <Table2 aria-hidden />
          {S.open}
        </Button>
      </CardContent>
      {open ? <DeliveryDialog releaseId={releaseId} open={open} onOpenChange={setOpen} /> : null}
    </Card>
  );
}
