/**
 * Build-size check: the JavaScript each route loads, gzip-compressed, against its
 * budget. Sizes are deterministic, so this runs in CI (`npm run test:e2e`, right after the
 * build) and fails when a budget is exceeded; times stay in bench/first-paint.bench.ts.
 *
 * A route loads the entry chunk (index.html's script) with its static imports, plus its own
 * lazy chunks (TanStack Router lazyRouteComponent) with theirs, read from Vite's manifest.
 *
 *   npm run build && npx tsx bench/bundle-size.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_MANIFEST, PUBLIC_MANIFEST } from '../client/build-manifests';

const DIST = path.resolve(import.meta.dirname, '../dist/client');
const KB = 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const PUBLIC = 'src/features/public/';
const APP_ENTRY = 'index.html';
const PUBLIC_ENTRY = 'src/public-main.tsx';
/**
 * Per route: the lazy modules it loads after the entry and its budget (gzip bytes, enforced
 * here and in CI): the first-paint budget of 90 KB for the public pages, for the app's routes a ratchet at
 * today's size plus a little room (see bench/README.md).
 */
export const ROUTE_BUDGETS: {
  route: string;
  /** The browser entry: the app's (index.html) or the prerendered public pages' (src/public-main.tsx). */
  entry: string;
  modules: string[];
  budget: number;
  /**
   * How many chunks (requests) it may take: on a phone's connection (6 at a time, 150 ms a round
   * trip) the count, not the bytes, set the signed-in screens' time (client/chunk-groups.ts).
   */
  maxChunks?: number;
  note: string;
}[] = [
  ...[
    // The public pages' 90 KB, met: the public entry (public-main.tsx) is 77 KB; the forms' code
    // loads when reached for (components/deferred.tsx), and /pricing and /status come from
    // the server with their data (server/src/http/public-page-render.ts), so their query
    // cache, schemas and Socket.IO load only when the page goes live or navigates there.
    ['/', 'landing-page.tsx'],
    ['/contact', 'contact-page.tsx'],
    ['/book-demo', 'book-demo-page.tsx'],
    ['/thank-you', 'thank-you-page.tsx'],
    ['/legal/privacy', 'legal-privacy-page.tsx'],
    ['/legal/terms', 'legal-terms-page.tsx'],
    ['/legal/cookies', 'legal-cookies-page.tsx'],
    ['/pricing', 'pricing-page.tsx'],
    ['/status', 'status-page.tsx'],
  ].map(([route, file]) => ({
    route: route!,
    entry: PUBLIC_ENTRY,
    modules: [PUBLIC + file!],
    // /pricing: +0.5 KB for its comparison table's scroll hint on a phone (issue 33; its
    // spinner went to make room, 0.4 KB of the 0.8).
    budget: route === '/pricing' ? 90.5 * KB : 90 * KB,
    // 26–35 before the app's code was grouped.
    maxChunks: 15,
    note: 'public page',
  })),
  {
    route: '/login',
    entry: APP_ENTRY,
    modules: ['src/features/auth/login-page.tsx'],
    // +3 KB: the sign-in page says why a session ended and sends a signed-in user home.
    // +1 KB: the route tree and sidebar labels of the suppression lists (client and superadmin).
    // +2 KB: sign-up's messages under each field and its password rule (issue 33), which the sign-in chunk group carries.
    // +9.5 KB for 17 fewer requests (29 → 12 chunks): the public pages are another build, so the
    // app's entry carries in one chunk what they share with it (client/chunk-groups.ts).
    budget: 219 * KB,
    maxChunks: 15,
    note: 'sign-in',
  },
  {
    route: '/client (app shell)',
    entry: APP_ENTRY,
    modules: ['src/components/layout/area-layouts.tsx', 'src/features/client/dashboard-page.tsx'],
    // +4 KB: the approvals badge, the plan's limits and trial state, focus return for every dialog.
    // +1 KB: the suppression lists' routes and sidebar entries.
    // +12 KB, for 28 fewer requests (67 → 39 chunks): the shell's chunk carries the small parts
    // that two signed-in pages or more share (issue 32, point 4; bench/README.md).
    // +2 KB (issue 33): the form messages under their fields, a sign-out that drops the browser's push subscription, the editor's first-screen document.
    // +15 KB for 26 fewer requests (39 → 13 chunks): the app's build no longer shares its chunks
    // with the public pages (vite.config.ts), so the shell's chunk also carries the small parts
    // two signed-in pages share that a public page reaches too (issue 32, point 4).
    budget: 247 * KB,
    maxChunks: 15,
    note: 'signed-in shell + dashboard',
  },
  {
    route: '/client/press-releases/$id',
    entry: APP_ENTRY,
    modules: [
      'src/components/layout/area-layouts.tsx',
      'src/features/client/release-editor-page.tsx',
    ],
    // 394 KB, then +5 KB: the approval card, the stale-approval and restore banners
    // that every co-editor sees live (the history panel, the compare and the forms load only
    // when opened); +8 KB: the writing coach, which loads with the editor; +8 KB
    // for the embargo card, the sent release's coverage card and the plan's messages;
    // +3 KB: the member's role in the release's organisation (Send and Schedule disabled with the
    // reason, the reviewer's read-only editor). +2 KB: the send confirmation's suppressed
    // recipients by reason and the sent release's delivery card (its table loads when opened).
    // +1 KB: the coach's spelling marks over the title input and its tab beside the text (issue 33).
    // +9 KB for 29 fewer requests (51 → 22 chunks): the app's own build, as for /client above.
    budget: 440 * KB,
    // 96 chunks before the grouping, 51 before the app's own build (issue 32, point 4).
    maxChunks: 25,
    note: 'editor: TipTap + Yjs',
  },
  {
    route: '/client/reports',
    entry: APP_ENTRY,
    // The charts load beside the page (components/charts.tsx: started after its first render), counted here.
    modules: ['src/components/layout/area-layouts.tsx', 'src/features/client/reports-page.tsx'],
    // +6 KB: newsroom views (a weekly chart), embargo and download columns; +1 KB: Recharts in a chunk of its own.
    // +1 KB: each release's e-mail line (delivered, bounced, complained, suppressed).
    // +1 KB (issue 32/33): the signed-in shell's chunk carries the parts two signed-in pages share
    // (client/chunk-groups.ts), which the new settings sections (push, data rights) grew.
    // +2 KB: the shell's growth above (issue 33).
    // +7 KB: the app's own build (47 → 19 chunks), as for /client above.
    budget: 459 * KB,
    note: 'Tremor charts',
  },
  {
    route: '/superadmin/statistics',
    entry: APP_ENTRY,
    modules: [
      'src/components/layout/area-layouts.tsx',
      'src/features/superadmin/statistics-page.tsx',
    ],
    // +1 KB: Recharts and Tremor in chunks of their own (no chunk over 500 kB minified) and the live layer's socket loader.
    // +1 KB: the shell's new routes (suppression lists).
    // +11 KB (issue 32, point 4): the signed-in shell is one chunk with the parts two signed-in
    // pages share (forms, selects, dates: 43 chunks, was 78), which this page did not load before;
    // every other signed-in page loads them anyway.
    // +2 KB: the shell's growth above (issue 33).
    // +7 KB: the app's own build (51 → 22 chunks), as for /client above.
    budget: 459 * KB,
    note: 'Tremor charts',
  },
  {
    route: '/media',
    entry: APP_ENTRY,
    modules: ['src/components/layout/area-layouts.tsx', 'src/features/media/dashboard-page.tsx'],
    // +5 KB: embargo banners that lift live, the press contact, the daily limit.
    // +1 KB room (issue 33, push): 231.97 → 232.01 KB; the push code loads with the inbox and
    // settings routes, only the entry's preload list names its chunk (and Rolldown regrouped).
    // +2 KB: the shell's chunk with the parts signed-in pages share (78 → 43 chunks).
    // +2 KB: the shell's growth above (issue 33).
    // +13 KB: the app's own build (43 → 16 chunks), as for /client above.
    budget: 251 * KB,
    maxChunks: 18,
    note: 'media area',
  },
];

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * Dynamic imports a route starts by itself, right after its first render, not on a user's
 * action (client/src/components/charts.tsx): loaded with the route, so counted in its budget.
 */
const STARTED_AT_LOAD = new Set([
  '../node_modules/@tremor/react/dist/index.js',
  // The writing coach (spelling underlines, checks) loads right after the editor (editor/assistant-card.tsx).
  'src/features/editor/coach/coach.tsx',
]);

/** The files a manifest entry loads at once: itself and its static imports, recursively. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (is it still lazy-loaded?)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
  for (const dep of chunk.dynamicImports ?? []) if (STARTED_AT_LOAD.has(dep)) closure(manifest, dep, into);
  return into;
}

const bytesOf = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipSize(f), 0);

/** The two builds' manifests (client/build-manifests.ts): each entry's chunks are in its own. */
interface Manifests {
  app: Manifest;
  public: Manifest;
}

export function measureRoutes(manifests: Manifests) {
  const of = (entry: string) => (entry === PUBLIC_ENTRY ? manifests.public : manifests.app);
  return {
    entryBytes: { app: bytesOf(closure(manifests.app, APP_ENTRY)), public: bytesOf(closure(manifests.public, PUBLIC_ENTRY)) },
    routes: ROUTE_BUDGETS.map((r) => {
      const manifest = of(r.entry);
      const files = closure(manifest, r.entry);
      for (const m of r.modules) closure(manifest, m, files);
      return { ...r, bytes: bytesOf(files), chunks: files.size };
    }),
  };
}

function main(): void {
  const read = (name: string): Manifest => {
    const file = path.join(DIST, name);
    if (!fs.existsSync(file)) {
      console.error(`${file} is missing: run \`npm run build\` first`);
      process.exit(1);
    }
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  };
  const { entryBytes, routes } = measureRoutes({ app: read(APP_MANIFEST), public: read(PUBLIC_MANIFEST) });
  const fmt = (n: number) => `${(n / KB).toFixed(1)} KB`;
  console.log(
    `JavaScript per route, gzip (entry chunk and its imports: app ${fmt(entryBytes.app)}, public pages ${fmt(entryBytes.public)})`,
  );
  let over = 0;
  for (const r of routes) {
    const ok = r.bytes <= r.budget && (r.maxChunks === undefined || r.chunks <= r.maxChunks);
    if (!ok) over += 1;
    const chunks = `${String(r.chunks).padStart(2)}${r.maxChunks === undefined ? '   ' : ` / ${r.maxChunks}`} chunks`;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${r.route.padEnd(28)} ${fmt(r.bytes).padStart(9)} / ${fmt(r.budget).padStart(9)}  ${chunks}  ${r.note}`,
    );
  }
  if (over > 0) {
    console.error(`\n${over} route(s) over their JavaScript or chunk budget (bench/README.md)`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
