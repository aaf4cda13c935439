import { describe, expect, it } from 'vitest';
import { afterSignIn, landingFor } from './landing';

describe('where a sign-in lands', () => {
  it('goes to the role’s home, not the marketing page', () => {
    expect(afterSignIn({ role: 'client', status: 'approved' })).toBe('/client');
    expect(afterSignIn({ role: 'media', status: 'approved' })).toBe('/media');
    expect(afterSignIn({ role: 'superadmin', status: 'approved' })).toBe('/superadmin');
  });
  it('lets the remembered page win', () => {
    expect(afterSignIn({ role: 'client', status: 'approved' }, '/client/reports')).toBe('/client/reports');
  });
  it('sends an account not approved to its status screen', () => {
    expect(afterSignIn({ role: 'media', status: 'pending' })).toBe(landingFor({ role: 'media', status: 'pending' }));
    expect(afterSignIn({ role: 'client', status: 'rejected' })).toBe('/account-status');
  });
  it('falls back to the site when the profile could not be loaded', () => {
    expect(afterSignIn(null)).toBe('/');
  });
});
