import type { Knex } from 'knex';
import type { EmailNotifications } from '../../../../shared/schemas/dashboard';

export type EmailNotificationKind = keyof EmailNotifications;

const DEFAULTS: EmailNotifications = {
  press_release_sent: true,
  reporting_updates: true,
  weekly_summary: false,
  system_updates: true,
};

/**
 * The user's address when they want a kind of e-mail (the four switches of the settings
 * screen), else null: one read. Mail senders call this before ctx.mailer.enqueue(); a missing
 * key falls back to the default.
 */
export async function wantedAddress(q: Knex | Knex.Transaction, userId: string, kind: EmailNotificationKind): Promise<string | null> {
  const row = await q('profiles')
    .where('user_id', userId)
    .first<{ email: string; email_notifications: Partial<EmailNotifications> | null } | undefined>('email', 'email_notifications');
  if (!row) return null;
  return (row.email_notifications?.[kind] ?? DEFAULTS[kind]) ? row.email : null;
}
