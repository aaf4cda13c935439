/**
 * Navigation as the shared layout pieces see it (links, current path, page title, signed-in
 * role), without tying them to a router. The signed-in app provides it from TanStack Router
 * (components/router-nav.tsx); the public site's small entry (public/public-main.tsx)
 * provides it from its own history of public pages, so a visitor of the landing page does
 * not download the router, the query cache or the session store.
 */
import {
  createContext,
  forwardRef,
  useContext,
  type AnchorHTMLAttributes,
  type ForwardRefExoticComponent,
  type RefAttributes,
} from 'react';
import type { Role } from '@shared/constants';

export interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An application path (shared/routes.ts) or a path with parameters filled in. */
  to: string;
  search?: Record<string, string>;
}

export type NavLink = ForwardRefExoticComponent<NavLinkProps & RefAttributes<HTMLAnchorElement>>;

export interface NavUser {
  id: string;
  role: Role;
}

export interface Nav {
  pathname: string;
  /** The Greek title of the page showing (shared/routes.ts), if it has one. */
  title: string | undefined;
  Link: NavLink;
  navigate: (to: string) => void;
  /** The signed-in user, or null for a visitor (and while the session loads). */
  user: NavUser | null;
}

export function hrefOf(to: string, search?: Record<string, string>): string {
  const query = search ? new URLSearchParams(search).toString() : '';
  return query ? `${to}?${query}` : to;
}

/** Marked like TanStack Router's links: data-status="active" and aria-current on the current page. */
export function activeProps(
  pathname: string,
  to: string,
): { 'data-status'?: 'active'; 'aria-current'?: 'page' } {
  const active = pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
  return active ? { 'data-status': 'active', 'aria-current': 'page' } : {};
}

const NavContext = createContext<Nav | null>(null);
export const NavProvider = NavContext.Provider;

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav() outside a NavProvider');
  return nav;
}

export const usePathname = (): string => useNav().pathname;

/** A link to a page of the app, by whichever navigation is providing (see Nav). */
export const AppLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function AppLink(props, ref) {
  const { Link } = useNav();
  return <Link ref={ref} {...props} />;
});
