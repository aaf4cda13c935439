import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { erasureCancelledMail } from '../../mail/templates';
import { writeAudit } from '../audit/audit.service';
import * as repo from './erasure.repo';

export const ERASURE_CANCELLED_NOTICE = {
  kind: 'account_erasure_cancelled',
  title: 'Η διαγραφή του λογαριασμού σας ακυρώθηκε',
  body: 'Συνδεθήκατε πριν περάσουν οι 14 ημέρες, οπότε ο λογαριασμός σας δεν θα διαγραφεί. Αν θέλετε ακόμη να τον διαγράψετε, ζητήστε το ξανά από τις ρυθμίσεις.',
} as const;

/**
 * A sign-in during the grace period cancels the account's scheduled erasure (inside the
 * sign-in's transaction): the person is told in the bell and by e-mail, and the audit log keeps
 * it. Returns whether there was one to cancel. The queued erasure job then finds nothing to do.
 */
export async function cancelErasureOnSignIn(
  trx: Knex.Transaction,
  deps: { mailer: Mailer; logger: Logger; publicUrl: string; now: Date },
  user: { id: string; email: string; role: string },
): Promise<boolean> {
  const row = await repo.cancelOpen(trx, { userId: user.id }, 'sign_in', deps.now, ['scheduled']);
  if (!row) return false;
  const settings = user.role === 'client' ? '/client/settings' : user.role === 'media' ? '/media/settings' : '/superadmin/settings';
  await trx('notifications').insert({ user_id: user.id, ...ERASURE_CANCELLED_NOTICE, link: settings });
  await deps.mailer.enqueue({ to: user.email, ...erasureCancelledMail(`${deps.publicUrl}/login`, true), purpose: 'account' }, trx);
  await writeAudit(trx, deps.logger, { userId: user.id, email: user.email, role: user.role as 'client' }, {
    action: 'account.erasure_cancelled',
    entityType: 'account_erasure',
    entityId: row.id,
    metadata: { by: 'sign_in', dueAt: row.due_at },
  });
  deps.logger.info({ userId: user.id, erasureId: row.id }, 'account erasure cancelled by a sign-in');
  return true;
}
