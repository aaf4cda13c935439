import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import viteConfig from './vite.config';

const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** 'react-dom/client' → 'react-dom', '@tanstack/react-router' stays. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('client/vite.config.ts', () => {
  it('pre-bundles for the dev server only packages the app depends on', () => {
    const config = viteConfig({ command: 'serve', mode: 'development' });
    const include = config.optimizeDeps?.include ?? [];
    expect(include.length).toBeGreaterThan(0);
    const missing = include.filter((s) => !(packageOf(s) in pkg.dependencies));
    expect(missing).toEqual([]);
  });
});
