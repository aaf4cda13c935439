import type * as React from 'react';
import { cn } from '@client/lib/utils';
import { useRouteTitle } from '@client/hooks/use-page-title';

interface PageHeaderProps {
  /** Defaults to the current route's Greek title (shared/routes.ts). */
  title?: string;
  description?: React.ReactNode;
  /** Buttons shown to the right of the title on wide screens. */
  actions?: React.ReactNode;
  className?: string;
}

/** The h1 of a signed-in screen, with an optional description and actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  const routeTitle = useRouteTitle();
  return (
    <div
      className={cn(
        'mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between',
        className,
      )}
    >
      <div className="min-w-0 space-y-1.5">
        <h1 className="text-2xl font-bold text-foreground sm:text-3xl">{title ?? routeTitle}</h1>
        {description ? (
          <p className="max-w-2xl text-sm text-muted-foreground sm:text-base">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
