import { useEffect, useId, useRef, useState } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { newPasswordForm } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { useSchemaForm } from '@client/lib/schema-form';
import { afterSignIn } from '@client/auth/landing';
import { authClient, signedInProfile } from '@client/stores/session';
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
  const { form, onSubmit } = useSchemaForm(
    newPasswordForm,
    { password: '', confirmPassword: '' },
    { messages: { required: AUTH_MESSAGES.fillAllFields } },
  );
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

  const submit = onSubmit(async ({ password }) => {
    setSaving(true);
    try {
      await authClient.updateUser({ password });
      toast({ title: 'Επιτυχία', description: 'Ο κωδικός πρόσβασης άλλαξε.', variant: 'success' });
      // The recovery link signed them in: on to their home (or account status), not the marketing page.
      await navigate({ to: afterSignIn(await signedInProfile()), replace: true });
    } catch (err) {
      const description =
        err instanceof ApiError && err.fields?.password
          ? passwordErrorMessage(err)
          : 'Δεν ήταν δυνατή η αλλαγή του κωδικού πρόσβασης';
      toast({ title: 'Σφάλμα', description, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  });

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
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={`${id}-pw`}>Νέος κωδικός πρόσβασης</Label>
            <Input id={`${id}-pw`} type="password" autoComplete="new-password" {...form.register('password')} aria-invalid={form.formState.errors.password ? true : undefined} disabled={saving} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-confirm`}>Επιβεβαίωση κωδικού</Label>
            <Input id={`${id}-confirm`} type="password" autoComplete="new-password" {...form.register('confirmPassword')} aria-invalid={form.formState.errors.confirmPassword ? true : undefined} disabled={saving} />
          </div>
          <Button type="submit" className="w-full" disabled={saving}>
            Αποθήκευση κωδικού
          </Button>
        </form>
      )}
    </div>
  );
}
