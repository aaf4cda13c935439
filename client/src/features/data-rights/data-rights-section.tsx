import { useEffect, useState } from 'react';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { ApiError } from '@client/api/http';
import { authClient } from '@client/auth/client';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useSession } from '@client/stores/session';
import { downloadMyData, useErasureActions, useErasureState } from './queries';
import { DATA_RIGHTS as S } from './strings';

/** The e-mailed link lands on the settings page with ?erasure=<token>. */
function erasureTokenFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('erasure');
}

/**
 * The settings pages' section of data rights, as the privacy page promises them: download a copy
 * of one's data (a ZIP), and delete one's account (password, then the e-mailed link, then 14
 * days in which signing in cancels it). A superadmin sees the download only.
 */
export function DataRightsSection() {
  return (
    <Card data-testid="data-rights">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ShieldCheck className="h-5 w-5" aria-hidden />
          {S.title}
        </CardTitle>
        <CardDescription>{S.intro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ExportPart />
        <ErasurePart />
      </CardContent>
    </Card>
  );
}

function ExportPart() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadMyData();
      toast({ title: S.exportDone, variant: 'success' });
    } catch (err) {
      const tooMany = err instanceof ApiError && err.code === 'too_many_requests';
      toast({ title: tooMany ? S.exportTooMany : S.exportFailed, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="space-y-2" aria-labelledby="data-export-title">
      <h3 id="data-export-title" className="font-medium">
        {S.exportTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{S.exportText}</p>
      <Button variant="outline" onClick={() => void run()} disabled={busy} data-testid="data-export">
        {busy ? <Spinner size="sm" /> : <Download />}
        {busy ? S.exporting : S.exportButton}
      </Button>
    </section>
  );
}

function ErasurePart() {
  const state = useErasureState();
  const { request, withdraw } = useErasureActions();
  const email = useSession((s) => s.profile?.email ?? '');
  const [open, setOpen] = useState(false);
  const [token] = useState(erasureTokenFromUrl);
  if (!state.data) return state.isPending ? <Spinner /> : null;
  if (!state.data.allowed) {
    return (
      <section className="space-y-2">
        <h3 className="font-medium">{S.deleteTitle}</h3>
        <p className="text-sm text-muted-foreground">{S.notAllowed}</p>
      </section>
    );
  }
  const blockers = state.data.blockers;
  const pending = state.data.request?.status === 'requested';
  return (
    <section className="space-y-2 border-t pt-6" aria-labelledby="data-erasure-title">
      <h3 id="data-erasure-title" className="font-medium">
        {S.deleteTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{S.deleteText}</p>
      {token && pending ? <ConfirmErasure token={token} /> : null}
      {token && !pending ? (
        <p className="text-sm text-red-700" role="alert">
          {S.confirmInvalid}
        </p>
      ) : null}
      {blockers.length ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="erasure-blocked">
          {S.lastOwner(blockers.map((b) => `«${b.name}»`).join(', '))}
        </p>
      ) : null}
      {pending && !token ? (
        <div className="space-y-2 rounded-md border bg-muted/40 p-3 text-sm" role="status" data-testid="erasure-mail-sent">
          <p>{S.mailSent(email)}</p>
          <Button
            variant="outline"
            size="sm"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate(undefined, { onSuccess: () => toast({ title: S.withdrawn, variant: 'success' }) })}
          >
            {S.withdraw}
          </Button>
        </div>
      ) : null}
      {!pending ? (
        <Button variant="destructive" onClick={() => setOpen(true)} disabled={blockers.length > 0} data-testid="erasure-start">
          <Trash2 />
          {S.deleteButton}
        </Button>
      ) : null}
      <PasswordDialog open={open} onClose={() => setOpen(false)} request={request} />
    </section>
  );
}

function PasswordDialog({
  open,
  onClose,
  request,
}: {
  open: boolean;
  onClose: () => void;
  request: ReturnType<typeof useErasureActions>['request'];
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) {
      setPassword('');
      setError(null);
    }
  }, [open]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The dialog renders in a portal, but React bubbles its submit to a form around the section.
    e.stopPropagation();
    if (!password) return setError(S.passwordRequired);
    request.mutate(password, {
      onSuccess: onClose,
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'invalid_password') setError(S.wrongPassword);
        else if (err instanceof ApiError && err.code === 'too_many_requests') setError(S.tooMany);
        else if (err instanceof ApiError && err.code === 'last_owner') setError(S.lastOwner(err.fields?.organisation ?? ''));
        else setError(S.failed);
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{S.dialogTitle}</DialogTitle>
            <DialogDescription>{S.dialogText}</DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5 py-4">
            <Label htmlFor="erasure-password">{S.password}</Label>
            <Input
              id="erasure-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'erasure-password-error' : undefined}
            />
            {error ? (
              <p id="erasure-password-error" className="text-sm text-red-700" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {S.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={request.isPending} data-testid="erasure-send-link">
              {request.isPending ? <Spinner size="sm" /> : null}
              {S.continue}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ConfirmErasure({ token }: { token: string }) {
  const { confirm } = useErasureActions();
  const [error, setError] = useState<string | null>(null);
  const run = () =>
    confirm.mutate(token, {
      // The session is over: the sign-in page says why (and that signing in cancels the erasure).
      onSuccess: () => authClient.handleRevoked('erasure_scheduled'),
      onError: (err) => setError(err instanceof ApiError && err.code === 'last_owner' ? S.lastOwner(err.fields?.organisation ?? '') : S.confirmInvalid),
    });
  return (
    <div className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm" data-testid="erasure-confirm">
      <p className="font-medium">{S.confirmTitle}</p>
      <p>{S.confirmText}</p>
      {error ? (
        <p className="text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <Button variant="destructive" size="sm" onClick={run} disabled={confirm.isPending}>
        {confirm.isPending ? <Spinner size="sm" /> : null}
        {S.confirmButton}
      </Button>
    </div>
  );
}
