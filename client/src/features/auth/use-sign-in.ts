import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '@client/api/errors';
import { ACCOUNT_STATUS_PATH, afterSignIn, landingFor } from '@client/auth/landing';
import { toast } from '@client/components/ui/use-toast';
import { authClient, signedInProfile } from '@client/stores/session';
import type { Credentials } from './email-password-form';
import { AUTH_MESSAGES, loginErrorMessage } from './auth-messages';

/** Submit logic of the sign-in forms (their fields are checked by EmailPasswordForm): toasts, then where to go. */
export function useSignIn(opts: { loginPath?: string; redirect?: string }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  async function submit({ email, password }: Credentials) {
    setSubmitting(true);
    try {
      await authClient.signInWithPassword(email, password, opts.loginPath);
      const profile = await signedInProfile();
      toast({ title: AUTH_MESSAGES.loginSuccessTitle, description: AUTH_MESSAGES.loginSuccess, variant: 'success' });
      if (profile && landingFor(profile) === ACCOUNT_STATUS_PATH) {
        // Not approved (yet): first the status screen, which says what happens next.
        await navigate({ to: ACCOUNT_STATUS_PATH, search: { redirect: opts.redirect }, replace: true });
        return;
      }
      await navigate({ to: afterSignIn(profile, opts.redirect), replace: true });
    } catch (err) {
      if (err instanceof ApiError) {
        toast({ title: AUTH_MESSAGES.loginFailedTitle, description: loginErrorMessage(err), variant: 'destructive' });
      } else {
        console.error('Sign-in failed', err);
        toast({ title: AUTH_MESSAGES.loginExceptionTitle, description: AUTH_MESSAGES.loginException, variant: 'destructive' });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return { submit, submitting };
}
