import { useEffect } from 'react';
import { absoluteUrl, SHARE_IMAGE_PATH } from '@shared/page-meta';
import { formatDocumentTitle } from '@client/hooks/document-title';

function setAttr(selector: string, attribute: 'href' | 'content', value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the canonical address and the link-preview tags the server sent (shared/page-meta.ts)
 * in step with the public page shown, as navigation in place changes no document: the
 * address and the title here; the description follows the page's own (usePageDescription).
 * The public base URL is read back from the preview image (the site's logo under that base).
 * Used by the public site's own tree (public-app.tsx), which only prerendered pages load.
 */
export function usePageMeta(path: string, title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const image = document.head.querySelector('meta[property="og:image"]')?.getAttribute('content');
    if (!image?.endsWith(SHARE_IMAGE_PATH)) return;
    const url = absoluteUrl(image.slice(0, -SHARE_IMAGE_PATH.length), path);
    setAttr('link[rel="canonical"]', 'href', url);
    setAttr('meta[property="og:url"]', 'content', url);
    setAttr('meta[property="og:title"]', 'content', formatDocumentTitle(title));
  }, [path, title]);
}
