import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_MANIFEST, PUBLIC_MODE } from './build-manifests.ts';
import { signedInChunkName } from './chunk-groups.ts';

const clientDir = fileURLToPath(new URL('.', import.meta.url));

/** A package directory under node_modules, for the vendor chunk groups below. */
const pkg = (names: string) => new RegExp(`node_modules[\\\\/](?:${names})[\\\\/]`);

/**
 * The editor's and the charts' libraries in chunks of their own, each under 500 kB minified
 * (the editor page was one 560 kB chunk, the charts one 770 kB). They load with the same
 * routes as before, as parallel requests. Only the named packages: a group that also took
 * their dependencies (Rolldown's default) would take React too, and every chunk would load it.
 * Recharts' group names every package Recharts reaches but React, clsx and fast-equals (which
 * the editor shares): one left out lands in the charts' shared chunk, which imports Recharts,
 * and the two chunks import each other ("s is not a function" on the reports).
 */
const APP_CHUNKS = signedInChunkName(clientDir);
const VENDOR_CHUNKS = [
  { name: 'yjs', test: pkg('yjs|lib0|y-protocols|y-websocket|y-indexeddb') },
  { name: 'prosemirror', test: pkg('prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname') },
  { name: 'tiptap', test: pkg('@tiptap|linkifyjs') },
  {
    name: 'recharts',
    test: pkg(
      'recharts|recharts-scale|victory-vendor|d3-[a-z-]+|internmap|lodash|react-smooth|decimal\\.js-light|eventemitter3|react-transition-group|dom-helpers|prop-types|@babel[\\\\/]runtime|tiny-invariant|react-is',
    ),
  },
  // After the libraries above: the app's own code in a few chunks along the module graph.
  { name: APP_CHUNKS, debugName: 'app' },
].map((group) => ({ ...group, includeDependenciesRecursively: false }));

/**
 * The public pages' entry is built apart (`vite build --mode public`, after the app's): each
 * build chunks only its own module graph. In one build the two entries shared their modules,
 * so what both reach (the query hooks, dialogs, forms, the API client) came in one chunk per
 * combination of importers, and the client's home in 39 files; the signed-in screens' code is
 * now a few chunks along their own graph (client/chunk-groups.ts) while the public pages keep
 * theirs. A visitor who signs in after reading the site loads React a second time (~80 KB).
 */
export default defineConfig(({ isSsrBuild, mode }) => {
  const publicBuild = mode === PUBLIC_MODE;
  return {
    root: clientDir,
    plugins: [
      react(),
      // .br and .gz next to every text asset, served by express-static-gzip (client-app.ts).
      // (not for the server-side build of entry-server.tsx, which only the prerender reads)
      !isSsrBuild &&
        compression({
          algorithms: ['gzip', 'brotliCompress'],
          threshold: 1024,
          exclude: [/\.html$/],
          logLevel: 'silent',
        }),
    ],
    resolve: {
      alias: {
        '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
        '@client': fileURLToPath(new URL('./src', import.meta.url)),
      },
    },
    // Pre-bundle the UI dependencies up front, so the dev server (Vite in Express middleware mode)
    // does not re-optimise and reload the page the first time a screen imports one of them.
    // Each must be a dependency in package.json (client/vite-config.test.ts).
    optimizeDeps: {
      include: [
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-runtime',
        '@tanstack/react-router',
        '@tanstack/react-query',
        'zustand',
        'dayjs',
        'dayjs/locale/el',
        'dayjs/plugin/updateLocale',
        'dayjs/plugin/localizedFormat',
        'dayjs/plugin/relativeTime',
        '@radix-ui/react-dialog',
        '@radix-ui/react-dropdown-menu',
        '@radix-ui/react-popover',
        '@radix-ui/react-select',
        '@radix-ui/react-slot',
        '@radix-ui/react-switch',
        '@radix-ui/react-toast',
        '@radix-ui/react-tooltip',
        'class-variance-authority',
        'clsx',
        'tailwind-merge',
        'lucide-react',
        'socket.io-client',
        // The editor's packages in one pre-bundling run: y-tiptap's plugin key ('y-sync$') and
        // ProseMirror's classes must be one copy for the editor, the comment anchors and the
        // suggestion library alike (a second copy names its key 'y-sync$1' and finds no binding).
        'yjs',
        'y-websocket',
        '@tiptap/core',
        '@tiptap/react',
        '@tiptap/starter-kit',
        '@tiptap/pm/state',
        '@tiptap/pm/view',
        '@tiptap/pm/model',
        '@tiptap/pm/transform',
        '@tiptap/y-tiptap',
        '@tiptap/extension-collaboration',
        '@tiptap/extension-collaboration-caret',
        '@handlewithcare/prosemirror-suggest-changes',
      ],
    },
    build: {
      outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
      // The public build writes beside the app's.
      emptyOutDir: !publicBuild,
      // Read by bench/bundle-size.ts (which chunks each route loads), client/prerender.ts (the
      // public pages' scripts) and server/src/http/route-preload.ts (the signed-in screens').
      manifest: isSsrBuild ? false : publicBuild ? PUBLIC_MANIFEST : true,
      // Two browser entries, one per build: the app (index.html → main.tsx) and the prerendered
      // public pages (public-main.tsx, put into their HTML by client/prerender.ts).
      rollupOptions: isSsrBuild
        ? undefined
        : {
            input: publicBuild
              ? { public: path.join(clientDir, 'src/public-main.tsx') }
              : ({ index: path.join(clientDir, 'index.html') } as Record<string, string>),
            output: {
              codeSplitting: {
                groups: publicBuild
                  ? VENDOR_CHUNKS.filter((g) => g.name !== APP_CHUNKS)
                  : VENDOR_CHUNKS,
              },
            },
          },
    },
  };
});
