/**
 * The public site's own React tree (for a fast first paint): the prerendered pages (landing,
 * pricing, contact, demo, legal, status, marketing) hydrate with this, not with the whole
 * app. It has no router, query cache or session store: navigation between public pages
 * happens in place through the History API, any other link is an ordinary page load (the
 * app's entry takes over there). entry-server.tsx renders the same tree at build.
 */
import {
  forwardRef,
  lazy,
  StrictMode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type MouseEvent,
} from 'react';
import type { Role } from '@shared/constants';
import { routeTitle } from '@shared/routes';
import { STORAGE_KEY } from '@client/auth/auth-client';
import {
  activeProps,
  hrefOf,
  NavProvider,
  useNav,
  type Nav,
  type NavLinkProps,
  type NavUser,
} from '@client/components/nav';
import { PublicFrame } from '@client/components/layout/public-layout';
import { usePageMeta } from '@client/components/page-meta';
import { setHydratingPrerender } from '@client/components/deferred';
import { releaseEarlyClicks } from '@client/components/early-clicks';
import { useToast } from '@client/components/ui/use-toast';
import { CookieConsent } from '@client/features/cookies/cookie-banner';
import { PageDataProvider, type PageData } from '@client/features/public/page-data';
import { PUBLIC_PAGES, publicPagePath } from '@client/features/public/public-pages';
import { formatDocumentTitle } from '@client/hooks/document-title';

const loaded = new Map<string, ComponentType>();

/** Loads a public page's code (before hydrating it, or before showing it on navigation). */
export async function loadPage(path: string): Promise<ComponentType> {
  const known = loaded.get(path);
  if (known) return known;
  const load = PUBLIC_PAGES[path];
  if (!load) throw new Error(`${path} is not a public page`);
  const page = await load();
  loaded.set(path, page);
  return page;
}

const PublicLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function PublicLink(
  { to, search, onClick, ...rest },
  ref,
) {
  const { pathname, navigate } = useNav();
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    const plain = e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
    if (e.defaultPrevented || !plain || rest.target || search || !publicPagePath(to)) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a
      ref={ref}
      href={hrefOf(to, search)}
      {...activeProps(pathname, to)}
      {...rest}
      onClick={handleClick}
    />
  );
});

/** The signed-in user, when this browser holds a session (the session store loads only then). */
function useStoredUser(): NavUser | null {
  const [user, setUser] = useState<NavUser | null>(null);
  useEffect(() => {
    if (!localStorage.getItem(STORAGE_KEY)) return;
    let unsubscribe: (() => void) | undefined;
    let gone = false;
    void import('@client/stores/session').then(({ useSession, sessionReady }) => {
      if (gone) return;
      const read = (s: ReturnType<typeof useSession.getState>) => {
        const profile = s.status === 'signed_in' ? s.profile : null;
        setUser(profile ? { id: profile.user_id, role: profile.role as Role } : null);
      };
      unsubscribe = useSession.subscribe(read);
      void sessionReady().then(read);
    });
    return () => {
      gone = true;
      unsubscribe?.();
    };
  }, []);
  return user;
}

const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then((m) => ({ default: m.Toaster })),
);

/** The toasts' viewport, loaded with the first toast (a form's result). */
function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setWanted(true);
  }, [toasts.length]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

const NO_DATA: PageData = {};

/** pageData: what the server rendered the page with (page-data.tsx), for hydration. */
export function PublicApp({ initialPath, pageData = NO_DATA }: { initialPath: string; pageData?: PageData }) {
  const [path, setPath] = useState(initialPath);
  const user = useStoredUser();

  const show = useCallback((to: string, push: boolean) => {
    const target = publicPagePath(to);
    if (!target) {
      window.location.assign(to);
      return;
    }
    void loadPage(target).then(
      () => {
        if (push) {
          window.history.pushState(null, '', target);
          window.scrollTo(0, 0);
        }
        setPath(target);
      },
      () => window.location.assign(to),
    );
  }, []);

  useEffect(() => {
    // Hydrated: from now on a deferred part renders (and loads) at once, and a click held
    // meanwhile is replayed.
    setHydratingPrerender(false);
    releaseEarlyClicks();
    const onPop = () => show(window.location.pathname, false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  const title = routeTitle(path);
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
  usePageMeta(path, title);

  const nav = useMemo<Nav>(
    () => ({ pathname: path, title, user, Link: PublicLink, navigate: (to) => show(to, true) }),
    [path, title, user, show],
  );
  const Page = loaded.get(path);
  return (
    <StrictMode>
      <NavProvider value={nav}>
        <PageDataProvider value={pageData}>
          <PublicFrame>{Page ? <Page /> : null}</PublicFrame>
        </PageDataProvider>
        <CookieConsent />
        <LazyToaster />
      </NavProvider>
    </StrictMode>
  );
}
