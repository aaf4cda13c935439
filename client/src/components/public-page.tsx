import * as React from 'react';
import { useNav } from '@client/components/nav';
import { cn } from '@client/lib/utils';

const DEFAULT_DESCRIPTION =
  'Deltio: γράψτε δελτία τύπου με τη βοήθεια AI, στείλτε τα στοχευμένα στα ελληνικά media ανά κατηγορία και μετρήστε τα αποτελέσματα με αναφορές και KPIs.';

/**
 * What the page being prerendered asked for (client/entry-server.tsx reads it after
 * rendering): effects do not run on the server, so the description is recorded here.
 */
export const prerenderHead: { description?: string } = {};

/** Sets <meta name="description"> for the current page; restores the default on leave. */
export function usePageDescription(description: string | undefined): void {
  if (typeof document === 'undefined' && description) prerenderHead.description = description;
  React.useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
    return () => {
      if (meta) meta.content = DEFAULT_DESCRIPTION;
    };
  }, [description]);
}

interface PublicPageProps {
  /** Defaults to the current route's Greek title (shared/routes.ts). */
  title?: string;
  lead?: React.ReactNode;
  /** The page's meta description; defaults to the lead when it is plain text. */
  description?: string;
  eyebrow?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  contentClassName?: string;
}

/** A public/marketing page: title band with h1 and lead paragraph, then the content. */
export function PublicPage({
  title,
  lead,
  description,
  eyebrow,
  children,
  className,
  contentClassName,
}: PublicPageProps) {
  const routeTitle = useNav().title;
  usePageDescription(description ?? (typeof lead === 'string' ? lead : undefined));
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
      {children ? <div className={cn('container py-12', contentClassName)}>{children}</div> : null}
    </div>
  );
}
