import type { ComponentType } from 'react';
import { ROUTES } from '@shared/routes';

type PageLoader = () => Promise<ComponentType>;

const marketingPage: PageLoader = () =>
  import('@client/features/marketing/marketing-page').then((m) => m.MarketingPage);

/**
 * The public site's pages (public and marketing areas of shared/routes.ts, without path
 * parameters), each loaded on its own. Read by the router (router.tsx), by the public entry
 * that hydrates their prerendered HTML (public-app.tsx) and by the prerender.
 */
export const PUBLIC_PAGES: Readonly<Record<string, PageLoader>> = {
  '/': () => import('./landing-page').then((m) => m.LandingPage),
  '/pricing': () => import('./pricing-page').then((m) => m.PricingPage),
  '/contact': () => import('./contact-page').then((m) => m.ContactPage),
  '/book-demo': () => import('./book-demo-page').then((m) => m.BookDemoPage),
  '/thank-you': () => import('./thank-you-page').then((m) => m.ThankYouPage),
  '/legal/privacy': () => import('./legal-privacy-page').then((m) => m.PrivacyPage),
  '/legal/terms': () => import('./legal-terms-page').then((m) => m.TermsPage),
  '/legal/cookies': () => import('./legal-cookies-page').then((m) => m.CookiesPage),
  '/status': () => import('./status-page').then((m) => m.StatusPage),
  ...Object.fromEntries(
    ROUTES.filter((r) => r.area === 'marketing').map((r) => [r.path, marketingPage]),
  ),
};

/** The public page a path shows ('/pricing/' is '/pricing'), if it is one. */
export function publicPagePath(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(PUBLIC_PAGES, path) ? path : undefined;
}
