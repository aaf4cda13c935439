import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/client/reports?from=2026-01-01')).toBe('/client/reports?from=2026-01-01');
  });
  it('refuses other sites, protocol-relative URLs, the auth pages and non-strings', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil', '/login', '/signup?x', 42, undefined]) {
      expect(safeRedirect(bad)).toBeUndefined();
    }
  });
});
