/**
 * The signed-in screens' code, announced in their HTML (issue 32, point 4): the page's own
 * chunks load at once, beside the entry's, instead of after the entry has run and the router
 * has matched the route (a second round of requests on a phone's slow connection).
 *
 * For a path of the table below, the chunks of its lazy modules (the area's layout and the
 * page, with their static imports, read from Vite's manifest) that the entry does not load
 * already become <link rel="modulepreload"> tags, and their stylesheets <link rel="preload">.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const APP_ENTRY = 'index.html';
const SHELL = 'src/components/layout/area-layouts.tsx';

/** Screens whose first visit is worth it: the areas' homes and the release editor. */
export const PRELOADED_ROUTES: { test: RegExp; modules: string[] }[] = [
  { test: /^\/client\/?$/, modules: [SHELL, 'src/features/client/dashboard-page.tsx'] },
  { test: /^\/client\/press-releases\/[0-9a-f-]{36}\/?$/, modules: [SHELL, 'src/features/client/release-editor-page.tsx'] },
  { test: /^\/media\/?$/, modules: [SHELL, 'src/features/media/dashboard-page.tsx'] },
];

function closure(manifest: Manifest, key: string, into: Map<string, ManifestChunk>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.set(chunk.file, chunk);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
}

/** The tags for each preloaded route, from a build's manifest; a module missing from it is skipped. */
export function routePreloadTags(manifest: Manifest): (pathname: string) => string {
  const entry = new Map<string, ManifestChunk>();
  closure(manifest, APP_ENTRY, entry);
  const tags = PRELOADED_ROUTES.map(({ test, modules }) => {
    const chunks = new Map<string, ManifestChunk>();
    for (const m of modules) closure(manifest, m, chunks);
    const out: string[] = [];
    for (const [file, chunk] of chunks) {
      if (entry.has(file)) continue;
      out.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
      for (const css of chunk.css ?? []) out.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
    return { test, html: out.join('') };
  });
  return (pathname) => tags.find((t) => t.test.test(pathname))?.html ?? '';
}

/** The tags of a built client (dist/client), or none when it has no manifest. */
export function readRoutePreloads(clientDist: string): (pathname: string) => string {
  const file = path.join(clientDist, '.vite/manifest.json');
  if (!fs.existsSync(file)) return () => '';
  return routePreloadTags(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
}
