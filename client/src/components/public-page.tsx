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
    // The link preview's description follows (its other tags: usePageMeta in the frame).
    const preview = () => document.head.querySelector<HTMLMetaElement>('meta[property="og:description"]');
    const shown = preview();
    if (shown) shown.content = description;
    return () => {
      if (meta) meta.content = DEFAULT_DESCRIPTION;
      const left = preview();
      if (left) left.content = DEFAULT_DESCRIPTION;
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

/**
 * A wide block (a table) that scrolls sideways inside its own box, so the page keeps the
 * screen's width. While it is wider than its box, a hint above says so and a fade marks the
 * end edge until it is scrolled there; where it fits, neither shows. Keyboard users scroll
 * the focused region with the arrow keys. (Here, not in a module of its own: the public
 * pages' JavaScript budget has no room for one more chunk.)
 */
export function ScrollRegion({
  hint,
  className,
  children,
  ...label
}: {
  /** "Σύρετε οριζόντια για να δείτε …": what to swipe for. */
  hint: string;
  className?: string;
  children: React.ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  const ref = React.useRef<HTMLDivElement>(null);
  const hintId = React.useId();
  // [wider than the box, more of it past the end edge]
  const [[wide, more], setState] = React.useState([false, false]);

  React.useEffect(() => {
    const el = ref.current!;
    const update = () => {
      const hidden = el.scrollWidth - el.clientWidth;
      const next: [boolean, boolean] = [hidden > 1, el.scrollLeft < hidden - 1];
      setState((prev) => (prev[0] === next[0] && prev[1] === next[1] ? prev : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, []);

  return (
    <div className={className}>
      <p id={hintId} hidden={!wide} className="mb-2 text-sm text-muted-foreground">
        <span aria-hidden>↔ </span>
        {hint}
      </p>
      <div className="relative rounded-lg border">
        {/* relative: the containing block of the content's absolutely placed parts (sr-only
            text), so the box clips them too instead of widening the page. */}
        <div
          ref={ref}
          role="region"
          tabIndex={0}
          aria-describedby={wide ? hintId : undefined}
          className="relative overflow-x-auto rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          {...label}
        >
          {children}
        </div>
        <div
          aria-hidden
          data-testid="scroll-fade-end"
          hidden={!(wide && more)}
          className="pointer-events-none absolute inset-y-0 right-0 w-10 rounded-r-lg bg-gradient-to-l from-background to-transparent"
        />
      </div>
    </div>
  );
}
