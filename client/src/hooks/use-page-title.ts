import { useLayoutEffect } from 'react';
import { useMatches } from '@tanstack/react-router';
import { formatDocumentTitle } from './document-title';

export { formatDocumentTitle };

/**
 * The Greek title of the deepest matched route (from its staticData.title); undefined while a
 * not-found page is showing (that page sets its own title).
 */
export function useRouteTitle(): string | undefined {
  return useMatches({
    select: (matches) => {
      if (matches.some((m) => m.status === 'notFound')) return undefined;
      for (let i = matches.length - 1; i >= 0; i--) {
        const title = matches[i]?.staticData.title;
        if (title) return title;
      }
      return undefined;
    },
  });
}

/**
 * The title the mounted page set for itself (usePageTitle), over its route's. The root writes
 * document.title in an effect that runs after its children's, and again on every route change:
 * it reads this, so a page's own title is not overwritten by its route's.
 */
export let ownPageTitle: string | undefined;

/** A page's own title ("<title> | Deltio"), over its route's while the page is mounted. Does nothing while title is undefined. */
export function usePageTitle(title: string | undefined): void {
  const route = useRouteTitle();
  useLayoutEffect(() => {
    if (!title) return;
    document.title = formatDocumentTitle((ownPageTitle = title));
    // Back to the route's (the root writes the next route's after this, if it changed).
    return () => {
      ownPageTitle = undefined;
      document.title = formatDocumentTitle(route);
    };
  }, [title, route]);
}
