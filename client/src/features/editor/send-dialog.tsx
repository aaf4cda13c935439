import { useEffect, useState, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, CalendarClock, CheckCircle2, Mail, Send, Users } from 'lucide-react';
import type { SendPreview, TestEmail } from '@shared/schemas/editor';
import { SUPPRESSION_REASONS, type SuppressionReason } from '@shared/constants';
import { ApiError } from '@client/api/http';
import { editorCalls, testEmailDone, useSendPreview, useTestEmail } from './queries';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { formatDateTime } from '@client/lib/dates';
import { count } from '@shared/plural';

export type SendKind = 'send' | 'schedule';

const n = (x: number) => x.toLocaleString('el-GR');
const recipientsText = (x: number) => `${count(x, 'παραλήπτης', 'παραλήπτες')}`;

export const SEND_DIALOG_STRINGS = {
  title: { send: 'Αποστολή τώρα', schedule: 'Προγραμματισμός αποστολής' } satisfies Record<SendKind, string>,
  description: {
    send: 'Ελέγξτε ποιοι θα το λάβουν και πώς θα δουν το e-mail, πριν το στείλετε.',
    schedule: (at: string) =>
      `Θα σταλεί στις ${formatDateTime(at)}. Ελέγξτε ποιοι θα το λάβουν και πώς θα δουν το e-mail· οι παραλήπτες υπολογίζονται ξανά τη στιγμή της αποστολής.`,
  },
  confirm: { send: 'Επιβεβαίωση αποστολής', schedule: 'Επιβεβαίωση προγραμματισμού' } satisfies Record<SendKind, string>,
  cancel: 'Ακύρωση',
  loading: 'Φόρτωση προεπισκόπησης…',
  loadError: 'Δεν ήταν δυνατή η φόρτωση της προεπισκόπησης.',
  retry: 'Δοκιμή ξανά',
  recipientsHeading: 'Παραλήπτες',
  noLists: 'Δεν έχετε επιλέξει λίστες media.',
  total: (x: number) => `Θα σταλεί σε ${count(x, 'παραλήπτη', 'παραλήπτες')}`,
  distinctNote: 'Όποιος είναι σε περισσότερες λίστες λαμβάνει ένα μόνο e-mail.',
  zero: 'Δεν υπάρχουν παραλήπτες στις επιλεγμένες λίστες media: αν συνεχίσετε, το δελτίο τύπου θα σημειωθεί ως απεσταλμένο χωρίς να το λάβει κανείς.',
  excludedNone: 'Κανένα μέλος των λιστών δεν εξαιρείται.',
  excluded: (x: number) => `Δεν θα σταλεί σε ${count(x, 'μέλος', 'μέλη')} των λιστών:`,
  unsubscribed: (x: number) => `${count(x, 'έχει διαγραφεί', 'έχουν διαγραφεί')} από τη λήψη (από εσάς, από την κατηγορία ή από όλα τα δελτία)`,
  inactive: (x: number) => `${count(x, 'ανενεργός λογαριασμός', 'ανενεργοί λογαριασμοί')}`,
  pending: (x: number) => `${count(x, 'περιμένει', 'περιμένουν')} έγκριση λογαριασμού`,
  withoutEmail: (x: number) =>
    `${count(x, 'παραλήπτης θα το δει', 'παραλήπτες θα το δουν')} μόνο στην εφαρμογή, χωρίς e-mail (λίστα αποκλεισμού):`,
  suppressedReason: {
    hard_bounce: (x: number) => `${count(x, 'διεύθυνση δεν υπάρχει', 'διευθύνσεις δεν υπάρχουν')} (μόνιμη επιστροφή)`,
    soft_bounce_limit: (x: number) => `${n(x)} με επανειλημμένες προσωρινές επιστροφές`,
    complaint: (x: number) => `${count(x, 'σημείωσε', 'σημείωσαν')} e-mail ως ανεπιθύμητο`,
    manual: (x: number) => `${count(x, 'προστέθηκε', 'προστέθηκαν')} από διαχειριστή`,
    import: (x: number) => `${n(x)} από εισαγωγή αρχείου`,
  } satisfies Record<SuppressionReason, (x: number) => string>,
  emailHeading: 'Το e-mail όπως θα το λάβουν οι δημοσιογράφοι',
  from: 'Αποστολέας',
  subject: 'Θέμα',
  frameTitle: 'Προεπισκόπηση e-mail',
  testButton: 'Δοκιμαστικό e-mail σε εμένα',
  testSending: 'Αποστολή δοκιμαστικού e-mail…',
  testSent: (to: string) => `Το δοκιμαστικό e-mail στάλθηκε στο ${to}`,
  testFailed: 'Το δοκιμαστικό e-mail δεν στάλθηκε. Δοκιμάστε ξανά.',
  testSuppressed: (to: string) => `Το δοκιμαστικό e-mail δεν στάλθηκε: η διεύθυνση ${to} είναι στη λίστα αποκλεισμού.`,
  renderError: 'Το κείμενο δεν αποθηκεύτηκε, οπότε δεν μπορεί να σταλεί',
};
const S = SEND_DIALOG_STRINGS;

function Recipients({ p }: { p: SendPreview }) {
  const { unsubscribed, inactive, pending } = p.excluded;
  const excluded = unsubscribed + inactive + pending;
  const noEmail = p.withoutEmail;
  return (
    <section className="space-y-2" aria-labelledby="send-recipients-heading">
      <h3 id="send-recipients-heading" className="flex items-center gap-2 text-sm font-semibold">
        <Users className="h-4 w-4" aria-hidden /> {S.recipientsHeading}
      </h3>
      {p.lists.length === 0 ? (
        <p className="text-sm text-muted-foreground">{S.noLists}</p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {p.lists.map((l) => (
            <li key={l.category} data-testid="preview-list" data-category={l.category} className="flex items-center justify-between gap-3 px-3 py-2">
              <span>{l.label}</span>
              <span className="tabular-nums text-muted-foreground">{recipientsText(l.recipients)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm font-semibold" data-testid="preview-total">
        {S.total(p.recipients)}
      </p>
      {p.lists.length > 1 ? <p className="text-xs text-muted-foreground">{S.distinctNote}</p> : null}
      {p.recipients === 0 ? (
        <p role="alert" data-testid="preview-zero" className="flex items-start gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {S.zero}
        </p>
      ) : null}
      <div data-testid="preview-excluded" className="text-sm text-muted-foreground">
        {excluded === 0 ? (
          <p>{S.excludedNone}</p>
        ) : (
          <>
            <p>{S.excluded(excluded)}</p>
            <ul className="list-disc pl-5">
              {unsubscribed ? <li>{S.unsubscribed(unsubscribed)}</li> : null}
              {inactive ? <li>{S.inactive(inactive)}</li> : null}
              {pending ? <li>{S.pending(pending)}</li> : null}
            </ul>
          </>
        )}
      </div>
      {noEmail.total ? (
        <div data-testid="preview-suppressed" className="text-sm text-muted-foreground">
          <p>{S.withoutEmail(noEmail.total)}</p>
          <ul className="list-disc pl-5">
            {SUPPRESSION_REASONS.filter((k) => noEmail[k]).map((k) => (
              <li key={k}>{S.suppressedReason[k](noEmail[k])}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** "Test e-mail to me": sends it, then follows its state until it left (or failed). */
function TestEmailButton({ releaseId, disabled }: { releaseId: string; disabled: boolean }) {
  const [mail, setMail] = useState<TestEmail | null>(null);
  const send = useMutation({
    mutationFn: () => editorCalls.sendTestEmail(releaseId),
    onSuccess: (m) => setMail(m),
    onMutate: () => setMail(null),
  });
  const done = testEmailDone;
  const state = useTestEmail(releaseId, mail);
  const current = state.data ?? mail;
  let message: { text: string; tone: 'muted' | 'ok' | 'bad' } | null = null;
  if (send.isPending || (current && !done(current))) message = { text: S.testSending, tone: 'muted' };
  else if (send.isError) {
    const err = send.error;
    message = { text: err instanceof ApiError && err.code !== `http_${err.status}` && err.message ? err.message : S.testFailed, tone: 'bad' };
  } else if (current?.status === 'sent') message = { text: S.testSent(current.to), tone: 'ok' };
  else if (current?.status === 'suppressed') message = { text: S.testSuppressed(current.to), tone: 'bad' };
  else if (current?.status === 'failed' || state.isError) message = { text: S.testFailed, tone: 'bad' };

  const busy = message?.tone === 'muted';
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button type="button" variant="outline" size="sm" onClick={() => send.mutate()} disabled={disabled || busy}>
        {busy ? <Spinner size="sm" /> : <Mail className="h-4 w-4" aria-hidden />}
        {S.testButton}
      </Button>
      <p
        role="status"
        aria-live="polite"
        data-testid="test-email-state"
        className={message?.tone === 'ok' ? 'flex items-center gap-1 text-sm text-green-700' : message?.tone === 'bad' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
      >
        {message?.tone === 'ok' ? <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden /> : null}
        {message?.text}
      </p>
    </div>
  );
}

export interface SendDialogProps {
  releaseId: string;
  /** null: closed. */
  kind: SendKind | null;
  /** Schedule only: when (ISO). */
  scheduledAt?: string;
  busy: boolean;
  /** Why the last confirmation failed, shown beside the confirm button (not in a toast over it). */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes back to when it closes (the button that opened it). */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/**
 * The confirmation before Send now / Schedule: who it reaches per list and in all, who is
 * left out and why, the e-mail exactly as journalists get it, and a test e-mail to me.
 */
export function SendDialog({ releaseId, kind, scheduledAt, busy, error, onConfirm, onClose, returnFocus }: SendDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={(o) => !o && !busy && onClose()}>
      {/* Header and buttons stay in view (1280×800, a 375 px phone); only the preview between them scrolls. */}
      <DialogContent
        className="flex max-w-2xl flex-col overflow-hidden"
        data-testid="send-dialog"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        {kind ? <SendDialogBody releaseId={releaseId} kind={kind} scheduledAt={scheduledAt} busy={busy} error={error} onConfirm={onConfirm} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** Mounted while the dialog is open: every opening loads a fresh preview. */
function SendDialogBody({
  releaseId,
  kind,
  scheduledAt,
  busy,
  error,
  onConfirm,
}: Pick<SendDialogProps, 'releaseId' | 'scheduledAt' | 'busy' | 'error' | 'onConfirm'> & { kind: SendKind }) {
  const preview = useSendPreview(releaseId);
  useEffect(() => {
    if (preview.isError) console.error('Send preview failed to load', preview.error);
  }, [preview.isError, preview.error]);
  const p = preview.data;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{S.title[kind]}</DialogTitle>
        <DialogDescription>{kind === 'schedule' && scheduledAt ? S.description.schedule(scheduledAt) : S.description.send}</DialogDescription>
      </DialogHeader>

      <div className="-mx-6 min-h-0 flex-1 overflow-y-auto px-6" data-testid="send-dialog-scroll">
      {preview.isPending ? (
        <div className="flex items-center gap-2 py-8 text-sm text-muted-foreground" aria-busy="true">
          <Spinner size="sm" label={S.loading} />
          <span aria-hidden>{S.loading}</span>
        </div>
      ) : !p ? (
        <div role="alert" className="flex flex-col items-start gap-2 py-4 text-sm">
          <p className="text-destructive">{S.loadError}</p>
          <Button variant="outline" size="sm" onClick={() => void preview.refetch()}>
            {S.retry}
          </Button>
        </div>
      ) : (
        <div className="min-w-0 space-y-5">
          {p.renderError ? (
            <p role="alert" data-testid="preview-render-error" className="flex items-start gap-2 rounded-md bg-red-50 p-2 text-sm font-medium text-destructive">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              {S.renderError}: {p.renderError}
            </p>
          ) : null}
          <Recipients p={p} />
          <section className="min-w-0 space-y-2" aria-labelledby="send-email-heading">
            <h3 id="send-email-heading" className="flex items-center gap-2 text-sm font-semibold">
              <Mail className="h-4 w-4" aria-hidden /> {S.emailHeading}
            </h3>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{S.from}</dt>
              <dd className="break-words font-medium" data-testid="preview-from">
                {p.email.from}
              </dd>
              <dt className="text-muted-foreground">{S.subject}</dt>
              <dd className="break-words font-medium" data-testid="preview-subject">
                {p.email.subject}
              </dd>
            </dl>
            {/* No scripts, no same origin, no forms or popups: the e-mail's HTML only draws. */}
            <iframe title={S.frameTitle} sandbox="" srcDoc={p.email.html} className="h-72 w-full rounded-md border bg-white sm:h-96" />
            <TestEmailButton releaseId={releaseId} disabled={busy || p.renderError !== null} />
          </section>
        </div>
      )}
      </div>

      {error ? (
        <p role="alert" data-testid="send-error" className="flex items-start gap-2 rounded-md bg-red-50 p-2 text-sm text-destructive">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            {S.cancel}
          </Button>
        </DialogClose>
        <Button onClick={onConfirm} disabled={busy || !p || p.renderError !== null}>
          {busy ? <Spinner size="sm" /> : kind === 'send' ? <Send className="h-4 w-4" aria-hidden /> : <CalendarClock className="h-4 w-4" aria-hidden />}
          {S.confirm[kind]}
        </Button>
      </DialogFooter>
    </>
  );
}
