import { ShieldCheck } from 'lucide-react';
import { AuthShell } from '@client/components/layout/auth-layout';
import { usePageTitle } from '@client/hooks/use-page-title';
import { t } from '@client/i18n';
import { useRouterState } from '@tanstack/react-router';
import { EmailPasswordForm } from './email-password-form';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { useSignIn } from './use-sign-in';
import { useSignedInRedirect } from './use-signed-in-redirect';

/**
 * The hidden superadmin login, rendered by the not-found route when the current path is the
 * secret one (see isSuperadminLoginPath in app-config.ts). Not linked from the public UI.
 */
export function SuperadminLoginPage() {
  const title = t('auth.superadminTitle');
  usePageTitle(title);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const loginPath = pathname.replace(/\/+$/, '');
  const { submit, submitting } = useSignIn({ loginPath });
  useSignedInRedirect(submitting);
  return (
    <AuthShell>
      <div className="space-y-6">
        <div className="flex flex-col items-center gap-2 text-center">
          <span className="flex h-11 w-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheck className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-muted-foreground">{t('auth.superadminIntro')}</p>
        </div>
        <EmailPasswordForm
          onSubmit={submit}
          submitting={submitting}
          extra={
            <div className="flex justify-end">
              <ForgotPasswordDialog disabled={submitting} loginPath={loginPath} />
            </div>
          }
        />
      </div>
    </AuthShell>
  );
}
