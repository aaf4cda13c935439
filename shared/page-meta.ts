/**
 * The canonical address and the link-preview tags (Open Graph, Twitter) of a public page,
 * built from the site's public base URL (the server's PUBLIC_URL). Used by the build's
 * prerender (client/prerender.ts), which writes them with PUBLIC_URL_PLACEHOLDER as the base
 * because the address is known only where the site runs; the server fills it in when it
 * sends the page (server/src/http/client-app.ts); and by the browser, which updates them on
 * navigation between public pages (client/src/components/page-meta.ts, which reads the base back
 * from the og:image address).
 */
import { PRODUCT_NAME } from './constants';

/** Stands for the public base URL in the prerendered files (replaced before sending). */
export const PUBLIC_URL_PLACEHOLDER = '%DELTIO_PUBLIC_URL%';

/**
 * The site's image for link previews, served from the client's public folder: a 1200×630 PNG
 * (the size and format the preview services show large; an SVG most of them do not show).
 */
export const SHARE_IMAGE_PATH = '/og-image.png';
export const SHARE_IMAGE = { width: 1200, height: 630, alt: `${PRODUCT_NAME}: διανομή δελτίων τύπου στα ελληνικά media` } as const;

export interface PageMeta {
  /** The page path, e.g. '/pricing' ('/' for the landing page). */
  path: string;
  /** The document title ("Τιμές | Deltio"). */
  title: string;
  description: string;
}

/** One tag of the head: <link rel=… href=…> or <meta property|name=… content=…>. */
export interface HeadTag {
  element: 'link' | 'meta';
  /** The attribute that names the tag: rel, property or name. */
  key: 'rel' | 'property' | 'name';
  name: string;
  /** href for a link, content for a meta. */
  value: string;
}

/** 'https://deltio.gr' + '/pricing'; the base may end with a slash, the landing page is base + '/'. */
export function absoluteUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The tags of one page, in the order they are written. */
export function pageMetaTags(base: string, page: PageMeta): HeadTag[] {
  const url = absoluteUrl(base, page.path);
  const meta = (key: 'property' | 'name', name: string, value: string): HeadTag => ({ element: 'meta', key, name, value });
  return [
    { element: 'link', key: 'rel', name: 'canonical', value: url },
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:locale', 'el_GR'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', absoluteUrl(base, SHARE_IMAGE_PATH)),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', SHARE_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The tags as HTML for <head>. */
export function headTagsHtml(tags: readonly HeadTag[]): string {
  return tags
    .map((t) =>
      t.element === 'link'
        ? `<link rel="${t.name}" href="${escapeAttribute(t.value)}" />`
        : `<meta ${t.key}="${t.name}" content="${escapeAttribute(t.value)}" />`,
    )
    .join('');
}

/** A prerendered page with the site's public base URL in place of the placeholder. */
export function fillPublicUrl(html: string, publicUrl: string): string {
  const base = escapeAttribute(publicUrl.replace(/\/+$/, ''));
  return html.split(PUBLIC_URL_PLACEHOLDER).join(base);
}
