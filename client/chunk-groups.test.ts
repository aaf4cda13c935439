import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signedInChunkName } from './chunk-groups';

const C = '/app/client';
const src = (p: string) => path.join(C, 'src', p);
const nm = (p: string) => `/app/node_modules/${p}`;

/** A small module graph: [static imports, lazy imports, code] by id. */
function graph(g: Record<string, [string[], string[]?, string?]>) {
  return {
    getModuleInfo: (id: string) => {
      const m = g[id];
      return m ? { importedIds: m[0], dynamicallyImportedIds: m[1] ?? [], code: m[2] ?? 'x' } : null;
    },
  };
}

describe('signedInChunkName', () => {
  const ctx = graph({
    [src('main.tsx')]: [[nm('react/index.js'), src('router.tsx')]],
    [src('features/public/contact-form.tsx')]: [[src('api/http.ts'), src('components/ui/input.tsx')]],
    [src('router.tsx')]: [[src('api/http.ts'), src('stores/session.ts')], [src('components/layout/area-layouts.tsx'), src('features/client/dashboard-page.tsx'), src('features/client/release-editor-page.tsx'), src('features/client/reports-page.tsx'), src('features/auth/login-page.tsx'), src('features/public/contact-form.tsx')]],
    [nm('react/index.js')]: [[]],
    [src('api/http.ts')]: [[]],
    [src('stores/session.ts')]: [[]],
    [src('components/layout/area-layouts.tsx')]: [[src('components/layout/dashboard-layout.tsx'), src('auth/role-guard.tsx'), src('components/ui/spinner.tsx')]],
    [src('components/layout/dashboard-layout.tsx')]: [[nm('lucide-react/dist/icons/menu.js')]],
    [src('auth/role-guard.tsx')]: [[]],
    [src('features/auth/login-page.tsx')]: [[src('auth/role-guard.tsx'), src('components/ui/input.tsx'), src('components/ui/spinner.tsx')]],
    [src('components/ui/spinner.tsx')]: [[]],
    [src('features/client/dashboard-page.tsx')]: [[src('components/ui/badge.tsx'), src('components/ui/input.tsx'), src('components/charts.tsx')]],
    [src('features/client/release-editor-page.tsx')]: [[src('components/ui/badge.tsx'), src('components/ui/input.tsx'), src('editor/text.tsx'), src('lib/big.ts')]],
    [src('features/client/reports-page.tsx')]: [[src('editor/text.tsx'), src('lib/big.ts'), src('components/charts.tsx')]],
    // Starts the charts' library after its first render (a lazy import).
    [src('components/charts.tsx')]: [[], [nm('@tremor/react/dist/index.js')]],
    [nm('@tremor/react/dist/index.js')]: [[]],
    [src('editor/text.tsx')]: [[nm('@tiptap/core/index.js')]],
    [src('lib/big.ts')]: [[], [], 'x'.repeat(30_000)],
    [nm('@tiptap/core/index.js')]: [[]],
    [nm('lucide-react/dist/icons/menu.js')]: [[]],
    [src('components/ui/badge.tsx')]: [[]],
    [src('components/ui/input.tsx')]: [[]],
  });
  const name = signedInChunkName(C);
  const of = (id: string) => name(id, ctx);

  it('groups the app entry and the signed-in shell (the public pages are another build)', () => {
    expect(of(nm('react/index.js'))).toBe('vendor');
    expect(of(src('stores/session.ts'))).toBe('app');
    // Also reached by a public page the app shows in place: one copy, with the entry.
    expect(of(src('api/http.ts'))).toBe('app');
    expect(of(src('components/layout/dashboard-layout.tsx'))).toBe('signed-in');
    expect(of(nm('lucide-react/dist/icons/menu.js'))).toBe('signed-in');
  });

  it('keeps out of the shell a shared part that loads the charts lazily (every screen would start them)', () => {
    expect(of(src('components/charts.tsx'))).toBeNull();
  });

  it('puts small parts two signed-in pages share with the shell, and those a signed-out screen loads too apart', () => {
    expect(of(src('components/ui/badge.tsx'))).toBe('signed-in');
    expect(of(src('components/ui/input.tsx'))).toBe('forms');
    expect(of(src('components/ui/spinner.tsx'))).toBe('forms');
    // Not a component, hook or helper: left to the automatic chunks.
    expect(of(src('auth/role-guard.tsx'))).toBeNull();
  });

  it('leaves alone what imports the editor, large modules and lazy modules', () => {
    expect(of(src('editor/text.tsx'))).toBeNull();
    expect(of(src('features/public/contact-form.tsx'))).toBeNull();
    expect(of(src('lib/big.ts'))).toBeNull();
    expect(of(src('features/client/dashboard-page.tsx'))).toBeNull();
    expect(of(src('components/layout/area-layouts.tsx'))).toBeNull();
  });
});
