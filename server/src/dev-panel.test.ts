import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startBanner } from './dev-panel';

describe('the start banner', () => {
  it('in development: the address, the three demo accounts with their password, and the superadmin sign-in path', () => {
    const banner = startBanner(loadConfig({ PORT: '3000' }), 3000)!;
    expect(banner).toContain('Deltio is running at http://localhost:3000');
    expect(banner).toContain('Demo accounts (password: demodemo):');
    for (const line of ['superadmin  superadmin@example.com', 'client      client@example.com', 'media       media@example.com']) expect(banner).toContain(line);
    expect(banner).toContain('Superadmin sign-in: http://localhost:3000/sa-console-login');
  });

  it('uses PUBLIC_URL and the configured sign-in path; lists no demo accounts when none are seeded', () => {
    const banner = startBanner(loadConfig({ PUBLIC_URL: 'https://deltio.test/', SUPERADMIN_LOGIN_PATH: '/hidden-door', SEED_DEMO: 'false' }), 4000)!;
    expect(banner).toContain('Deltio is running at https://deltio.test\n');
    expect(banner).toContain('Superadmin sign-in: https://deltio.test/hidden-door');
    expect(banner).not.toContain('demodemo');
  });

  it('prints nothing in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://deltio.gr' });
    expect(startBanner(config, 3000)).toBeNull();
  });
});
