import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '../../../client/src/auth/auth-client';
import { firstScreenStarter, SESSION_STORAGE_KEY } from './first-screen-starter';
import { routePreloadTags, type Manifest } from './route-preload';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  '_signed-in.js': { file: 'assets/signed-in.js', imports: ['_shared.js'] },
  'src/components/layout/area-layouts.tsx': { file: 'assets/area-layouts.js', imports: ['_signed-in.js'] },
  'src/features/client/dashboard-page.tsx': { file: 'assets/dashboard-page.js', imports: ['_signed-in.js'] },
  'src/features/client/release-editor-page.tsx': {
    file: 'assets/release-editor-page.js',
    imports: ['_signed-in.js', '_tiptap.js'],
    css: ['assets/editor.css'],
  },
  '_tiptap.js': { file: 'assets/tiptap.js' },
};

describe('route preloads', () => {
  const tags = routePreloadTags(manifest);

  it("announce a signed-in screen's own chunks, not the entry's, each once", () => {
    const editor = tags('/client/press-releases/0b9e2c7a-5f7e-4a36-9c2b-0e6f1f1b2d3c');
    const files = [...editor.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    expect(files.sort()).toEqual(['assets/area-layouts.js', 'assets/release-editor-page.js', 'assets/signed-in.js', 'assets/tiptap.js']);
    expect(editor).toContain('<link rel="preload" as="style" crossorigin href="/assets/editor.css">');
    expect(tags('/client')).toContain('assets/dashboard-page.js');
    expect(tags('/client')).not.toContain('tiptap');
  });

  it('announce nothing elsewhere, or for a module the build does not have', () => {
    expect(tags('/pricing')).toBe('');
    expect(tags('/client/press-releases/not-an-id')).toBe('');
    expect(routePreloadTags({ 'index.html': { file: 'assets/index.js' } })('/client')).toBe('');
  });
});

describe('first-screen starter', () => {
  it('is an inline script with the nonce on the signed-in areas only', () => {
    expect(firstScreenStarter('/client', 'n1')).toMatch(/^<script nonce="n1">.*\/api\/first-screen\?path=.*<\/script>$/s);
    expect(firstScreenStarter('/media/bookmarks', 'n1')).toContain('/api/first-screen');
    expect(firstScreenStarter('/superadmin', 'n1')).toContain('/api/first-screen');
    for (const p of ['/', '/pricing', '/login', '/clients']) expect(firstScreenStarter(p, 'n1'), p).toBe('');
  });

  it('reads the session where the auth client stores it', () => {
    expect(SESSION_STORAGE_KEY).toBe(STORAGE_KEY);
  });
});
