import type { Role } from '../../shared/constants';

/** The demo accounts seeded outside production and listed on /login's development panel. */
export const DEMO_PASSWORD = 'demodemo';
export const DEMO_ACCOUNTS: { label: string; email: string; password: string; role: Role }[] = [
  { label: 'Super admin', email: 'superadmin@example.com', password: DEMO_PASSWORD, role: 'superadmin' },
  { label: 'Client tester', email: 'client@example.com', password: DEMO_PASSWORD, role: 'client' },
  { label: 'Media tester', email: 'media@example.com', password: DEMO_PASSWORD, role: 'media' },
];
