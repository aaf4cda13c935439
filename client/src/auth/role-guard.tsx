import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { ROLE_HOMES, type Role } from '@shared/constants';
import { Spinner } from '@client/components/ui/spinner';
import { ACCOUNT_STATUS_PATH } from './landing';
import { useSession } from '@client/stores/session';

/** Navigates once on mount (TanStack's <Navigate> re-navigates whenever its props change). */
function GoTo({ to, redirect }: { to: string; redirect?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ to, search: redirect ? { redirect } : undefined, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the values at mount
  }, []);
  return null;
}

function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span className="sr-only">Φόρτωση…</span>
    </div>
  );
}

/**
 * Guards a signed-in area: a spinner while the session or profile loads, /login (with
 * the page remembered) when signed out, and the user's own home for another role.
 * It reacts live: a sign-out elsewhere or a ban sends the user to /login at once, a
 * rejection to the account's status screen.
 */
export function RoleGuard({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.profile?.role ?? null);
  const rejected = useSession((s) => s.profile?.status === 'rejected');
  const href = useRouterState({ select: (s) => s.location.pathname + s.location.searchStr });
  // The page inside this area to come back to (not the /login we are sent to).
  const remembered = useRef(href);
  if (status !== 'signed_out') remembered.current = href;

  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signed_out') return <GoTo to="/login" redirect={remembered.current} />;
  if (!role || !roles.includes(role)) return <GoTo to={role ? ROLE_HOMES[role] : '/'} />;
  // A rejected account has no area to work in: its status screen says why and who to contact.
  if (rejected) return <GoTo to={ACCOUNT_STATUS_PATH} />;
  return <>{children}</>;
}
