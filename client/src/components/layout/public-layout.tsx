import { useEffect, useState, type ReactNode } from 'react';
import { Menu, X } from 'lucide-react';
import { PRODUCT_NAME, ROLE_HOMES } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { useT } from '@client/i18n';
import { AppLink as Link, useNav } from '@client/components/nav';
import { Logo } from './logo';
import { FOOTER_GROUPS, PUBLIC_NAV } from './nav-config';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:text-primary';

function PublicHeader() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname, user } = useNav();
  const home = user ? (ROLE_HOMES[user.role] ?? '/') : null;

  // Close the mobile menu whenever the page changes.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="container flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {PUBLIC_NAV.map((item) => (
            <Link key={item.to} to={item.to} className={navLinkClass}>
              {t(item.labelKey)}
            </Link>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            {home ? (
              <Link to={home}>Πίνακας ελέγχου</Link>
            ) : (
              <Link to="/login">{t('nav.login')}</Link>
            )}
          </Button>
          <Button asChild>
            <Link to="/signup" search={{ role: 'client' }}>
              {t('nav.trial')}
            </Link>
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls="public-mobile-menu"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </div>
      <div
        id="public-mobile-menu"
        hidden={!menuOpen}
        className="border-t bg-background shadow-sm md:hidden"
      >
        <nav aria-label={t('nav.main')} className="container flex flex-col gap-1 py-3">
          {PUBLIC_NAV.map((item) => (
            <Link key={item.to} to={item.to} className={cn(navLinkClass, 'py-2.5 text-base')}>
              {t(item.labelKey)}
            </Link>
          ))}
          <Link to={home ?? '/login'} className={cn(navLinkClass, 'py-2.5 text-base')}>
            {home ? 'Πίνακας ελέγχου' : t('nav.login')}
          </Link>
          <Button asChild size="lg" className="mt-2 w-full">
            <Link to="/signup" search={{ role: 'client' }}>
              {t('nav.trial')}
            </Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}

const footerLinkClass =
  'rounded-sm text-sm text-slate-400 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white';

function PublicFooter() {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-slate-900 text-slate-300">
      <div className="container py-12">
        <div className="grid gap-10 lg:grid-cols-[1.2fr_3fr]">
          <div className="max-w-xs space-y-3">
            <Logo className="text-white" />
            <p className="text-sm leading-relaxed text-slate-400">{t('footer.about')}</p>
          </div>
          <nav
            aria-label={t('footer.navLabel')}
            className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5"
          >
            {FOOTER_GROUPS.map((group) => (
              <div key={group.headingKey}>
                <h2 className="text-sm font-semibold text-white">{t(group.headingKey)}</h2>
                <ul className="mt-3 space-y-2">
                  {group.links.map((item) => (
                    <li key={item.to}>
                      {item.document ? (
                        <a href={item.to} className={footerLinkClass}>
                          {item.label}
                        </a>
                      ) : (
                        <Link to={item.to} className={footerLinkClass}>
                          {item.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-10 border-t border-slate-800 pt-6 text-sm text-slate-400">
          © {year} {PRODUCT_NAME}. {t('footer.rights')}
        </div>
      </div>
    </footer>
  );
}

/** Layout of the public and marketing pages: top navbar, page, full footer. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
