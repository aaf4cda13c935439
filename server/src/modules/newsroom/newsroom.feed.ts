/**
 * The machine-readable side of the newsroom: an Atom feed per newsroom (RFC 4287) and the
 * site's sitemap (sitemaps.org 0.9). Pure functions of what the pages show; every text is
 * escaped for XML, a release's HTML travels escaped inside <content type="html">.
 */
import { CATEGORY_LABELS, PRODUCT_NAME, type Category } from '../../../../shared/constants';
import { escapeHtml } from '../../mail/templates';

const esc = escapeHtml;

export interface FeedEntry {
  url: string;
  title: string;
  summary: string;
  html: string;
  category: Category | null;
  publishedAt: Date;
}

export interface FeedInput {
  /** The newsroom page (the feed's id and its alternate link). */
  url: string;
  selfUrl: string;
  title: string;
  subtitle: string | null;
  author: string;
  logoUrl: string | null;
  /** When the newsroom last changed, for a feed without entries. */
  updatedAt: Date;
  entries: FeedEntry[];
}

export function atomFeed(f: FeedInput): string {
  const updated = f.entries.reduce((t, e) => (e.publishedAt > t ? e.publishedAt : t), f.entries.length ? new Date(0) : f.updatedAt);
  const entries = f.entries
    .map(
      (e) => `  <entry>
    <id>${esc(e.url)}</id>
    <title type="text">${esc(e.title)}</title>
    <link rel="alternate" type="text/html" href="${esc(e.url)}"/>
    <published>${e.publishedAt.toISOString()}</published>
    <updated>${e.publishedAt.toISOString()}</updated>
${e.category ? `    <category term="${e.category}" label="${esc(CATEGORY_LABELS[e.category])}"/>\n` : ''}    <summary type="text">${esc(e.summary)}</summary>
    <content type="html">${esc(e.html)}</content>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="el">
  <id>${esc(f.url)}</id>
  <title type="text">${esc(f.title)}</title>
${f.subtitle ? `  <subtitle type="text">${esc(f.subtitle)}</subtitle>\n` : ''}  <updated>${updated.toISOString()}</updated>
  <link rel="self" type="application/atom+xml" href="${esc(f.selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${esc(f.url)}"/>
  <author><name>${esc(f.author)}</name></author>
  <generator>${PRODUCT_NAME}</generator>
${f.logoUrl ? `  <logo>${esc(f.logoUrl)}</logo>\n` : ''}${entries}
</feed>
`;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

export function sitemap(urls: SitemapUrl[]): string {
  const body = urls
    .map((u) => `  <url><loc>${esc(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${body}
</urlset>
`;
}
