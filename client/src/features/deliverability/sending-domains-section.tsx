import { useState, type FormEvent } from 'react';
import { AlertTriangle, Check, Copy, Loader2, RefreshCw, Trash2, X } from 'lucide-react';
import { roleMay } from '@shared/organisation-roles';
import type { DnsCheck, DnsCheckKind, DnsRecord, SendingDomain } from '@shared/schemas/sending-domains';
import { ApiError } from '@client/api/http';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/lib/dates';
import { useSession } from '@client/stores/session';
import { useSendingDomainActions, useSendingDomains } from './sending-domains-queries';

const S = {
  title: 'Domain αποστολής',
  text: 'Στείλτε τα δελτία τύπου από το δικό σας domain, υπογεγραμμένα με DKIM: φτάνουν πιο σίγουρα στα εισερχόμενα των δημοσιογράφων.',
  platform: (from: string) =>
    `Χωρίς επαληθευμένο domain, τα e-mail φεύγουν από το ${from} με το όνομα του οργανισμού σας, και οι απαντήσεις πηγαίνουν στο e-mail επικοινωνίας τύπου, αν το έχετε ορίσει στο προφίλ της εταιρείας.`,
  sendingFrom: 'Τα e-mail σας φεύγουν τώρα από',
  readOnly: 'Τα domain αποστολής τα προσθέτουν και τα ελέγχουν ο ιδιοκτήτης και οι διαχειριστές του οργανισμού.',
  domain: 'Domain',
  domainPlaceholder: 'π.χ. aigaio-tech.gr',
  localPart: 'Διεύθυνση αποστολέα',
  add: 'Προσθήκη domain',
  adding: 'Προσθήκη...',
  added: 'Το domain προστέθηκε. Προσθέστε τις εγγραφές DNS και πατήστε «Έλεγχος τώρα».',
  none: 'Δεν έχετε προσθέσει domain αποστολής.',
  verify: 'Έλεγχος τώρα',
  verifying: 'Έλεγχος...',
  remove: 'Αφαίρεση',
  confirmRemove: (d: string) => `Να αφαιρεθεί το ${d}; Τα e-mail σας θα φεύγουν από τη διεύθυνση της πλατφόρμας.`,
  yesRemove: 'Ναι, αφαίρεση',
  cancel: 'Άκυρο',
  removed: 'Το domain αφαιρέθηκε.',
  inUse: 'Σε χρήση',
  lastChecked: 'Τελευταίος έλεγχος',
  never: 'δεν έχει ελεγχθεί ακόμη',
  records: 'Εγγραφές DNS προς προσθήκη',
  recordsHint: 'Προσθέστε τις εγγραφές στη διαχείριση DNS του domain σας. Η επαλήθευση γίνεται με την εγγραφή DKIM· οι υπόλοιπες βελτιώνουν την παράδοση.',
  name: 'Όνομα',
  type: 'Τύπος',
  value: 'Τιμή',
  required: 'απαιτείται',
  recommended: 'συνιστάται',
  found: 'Βρέθηκε',
  chunks: 'Η τιμή σε τμήματα των 255 χαρακτήρων (αν το ζητά ο πάροχος DNS)',
  copied: 'Αντιγράφηκε',
  copyFailed: 'Δεν ήταν δυνατή η αντιγραφή',
  error: 'Σφάλμα',
  loadError: 'Δεν ήταν δυνατή η φόρτωση των domain αποστολής.',
  actionError: 'Η ενέργεια δεν ολοκληρώθηκε. Δοκιμάστε ξανά.',
  verifiedNow: (d: string) => `Το ${d} επαληθεύτηκε: τα e-mail σας φεύγουν πλέον από αυτό.`,
  notYet: 'Η εγγραφή DKIM δεν βρέθηκε ακόμη. Οι αλλαγές DNS μπορεί να χρειαστούν έως και μερικές ώρες.',
};

const STATUS: Record<SendingDomain['status'], { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  verified: { label: 'Επαληθευμένο', variant: 'success' },
  pending: { label: 'Σε αναμονή επαλήθευσης', variant: 'warning' },
  failed: { label: 'Η επαλήθευση χάθηκε', variant: 'destructive' },
};

const KIND_LABEL: Record<DnsCheckKind, string> = { dkim: 'DKIM', return_path: 'Return-Path', spf: 'SPF', dmarc: 'DMARC' };

const PROBLEM: Record<NonNullable<DnsCheck['problem']>, string> = {
  missing: 'Λείπει',
  mismatch: 'Δεν ταιριάζει',
  multiple: 'Πολλαπλές εγγραφές',
  dns_error: 'Σφάλμα DNS',
};

/** What each record is for, and what to do when it is not right. */
function advice(kind: DnsCheckKind, check: DnsCheck | undefined): string | null {
  if (check?.ok) return null;
  switch (kind) {
    case 'spf':
      if (check?.problem === 'multiple') return 'Το domain έχει περισσότερες από μία εγγραφές SPF: κρατήστε μόνο μία, την παρακάτω.';
      return check?.found
        ? 'Αντικαταστήστε την υπάρχουσα εγγραφή SPF με την παρακάτω (μην προσθέσετε δεύτερη εγγραφή SPF).'
        : 'Δεν υπάρχει εγγραφή SPF: προσθέστε την παρακάτω.';
    case 'dmarc':
      return check?.problem === 'multiple' ? 'Υπάρχουν περισσότερες από μία εγγραφές DMARC: κρατήστε μόνο μία.' : 'Προτεινόμενη πολιτική DMARC (παρακολούθηση, χωρίς απόρριψη).';
    case 'return_path':
      return 'Με αυτό το CNAME οι επιστροφές (bounces) έρχονται στο δικό σας subdomain.';
    case 'dkim':
      return 'Χωρίς αυτή την εγγραφή τα e-mail δεν μπορούν να φύγουν από το domain σας.';
  }
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: S.copied, description: text.length > 80 ? `${text.slice(0, 77)}…` : text, variant: 'success' });
  } catch {
    toast({ title: S.error, description: S.copyFailed, variant: 'destructive' });
  }
}

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Button type="button" variant="outline" size="icon-sm" className="shrink-0" aria-label={label} title={label} onClick={() => void copy(text)}>
      <Copy className="h-4 w-4" aria-hidden />
    </Button>
  );
}

function CheckMark({ check }: { check: DnsCheck | undefined }) {
  if (!check) return <span className="text-xs text-muted-foreground">δεν ελέγχθηκε</span>;
  if (check.ok)
    return (
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-700" data-testid="check-ok">
        <Check className="h-4 w-4" aria-hidden />
        Εντάξει
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-700" data-testid="check-missing">
      <X className="h-4 w-4" aria-hidden />
      {PROBLEM[check.problem ?? 'missing']}
    </span>
  );
}

function RecordRow({ record, check }: { record: DnsRecord; check: DnsCheck | undefined }) {
  const hint = advice(record.kind, check);
  const label = KIND_LABEL[record.kind];
  return (
    <li className="space-y-2 rounded-md border p-3" data-testid={`record-${record.kind}`} data-ok={check?.ok ? 'true' : 'false'}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">
          {label} <span className="font-normal text-muted-foreground">({record.required ? S.required : S.recommended})</span>
        </p>
        <CheckMark check={check} />
      </div>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <dl className="grid gap-2 text-xs sm:grid-cols-[auto,1fr]">
        <dt className="text-muted-foreground sm:pt-2">{S.name}</dt>
        <dd className="flex min-w-0 items-start gap-2">
          <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1.5 font-mono" data-testid="record-name">
            {record.name}
          </code>
          <CopyButton text={record.name} label={`Αντιγραφή ονόματος ${label}`} />
        </dd>
        <dt className="text-muted-foreground">{S.type}</dt>
        <dd className="font-mono">{record.type}</dd>
        <dt className="text-muted-foreground sm:pt-2">{S.value}</dt>
        <dd className="flex min-w-0 items-start gap-2">
          <code className="max-h-28 min-w-0 flex-1 overflow-y-auto break-all rounded bg-muted px-2 py-1.5 font-mono" data-testid="record-value">
            {record.value}
          </code>
          <CopyButton text={record.value} label={`Αντιγραφή τιμής ${label}`} />
        </dd>
      </dl>
      {check && !check.ok && check.found ? (
        <p className="break-all text-xs text-red-800" data-testid="record-found">
          <span className="font-semibold">{S.found}:</span> <code className="font-mono">{check.found}</code>
        </p>
      ) : null}
      {record.chunks && record.chunks.length > 1 ? (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">{S.chunks}</summary>
          <div className="mt-2 flex items-start gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1.5 font-mono">{record.chunks.map((c) => `"${c}"`).join(' ')}</code>
            <CopyButton text={record.chunks.map((c) => `"${c}"`).join(' ')} label={`Αντιγραφή τμημάτων ${label}`} />
          </div>
        </details>
      ) : null}
    </li>
  );
}

function DomainItem({ organisationId, domain, mayManage }: { organisationId: string; domain: SendingDomain; mayManage: boolean }) {
  const { verify, remove } = useSendingDomainActions(organisationId);
  const [confirming, setConfirming] = useState(false);
  const status = STATUS[domain.status];
  const missing = domain.records.filter((r) => !domain.checks[r.kind]?.ok).map((r) => KIND_LABEL[r.kind]);

  const onVerify = () =>
    verify.mutate(domain.id, {
      onSuccess: (d) =>
        toast(d.status === 'verified' ? { title: S.verifiedNow(d.domain), variant: 'success' } : { title: d.domain, description: S.notYet }),
      onError: () => toast({ title: S.error, description: S.actionError, variant: 'destructive' }),
    });
  const onRemove = () =>
    remove.mutate(domain.id, {
      onSuccess: () => toast({ title: S.removed, variant: 'success' }),
      onError: () => toast({ title: S.error, description: S.actionError, variant: 'destructive' }),
    });

  return (
    <li className="space-y-3 rounded-lg border p-4" data-testid="sending-domain" data-domain={domain.domain} data-status={domain.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 break-all text-base font-semibold">
            {domain.domain}
            <Badge variant={status.variant} data-testid="domain-status">
              {status.label}
            </Badge>
            {domain.in_use ? <Badge variant="info">{S.inUse}</Badge> : null}
          </p>
          <p className="break-all text-xs text-muted-foreground">
            {S.localPart}: <span className="font-mono">{domain.from_address}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {S.lastChecked}: {domain.last_checked_at ? formatDateTime(domain.last_checked_at) : S.never}
          </p>
        </div>
        {mayManage ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" onClick={onVerify} disabled={verify.isPending}>
              {verify.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
              {verify.isPending ? S.verifying : S.verify}
            </Button>
            {!confirming ? (
              <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden />
                {S.remove}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm" role="alert">
          <p className="min-w-0 flex-1">{S.confirmRemove(domain.domain)}</p>
          <Button type="button" size="sm" variant="destructive" onClick={onRemove} disabled={remove.isPending}>
            {S.yesRemove}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(false)}>
            {S.cancel}
          </Button>
        </div>
      ) : null}
      <p className="text-sm" data-testid="domain-summary">
        {domain.status === 'verified' ? (
          <span className="inline-flex items-center gap-1 text-green-800">
            <Check className="h-4 w-4" aria-hidden />
            Η εγγραφή DKIM επαληθεύτηκε{missing.length ? `· λείπουν ακόμη: ${missing.join(', ')}` : '· όλες οι εγγραφές είναι σωστές'}.
          </span>
        ) : (
          <span className="inline-flex items-start gap-1 text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {domain.status === 'failed'
              ? 'Η εγγραφή DKIM δεν βρίσκεται πια: τα e-mail φεύγουν από τη διεύθυνση της πλατφόρμας μέχρι να αποκατασταθεί.'
              : `Λείπουν: ${missing.join(', ')}. Μετά την προσθήκη της εγγραφής DKIM πατήστε «${S.verify}».`}
          </span>
        )}
      </p>
      <div className="space-y-2">
        <p className="text-sm font-medium">{S.records}</p>
        <p className="text-xs text-muted-foreground">{S.recordsHint}</p>
        <ul className="space-y-2">
          {domain.records.map((r) => (
            <RecordRow key={r.kind} record={r} check={domain.checks[r.kind]} />
          ))}
        </ul>
      </div>
    </li>
  );
}

function AddDomainForm({ organisationId }: { organisationId: string }) {
  const { add } = useSendingDomainActions(organisationId);
  const [domain, setDomain] = useState('');
  const [localPart, setLocalPart] = useState('press');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      { domain, from_local_part: localPart || undefined },
      {
        onSuccess: () => {
          setDomain('');
          toast({ title: S.added, variant: 'success' });
        },
        onError: (err) => {
          if (err instanceof ApiError) setError(err.fields?.domain ?? err.fields?.from_local_part ?? err.message);
          else setError(S.actionError);
        },
      },
    );
  };
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <div className="grid gap-3 sm:grid-cols-[1fr,auto]">
        <div className="space-y-1.5">
          <Label htmlFor="sd-domain">{S.domain}</Label>
          <Input
            id="sd-domain"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            placeholder={S.domainPlaceholder}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!error}
            aria-describedby={error ? 'sd-error' : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="sd-local">{S.localPart}</Label>
          <div className="flex items-center gap-1">
            <Input id="sd-local" className="w-32" value={localPart} onChange={(e) => setLocalPart(e.target.value)} autoComplete="off" spellCheck={false} />
            <span className="truncate text-sm text-muted-foreground">@{domain.trim().toLowerCase() || 'domain'}</span>
          </div>
        </div>
      </div>
      {error ? (
        <p id="sd-error" className="text-sm text-red-700" role="alert" data-testid="sending-domain-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={add.isPending || !domain.trim()}>
        {add.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {add.isPending ? S.adding : S.add}
      </Button>
    </form>
  );
}

/**
 * Organisation settings: the sending domains, their DNS records (copyable) and what the last
 * check found. Every member sees them; owners and admins ('domains.manage') add, check, remove.
 */
export function SendingDomainsSection() {
  const organisation = useSession((s) => s.profile?.organisation ?? null);
  const { data, isPending, isError } = useSendingDomains(organisation?.id);
  if (!organisation) return null;
  const mayManage = roleMay(organisation.role, 'domains.manage');
  const inUse = data?.domains.find((d) => d.in_use);
  return (
    <Card id="sending-domains" data-testid="sending-domains" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="text-lg">{S.title}</CardTitle>
        <CardDescription>{S.text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {isPending ? (
          <Spinner />
        ) : isError || !data ? (
          <p className="text-sm text-red-700">{S.loadError}</p>
        ) : (
          <>
            <p className="break-words text-sm" data-testid="sending-from">
              {S.sendingFrom}: <span className="font-mono font-semibold">{inUse ? inUse.from_address : data.platform_from}</span>
              {inUse ? null : <span className="mt-1 block text-xs text-muted-foreground">{S.platform(data.platform_from)}</span>}
            </p>
            {data.domains.length ? (
              <ul className="space-y-4">
                {data.domains.map((d) => (
                  <DomainItem key={d.id} organisationId={organisation.id} domain={d} mayManage={mayManage} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{S.none}</p>
            )}
            {mayManage ? <AddDomainForm organisationId={organisation.id} /> : <p className="text-xs text-muted-foreground">{S.readOnly}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
