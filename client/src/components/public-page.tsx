import type * as React from 'react';
import { useRouteTitle } from '@client/hooks/use-page-title';
import { cn } from '@client/lib/utils';

interface PublicPageProps {
  /** Defaults to the current route's Greek title (shared/routes.ts). */
  title?: string;
  lead?: React.ReactNode;
  eyebrow?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}

/** A public/marketing page: title band with h1 and lead paragraph, then the content. */
export function PublicPage({ title, lead, eyebrow, children, className }: PublicPageProps) {
  const routeTitle = useRouteTitle();
  return (
    <div className={className}>
      <section className="border-b bg-gradient-to-b from-blue-50/80 to-background">
        <div className="container py-12 sm:py-16">
          {eyebrow ? (
            <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-primary">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="max-w-3xl text-3xl font-bold text-foreground sm:text-4xl">
            {title ?? routeTitle}
          </h1>
          {lead ? (
            <p className="mt-4 max-w-2xl text-base text-muted-foreground sm:text-lg">{lead}</p>
          ) : null}
        </div>
      </section>
      {children ? <div className={cn('container py-12')}>{children}</div> : null}
    </div>
  );
}
