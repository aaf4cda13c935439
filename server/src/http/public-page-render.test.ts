import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { PageData } from '../../../shared/page-data';
import type { Logger } from '../logger';
import { publicPageRenderer, spliceRoot } from './public-page-render';

const SHELL =
  '<html><head><title>Τιμές</title></head><body><div id="root"><div><h1>Τιμές</h1><div class="spinner"></div></div></div>\n  </body></html>';
const PLANS = { plans: [{ code: 'pro', name: 'Pro </script><script>alert(1)</script>' }] } as unknown as PageData;

// A stand-in for dist/ssr/entry-server.js: renders the data it is given, counting renders.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-'));
const entry = path.join(dir, 'entry-server.mjs');
fs.writeFileSync(
  entry,
  `export let renders = 0;
   export async function render(url, data) {
     renders++;
     return { html: '<main data-url="' + url + '">' + data.plans.length + ' plans</main>' };
   }`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fakeLogger() {
  return { warn: vi.fn() } as unknown as Logger & { warn: ReturnType<typeof vi.fn> };
}

describe('public pages rendered with their data', () => {
  it('replaces the root content and embeds the data inertly after it', () => {
    const page = spliceRoot(SHELL, '<main>3 plans</main>', PLANS)!;
    expect(page).toContain('<div id="root"><main>3 plans</main></div><script type="application/json" id="page-data">');
    expect(page).not.toContain('spinner');
    // No text in the data can close the script element.
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).toContain('\\u003c/script>');
    expect(page.endsWith('</div><script type="application/json" id="page-data">' + JSON.stringify(PLANS).replace(/</g, '\\u003c') + '</script>\n  </body></html>')).toBe(true);
    expect(spliceRoot('<html><body><main></main></body></html>', 'x', PLANS)).toBeUndefined();
  });

  it('renders a page with data through the SSR bundle, reuses it while the data is unchanged', async () => {
    let data: PageData = PLANS;
    const render = publicPageRenderer((p) => Promise.resolve(p === '/pricing' ? data : undefined), fakeLogger(), entry);
    const ssr = (await import(entry)) as { renders: number };
    const first = await render('/pricing', SHELL);
    expect(first).toContain('<main data-url="/pricing">1 plans</main>');
    expect(await render('/pricing', SHELL)).toBe(first);
    expect(ssr.renders).toBe(1);
    data = { plans: [...(PLANS.plans ?? []), ...(PLANS.plans ?? [])] };
    expect(await render('/pricing', SHELL)).toContain('2 plans');
    expect(ssr.renders).toBe(2);
    // A page without data is the build-time page as it is.
    expect(await render('/contact', SHELL)).toBe(SHELL);
  });

  it('falls back to the build-time page when the data or the bundle is missing, and says so', async () => {
    const logger = fakeLogger();
    const failing = publicPageRenderer(() => Promise.reject(new Error('db down')), logger, entry);
    expect(await failing('/pricing', SHELL)).toBe(SHELL);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/pricing' }),
      'public page sent without its data',
    );
    const unbuilt = publicPageRenderer(() => Promise.resolve(PLANS), fakeLogger(), path.join(dir, 'missing.js'));
    expect(await unbuilt('/pricing', SHELL)).toBe(SHELL);
  });
});
