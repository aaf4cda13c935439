/**
 * Build-time rendering of the public pages to HTML (client/prerender.ts runs this after
 * `vite build --ssr`): the same tree the browser hydrates them with (public-app.tsx), so
 * the heading and text of /, /pricing, /contact, … show before any JavaScript runs. Data
 * the pages load (plans, status) renders in its loading state, exactly as the browser's
 * first render does; deferred parts (the forms) are loaded first and render whole.
 */
import { renderToString } from 'react-dom/server';
import { routeTitle } from '@shared/routes';
import { preloadDeferred } from '@client/components/deferred';
import { prerenderHead } from '@client/components/public-page';
import { PUBLIC_PAGES } from '@client/features/public/public-pages';
import { formatDocumentTitle } from '@client/hooks/document-title';
import { loadPage, PublicApp } from '@client/public-app';

/** Every page of the public site without path parameters (not /unsubscribe/$token). */
export function prerenderedPaths(): string[] {
  return Object.keys(PUBLIC_PAGES);
}

export async function render(
  url: string,
): Promise<{ html: string; title: string | undefined; description: string | undefined }> {
  prerenderHead.description = undefined;
  await loadPage(url);
  await preloadDeferred();
  const html = renderToString(<PublicApp initialPath={url} />);
  const title = routeTitle(url);
  return {
    html,
    title: title ? formatDocumentTitle(title) : undefined,
    description: prerenderHead.description,
  };
}
