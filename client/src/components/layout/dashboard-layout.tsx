import { useEffect, useState } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { LogOut, Menu, PanelLeft, X } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useReturnFocus } from '@client/components/ui/dialog';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { useIsMobile } from '@client/hooks/use-mobile';
import { cn } from '@client/lib/utils';
import { useT } from '@client/i18n';
import { SIDEBAR_KEYBOARD_SHORTCUT, useSidebarStore } from '@client/stores/sidebar';
import { LogoMark } from './logo';
import {
  SIDEBAR_ITEMS,
  SIDEBAR_TITLE_KEYS,
  isActivePath,
  type DashboardRole,
  type SidebarItem,
} from './nav-config';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { authClient, useSession } from '@client/stores/session';
import { AccountStatusBanner } from './account-status-banner';
import { NotificationBell } from '@client/features/notifications/notification-bell';
import { useLiveQueries } from '@client/realtime/use-live-queries';
import { OnboardingGate } from '@client/features/onboarding/onboarding-gate';
import { ApprovalsBadge } from '@client/features/approvals/approvals-badge';
import { NoOrganisationNotice, OrganisationSwitcherSlot } from '@client/features/workspaces/organisation-shell';

function SidebarLink({
  item,
  collapsed,
  pathname,
  onNavigate,
}: {
  item: SidebarItem;
  collapsed: boolean;
  pathname: string;
  onNavigate?: () => void;
}) {
  const t = useT();
  const label = t(item.labelKey);
  const active = isActivePath(pathname, item);
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      // The router marks a link active on its own (aria-current); keep it in line with ours.
      activeOptions={{ exact: item.exact ?? false }}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      data-active={active}
      className={cn(
        'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-sidebar-accent text-sidebar-accent-foreground',
        collapsed && 'justify-center px-0',
      )}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden />
      {collapsed ? null : <span className="truncate">{label}</span>}
      {item.to === '/client/approvals' && !collapsed ? <ApprovalsBadge /> : null}
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function SidebarContent({
  role,
  collapsed,
  onNavigate,
}: {
  role: DashboardRole;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const t = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-2 border-b border-sidebar-border px-3',
          collapsed && 'justify-center px-0',
        )}
      >
        <LogoMark className="h-7 w-7" />
        {collapsed ? (
          <span className="sr-only">{t(SIDEBAR_TITLE_KEYS[role])}</span>
        ) : (
          <span className="truncate text-base font-semibold">{t(SIDEBAR_TITLE_KEYS[role])}</span>
        )}
      </div>
      <nav aria-label={t('shell.sidebarNav')} className="flex-1 overflow-y-auto p-2">
        <ul className="flex flex-col gap-1">
          {SIDEBAR_ITEMS[role].map((item) => (
            <li key={item.to}>
              <SidebarLink
                item={item}
                collapsed={collapsed}
                pathname={pathname}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function MobileSidebar({ role }: { role: DashboardRole }) {
  const t = useT();
  const openMobile = useSidebarStore((s) => s.openMobile);
  const setOpenMobile = useSidebarStore((s) => s.setOpenMobile);
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="sidebar-overlay"
          className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-fade-in"
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className="fixed inset-y-0 left-0 z-50 w-sidebar-mobile max-w-[85vw] border-r bg-sidebar text-sidebar-foreground shadow-xl focus:outline-none data-[state=open]:animate-slide-in-left"
        >
          {returnFocus.capture}
          <DialogPrimitive.Title className="sr-only">
            {t(SIDEBAR_TITLE_KEYS[role])}
          </DialogPrimitive.Title>
          <SidebarContent role={role} collapsed={false} onNavigate={() => setOpenMobile(false)} />
          <DialogPrimitive.Close asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              className="absolute right-2 top-4"
              aria-label={t('shell.closeSidebar')}
            >
              <X aria-hidden />
            </Button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function DashboardHeader({ role }: { role: DashboardRole }) {
  const t = useT();
  const isMobile = useIsMobile();
  const open = useSidebarStore((s) => s.open);
  const openMobile = useSidebarStore((s) => s.openMobile);
  const toggle = useSidebarStore((s) => s.toggle);
  const navigate = useNavigate();
  const profileName = useSession((s) => s.profile?.name);
  const userName = profileName?.trim() || t('shell.defaultUserName');
  const [signingOut, setSigningOut] = useState(false);
  async function logout() {
    setSigningOut(true);
    await authClient.signOut('local');
    await navigate({ to: '/login', replace: true });
  }
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => toggle(isMobile)}
        aria-label={isMobile ? t('shell.openSidebar') : t('shell.toggleSidebar')}
        aria-expanded={isMobile ? openMobile : open}
        aria-keyshortcuts="Control+B Meta+B"
      >
        {isMobile ? <Menu aria-hidden /> : <PanelLeft aria-hidden />}
      </Button>
      <div className="min-w-0 flex-1">
        <p className="truncate text-base font-semibold leading-tight sm:text-lg">
          {t('app.dashboardTitle')}
        </p>
        <p className="truncate text-xs text-muted-foreground sm:text-sm">
          {t('shell.welcome', { name: userName })}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1 sm:gap-2">
        {role === 'client' ? <OrganisationSwitcherSlot /> : null}
        <NotificationBell />
        <Button
          variant="outline"
          size="sm"
          className="h-9"
          onClick={() => void logout()}
          disabled={signingOut}
          aria-label={t('shell.logout')}
        >
          <LogOut aria-hidden />
          <span className="hidden sm:inline">{t('shell.logout')}</span>
        </Button>
      </div>
    </header>
  );
}

/** Shell of the signed-in areas: collapsible sidebar (drawer under 768 px), header, page. */
export function DashboardLayout({ role }: { role: DashboardRole }) {
  useLiveQueries();
  const isMobile = useIsMobile();
  const open = useSidebarStore((s) => s.open);
  const toggle = useSidebarStore((s) => s.toggle);
  const setOpenMobile = useSidebarStore((s) => s.setOpenMobile);

  // Ctrl/Cmd+B toggles the sidebar. A rich-text editor that handles the shortcut itself
  // (bold) calls preventDefault, and contenteditable targets are left alone.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== SIDEBAR_KEYBOARD_SHORTCUT) return;
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      if (event.defaultPrevented) return;
      if (event.target instanceof HTMLElement && event.target.isContentEditable) return;
      event.preventDefault();
      toggle(isMobile);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobile, toggle]);

  // Leaving the mobile breakpoint closes the drawer.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile, setOpenMobile]);

  const collapsed = !open;
  return (
    <div className="flex min-h-dvh bg-slate-50/60">
      <SkipLink />
      <aside
        data-state={collapsed ? 'collapsed' : 'expanded'}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear md:block',
          collapsed ? 'w-sidebar-icon' : 'w-sidebar',
        )}
      >
        <SidebarContent role={role} collapsed={collapsed} />
      </aside>
      {isMobile ? <MobileSidebar role={role} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader role={role} />
        <AccountStatusBanner role={role} />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8"
        >
          {role === 'client' ? (
            <NoOrganisationNotice>
              <Outlet />
            </NoOrganisationNotice>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
      {role === 'client' ? <OnboardingGate /> : null}
    </div>
  );
}
