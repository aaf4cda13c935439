import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LIMITS } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { authClient } from '@client/stores/session';
import { ApiError } from '@client/api/errors';
import { AUTH_MESSAGES, passwordErrorMessage } from './auth-messages';

const route = getRouteApi('/_auth/reset-password');

/** Landing page of the recovery e-mail: exchanges the token for a session, then sets a new password. */
export function ResetPasswordPage() {
  const title = useRouteTitle();
  const id = useId();
  const navigate = useNavigate();
  const { token } = route.useSearch();
  const [state, setState] = useState<'verifying' | 'ready' | 'invalid'>(token ? 'verifying' : 'invalid');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const verified = useRef(false);

  useEffect(() => {
    if (!token || verified.current) return;
    verified.current = true;
    authClient
      .verifyRecovery(token)
      .then(() => setState('ready'))
      .catch(() => setState('invalid'));
  }, [token]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password || !confirm) {
      toast({ title: 'Σφάλμα', description: AUTH_MESSAGES.fillAllFields, variant: 'destructive' });
      return;
    }
    if (password.length < LIMITS.passwordMinLength) {
      toast({ title: 'Σφάλμα', description: AUTH_MESSAGES.passwordTooShort, variant: 'destructive' });
      return;
    }
    if (password !== confirm) {
      toast({ title: 'Σφάλμα', description: AUTH_MESSAGES.passwordsMismatch, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      await authClient.updateUser({ password });
      toast({ title: 'Επιτυχία', description: 'Ο κωδικός πρόσβασης άλλαξε.', variant: 'success' });
      await navigate({ to: '/', replace: true });
    } catch (err) {
      const description =
        err instanceof ApiError && err.fields?.password
          ? passwordErrorMessage(err)
          : 'Δεν ήταν δυνατή η αλλαγή του κωδικού πρόσβασης';
      toast({ title: 'Σφάλμα', description, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-1.5 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted-foreground">Ορίστε έναν νέο κωδικό πρόσβασης για τον λογαριασμό σας.</p>
      </div>
      {state === 'verifying' ? (
        <div className="flex justify-center" role="status">
          <Spinner />
        </div>
      ) : state === 'invalid' ? (
        <p className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm" role="alert">
          Ο σύνδεσμος έληξε ή δεν είναι έγκυρος. Ζητήστε νέο από τη σελίδα{' '}
          <Link to="/login" className="font-medium text-primary underline">
            σύνδεσης
          </Link>
          .
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={`${id}-pw`}>Νέος κωδικός πρόσβασης</Label>
            <Input id={`${id}-pw`} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={saving} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-confirm`}>Επιβεβαίωση κωδικού</Label>
            <Input id={`${id}-confirm`} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} disabled={saving} />
          </div>
          <Button type="submit" className="w-full" disabled={saving}>
            Αποθήκευση κωδικού
          </Button>
        </form>
      )}
    </div>
  );
}
