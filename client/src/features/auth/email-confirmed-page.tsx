import { useId, useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ConfirmStatus } from '@shared/accounts';
import { recoverForm } from '@shared/schemas/auth';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { useSchemaForm } from '@client/lib/schema-form';
import { landingFor } from '@client/auth/landing';
import { authClient, useSession } from '@client/stores/session';

const route = getRouteApi('/_auth/email-confirmed');

/** The e-mail confirmation page (/email-confirmed?status=…): a title and what to do next. */
const CONFIRM_MESSAGES: Record<ConfirmStatus, { title: string; text: string }> = {
  ok: {
    title: 'Το email σας επιβεβαιώθηκε',
    text: 'Η διεύθυνση email σας επιβεβαιώθηκε. Μπορείτε να συνδεθείτε στον λογαριασμό σας.',
  },
  already: {
    title: 'Το email σας έχει ήδη επιβεβαιωθεί',
    text: 'Αυτός ο σύνδεσμος έχει ήδη χρησιμοποιηθεί και η διεύθυνσή σας είναι επιβεβαιωμένη. Μπορείτε να συνδεθείτε.',
  },
  expired: {
    title: 'Ο σύνδεσμος επιβεβαίωσης έληξε',
    text: 'Ο σύνδεσμος ισχύει για 24 ώρες ή αντικαταστάθηκε από νεότερο. Ζητήστε νέο σύνδεσμο παρακάτω και χρησιμοποιήστε τον πιο πρόσφατο που θα λάβετε.',
  },
  invalid: {
    title: 'Ο σύνδεσμος επιβεβαίωσης δεν είναι έγκυρος',
    text: 'Ο σύνδεσμος δεν αναγνωρίστηκε, ίσως επειδή αντιγράφηκε ελλιπώς. Ζητήστε νέο σύνδεσμο παρακάτω.',
  },
};


/** "Send me a new link": a new confirmation e-mail to an address not confirmed yet. */
function ResendForm() {
  const id = useId();
  const { form, onSubmit } = useSchemaForm(recoverForm, { email: '' });
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const submit = onSubmit(async ({ email }) => {
    setState('sending');
    try {
      await authClient.resendConfirmation(email);
      setState('sent');
    } catch {
      setState('idle');
      toast({ title: 'Σφάλμα', description: 'Παρουσιάστηκε σφάλμα κατά την αποστολή', variant: 'destructive' });
    }
  });
  if (state === 'sent') {
    return (
      <p role="status" data-testid="resend-sent" className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">
        Αν η διεύθυνση ανήκει σε λογαριασμό που δεν έχει επιβεβαιωθεί, θα λάβετε σε λίγα λεπτά νέο σύνδεσμο επιβεβαίωσης.
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>Email του λογαριασμού</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="name@example.gr"
          {...form.register('email')}
          aria-invalid={form.formState.errors.email ? true : undefined}
          disabled={state === 'sending'}
        />
      </div>
      <Button type="submit" className="w-full" disabled={state === 'sending'}>
        {state === 'sending' ? <Spinner size="sm" className="[&_svg]:text-current" /> : null}
        Αποστολή νέου συνδέσμου
      </Button>
    </form>
  );
}

/**
 * Where the confirmation e-mail's link lands (the server confirms, then redirects here with
 * ?status=): says whether it worked, or that the link expired or is not valid, with a way to
 * get a new one.
 */
export function EmailConfirmedPage() {
  const title = useRouteTitle();
  const { status } = route.useSearch();
  const ok = status === 'ok' || status === 'already';
  const m = CONFIRM_MESSAGES[status];
  // Confirmed in a browser that is already signed in: straight on to their home.
  const profile = useSession((s) => (s.status === 'signed_in' ? s.profile : null));
  return (
    <div className="space-y-6" data-testid="email-confirmed" data-status={status}>
      <h1 className="text-center text-2xl font-bold">{title}</h1>
      <div role={ok ? 'status' : 'alert'} className="flex flex-col items-center gap-2 text-center">
        <span
          className={
            ok
              ? 'flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-700'
              : 'flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-700'
          }
        >
          {ok ? <CheckCircle2 className="h-6 w-6" aria-hidden /> : <AlertTriangle className="h-6 w-6" aria-hidden />}
        </span>
        <h2 className="text-lg font-semibold">{m.title}</h2>
        <p className="text-sm text-muted-foreground">{m.text}</p>
      </div>
      {ok ? (
        <Button asChild className="w-full">
          {profile ? <Link to={landingFor(profile)}>Μετάβαση στον πίνακα ελέγχου</Link> : <Link to="/login">Σύνδεση</Link>}
        </Button>
      ) : (
        <ResendForm />
      )}
    </div>
  );
}
