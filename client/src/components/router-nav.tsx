import { forwardRef, useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useRouterState, type LinkProps } from '@tanstack/react-router';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { useSession } from '@client/stores/session';
import { NavProvider, type NavLinkProps } from './nav';

const RouterLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function RouterLink(
  { to, search, ...rest },
  ref,
) {
  return <Link ref={ref} {...({ to, search } as LinkProps)} {...rest} />;
});

/** Navigation (components/nav.tsx) from TanStack Router and the session store: the signed-in app's. */
export function RouterNavProvider({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = useRouteTitle();
  const routerNavigate = useNavigate();
  const id = useSession((s) => (s.status === 'signed_in' ? (s.profile?.user_id ?? null) : null));
  const role = useSession((s) => (s.status === 'signed_in' ? (s.profile?.role ?? null) : null));
  const nav = useMemo(
    () => ({
      pathname,
      title,
      user: id && role ? { id, role } : null,
      Link: RouterLink,
      navigate: (to: string) => void routerNavigate({ to }),
    }),
    [pathname, title, id, role, routerNavigate],
  );
  return <NavProvider value={nav}>{children}</NavProvider>;
}
