import type * as React from 'react';
import { Link, Outlet } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { useT } from '@client/i18n';
import { Logo } from './logo';
import { MAIN_CONTENT_ID } from './skip-link';

/** Centered card on a quiet background; used by /login, /signup and the hidden admin login. */
export function AuthShell({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-slate-50 to-blue-50 px-4 py-10">
      <div className="mb-6">
        <Logo />
      </div>
      <main id={MAIN_CONTENT_ID} className="w-full max-w-md">
        <Card className="p-6 shadow-md sm:p-8">{children}</Card>
      </main>
      <Link
        to="/"
        className="mt-6 inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t('auth.backToSite')}
      </Link>
    </div>
  );
}

export function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  );
}
