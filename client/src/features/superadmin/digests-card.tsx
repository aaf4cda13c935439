import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, RefreshCw, Send } from 'lucide-react';
import type { DigestKind } from '@shared/constants';
import { digestPreview, digestRunResult, type DigestPreview } from '@shared/schemas/digests';
import { api } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/lib/dates';
import { refreshQueries } from '@client/lib/refresh';
import { cn } from '@client/lib/utils';
import { count } from '@shared/plural';

const n = (x: number) => x.toLocaleString('el-GR');

export const DIGEST_STRINGS = {
  title: 'Συνόψεις με email (newsletter)',
  description:
    'Η ημερήσια σύνοψη φεύγει κάθε μέρα στις 07:00 και η εβδομαδιαία κάθε Δευτέρα στις 07:00 (ώρα Ελλάδας). Εδώ βλέπετε τι θα σταλεί και μπορείτε να τη στείλετε αμέσως.',
  kinds: { daily: 'Ημερήσια', weekly: 'Εβδομαδιαία' } satisfies Record<DigestKind, string>,
  next: 'Επόμενη προγραμματισμένη αποστολή',
  last: 'Τελευταία αποστολή',
  never: 'Δεν έχει σταλεί ακόμη',
  automatic: 'αυτόματα',
  lastLine: (at: string, by: string, r: number, d: number) => `${at} (${by}) · ${n(r)} παραλήπτες · ${n(d)} δελτία`,
  totals: (r: number, d: number, h: number) =>
    `Αν σταλεί τώρα: ${count(r, 'παραλήπτης', 'παραλήπτες')} · ${count(d, 'δελτίο', 'δελτία')}${h ? ` · ${n(h)} πέρα από ημερήσιο όριο` : ''}`,
  empty: 'Δεν υπάρχει κάτι για αποστολή αυτή τη στιγμή: κανένας παραλήπτης δεν έχει νέα δελτία.',
  recipient: 'Παραλήπτης',
  frequency: 'Συχνότητα',
  releases: 'Δελτία',
  held: 'Πέρα από όριο',
  frequencies: { none: 'Χωρίς newsletter', daily: 'Καθημερινά', weekly: 'Εβδομαδιαία' } as Record<string, string>,
  show: 'Προβολή email',
  more: (x: number) => `και ${n(x)} ακόμη παραλήπτες`,
  sample: 'Το email όπως θα σταλεί',
  to: 'Προς',
  subject: 'Θέμα',
  frame: 'Προεπισκόπηση του email της σύνοψης',
  refresh: 'Ανανέωση',
  run: 'Αποστολή τώρα',
  confirmTitle: { daily: 'Αποστολή της ημερήσιας σύνοψης τώρα', weekly: 'Αποστολή της εβδομαδιαίας σύνοψης τώρα' } satisfies Record<DigestKind, string>,
  confirmText: (r: number) =>
    `Θα σταλεί email σε ${count(r, 'παραλήπτη', 'παραλήπτες')}. Κάθε δελτίο μπαίνει σε μία μόνο σύνοψη του είδους της: η προγραμματισμένη αποστολή θα περιλάβει μόνο όσα έρθουν στο μεταξύ.`,
  cancel: 'Ακύρωση',
  sent: (r: number) => (r === 0 ? 'Δεν υπήρχε κάτι νέο για αποστολή' : `Η σύνοψη στάλθηκε σε ${count(r, 'παραλήπτη', 'παραλήπτες')}`),
  done: 'Ολοκληρώθηκε',
  error: 'Σφάλμα',
  loadError: 'Δεν ήταν δυνατή η φόρτωση της προεπισκόπησης',
  runError: 'Η σύνοψη δεν στάλθηκε. Δοκιμάστε ξανά.',
};
const S = DIGEST_STRINGS;

function useDigestPreview(kind: DigestKind, recipient: string) {
  return useQuery({
    queryKey: queryKeys.adminDigest(kind, recipient),
    queryFn: ({ signal }) =>
      api('GET', `/admin/digests/${kind}/preview${recipient ? `?recipient=${recipient}` : ''}`, { schema: digestPreview, signal }),
    placeholderData: keepPreviousData,
  });
}

function Recipients({ preview, onShow }: { preview: DigestPreview; onShow: (userId: string) => void }) {
  const shown = preview.sample?.userId;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" data-testid="digest-recipients">
        <thead className="bg-slate-50 text-left text-xs text-muted-foreground">
          <tr>
            <th className="px-3 py-2 font-medium">{S.recipient}</th>
            <th className="hidden px-3 py-2 font-medium sm:table-cell">{S.frequency}</th>
            <th className="px-3 py-2 text-right font-medium">{S.releases}</th>
            <th className="px-3 py-2 text-right font-medium">{S.held}</th>
            <th className="px-3 py-2">
              <span className="sr-only">{S.show}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {preview.recipients.map((r) => (
            <tr key={r.userId} data-testid="digest-recipient" className={cn(r.userId === shown && 'bg-primary/5')}>
              <td className="max-w-[12rem] px-3 py-2">
                <span className="block truncate font-medium">{r.email}</span>
                {r.name ? <span className="block truncate text-xs text-muted-foreground">{r.name}</span> : null}
              </td>
              <td className="hidden px-3 py-2 sm:table-cell">{S.frequencies[r.frequency] ?? r.frequency}</td>
              <td className="px-3 py-2 text-right tabular-nums">{n(r.releases)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{n(r.held)}</td>
              <td className="px-2 py-1 text-right">
                <Button variant="ghost" size="sm" aria-label={`${S.show}: ${r.email}`} aria-pressed={r.userId === shown} onClick={() => onShow(r.userId)}>
                  <Eye aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.totals.recipients > preview.recipients.length ? (
        <p className="border-t px-3 py-2 text-xs text-muted-foreground">{S.more(preview.totals.recipients - preview.recipients.length)}</p>
      ) : null}
    </div>
  );
}

/**
 * The superadmin's digests: what the daily or weekly digest would send now (to whom, how
 * many releases, the e-mail as rendered), when it runs next and last ran, and "send now"
 * (audited; never the same release twice in one kind of digest).
 */
export function DigestsCard() {
  const [kind, setKind] = useState<DigestKind>('daily');
  const [recipient, setRecipient] = useState('');
  const [confirming, setConfirming] = useState(false);
  const qc = useQueryClient();
  const preview = useDigestPreview(kind, recipient);
  const run = useMutation({
    mutationFn: () => api('POST', `/admin/digests/${kind}/run`, { schema: digestRunResult }),
    onSuccess: (r) => {
      setConfirming(false);
      toast({ title: S.done, description: S.sent(r.recipients), variant: 'success' });
    },
    onError: (err) => {
      console.error('Digest run failed', err);
      toast({ title: S.error, description: S.runError, variant: 'destructive' });
    },
    onSettled: () => refreshQueries(qc, ['admin', 'digests']),
  });
  const p = preview.data;

  return (
    <Card data-testid="digests-card">
      <CardHeader>
        <CardTitle>{S.title}</CardTitle>
        <CardDescription>{S.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="inline-flex rounded-md border p-0.5" role="group" aria-label={S.title}>
            {(['daily', 'weekly'] as const).map((k) => (
              <Button
                key={k}
                size="sm"
                variant={kind === k ? 'default' : 'ghost'}
                aria-pressed={kind === k}
                onClick={() => {
                  setKind(k);
                  setRecipient('');
                }}
              >
                {S.kinds[k]}
              </Button>
            ))}
          </div>
          <Button variant="ghost" size="sm" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
            <RefreshCw className={cn(preview.isFetching && 'animate-spin')} aria-hidden />
            {S.refresh}
          </Button>
        </div>

        {preview.isPending ? (
          <Spinner />
        ) : !p ? (
          <p role="alert" className="text-sm text-destructive">
            {S.loadError}
          </p>
        ) : (
          <>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-xs text-muted-foreground">{S.next}</dt>
                <dd data-testid="digest-next">{formatDateTime(p.nextRunAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{S.last}</dt>
                <dd data-testid="digest-last">
                  {p.lastRun ? S.lastLine(formatDateTime(p.lastRun.at), p.lastRun.by ?? S.automatic, p.lastRun.recipients, p.lastRun.releases) : S.never}
                </dd>
              </div>
            </dl>
            <p className="text-sm font-medium" data-testid="digest-totals">
              {S.totals(p.totals.recipients, p.totals.releases, p.totals.held)}
            </p>
            {p.recipients.length ? <Recipients preview={p} onShow={setRecipient} /> : <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{S.empty}</p>}
            {p.sample ? (
              <section className="space-y-2" aria-label={S.sample}>
                <h3 className="text-sm font-semibold">{S.sample}</h3>
                <dl className="space-y-0.5 text-sm">
                  <div className="flex gap-2">
                    <dt className="text-muted-foreground">{S.to}:</dt>
                    <dd data-testid="digest-sample-to">{p.sample.to}</dd>
                  </div>
                  <div className="flex gap-2">
                    <dt className="text-muted-foreground">{S.subject}:</dt>
                    <dd>{p.sample.subject}</dd>
                  </div>
                </dl>
                <iframe title={S.frame} sandbox="" srcDoc={p.sample.html} className="h-80 w-full rounded-md border bg-white" />
              </section>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <Button onClick={() => setConfirming(true)} disabled={run.isPending || p.totals.recipients === 0}>
                <Send aria-hidden />
                {S.run}
              </Button>
              {p.totals.held ? <Badge variant="warning">{S.held}: {n(p.totals.held)}</Badge> : null}
            </div>
          </>
        )}
      </CardContent>
      <Dialog open={confirming} onOpenChange={(o) => !run.isPending && setConfirming(o)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{S.confirmTitle[kind]}</DialogTitle>
            <DialogDescription>{S.confirmText(p?.totals.recipients ?? 0)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={run.isPending}>
              {S.cancel}
            </Button>
            <Button onClick={() => run.mutate()} disabled={run.isPending}>
              {run.isPending ? <Spinner size="sm" /> : <Send aria-hidden />}
              {S.run}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
