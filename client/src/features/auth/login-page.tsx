import { useState } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { DevPanel } from './dev-panel';
import { EmailPasswordForm } from './email-password-form';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { useSignIn } from './use-sign-in';

const loginRoute = getRouteApi('/_auth/login');

export function LoginPage() {
  const title = useRouteTitle();
  const { redirect } = loginRoute.useSearch();
  const { submit, submitting } = useSignIn({ redirect });
  const [prefill, setPrefill] = useState<{ email: string; password: string; n: number }>({ email: '', password: '', n: 0 });

  return (
    <div className="space-y-6">
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
