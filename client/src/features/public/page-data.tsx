/**
 * The data the server rendered a public page with (shared/page-data.ts): the plans on
 * /pricing and the system status on /status are in the HTML before any JavaScript runs,
 * and the same data hydrates them, so the browser does not fetch them again and the pages'
 * code carries no query cache or schemas. Without it (a build-time page, a page reached by
 * navigation, the app's router) the pages load their data themselves, lazily
 * (plans-feed.tsx, status-feed.tsx).
 */
import { createContext, useContext } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@shared/page-data';

export type { PageData };

const PageDataContext = createContext<PageData>({});
export const PageDataProvider = PageDataContext.Provider;

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/** The data the server embedded in this document, if any. */
export function readPageData(doc: Document): PageData {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return {};
  }
}
