import { describe, expect, it } from 'vitest';
import { appConfig, DEFAULT_APP_CONFIG, isSuperadminLoginPath } from './app-config';

const devPanel = { superadminLoginPath: '/hidden-door', accounts: [] };

describe('app config', () => {
  it('defaults when the server injected nothing', () => {
    expect(appConfig).toEqual(DEFAULT_APP_CONFIG);
    expect(appConfig).toEqual({ superadminLogin: false, devPanel: null });
  });

  it('recognises the hidden superadmin login path', () => {
    expect(isSuperadminLoginPath('/x', DEFAULT_APP_CONFIG, '/x')).toBe(false);
    // Flagged by the server for the path the page was loaded at, and only there.
    const flagged = { superadminLogin: true, devPanel: null };
    expect(isSuperadminLoginPath('/secret', flagged, '/secret')).toBe(true);
    expect(isSuperadminLoginPath('/secret/', flagged, '/secret')).toBe(true);
    expect(isSuperadminLoginPath('/elsewhere', flagged, '/secret')).toBe(false);
    // Named by the development panel.
    const dev = { superadminLogin: false, devPanel };
    expect(isSuperadminLoginPath('/hidden-door', dev, '/login')).toBe(true);
    expect(isSuperadminLoginPath('/nope', dev, '/login')).toBe(false);
  });
});
