/**
 * Build-time rendering of the public pages to HTML (client/prerender.ts runs this after
 * `vite build --ssr`): the same React tree as the browser (app.tsx) on a memory history, so
 * the heading and text of /, /pricing, /contact, … show before any JavaScript runs, and
 * main.tsx then hydrates that markup. Data the pages load (plans, status) renders in its
 * loading state, exactly as the browser's first render does.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router';
import { App, createQueryClient } from '@client/app';
import { formatDocumentTitle } from '@client/hooks/use-page-title';
import { createAppRouter } from '@client/router';
import { prerenderHead } from '@client/components/public-page';

/** Every page of the public layout without path parameters (not /unsubscribe/$token). */
export function prerenderedPaths(): string[] {
  // Creating a router initialises the tree (ids and full paths).
  const router = createAppRouter({
    queryClient: createQueryClient(),
    history: createMemoryHistory(),
    prerender: true,
  });
  return (Object.values(router.routesById) as AnyRoute[])
    .filter((r) => (r.parentRoute as AnyRoute | undefined)?.id === '/_public')
    .map((r) => r.fullPath as string)
    .filter((p) => !p.includes('$'))
    .map((p) => (p.length > 1 ? p.replace(/\/+$/, '') : p));
}

export async function render(
  url: string,
): Promise<{ html: string; title: string | undefined; description: string | undefined; routeIds: string[] }> {
  prerenderHead.description = undefined;
  const queryClient = createQueryClient();
  const router = createAppRouter({
    queryClient,
    history: createMemoryHistory({ initialEntries: [url] }),
    prerender: true,
  });
  await router.load();
  const html = renderToString(<App router={router} queryClient={queryClient} />);
  const matches = router.state.matches;
  const title = matches[matches.length - 1]?.staticData?.title;
  return {
    html,
    title: title ? formatDocumentTitle(title) : undefined,
    description: prerenderHead.description,
    routeIds: matches.map((m) => m.routeId),
  };
}
