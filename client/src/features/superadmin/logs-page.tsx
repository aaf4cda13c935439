import { useEffect, useMemo, useState } from 'react';
import { AUDIT_ACTIONS, type AuditAction } from '@shared/constants';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { DateField } from '@client/components/ui/date-field';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatDateTime } from '@client/lib/dates';
import { Pager } from '@client/features/admin/components';
import { auditSentence } from './audit-sentence';
import { AUDIT_LABELS, ERR } from '@client/features/admin/strings';
import { useErrorToast } from '@client/features/admin/use-error-toast';
import { useAuditLogs } from '@client/features/admin/queries';


export function LogsPage() {
  const [action, setAction] = useState<'all' | AuditAction>('all');
  const [actorInput, setActorInput] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const t = setTimeout(() => setActor(actorInput.trim()), 300);
    return () => clearTimeout(t);
  }, [actorInput]);
  useEffect(() => setPage(1), [action, actor, from, to]);

  const params = useMemo(() => {
    const p = new URLSearchParams({ action, page: String(page) });
    if (actor) p.set('actor', actor);
    if (from) p.set('from', from);
    if (to && (!from || to >= from)) p.set('to', to);
    return p.toString();
  }, [action, actor, from, to, page]);

  const q = useAuditLogs(params);
  useErrorToast(q.error, ERR.overview);
  const items = q.data?.items ?? [];
  const filtered = action !== 'all' || actor || from || to;

  return (
    <>
      <PageHeader description="Οι ευαίσθητες ενέργειες του συστήματος, νεότερες πρώτα. Οι εγγραφές δεν αλλάζουν και δεν διαγράφονται." />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-[14rem_1fr_10rem_10rem_auto] xl:items-end">
        <div className="space-y-1.5">
          <Label>Ενέργεια</Label>
          <Select value={action} onValueChange={(v) => setAction(v as 'all' | AuditAction)}>
            <SelectTrigger aria-label="Φίλτρο ενέργειας">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Όλες οι ενέργειες</SelectItem>
              {AUDIT_ACTIONS.map((a) => (
                <SelectItem key={a} value={a}>
                  {AUDIT_LABELS[a]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-actor">Χρήστης (e-mail)</Label>
          <Input id="audit-actor" value={actorInput} onChange={(e) => setActorInput(e.target.value)} placeholder="π.χ. admin@" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-from">Από</Label>
          <DateField id="audit-from" value={from} max={to || undefined} onChange={setFrom} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-to">Έως</Label>
          <DateField id="audit-to" value={to} min={from || undefined} onChange={setTo} />
        </div>
        <Button
          variant="outline"
          disabled={!filtered}
          onClick={() => {
            setAction('all');
            setActorInput('');
            setFrom('');
            setTo('');
          }}
        >
          Καθαρισμός
        </Button>
      </div>
      <div className="rounded-lg border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="hidden sm:table-cell">Ημερομηνία</TableHead>
              <TableHead className="hidden sm:table-cell">Ενέργεια</TableHead>
              <TableHead>Τι έγινε</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {q.isPending ? (
              <TableRow>
                <TableCell colSpan={3} className="py-10 text-center">
                  <Spinner />
                </TableCell>
              </TableRow>
            ) : items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} className="py-10 text-center text-muted-foreground">
                  {q.isError ? ERR.overview : 'Δεν βρέθηκαν εγγραφές'}
                </TableCell>
              </TableRow>
            ) : (
              items.map((r) => (
                <TableRow key={r.id} data-action={r.action_type}>
                  <TableCell className="hidden whitespace-nowrap align-top sm:table-cell">{formatDateTime(r.created_at)}</TableCell>
                  <TableCell className="hidden align-top font-medium sm:table-cell">{AUDIT_LABELS[r.action_type]}</TableCell>
                  <TableCell className="align-top sm:min-w-[16rem]">
                    {/* On a phone the date and the action head the sentence (their columns are hidden). */}
                    <p className="mb-0.5 text-xs font-medium text-muted-foreground sm:hidden">
                      {formatDateTime(r.created_at)} · {AUDIT_LABELS[r.action_type]}
                    </p>
                    <p className="break-words">{auditSentence(r)}</p>
                    {r.actor_email ? <p className="mt-0.5 text-xs text-muted-foreground">{r.actor_email}</p> : null}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {q.data ? <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} /> : null}
    </>
  );
}
