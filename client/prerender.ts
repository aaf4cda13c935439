/**
 * Writes the public pages as HTML (for a fast first paint): after `vite build` (the client)
 * and `vite build --ssr client/src/entry-server.tsx` (dist/ssr), renders every page of the
 * public layout into dist/client/index.html and writes dist/prerendered/<path>.html. The
 * server sends those files (with its injected config) for these paths; the browser shows
 * the heading and text at once and the public entry (src/public-main.tsx) hydrates them. Each page also gets
 * <link rel="modulepreload"> for its own lazy chunk, so it loads alongside the entry.
 *
 * Part of `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRODUCT_NAME } from '../shared/constants';
import { headTagsHtml, pageMetaTags, PUBLIC_URL_PLACEHOLDER } from '../shared/page-meta';
import { PUBLIC_MANIFEST } from './build-manifests';

const root = path.resolve(import.meta.dirname, '..');
const clientDist = path.join(root, 'dist/client');
const ssrEntry = path.join(root, 'dist/ssr/entry-server.js');
export const PRERENDER_DIR = path.join(root, 'dist/prerendered');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const PUBLIC_ENTRY = 'src/public-main.tsx';

/** The page module each prerendered path loads lazily (for modulepreload; others get none). */
const PAGE_MODULES: Record<string, string> = {
  '/': 'src/features/public/landing-page.tsx',
  '/pricing': 'src/features/public/pricing-page.tsx',
  '/contact': 'src/features/public/contact-page.tsx',
  '/book-demo': 'src/features/public/book-demo-page.tsx',
  '/thank-you': 'src/features/public/thank-you-page.tsx',
  '/legal/privacy': 'src/features/public/legal-privacy-page.tsx',
  '/legal/terms': 'src/features/public/legal-terms-page.tsx',
  '/legal/cookies': 'src/features/public/legal-cookies-page.tsx',
  '/status': 'src/features/public/status-page.tsx',
};
const MARKETING_MODULE = 'src/features/marketing/marketing-page.tsx';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function unescapeHtml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** dist/prerendered/<path>.html for a page path ('/' is index.html). */
export function prerenderFile(pagePath: string): string {
  return path.join(PRERENDER_DIR, pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`);
}

async function main(): Promise<void> {
  // The same mode as the vite build that made dist/ssr (its default is production; a
  // development build, NODE_ENV=development npm start, uses React's development JSX runtime).
  process.env.NODE_ENV ??= 'production';
  const template = fs.readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  const defaultDescription = unescapeHtml(
    /<meta\s+name="description"\s+content="([^"]*)"/.exec(template)?.[1]?.trim() ?? '',
  );
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDist, PUBLIC_MANIFEST), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const dep of chunk.imports ?? []) collect(dep, into);
  };
  // The pages hydrate with the public entry (src/public-main.tsx), not the app's (index.html's).
  const entry = manifest[PUBLIC_ENTRY];
  if (!entry) throw new Error(`${PUBLIC_ENTRY} is not in the build manifest`);
  const entryFiles = new Set<string>();
  collect(PUBLIC_ENTRY, entryFiles);
  const stylesheets = [...entryFiles]
    .filter((f) => f.endsWith('.css'))
    .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
    .join('');
  // The stylesheet first: it blocks the first paint, and on HTTP/1.1 (6 connections) it would
  // otherwise queue behind the module preloads.
  const shell = template
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
    .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />${stylesheets}`)
    .replace('</head>', `<script type="module" crossorigin src="/${entry.file}"></script></head>`);

  const ssr = (await import(pathToFileURL(ssrEntry).href)) as typeof import('./src/entry-server');
  fs.rmSync(PRERENDER_DIR, { recursive: true, force: true });
  const paths = ssr.prerenderedPaths();
  for (const pagePath of paths) {
    const { html, title, description } = await ssr.render(pagePath);
    const pageFiles = new Set<string>();
    collect(PAGE_MODULES[pagePath] ?? MARKETING_MODULE, pageFiles);
    const preload = [...entryFiles, ...pageFiles]
      .filter((f) => f !== entry.file && f.endsWith('.js'))
      .filter((f, i, all) => all.indexOf(f) === i)
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join('');
    let page = shell.replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    // The page's own description, as the browser sets it after hydration (search engines and link previews read it).
    if (description) page = page.replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(description).replace(/"/g, '&quot;')}" />`);
    // The canonical address and the link-preview tags, for crawlers without JavaScript; the
    // server puts its public base URL in place of the placeholder (shared/page-meta.ts).
    const meta = headTagsHtml(
      pageMetaTags(PUBLIC_URL_PLACEHOLDER, {
        path: pagePath,
        title: title ?? PRODUCT_NAME,
        description: description ?? defaultDescription,
      }),
    );
    page = page.replace('</head>', `${meta}${preload}</head>`);
    const file = prerenderFile(pagePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page);
  }
  console.log(
    `prerendered ${paths.length} public pages into ${path.relative(root, PRERENDER_DIR)}/`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
