import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { Cookie, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { AppLink as Link, useNav } from '@client/components/nav';
import { syncConsentToAccount, useConsent } from './consent-store';

const PreferencesDialog = lazy(() =>
  import('./preferences-dialog').then((m) => ({ default: m.PreferencesDialog })),
);

/** The preferences dialog, loaded the first time it opens (Radix Dialog and Switch stay out of the page's first download). */
function LazyPreferencesDialog() {
  const open = useConsent((s) => s.preferencesOpen);
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  return wanted ? (
    <Suspense fallback={null}>
      <PreferencesDialog />
    </Suspense>
  ) : null;
}

/**
 * The cookie banner (fixed at the bottom while no choice is stored) and the preferences dialog.
 * Mounted once at the root. When a user signs in, a choice made before is saved to the account
 * (once: a page load sends it again only when it changed).
 */
const noSubscription = () => () => undefined;

/**
 * False while React hydrates a prerendered page (the server's snapshot), true afterwards and
 * on every client render: the stored choice exists only in the browser, so the banner is not
 * part of the prerendered HTML and appears right after hydration.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The CSS variable with the banner's height: the toasts keep above it (components/ui/toast.tsx). */
export const BANNER_HEIGHT_VAR = '--cookie-banner-height';

/** Publishes the banner's height (0 once it is gone) so nothing fixed at the bottom covers it. */
function useBannerHeight(banner: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const root = document.documentElement.style;
    const el = banner.current;
    if (!shown || !el) {
      root.removeProperty(BANNER_HEIGHT_VAR);
      return;
    }
    const publish = () => root.setProperty(BANNER_HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, [banner, shown]);
}

export function CookieConsent() {
  const hydrated = useHydrated();
  const consent = useConsent((s) => s.consent);
  const dismissed = useConsent((s) => s.dismissed);
  const acceptAll = useConsent((s) => s.acceptAll);
  const rejectOptional = useConsent((s) => s.rejectOptional);
  const dismiss = useConsent((s) => s.dismiss);
  const setPreferencesOpen = useConsent((s) => s.setPreferencesOpen);
  const signedInAs = useNav().user?.id ?? null;
  const banner = useRef<HTMLElement>(null);
  const shown = hydrated && !consent && !dismissed;
  useBannerHeight(banner, shown);

  useEffect(() => {
    if (signedInAs) void syncConsentToAccount();
  }, [signedInAs]);

  if (!hydrated) return null;
  return (
    <>
      {shown ? (
        <section
          ref={banner}
          role="region"
          aria-label="Συγκατάθεση cookies"
          data-testid="cookie-banner"
          className="fixed inset-x-0 bottom-0 z-50 border-t bg-background shadow-[0_-4px_16px_rgba(15,23,42,0.08)]"
        >
          <div className="container relative flex flex-col gap-4 py-4 pr-12 lg:flex-row lg:items-center lg:justify-between">
            <div className="flex items-start gap-3">
              <Cookie className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
              <p className="text-sm text-slate-700">
                Χρησιμοποιούμε απαραίτητα cookies για τη λειτουργία της πλατφόρμας και, με τη
                συγκατάθεσή σας, λειτουργικά, στατιστικά και marketing cookies. Μάθετε περισσότερα
                στην{' '}
                <Link
                  to="/legal/privacy"
                  className="font-medium text-primary underline underline-offset-2"
                >
                  πολιτική απορρήτου
                </Link>{' '}
                και στην{' '}
                <Link
                  to="/legal/cookies"
                  className="font-medium text-primary underline underline-offset-2"
                >
                  πολιτική cookies
                </Link>
                .
              </p>
            </div>
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
              <Button variant="ghost" size="sm" onClick={() => setPreferencesOpen(true)}>
                Προτιμήσεις
              </Button>
              <Button variant="outline" size="sm" onClick={rejectOptional}>
                Απόρριψη μη απαραίτητων
              </Button>
              <Button size="sm" onClick={acceptAll}>
                Αποδοχή όλων
              </Button>
            </div>
            <button
              type="button"
              onClick={dismiss}
              aria-label="Κλείσιμο"
              className="absolute right-3 top-3 rounded-sm p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </section>
      ) : null}
      <LazyPreferencesDialog />
    </>
  );
}
