import { useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Info } from 'lucide-react';
import { Spinner } from '@client/components/ui/spinner';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { authClient } from '@client/stores/session';
import { SESSION_ENDED_MESSAGES } from './auth-messages';
import { DevPanel } from './dev-panel';
import { EmailPasswordForm } from './email-password-form';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { useSignIn } from './use-sign-in';
import { useSignedInRedirect } from './use-signed-in-redirect';

const loginRoute = getRouteApi('/_auth/login');

export function LoginPage() {
  const title = useRouteTitle();
  const { redirect } = loginRoute.useSearch();
  const { submit, submitting } = useSignIn({ redirect });
  const [prefill, setPrefill] = useState<{ email: string; password: string; n: number }>({ email: '', password: '', n: 0 });
  // Why the last session ended, when the server ended it (read once, as the page opens).
  const [ended] = useState(() => authClient.sessionEnded());
  if (useSignedInRedirect(submitting)) {
    return (
      <div className="flex justify-center py-10" role="status">
        <Spinner />
        <span className="sr-only">Φόρτωση…</span>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {ended ? (
        <div
          role="alert"
          data-testid="session-ended"
          data-reason={ended.reason}
          className="flex items-start gap-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>{SESSION_ENDED_MESSAGES[ended.reason]}</p>
        </div>
      ) : null}
      <DevPanel onPick={(email, password) => setPrefill((p) => ({ email, password, n: p.n + 1 }))} />
      <div className="space-y-1.5 text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Συνδεθείτε με το email και τον κωδικό πρόσβασής σας για να συνεχίσετε.
        </p>
      </div>
      <EmailPasswordForm
        key={prefill.n}
        defaultValues={prefill}
        onSubmit={submit}
        submitting={submitting}
        extra={
          <div className="flex justify-end">
            <ForgotPasswordDialog disabled={submitting} />
          </div>
        }
      />
      <p className="text-center text-sm text-muted-foreground">
        Δεν έχετε λογαριασμό;{' '}
        <Link to="/signup" className="font-medium text-primary hover:underline">
          Εγγραφή
        </Link>
      </p>
    </div>
  );
}
