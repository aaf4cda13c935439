/**
 * Public pages with data, rendered per request (for a fast first paint): /pricing with the
 * plans and /status with the system status. The build prerenders every public page once
 * (client/prerender.ts), those two in their loading state; here the server renders them
 * again with their data, through the same SSR bundle (dist/ssr/entry-server.js), so prices
 * and states are in the HTML before any JavaScript runs (and for search engines), and
 * embeds the data for hydration (shared/page-data.ts): the browser does not fetch it
 * again and the pages ship without the query cache and the schemas.
 *
 * The last page per path is kept and reused while its data is unchanged. Anything that
 * fails (no SSR bundle, the database, the render) falls back to the build-time page, which
 * loads its data in the browser as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageDataScript, type PageData } from '../../../shared/page-data';
import type { Logger } from '../logger';
import { APP_ROOT } from '../paths';

/** A public page's data, or undefined for a page without any. */
export type PageDataSource = (pagePath: string) => Promise<PageData | undefined>;

interface SsrEntry {
  render(url: string, pageData?: PageData): Promise<{ html: string }>;
}

export const SSR_ENTRY = path.join(APP_ROOT, 'dist/ssr/entry-server.js');

/** The root element of a prerendered page: the last element of its body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

/** The page with its root's content replaced and the data embedded after it. */
export function spliceRoot(shell: string, html: string, data: PageData): string | undefined {
  if (!ROOT.test(shell)) return undefined;
  return shell.replace(ROOT, () => `<div id="root">${html}</div>${pageDataScript(data)}`);
}

export function publicPageRenderer(
  source: PageDataSource,
  logger: Logger,
  ssrEntry = SSR_ENTRY,
): (pagePath: string, shell: string) => Promise<string> {
  let ssr: Promise<SsrEntry> | undefined;
  const last = new Map<string, { shell: string; json: string; page: string }>();
  return async (pagePath, shell) => {
    try {
      const data = await source(pagePath);
      if (!data || !fs.existsSync(ssrEntry)) return shell;
      const json = JSON.stringify(data);
      const kept = last.get(pagePath);
      if (kept && kept.shell === shell && kept.json === json) return kept.page;
      ssr ??= import(pathToFileURL(ssrEntry).href) as Promise<SsrEntry>;
      ssr.catch(() => (ssr = undefined));
      const { html } = await (await ssr).render(pagePath, data);
      const page = spliceRoot(shell, html, data);
      if (!page) return shell;
      last.set(pagePath, { shell, json, page });
      return page;
    } catch (err) {
      logger.warn({ err, path: pagePath }, 'public page sent without its data');
      return shell;
    }
  };
}
