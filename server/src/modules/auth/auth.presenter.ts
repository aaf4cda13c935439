import type { AuthUser } from '../../../../shared/schemas/auth';
import type { UserWithProfile } from './auth.repo';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function presentUser(u: UserWithProfile): AuthUser {
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    created_at: iso(u.created_at)!,
    updated_at: iso(u.updated_at)!,
    user_metadata: { role: u.role, name: u.name, organization: u.organization },
    app_metadata: { provider: 'email' },
  };
}
