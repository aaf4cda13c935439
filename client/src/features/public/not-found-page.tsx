import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { NOT_FOUND_TEXT } from '@shared/routes';
import { LogoMark } from '@client/components/layout/logo';
import { Button } from '@client/components/ui/button';
import { usePageTitle } from '@client/hooks/use-page-title';
import { useT } from '@client/i18n';
import { isSuperadminLoginPath } from '@client/app-config';

/** The hidden sign-in loads on its own path only: every other page's entry stays without its form code. */
const SuperadminLoginPage = lazy(() =>
  import('@client/features/auth/superadmin-login-page').then((m) => ({ default: m.SuperadminLoginPage })),
);

/** 404 page. The path is logged with console.warn (console.error would fail the e2e suite). */
export function NotFoundPage({ pathname }: { pathname: string }) {
  const t = useT();
  usePageTitle(t('notFound.pageTitle'));
  // Log once per unknown path, and only once the router has settled: while a navigation is
  // pending (entering or leaving this page) the location may be the previous or next page's.
  const idle = useRouterState({ select: (s) => s.status === 'idle' });
  const lastLogged = useRef<string | null>(null);
  useEffect(() => {
    if (!idle || lastLogged.current === pathname) return;
    lastLogged.current = pathname;
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, [idle, pathname]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <LogoMark className="mb-6 h-12 w-12" />
      <p className="text-6xl font-extrabold tracking-tight text-primary">{t('notFound.code')}</p>
      <h1 className="mt-4 text-xl font-semibold text-foreground sm:text-2xl">{NOT_FOUND_TEXT}</h1>
      <Button asChild className="mt-8">
        <Link to="/">{t('notFound.back')}</Link>
      </Button>
    </main>
  );
}

/**
 * The router's not-found component: the hidden superadmin login when this unknown path is the
 * secret one, the 404 page otherwise.
 */
export function NotFoundRoute() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (isSuperadminLoginPath(pathname)) {
    return (
      <Suspense fallback={null}>
        <SuperadminLoginPage />
      </Suspense>
    );
  }
  return <NotFoundPage pathname={pathname} />;
}
