import { useState } from 'react';
import { UserX } from 'lucide-react';
import type { Role } from '@shared/constants';
import type { PendingErasure } from '@shared/schemas/data-rights';
import { ROLE_LABELS } from '@client/features/admin/strings';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { formatDateTime } from '@client/lib/dates';
import { usePendingErasures } from './queries';
import { PENDING_ERASURES as S } from './strings';

type Action = { kind: 'erase' | 'cancel'; item: PendingErasure };

/** The superadmin's pending account erasures: who, asked when, due when; erase now or cancel. */
export function PendingErasures() {
  const { list, erase, cancel } = usePendingErasures();
  const [action, setAction] = useState<Action | null>(null);
  const items = list.data?.items ?? [];
  const pending = erase.isPending || cancel.isPending;
  const run = () => {
    if (!action) return;
    const m = action.kind === 'erase' ? erase : cancel;
    m.mutate(action.item.id, {
      onSuccess: () => {
        setAction(null);
        toast({ title: action.kind === 'erase' ? S.erased : S.cancelled, variant: 'success' });
      },
      onError: () => toast({ title: S.failed, variant: 'destructive' }),
    });
  };
  return (
    <Card className="mb-6" data-testid="pending-erasures">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserX className="h-5 w-5" aria-hidden />
          {S.title}
          {items.length ? <Badge variant="secondary">{items.length}</Badge> : null}
        </CardTitle>
        <CardDescription>{S.text}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <p className="text-sm text-red-700">{S.loadError}</p>
        ) : !items.length ? (
          <p className="text-sm text-muted-foreground">{S.empty}</p>
        ) : (
          <ul className="divide-y">
            {items.map((e) => (
              <li key={e.id} className="flex flex-col gap-3 py-3 md:flex-row md:items-center md:justify-between" data-testid="pending-erasure">
                <div className="min-w-0">
                  <div className="font-medium">{e.name || e.email}</div>
                  <div className="text-xs text-muted-foreground">
                    <span className="break-all">{e.email}</span> · <span className="whitespace-nowrap">{ROLE_LABELS[e.role as Role] ?? e.role}</span>
                  </div>
                  <dl className="mt-1 grid grid-cols-[auto,1fr] gap-x-3 text-xs">
                    <dt className="text-muted-foreground">{S.requested}</dt>
                    <dd>{formatDateTime(e.requestedAt)}</dd>
                    <dt className="text-muted-foreground">{S.due}</dt>
                    <dd data-testid="erasure-due">{e.dueAt ? formatDateTime(e.dueAt) : S.awaitingMail}</dd>
                  </dl>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button variant="outline" size="sm" onClick={() => setAction({ kind: 'cancel', item: e })}>
                    {S.cancel}
                  </Button>
                  {e.status === 'scheduled' ? (
                    <Button variant="destructive" size="sm" onClick={() => setAction({ kind: 'erase', item: e })}>
                      {S.eraseNow}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={!!action} onOpenChange={(o) => !o && setAction(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{action?.kind === 'erase' ? S.eraseNow : S.cancel}</DialogTitle>
            <DialogDescription>
              {action ? (action.kind === 'erase' ? S.confirmErase(action.item.name || action.item.email) : S.confirmCancel(action.item.name || action.item.email)) : null}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAction(null)}>
              {S.close}
            </Button>
            <Button variant={action?.kind === 'erase' ? 'destructive' : 'default'} onClick={run} disabled={pending} data-testid="pending-erasure-confirm">
              {pending ? <Spinner size="sm" /> : null}
              {action?.kind === 'erase' ? S.eraseNow : S.cancel}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
