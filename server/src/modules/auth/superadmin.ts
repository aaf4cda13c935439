import { emailSchema } from '../../../../shared/schemas/auth';
import type { Db } from '../../db/knex';
import { badRequest } from '../../http/errors';
import * as repo from './auth.repo';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword } from './password-hash';

export interface SuperadminInput {
  email: string;
  password: string;
  name?: string;
}

/**
 * Creates the superadmin account (confirmed, approved), or, when the address already has an
 * account, makes it a superadmin with this password and ends its sessions. Production has
 * no demo seed and sign-ups wait for approval: this is how the first superadmin is made
 * (`npm run create-superadmin`, or SUPERADMIN_EMAIL/SUPERADMIN_PASSWORD at first start).
 */
export async function createSuperadmin(db: Db, input: SuperadminInput): Promise<{ id: string; created: boolean }> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw badRequest('validation_failed', 'Invalid input', { email: 'email is not valid' });
  const email = parsed.data;
  assertPasswordAllowed(input.password);
  const hash = await hashPassword(input.password, 'full');
  const name = input.name?.trim() || 'Διαχειριστής';
  return db.transaction(async (trx) => {
    const existing = await repo.findUserByEmail(trx, email);
    if (existing) {
      await repo.updatePassword(trx, existing.id, hash);
      await repo.confirmEmail(trx, existing.id);
      await trx('profiles').where('user_id', existing.id).update({ role: 'superadmin', status: 'approved', is_active: true });
      await repo.updateUserMetadata(trx, existing.id, { role: 'superadmin' });
      await repo.revokeSessions(trx, { userId: existing.id }, 'superadmin_reset');
      return { id: existing.id, created: false };
    }
    const user = await repo.insertUser(trx, {
      email,
      encrypted_password: hash,
      user_metadata: { role: 'superadmin', name, organization: null },
      email_confirmed_at: new Date(),
    });
    await repo.insertProfile(trx, {
      user_id: user.id,
      email,
      name,
      role: 'superadmin',
      organization: null,
      description: null,
      status: 'approved',
    });
    return { id: user.id, created: true };
  });
}

/** First start: SUPERADMIN_EMAIL + SUPERADMIN_PASSWORD create one only while there is none. */
export async function ensureFirstSuperadmin(db: Db, input: SuperadminInput | undefined): Promise<boolean> {
  if (!input) return false;
  const any = await db('profiles').where('role', 'superadmin').first<{ user_id: string } | undefined>('user_id');
  if (any) return false;
  await createSuperadmin(db, input);
  return true;
}
