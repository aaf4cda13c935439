import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  fillPublicUrl,
  headTagsHtml,
  pageMetaTags,
  PUBLIC_URL_PLACEHOLDER,
} from './page-meta';

const pricing = { path: '/pricing', title: 'Τιμές | Deltio', description: 'Πλάνα "Starter" & Pro' };

function tagMap(base: string, page = pricing): Record<string, string> {
  return Object.fromEntries(pageMetaTags(base, page).map((t) => [t.name, t.value]));
}

describe('page meta', () => {
  it('builds the canonical and preview tags of a page from the public base URL', () => {
    expect(tagMap('https://deltio.gr')).toEqual({
      canonical: 'https://deltio.gr/pricing',
      'og:type': 'website',
      'og:site_name': 'Deltio',
      'og:locale': 'el_GR',
      'og:title': 'Τιμές | Deltio',
      'og:description': 'Πλάνα "Starter" & Pro',
      'og:url': 'https://deltio.gr/pricing',
      'og:image': 'https://deltio.gr/og-image.png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Deltio: διανομή δελτίων τύπου στα ελληνικά media',
      'twitter:card': 'summary_large_image',
    });
  });

  it('gives the landing page the base with a slash, and ignores a trailing slash of the base', () => {
    expect(tagMap('https://deltio.gr/', { ...pricing, path: '/' }).canonical).toBe('https://deltio.gr/');
    expect(absoluteUrl('https://deltio.gr//', '/legal/cookies')).toBe('https://deltio.gr/legal/cookies');
  });

  it('writes escaped HTML, each tag keyed by rel, property or name', () => {
    const html = headTagsHtml(pageMetaTags('https://deltio.gr', pricing));
    expect(html).toContain('<link rel="canonical" href="https://deltio.gr/pricing" />');
    expect(html).toContain('<meta property="og:description" content="Πλάνα &quot;Starter&quot; &amp; Pro" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('fills the placeholder of a prerendered page with the configured base', () => {
    const page = headTagsHtml(pageMetaTags(PUBLIC_URL_PLACEHOLDER, pricing));
    const filled = fillPublicUrl(page, 'https://www.deltio.gr/');
    expect(filled).not.toContain(PUBLIC_URL_PLACEHOLDER);
    expect(filled).toContain('href="https://www.deltio.gr/pricing"');
    expect(filled).toContain('content="https://www.deltio.gr/og-image.png"');
    expect(fillPublicUrl(page, 'https://x.gr/"><script>')).not.toContain('"><script>');
  });
});
