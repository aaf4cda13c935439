/**
 * The browser entry of the prerendered public pages (client/prerender.ts points their HTML
 * here instead of main.tsx): loads the page's code, then hydrates the server's markup with
 * the public tree (public-app.tsx) and the data the server rendered it with, if any
 * (features/public/page-data.tsx). About a third of the app entry's JavaScript.
 */
import { hydrateRoot } from 'react-dom/client';
import { setHydratingPrerender } from '@client/components/deferred';
import { holdEarlyClicks } from '@client/components/early-clicks';
import { readPageData } from '@client/features/public/page-data';
import { publicPagePath } from '@client/features/public/public-pages';
import { loadPage, PublicApp } from '@client/public-app';
import './index.css';

const container = document.getElementById('root');
const path = publicPagePath(window.location.pathname);
if (!container || !path) throw new Error('public-main.tsx runs on a prerendered public page only');

holdEarlyClicks();
void loadPage(path).then(() => {
  setHydratingPrerender(true);
  hydrateRoot(container, <PublicApp initialPath={path} pageData={readPageData(document)} />);
});
