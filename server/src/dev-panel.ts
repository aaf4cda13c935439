import type { Role } from '../../shared/constants';
import type { Config } from './config';
import { DEMO_EMAILS, DEMO_PASSWORD } from './db/seed/demo-data';

/** The demo accounts seeded outside production and listed on /login's development panel. */
export const DEMO_ACCOUNTS: { label: string; email: string; password: string; role: Role }[] = [
  { label: 'Διαχειριστής συστήματος', email: DEMO_EMAILS.superadmin, password: DEMO_PASSWORD, role: 'superadmin' },
  { label: 'Δοκιμαστικός πελάτης', email: DEMO_EMAILS.client, password: DEMO_PASSWORD, role: 'client' },
  { label: 'Δοκιμαστικός λογαριασμός media', email: DEMO_EMAILS.media, password: DEMO_PASSWORD, role: 'media' },
];

/**
 * What `npm start` prints once the server listens, outside production: where the site is,
 * the demo accounts (when they are seeded) and where the superadmin signs in. Null in
 * production, which prints only its log lines.
 */
export function startBanner(
  config: Pick<Config, 'isProduction' | 'publicUrl' | 'publicUrlConfigured' | 'seedDemo' | 'superadminLoginPath'>,
  port: number,
): string | null {
  if (config.isProduction) return null;
  const address = config.publicUrlConfigured ? config.publicUrl : `http://localhost:${port}`;
  const lines = ['', `  Deltio is running at ${address}`, ''];
  if (config.seedDemo) {
    lines.push(`  Demo accounts (password: ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(11)} ${a.email}`);
    lines.push('');
  }
  lines.push(`  Superadmin sign-in: ${address}${config.superadminLoginPath}`, '');
  return lines.join('\n');
}
