import { useEffect } from 'react';
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

/** Sets document.title to "<title> | Deltio". Does nothing while title is undefined. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = formatDocumentTitle(title);
  }, [title]);
}
