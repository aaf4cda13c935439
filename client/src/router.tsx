/**
 * The route tree (code-based TanStack Router). It mirrors shared/routes.ts: every ROUTES entry is
 * a route here (router.test.ts checks it), each with staticData.title = its Greek title.
 *
 *   root (document title, not-found / hidden superadmin login)
 *   ├── _public     PublicLayout: public + marketing pages
 *   ├── _auth       AuthLayout: /login, /signup
 *   ├── client      DashboardLayout role=client    (each area inside a RoleGuard, area-layouts.tsx)
 *   ├── media       DashboardLayout role=media
 *   ├── superadmin  DashboardLayout role=superadmin
 *   └── admin/...   redirects to /superadmin/...
 */
import { useLayoutEffect } from 'react';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  Outlet,
  redirect,
  rootRouteId,
  type RouterHistory,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  ADMIN_REDIRECTS,
  EDIT_RELEASE_TITLE,
  MEDIA_RELEASE_TITLE,
  RELEASE_ID_PATTERN,
  routeTitle,
  type AppPath,
} from '@shared/routes';
import { AuthLayout } from '@client/components/layout/auth-layout';
import { PublicFrame } from '@client/components/layout/public-layout';
import { RouterNavProvider } from '@client/components/router-nav';
import { formatDocumentTitle, ownPageTitle, useRouteTitle } from '@client/hooks/use-page-title';
import { safeRedirect } from '@client/auth/safe-redirect';
import { CONFIRM_STATUSES, type ConfirmStatus } from '@shared/accounts';
import { CookieConsent } from '@client/features/cookies/cookie-banner';
import { NotFoundRoute } from '@client/features/public/not-found-page';
import { PUBLIC_PAGES } from '@client/features/public/public-pages';

/**
 * Every screen but the public layout, the cookie banner and the 404 page is loaded on its
 * route only (code splitting): the editor with TipTap/Yjs, the Tremor charts, the superadmin
 * and media areas never reach a visitor of the public site. The router preloads a route's
 * chunk on hover/focus of a link (defaultPreload: 'intent').
 */
/** A page of the public site, loaded on its route (features/public/public-pages.ts). */
function publicPage(path: string) {
  const load = PUBLIC_PAGES[path];
  if (!load) throw new Error(`${path} is not a public page`);
  return lazyRouteComponent(() => load().then((page) => ({ default: page })));
}

const LoginPage = lazyRouteComponent(() => import('@client/features/auth/login-page'), 'LoginPage');
const ResetPasswordPage = lazyRouteComponent(
  () => import('@client/features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const UnsubscribePage = lazyRouteComponent(
  () => import('@client/features/public/unsubscribe-page'),
  'UnsubscribePage',
);
const EmailConfirmedPage = lazyRouteComponent(
  () => import('@client/features/auth/email-confirmed-page'),
  'EmailConfirmedPage',
);
const AccountStatusPage = lazyRouteComponent(
  () => import('@client/features/auth/account-status-page'),
  'AccountStatusPage',
);
const InvitationPage = lazyRouteComponent(() => import('@client/features/auth/invitation-page'), 'InvitationPage');
const SignupPage = lazyRouteComponent(
  () => import('@client/features/auth/signup-page'),
  'SignupPage',
);
const ClientDashboardPage = lazyRouteComponent(
  () => import('@client/features/client/dashboard-page'),
  'ClientDashboardPage',
);
const HistoryPage = lazyRouteComponent(
  () => import('@client/features/client/history-page'),
  'HistoryPage',
);
const InvitationsPage = lazyRouteComponent(
  () => import('@client/features/client/invitations-page'),
  'InvitationsPage',
);
const PressReleasesPage = lazyRouteComponent(
  () => import('@client/features/client/press-releases-page'),
  'PressReleasesPage',
);
const EditReleasePage = lazyRouteComponent(
  () => import('@client/features/client/release-editor-page'),
  'EditReleasePage',
);
const NewReleasePage = lazyRouteComponent(
  () => import('@client/features/client/release-editor-page'),
  'NewReleasePage',
);
const ReportsPage = lazyRouteComponent(
  () => import('@client/features/client/reports-page'),
  'ReportsPage',
);
const ClientSettingsPage = lazyRouteComponent(
  () => import('@client/features/client/settings-page'),
  'ClientSettingsPage',
);
const TasksPage = lazyRouteComponent(
  () => import('@client/features/client/tasks-page'),
  'TasksPage',
);
const ApprovalsPage = lazyRouteComponent(
  () => import('@client/features/approvals/approvals-page'),
  'ApprovalsPage',
);
const ClientSuppressionsPage = lazyRouteComponent(
  () => import('@client/features/deliverability/suppressions-page'),
  'ClientSuppressionsPage',
);
const AdminSuppressionsPage = lazyRouteComponent(
  () => import('@client/features/deliverability/suppressions-page'),
  'AdminSuppressionsPage',
);
const MarketingPage = publicPage('/features');
const BookmarksPage = lazyRouteComponent(
  () => import('@client/features/media/bookmarks-page'),
  'BookmarksPage',
);
const MediaDashboardPage = lazyRouteComponent(
  () => import('@client/features/media/dashboard-page'),
  'MediaDashboardPage',
);
const NewsletterPage = lazyRouteComponent(
  () => import('@client/features/media/newsletter-page'),
  'NewsletterPage',
);
const MediaPressReleasesPage = lazyRouteComponent(
  () => import('@client/features/media/press-releases-page'),
  'MediaPressReleasesPage',
);
const MediaReleasePage = lazyRouteComponent(
  () => import('@client/features/media/release-page'),
  'MediaReleasePage',
);
const MediaSettingsPage = lazyRouteComponent(
  () => import('@client/features/media/settings-page'),
  'MediaSettingsPage',
);
const BookDemoPage = publicPage('/book-demo');
const ContactPage = publicPage('/contact');
const LandingPage = publicPage('/');
const CookiesPage = publicPage('/legal/cookies');
const PrivacyPage = publicPage('/legal/privacy');
const TermsPage = publicPage('/legal/terms');
const PricingPage = publicPage('/pricing');
const StatusPage = publicPage('/status');
const ThankYouPage = publicPage('/thank-you');
const LogsPage = lazyRouteComponent(
  () => import('@client/features/superadmin/logs-page'),
  'LogsPage',
);
const MediaListsPage = lazyRouteComponent(
  () => import('@client/features/superadmin/media-lists-page'),
  'MediaListsPage',
);
const OverviewPage = lazyRouteComponent(
  () => import('@client/features/superadmin/overview-page'),
  'OverviewPage',
);
const SystemSettingsPage = lazyRouteComponent(
  () => import('@client/features/superadmin/settings-page'),
  'SystemSettingsPage',
);
const StatisticsPage = lazyRouteComponent(
  () => import('@client/features/superadmin/statistics-page'),
  'StatisticsPage',
);
const UsersPage = lazyRouteComponent(
  () => import('@client/features/superadmin/users-page'),
  'UsersPage',
);
const ClientAreaLayout = lazyRouteComponent(
  () => import('@client/components/layout/area-layouts'),
  'ClientAreaLayout',
);
const MediaAreaLayout = lazyRouteComponent(
  () => import('@client/components/layout/area-layouts'),
  'MediaAreaLayout',
);
const SuperadminAreaLayout = lazyRouteComponent(
  () => import('@client/components/layout/area-layouts'),
  'SuperadminAreaLayout',
);

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** Greek page title; the document title becomes "<title> | Deltio". */
    title?: string;
  }
}

export interface RouterContext {
  queryClient: QueryClient;
}

/** Title from shared/routes.ts, as route static data. */
function titled(path: AppPath): { title: string } {
  const title = routeTitle(path);
  if (!title) throw new Error(`No title for ${path} in shared/routes.ts`);
  return { title };
}

function RootComponent() {
  const title = useRouteTitle();
  // A page's own title (usePageTitle: a new release) over its route's: this effect runs after
  // the page's, and again on route changes the page outlives. (Pages without a route title, the
  // 404 page and the hidden login, write theirs themselves.)
  useLayoutEffect(() => {
    if (title) document.title = formatDocumentTitle(ownPageTitle ?? title);
  }, [title]);
  return (
    <RouterNavProvider>
      <Outlet />
      <CookieConsent />
    </RouterNavProvider>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: NotFoundRoute,
});

// ---------------------------------------------------------------- public and marketing pages
function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_public',
  component: PublicLayout,
});

const landingRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/',
  component: LandingPage,
  staticData: titled('/'),
});
const pricingRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'pricing',
  component: PricingPage,
  staticData: titled('/pricing'),
});
const contactRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'contact',
  component: ContactPage,
  staticData: titled('/contact'),
});
const bookDemoRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'book-demo',
  component: BookDemoPage,
  staticData: titled('/book-demo'),
});
const thankYouRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'thank-you',
  component: ThankYouPage,
  staticData: titled('/thank-you'),
});
const privacyRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'legal/privacy',
  component: PrivacyPage,
  staticData: titled('/legal/privacy'),
});
const termsRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'legal/terms',
  component: TermsPage,
  staticData: titled('/legal/terms'),
});
const cookiesRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'legal/cookies',
  component: CookiesPage,
  staticData: titled('/legal/cookies'),
});
const statusRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'status',
  component: StatusPage,
  staticData: titled('/status'),
});

const unsubscribeRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'unsubscribe/$token',
  component: UnsubscribePage,
  validateSearch: (search: Record<string, unknown>): { scope?: 'sender' | 'all' } => ({
    scope: search.scope === 'all' || search.scope === 'sender' ? search.scope : undefined,
  }),
  staticData: { title: 'Διαγραφή από τα δελτία τύπου' },
});

/** Marketing pages share one component; their content is not in the spec. */
function marketingRoute<const P extends AppPath>(path: P) {
  return createRoute({
    getParentRoute: () => publicLayout,
    path: path.slice(1) as P extends `/${infer Rest}` ? Rest : never,
    component: MarketingPage,
    staticData: titled(path),
  });
}

const marketingRoutes = [
  marketingRoute('/features'),
  marketingRoute('/features/ai-writing'),
  marketingRoute('/features/targeting'),
  marketingRoute('/features/analytics'),
  marketingRoute('/features/segments'),
  marketingRoute('/industries/tech'),
  marketingRoute('/industries/finance'),
  marketingRoute('/industries/culture'),
  marketingRoute('/industries/lifestyle'),
  marketingRoute('/industries/sports'),
  marketingRoute('/resources'),
  marketingRoute('/resources/guides'),
  marketingRoute('/resources/case-studies'),
  marketingRoute('/resources/best-practices'),
  marketingRoute('/resources/api'),
  marketingRoute('/about'),
  marketingRoute('/clients'),
  marketingRoute('/careers'),
] as const;

// ---------------------------------------------------------------- sign-in and sign-up
const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_auth',
  component: AuthLayout,
});

export interface LoginSearch {
  /** The page a signed-out visitor came from; followed after sign-in. */
  redirect?: string;
}

const loginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'login',
  component: LoginPage,
  staticData: titled('/login'),
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: safeRedirect(search.redirect),
  }),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'reset-password',
  component: ResetPasswordPage,
  staticData: titled('/reset-password'),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
});

/** Where the confirmation e-mail's link lands: how the confirmation went (the server says). */
const emailConfirmedRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'email-confirmed',
  component: EmailConfirmedPage,
  staticData: titled('/email-confirmed'),
  validateSearch: (search: Record<string, unknown>): { status: ConfirmStatus } => ({
    status: (CONFIRM_STATUSES as readonly unknown[]).includes(search.status) ? (search.status as ConfirmStatus) : 'invalid',
  }),
});

/** A signed-in account not (yet) approved: what happens next, live. */
const accountStatusRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'account-status',
  component: AccountStatusPage,
  staticData: titled('/account-status'),
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({ redirect: safeRedirect(search.redirect) }),
});

/** The invitation e-mail's link: a new person joins the team in one step, a signed-in member accepts in one click. */
const invitationRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'invitation',
  component: InvitationPage,
  staticData: titled('/invitation'),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
});

export interface SignupSearch {
  /** Preselects the user type (marketing links use role=client). */
  role?: 'client' | 'media';
  /** Plan code, added by the pricing page's plan buttons. */
  plan?: string;
}

const signupRoute = createRoute({
  getParentRoute: () => authLayout,
  path: 'signup',
  component: SignupPage,
  staticData: titled('/signup'),
  validateSearch: (search: Record<string, unknown>): SignupSearch => ({
    role: search.role === 'client' || search.role === 'media' ? search.role : undefined,
    plan: typeof search.plan === 'string' && search.plan ? search.plan : undefined,
  }),
});

// ---------------------------------------------------------------- client area
const clientLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: 'client',
  component: ClientAreaLayout,
});

const clientRoutes = [
  createRoute({
    getParentRoute: () => clientLayout,
    path: '/',
    component: ClientDashboardPage,
    staticData: titled('/client'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'press-releases',
    component: PressReleasesPage,
    staticData: titled('/client/press-releases'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'press-releases/new',
    component: NewReleasePage,
    staticData: titled('/client/press-releases/new'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'press-releases/$id',
    component: EditReleasePage,
    staticData: { title: EDIT_RELEASE_TITLE },
    beforeLoad: ({ params }) => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack not-found is thrown
      if (!RELEASE_ID_PATTERN.test(params.id)) throw notFound({ routeId: rootRouteId });
    },
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'new-release',
    component: NewReleasePage,
    staticData: titled('/client/new-release'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'history',
    component: HistoryPage,
    staticData: titled('/client/history'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'invitations',
    component: InvitationsPage,
    staticData: titled('/client/invitations'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'reports',
    component: ReportsPage,
    staticData: titled('/client/reports'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'settings',
    component: ClientSettingsPage,
    staticData: titled('/client/settings'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'tasks',
    component: TasksPage,
    staticData: titled('/client/tasks'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'approvals',
    component: ApprovalsPage,
    staticData: titled('/client/approvals'),
  }),
  createRoute({
    getParentRoute: () => clientLayout,
    path: 'suppressions',
    component: ClientSuppressionsPage,
    staticData: titled('/client/suppressions'),
  }),
] as const;

// ---------------------------------------------------------------- media area
const mediaLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: 'media',
  component: MediaAreaLayout,
});

const mediaRoutes = [
  createRoute({
    getParentRoute: () => mediaLayout,
    path: '/',
    component: MediaDashboardPage,
    staticData: titled('/media'),
  }),
  createRoute({
    getParentRoute: () => mediaLayout,
    path: 'press-releases',
    component: MediaPressReleasesPage,
    staticData: titled('/media/press-releases'),
  }),
  createRoute({
    getParentRoute: () => mediaLayout,
    path: 'press-releases/$releaseId',
    component: MediaReleasePage,
    staticData: { title: MEDIA_RELEASE_TITLE },
    beforeLoad: ({ params }) => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack not-found is thrown
      if (!RELEASE_ID_PATTERN.test(params.releaseId)) throw notFound({ routeId: rootRouteId });
    },
  }),
  createRoute({
    getParentRoute: () => mediaLayout,
    path: 'bookmarks',
    component: BookmarksPage,
    staticData: titled('/media/bookmarks'),
  }),
  createRoute({
    getParentRoute: () => mediaLayout,
    path: 'newsletter',
    component: NewsletterPage,
    staticData: titled('/media/newsletter'),
  }),
  createRoute({
    getParentRoute: () => mediaLayout,
    path: 'settings',
    component: MediaSettingsPage,
    staticData: titled('/media/settings'),
  }),
] as const;

// ---------------------------------------------------------------- superadmin area
const superadminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: 'superadmin',
  component: SuperadminAreaLayout,
});

const superadminRoutes = [
  createRoute({
    getParentRoute: () => superadminLayout,
    path: '/',
    component: OverviewPage,
    staticData: titled('/superadmin'),
  }),
  createRoute({
    getParentRoute: () => superadminLayout,
    path: 'users',
    component: UsersPage,
    staticData: titled('/superadmin/users'),
  }),
  createRoute({
    getParentRoute: () => superadminLayout,
    path: 'media-lists',
    component: MediaListsPage,
    staticData: titled('/superadmin/media-lists'),
  }),
  createRoute({
    getParentRoute: () => superadminLayout,
    path: 'statistics',
    component: StatisticsPage,
    staticData: titled('/superadmin/statistics'),
  }),
  createRoute({
    getParentRoute: () => superadminLayout,
    path: 'logs',
    component: LogsPage,
    staticData: titled('/superadmin/logs'),
  }),
  createRoute({
    getParentRoute: () => superadminLayout,
    path: 'settings',
    component: SystemSettingsPage,
    staticData: titled('/superadmin/settings'),
  }),
  createRoute({
    getParentRoute: () => superadminLayout,
    path: 'suppressions',
    component: AdminSuppressionsPage,
    staticData: titled('/superadmin/suppressions'),
  }),
] as const;

// ---------------------------------------------------------------- /admin/... -> /superadmin/...
/** The superadmin sidebar links to /admin/...; each path redirects (replace) to its twin. */
function adminRedirect<const P extends string>(path: P) {
  const target = ADMIN_REDIRECTS[path];
  if (!target) throw new Error(`${path} is not in ADMIN_REDIRECTS`);
  return createRoute({
    getParentRoute: () => rootRoute,
    path: path.slice(1) as P extends `/${infer Rest}` ? Rest : never,
    beforeLoad: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack redirects are thrown
      throw redirect({ href: target, replace: true });
    },
  });
}

const adminRedirectRoutes = [
  adminRedirect('/admin'),
  adminRedirect('/admin/users'),
  adminRedirect('/admin/media-lists'),
  adminRedirect('/admin/statistics'),
  adminRedirect('/admin/logs'),
  adminRedirect('/admin/settings'),
] as const;

// ---------------------------------------------------------------- tree and router
export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([
    landingRoute,
    pricingRoute,
    contactRoute,
    bookDemoRoute,
    thankYouRoute,
    privacyRoute,
    termsRoute,
    cookiesRoute,
    statusRoute,
    unsubscribeRoute,
    ...marketingRoutes,
  ]),
  authLayout.addChildren([loginRoute, signupRoute, resetPasswordRoute, emailConfirmedRoute, accountStatusRoute, invitationRoute]),
  clientLayout.addChildren([...clientRoutes]),
  mediaLayout.addChildren([...mediaRoutes]),
  superadminLayout.addChildren([...superadminRoutes]),
  ...adminRedirectRoutes,
]);

export interface CreateAppRouterOptions {
  queryClient: QueryClient;
  /** Defaults to the browser history; tests pass createMemoryHistory(). */
  history?: RouterHistory;
}

export function createAppRouter(options: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient: options.queryClient },
    history: options.history,
    // Unknown paths always render the root's not-found page (never inside a dashboard layout).
    notFoundMode: 'root',
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
