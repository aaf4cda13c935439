import type { LucideIcon } from 'lucide-react';
import {
  Ban,
  BarChart3,
  Bookmark,
  FilePlus2,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Mail,
  Newspaper,
  ScrollText,
  ShieldCheck,
  Settings,
  UserPlus,
  Users,
} from 'lucide-react';
import { ADMIN_REDIRECTS, routeTitle, type AppPath } from '@shared/routes';
import type { TranslationKey } from '@shared/i18n';

/** Every path a link may point at: the route list plus the /admin/... aliases. */
export type AdminPath =
  | '/admin'
  | '/admin/users'
  | '/admin/media-lists'
  | '/admin/statistics'
  | '/admin/logs'
  | '/admin/settings';
export type LinkPath = AppPath | AdminPath;

export type DashboardRole = 'client' | 'media' | 'superadmin';

export interface SidebarItem {
  to: LinkPath;
  labelKey: TranslationKey;
  icon: LucideIcon;
  /** Only exact matches count as active (the role's home). */
  exact?: boolean;
}

/** Where a link really lands (an /admin/... link lands on its /superadmin/... twin). */
export function canonicalPath(path: string): string {
  return ADMIN_REDIRECTS[path] ?? path;
}

export function isActivePath(pathname: string, item: Pick<SidebarItem, 'to' | 'exact'>): boolean {
  const target = canonicalPath(item.to);
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (here === target) return true;
  return !item.exact && here.startsWith(`${target}/`);
}

export const SIDEBAR_TITLE_KEYS: Record<DashboardRole, TranslationKey> = {
  client: 'shell.sidebarTitle.client',
  media: 'shell.sidebarTitle.media',
  superadmin: 'shell.sidebarTitle.superadmin',
};

/** Sidebar menus: the spec's links (second document, "Shell and sidebars") plus each role's home. */
export const SIDEBAR_ITEMS: Record<DashboardRole, readonly SidebarItem[]> = {
  client: [
    { to: '/client', labelKey: 'sidebar.client.dashboard', icon: LayoutDashboard, exact: true },
    { to: '/client/press-releases', labelKey: 'sidebar.client.pressReleases', icon: FileText },
    { to: '/client/new-release', labelKey: 'sidebar.client.newRelease', icon: FilePlus2 },
    { to: '/client/history', labelKey: 'sidebar.client.history', icon: History },
    { to: '/client/invitations', labelKey: 'sidebar.client.invitations', icon: UserPlus },
    { to: '/client/reports', labelKey: 'sidebar.client.reports', icon: BarChart3 },
    { to: '/client/tasks', labelKey: 'sidebar.client.tasks', icon: ListChecks },
    { to: '/client/approvals', labelKey: 'sidebar.client.approvals', icon: ShieldCheck },
    { to: '/client/suppressions', labelKey: 'sidebar.client.suppressions', icon: Ban },
    { to: '/client/settings', labelKey: 'sidebar.client.settings', icon: Settings },
  ],
  media: [
    { to: '/media', labelKey: 'sidebar.media.dashboard', icon: LayoutDashboard, exact: true },
    { to: '/media/press-releases', labelKey: 'sidebar.media.pressReleases', icon: Inbox },
    { to: '/media/bookmarks', labelKey: 'sidebar.media.bookmarks', icon: Bookmark },
    { to: '/media/newsletter', labelKey: 'sidebar.media.newsletter', icon: Mail },
    { to: '/media/settings', labelKey: 'sidebar.media.settings', icon: Settings },
  ],
  superadmin: [
    {
      to: '/superadmin',
      labelKey: 'sidebar.superadmin.overview',
      icon: LayoutDashboard,
      exact: true,
    },
    { to: '/admin/users', labelKey: 'sidebar.superadmin.users', icon: Users },
    { to: '/admin/media-lists', labelKey: 'sidebar.superadmin.mediaLists', icon: Newspaper },
    { to: '/admin/statistics', labelKey: 'sidebar.superadmin.statistics', icon: BarChart3 },
    { to: '/admin/logs', labelKey: 'sidebar.superadmin.logs', icon: ScrollText },
    { to: '/superadmin/suppressions', labelKey: 'sidebar.superadmin.suppressions', icon: Ban },
    { to: '/admin/settings', labelKey: 'sidebar.superadmin.settings', icon: Settings },
  ],
};

export interface PublicNavItem {
  to: AppPath;
  labelKey: TranslationKey;
}

/** Top navbar of the public site (the CTA and the login link are rendered separately). */
export const PUBLIC_NAV: readonly PublicNavItem[] = [
  { to: '/features', labelKey: 'nav.features' },
  { to: '/pricing', labelKey: 'nav.pricing' },
  { to: '/resources', labelKey: 'nav.resources' },
  { to: '/contact', labelKey: 'nav.contact' },
];

/** A footer link: a page of the app, or (document) a page the server renders, loaded whole. */
export interface FooterLink {
  to: string;
  label: string;
  document?: true;
}

export interface FooterGroup {
  headingKey: TranslationKey;
  links: readonly FooterLink[];
}

function link(to: AppPath): FooterLink {
  return { to, label: routeTitle(to) ?? to };
}

/** The index of the organisations' public newsrooms (server/src/modules/newsroom, its own title). */
export const NEWSROOM_INDEX_LINK: FooterLink = { to: '/newsroom', label: 'Newsroom οργανισμών', document: true };

/** The whole marketing navigation (first document, section 2), grouped for the footer. */
export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    headingKey: 'footer.product',
    links: [
      link('/features'),
      link('/features/ai-writing'),
      link('/features/targeting'),
      link('/features/analytics'),
      link('/features/segments'),
      link('/pricing'),
      link('/book-demo'),
    ],
  },
  {
    headingKey: 'footer.industries',
    links: [
      link('/industries/tech'),
      link('/industries/finance'),
      link('/industries/culture'),
      link('/industries/lifestyle'),
      link('/industries/sports'),
    ],
  },
  {
    headingKey: 'footer.resources',
    links: [
      link('/resources'),
      link('/resources/guides'),
      link('/resources/case-studies'),
      link('/resources/best-practices'),
      link('/resources/api'),
      NEWSROOM_INDEX_LINK,
      link('/status'),
    ],
  },
  {
    headingKey: 'footer.company',
    links: [link('/about'), link('/clients'), link('/careers'), link('/contact')],
  },
  {
    headingKey: 'footer.legal',
    links: [link('/legal/privacy'), link('/legal/terms'), link('/legal/cookies')],
  },
];
