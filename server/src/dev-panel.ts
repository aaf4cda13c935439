import type { Role } from '../../shared/constants';
import { DEMO_EMAILS, DEMO_PASSWORD } from './db/seed/demo-data';

/** The demo accounts seeded outside production and listed on /login's development panel. */
export const DEMO_ACCOUNTS: { label: string; email: string; password: string; role: Role }[] = [
  { label: 'Διαχειριστής συστήματος', email: DEMO_EMAILS.superadmin, password: DEMO_PASSWORD, role: 'superadmin' },
  { label: 'Δοκιμαστικός πελάτης', email: DEMO_EMAILS.client, password: DEMO_PASSWORD, role: 'client' },
  { label: 'Δοκιμαστικός λογαριασμός media', email: DEMO_EMAILS.media, password: DEMO_PASSWORD, role: 'media' },
];
