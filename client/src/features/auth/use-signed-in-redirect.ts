import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { landingFor } from '@client/auth/landing';
import { authClient, useSession } from '@client/stores/session';

/**
 * A signed-in user who opens a sign-in page goes where they belong (their home, or their
 * account's status screen), unless a sign-in of this page is under way (it navigates itself).
 * Returns true while a stored session is still being loaded (show a spinner, not the form).
 */
export function useSignedInRedirect(signingIn: boolean): boolean {
  const status = useSession((s) => s.status);
  const profile = useSession((s) => s.profile);
  const navigate = useNavigate();
  useEffect(() => {
    if (!signingIn && status === 'signed_in' && profile) void navigate({ to: landingFor(profile), replace: true });
  }, [signingIn, status, profile, navigate]);
  // While the redirect is under way, or the stored session still loading; a profile that could
  // not be loaded shows the form rather than a spinner that never ends.
  return !signingIn && ((status === 'signed_in' && profile !== null) || (status === 'loading' && authClient.getSession() !== null));
}
