/**
 * Fewer, larger chunks for the signed-in screens (issue 32, point 4). Rolldown's automatic
 * splitting gives every set of importers a chunk of its own: the app's entry came as 38
 * files, the client's home as 75 and the editor as 102, most under 1 KB (one per Lucide icon,
 * per UI component). On a phone's connection (6 connections, 150 ms a round trip) the count,
 * not the bytes, set the time.
 *
 * This names the groups of the app's build (index.html → main.tsx). The public pages are built
 * apart (vite.config.ts): while the two entries were one build, whatever a public page could
 * reach had to stay in the automatic chunks (grouped with signed-in code, a public page would
 * have downloaded it), and the client's home still came in 39 files.
 *
 * The groups follow the module graph, so no screen loads code it would not have loaded anyway
 * at the same moment:
 *   - `vendor` and `app`: main.tsx's static imports (the packages, then the app's own code),
 *     loaded by every app page at once;
 *   - `signed-in`: the signed-in shell (area-layouts.tsx and its static imports), loaded by every
 *     signed-in screen, with the small shared parts (UI components, icons, hooks) that two
 *     signed-in pages or more import, so a page comes as its own chunk plus the shell's;
 *   - `forms`: those parts that the signed-out screens (sign-in, sign-up, the public pages the
 *     app shows in place) load too.
 * Nothing that imports the editor's or the charts' libraries joins a group (the shell would then
 * load them), nor a module that is imported lazily (it stays the head of its own chunk, where
 * the manifest, the router and the preloads find it).
 */
import path from 'node:path';

interface ModuleInfoLike {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

/** The modules `from` loads: its static imports, recursively, and with `dynamic` its lazy ones too. */
function closure(ctx: ChunkingContextLike, from: string, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
    if (dynamic) stack.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

/** The lazy screens of a signed-out visitor. */
const SIGNED_OUT = /[\\/]client[\\/]src[\\/]features[\\/](?:auth|public)[\\/]/;
/** Shared parts that may join the shell's chunk: components, hooks, helpers and packages, not features. */
const MERGEABLE = /[\\/]client[\\/]src[\\/](?:components|hooks|lib|api|realtime|stores)[\\/]|[\\/]shared[\\/]|node_modules[\\/]/;
/** The libraries of the editor and the charts (their own chunks, vite.config.ts), loaded only where used. */
const HEAVY = /node_modules[\\/](?:yjs|y-[a-z-]+|lib0|prosemirror-[a-z-]+|@tiptap|@tremor|recharts|d3-[a-z-]+|@handlewithcare)[\\/]/;
/** A module of an installed package. */
const PACKAGE = /[\\/]node_modules[\\/]/;
/** Larger modules (a charts library) stay in chunks of their own. */
const MAX_MERGED_MODULE = 24 * 1024;

interface Groups {
  byModule: Map<string, string>;
  /** Every module something imports lazily. */
  lazy: Set<string>;
}

/**
 * The `name` function of a Rolldown code-splitting group that places each module as described
 * above, or returns null (automatic chunking) for the others. `clientDir` is client/.
 */
export function signedInChunkName(clientDir: string) {
  const appEntry = path.join(clientDir, 'src/main.tsx');
  const shell = path.join(clientDir, 'src/components/layout/area-layouts.tsx');
  let groups: Groups | null = null;

  const compute = (ctx: ChunkingContextLike): Groups => {
    const byModule = new Map<string, string>();
    const appStatic = closure(ctx, appEntry, false);
    // The packages apart from the app's own code: together they were one 556 kB chunk (over
    // Rolldown's 500 kB warning), and the packages change less often than the app.
    for (const id of appStatic) if (!HEAVY.test(id)) byModule.set(id, PACKAGE.test(id) ? 'vendor' : 'app');
    const taken = (id: string) => appStatic.has(id);
    const shellModules = closure(ctx, shell, false);
    // What a signed-out screen loads stays out (the sign-in page shares a hook with the shell).
    const signedOut = new Set<string>();
    for (const id of closure(ctx, appEntry, true)) {
      for (const dyn of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
        if (SIGNED_OUT.test(dyn)) for (const m of closure(ctx, dyn, false)) signedOut.add(m);
      }
    }
    for (const id of shellModules) if (!taken(id) && !signedOut.has(id)) byModule.set(id, 'signed-in');
    const mergeable = (id: string) => {
      const code = (ctx.getModuleInfo(id) as { code?: string | null } | null)?.code ?? '';
      // Nor a module that loads one of those libraries lazily (components/charts.tsx starts Tremor
      // after its first render): in the shell, every signed-in screen would start the charts.
      const reach = [...closure(ctx, id, false)];
      const heavy = reach.some((m) => HEAVY.test(m) || (ctx.getModuleInfo(m)?.dynamicallyImportedIds ?? []).some((d) => HEAVY.test(d)));
      return MERGEABLE.test(id) && code.length <= MAX_MERGED_MODULE && !heavy;
    };
    // What the signed-out screens share with the shell (forms, dialogs, the query hooks).
    for (const id of shellModules) if (!taken(id) && signedOut.has(id) && mergeable(id)) byModule.set(id, 'forms');
    // Every lazy module the app entry reaches outside the shell: the route
    // pages and what they load later.
    const lazyRoots = new Set<string>();
    for (const id of closure(ctx, appEntry, true)) {
      for (const dyn of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
        if (!taken(dyn) && !shellModules.has(dyn)) lazyRoots.add(dyn);
      }
    }
    // Small shared parts that two signed-in pages or more import.
    const users = new Map<string, number>();
    for (const root of lazyRoots) {
      if (SIGNED_OUT.test(root)) continue;
      for (const id of closure(ctx, root, false)) {
        if (id !== root && !taken(id) && !shellModules.has(id)) users.set(id, (users.get(id) ?? 0) + 1);
      }
    }
    for (const [id, count] of users) {
      if (count >= 2 && !byModule.has(id) && mergeable(id)) byModule.set(id, signedOut.has(id) ? 'forms' : 'signed-in');
    }
    const lazy = new Set<string>();
    for (const id of closure(ctx, appEntry, true)) for (const dyn of ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazy.add(dyn);
    return { byModule, lazy };
  };

  const name = (id: string, ctx: ChunkingContextLike): string | null => {
    groups ??= compute(ctx);
    // A lazily imported module stays the head of its own chunk (the manifest names it, and the
    // router and bench/bundle-size.ts find it there).
    if (groups.lazy.has(id)) return null;
    return groups.byModule.get(id) ?? null;
  };
  return name;
}
