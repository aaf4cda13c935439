/**
 * Rendering of the public pages to HTML: at build (client/prerender.ts runs this after
 * `vite build --ssr`), with the same tree the browser hydrates them with (public-app.tsx),
 * so the heading and text of /, /pricing, /contact, … show before any JavaScript runs; and
 * at request time by the server for the pages with data (the plans, the status:
 * server/src/http/public-page-render.ts), which passes that data (page-data.tsx). Without
 * it those render their loading state, exactly as the browser's first render does;
 * deferred parts (the forms) are loaded first and render whole.
 */
import { renderToString } from 'react-dom/server';
import { routeTitle } from '@shared/routes';
import { preloadDeferred } from '@client/components/deferred';
import { prerenderHead } from '@client/components/public-page';
import type { PageData } from '@client/features/public/page-data';
import { PUBLIC_PAGES } from '@client/features/public/public-pages';
import { formatDocumentTitle } from '@client/hooks/document-title';
import { loadPage, PublicApp } from '@client/public-app';

/** Every page of the public site without path parameters (not /unsubscribe/$token). */
export function prerenderedPaths(): string[] {
  return Object.keys(PUBLIC_PAGES);
}

export async function render(
  url: string,
  pageData?: PageData,
): Promise<{ html: string; title: string | undefined; description: string | undefined }> {
  prerenderHead.description = undefined;
  await loadPage(url);
  await preloadDeferred();
  const html = renderToString(<PublicApp initialPath={url} pageData={pageData} />);
  const title = routeTitle(url);
  return {
    html,
    title: title ? formatDocumentTitle(title) : undefined,
    description: prerenderHead.description,
  };
}
